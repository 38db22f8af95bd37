import type { RequestListener, Server } from 'node:http';
import { createServer } from 'node:http';
import { answerClientErrorsWithJson } from './client-errors';

export interface ListenOptions {
  port: number;
  host: string;
  /**
   * The server sits behind the gateway's keep-alive agent (5 s idle). If it closed idle
   * connections at the same moment, a reused socket would reset and the visitor would get a
   * 502: keep them open longer than the client does, so the client always closes first.
   */
  behindGateway?: boolean;
}

export interface Listening {
  server: Server;
  /** The port bound (the one asked for, or the one chosen for port 0). */
  port: number;
  /**
   * Stops accepting, ends idle keep-alive connections at once and the rest after `graceMs`
   * (0: at once, for servers whose event streams never end by themselves): a browser holding a
   * connection open must not keep the port for the next start.
   */
  close(graceMs?: number): Promise<void>;
}

/** An HTTP server of one of our services, answering malformed requests in JSON too. */
export async function listen(
  handler: RequestListener,
  { port, host, behindGateway }: ListenOptions,
): Promise<Listening> {
  // A request without Host reaches the app, which answers it in JSON like every other refusal
  // (Node's own check answers HTTP/1.1 with a bare 400, and lets HTTP/1.0 through).
  const server = createServer({ requireHostHeader: false }, handler);
  answerClientErrorsWithJson(server);
  if (behindGateway) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    close: (graceMs = 0) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

/** Runs a service started as the main module until SIGINT or SIGTERM, then stops it and exits. */
export function stopOnSignals(service: { stop(): Promise<void> }): void {
  const shutdown = () => {
    service.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
