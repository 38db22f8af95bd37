import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Listening, listen } from './listen';

const open: Listening[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((served) => served.close(0)));
});

async function serve(options: Partial<Parameters<typeof listen>[1]> = {}) {
  const served = await listen((_req, res) => res.end('ok'), { port: 0, host: '127.0.0.1', ...options });
  open.push(served);
  return served;
}

/** A keep-alive request whose connection stays open after the answer. */
function keptAlive(port: number) {
  return new Promise<void>((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', headers: { connection: 'keep-alive' } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('listen', () => {
  it('refuses a port that is taken, instead of waiting for ever', async () => {
    const first = await serve();
    await expect(listen(() => {}, { port: first.port, host: '127.0.0.1' })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });

  it('keeps idle connections open longer than the gateway’s agent when it is behind the gateway', async () => {
    expect((await serve({ behindGateway: true })).server.keepAliveTimeout).toBeGreaterThan(5_000);
    expect((await serve()).server.keepAliveTimeout).toBe(5_000);
  });

  it('answers a request Node’s parser refuses in JSON', async () => {
    const { port } = await serve();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nContent-Length: abc\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    expect(answer).toContain('{"error":"Invalid Content-Length"}');
  });

  it('closes a kept-alive idle connection at once, so the port is free for the next start', async () => {
    const served = await serve({ behindGateway: true });
    await keptAlive(served.port);
    const started = Date.now();
    await served.close(5_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    const again = await listen(() => {}, { port: served.port, host: '127.0.0.1' });
    await again.close();
  });
});
