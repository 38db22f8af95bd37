import { mkdtempSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { answerClientErrorsWithJson } from 'shared-node/http';
import { send, sendRaw } from 'shared-node/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, trustGatewayHop } from './app';
import { loadConfig } from './config';
import { createContext } from './context';
import type { Database } from './db';
import { openPglite } from './db/pglite';
import type { FunctionDefinition } from './router';

/** A function that says which client address the service settled on. */
const whoami: FunctionDefinition = { name: 'whoami', method: 'GET', handle: async (req) => ({ ip: req.ip }) };

let db: Database;
let server: http.Server;
let base: string;

beforeAll(async () => {
  db = await openPglite('memory://');
  const config = loadConfig({ NODE_ENV: 'test', DOCUMENTS_DIR: mkdtempSync(path.join(tmpdir(), 'documents-')) });
  const ctx = createContext(db, config, pino({ level: 'silent' }));
  server = createApp(ctx, [whoami]).listen(0, '127.0.0.1');
  answerClientErrorsWithJson(server);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeAllConnections();
  await closed;
  await db.close();
});

describe('the client address', () => {
  it('is the one address the gateway wrote, not what a client put before it', async () => {
    const ip = async (forwardedFor?: string) =>
      JSON.parse(
        (
          await send(base, {
            path: '/functions/v1/whoami',
            headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
          })
        ).body,
      ).ip;
    expect(await ip('203.0.113.7')).toBe('203.0.113.7');
    // A client that claims loopback addresses does not walk the service further down the chain.
    expect(await ip('198.51.100.66, 127.0.0.1')).toBe('127.0.0.1');
    expect(await ip('198.51.100.66, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ip()).toBe('127.0.0.1');
  });

  it('trusts exactly one hop, and only from the configured gateway addresses', () => {
    const trusts = (setting: string) => {
      const trust = trustGatewayHop(setting);
      if (!trust) throw new Error(`${setting} trusts nobody`);
      return trust;
    };
    const loopback = trusts('loopback');
    expect(loopback('127.0.0.1', 0)).toBe(true);
    expect(loopback('::1', 0)).toBe(true);
    expect(loopback('127.0.0.1', 1)).toBe(false);
    expect(loopback('10.0.0.2', 0)).toBe(false);
    const lan = trusts('10.0.0.0/8, 192.168.1.5');
    expect(lan('10.1.2.3', 0)).toBe(true);
    expect(lan('192.168.1.5', 0)).toBe(true);
    expect(lan('127.0.0.1', 0)).toBe(false);
    expect(trustGatewayHop('none')).toBe(false);
    expect(() => trustGatewayHop('not-an-address')).toThrow();
  });
});

describe('JSON for every error', () => {
  it('answers unknown paths, under /functions and elsewhere, with a JSON 404', async () => {
    for (const target of [
      '/functions/v1/../healthz',
      '/functions/%2e%2e/healthz',
      '/functions/x',
      '/functions',
      '/x',
    ]) {
      for (const method of ['GET', 'POST', 'PUT']) {
        const answer = await send(base, { method, path: target });
        expect(answer.status, `${method} ${target}`).toBe(404);
        expect(answer.headers['content-type']).toContain('application/json');
        expect(JSON.parse(answer.body).error).toMatch(/^(Not found|Unknown function: .+)$/);
      }
    }
  });

  it('answers a malformed path with a JSON 400 that says so', async () => {
    const answer = await send(base, { path: '/functions/v1/%E0%A4%A' });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(JSON.parse(answer.body).error).not.toBe('Invalid JSON body');
  });

  it('answers what Node’s parser refuses (a lying Content-Length, huge headers) in JSON', async () => {
    const post = (headers: string, body: string) =>
      `POST /functions/v1/whoami HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}Connection: close\r\n\r\n${body}`;
    for (const bytes of [
      post('Content-Length: abc\r\n', '{}'),
      post('Content-Length: 2\r\nContent-Length: 3\r\n', '{}'),
      post('Content-Length: 2\r\n', '{}, "more": "than declared"}'),
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`,
    ]) {
      const answer = await sendRaw(base, bytes);
      expect([400, 431]).toContain(answer.status);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(JSON.parse(answer.body).error).toMatch(/Content-Length|Malformed request|headers too large/);
    }
  });
});
