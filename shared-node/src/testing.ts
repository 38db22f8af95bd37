// Helpers of the Node services' tests (functions, gateway): real servers on free ports and
// requests a browser would not send (raw paths, forged headers, a chosen source address, bytes
// that break HTTP).
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';

export const listen = (app: http.RequestListener) =>
  new Promise<{ server: Server; url: string; port: number }>((resolve) => {
    const server = http.createServer(app);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, port });
    });
  });

export async function closeAll(servers: Server[]): Promise<void> {
  await Promise.all(
    servers.map((server) => {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      return closed;
    }),
  );
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request with its path sent exactly as given (fetch would resolve `..` and `%2e%2e`). */
export function send(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string; localAddress?: string },
): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Raw bytes over TCP, for what no HTTP client will send; the answer parsed loosely. */
export function sendRaw(url: string, bytes: string): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      // The last answer on the connection is the one the bad bytes produced.
      const answers = text.split(/(?=HTTP\/1\.1 \d{3} )/);
      const last = answers.at(-1) ?? '';
      const [head = '', ...rest] = last.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: IncomingHttpHeaders = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/** The parsed `{ error }` body of a JSON error answer, or a failure saying what came instead. */
export function jsonError(answer: Answer): string {
  if (!String(answer.headers['content-type']).startsWith('application/json')) {
    throw new Error(`expected a JSON answer, got ${answer.headers['content-type']}: ${answer.body.slice(0, 200)}`);
  }
  const parsed = JSON.parse(answer.body) as { error?: unknown };
  if (typeof parsed.error !== 'string' || !parsed.error) throw new Error(`no error message in ${answer.body}`);
  return parsed.error;
}

/** A port nobody listens on now: a test's server, cluster or stack takes its own, never a leftover's. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
