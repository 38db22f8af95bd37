import { createServer } from 'node:http';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { warmUp, warmUpPaths } from './warm-up';

describe('warm-up', () => {
  it('visits one page per remote in each language and the door tool once', () => {
    expect(warmUpPaths()).toEqual([
      '/es',
      '/es/calculadora',
      '/es/alta',
      '/es/mi-cuenta',
      '/en',
      '/en/calculator',
      '/en/signup',
      '/en/account',
      '/abridor',
    ]);
  });

  it('requests each path once, one after the other, and survives a failing one', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/broken') req.socket.destroy();
      else res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await warmUp(`http://127.0.0.1:${port}`, pino({ level: 'silent' }), ['/broken', '/es', '/en']);
    server.close();
    expect(seen).toEqual(['/broken', '/es', '/en']);
  });
});
