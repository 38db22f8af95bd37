import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRelay } from './door-relay';

const received: string[] = [];
let status = 200;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    received.push(body);
    res.writeHead(status).end();
  });
});
let url: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pulse`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('HTTP door relay', () => {
  it('posts the action to the relay controller', async () => {
    await httpRelay(url).pulse('ENTRADA', 'u1');
    expect(received).toEqual(['{"action":"ENTRADA"}']);
  });

  it('fails loudly when the controller refuses or is down', async () => {
    status = 500;
    await expect(httpRelay(url).pulse('SALIDA', 'u1')).rejects.toThrow('relay answered 500');
    await expect(httpRelay('http://127.0.0.1:1/pulse').pulse('SALIDA', 'u1')).rejects.toThrow();
  });
});
