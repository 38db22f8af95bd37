import { mkdtempSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { answerClientErrorsWithJson } from 'shared-node/http';
import { send, sendRaw } from 'shared-node/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, trustGatewayHop } from './app';
import { loadConfig } from './config';
import { createContext } from './context';
import { type FunctionDefinition, parseOr400 } from './http/router';
import type { Database } from './platform/db';
import { openPglite } from './platform/db/pglite';
import { metaOf } from './platform/request-meta';

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

describe('the request log', () => {
  it('keeps no cookie, Set-Cookie, Authorization or token of a real request', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ NODE_ENV: 'test', DOCUMENTS_DIR: mkdtempSync(path.join(tmpdir(), 'documents-')) });
    const setsCookie: FunctionDefinition = {
      name: 'sets-cookie',
      method: 'GET',
      handle: async (_req, _ctx, res) => {
        res.cookie('staff_session', 'live-session-secret-1');
        return { ok: true };
      },
    };
    const logged = createApp(createContext(db, config, log), [setsCookie]).listen(0, '127.0.0.1');
    await new Promise((resolve) => logged.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(logged.address() as AddressInfo).port}`;
      await send(url, {
        path: '/functions/v1/sets-cookie?token=magic-link-secret-2&lang=es&reset%5Ftoken=x3',
        headers: {
          cookie: 'signup_session=cookie-secret-3; staff_session=cookie-secret-4',
          authorization: 'Bearer bearer-secret-5',
        },
      });
      const line = lines.find((l) => l.includes('sets-cookie')) ?? '';
      expect(line).toContain('"method":"GET"');
      expect(line).toContain('lang=es');
      for (const secret of [
        'live-session-secret-1',
        'magic-link-secret-2',
        'cookie-secret-3',
        'cookie-secret-4',
        'bearer-secret-5',
        'x3',
      ]) {
        expect(line, secret).not.toContain(secret);
      }
      expect(line).toContain('[redacted]');
    } finally {
      await new Promise((resolve) => logged.close(resolve));
    }
  });
});

describe('bodies', () => {
  it('refuses a form or text body at a JSON function (415), whatever it says', async () => {
    const jsonOnly: FunctionDefinition = {
      name: 'json-only',
      method: 'POST',
      handle: async (req) => ({ got: req.body }),
    };
    const formOnly: FunctionDefinition = {
      name: 'form-only',
      method: 'POST',
      body: 'form',
      handle: async (req) => ({ got: req.body }),
    };
    const config = loadConfig({ NODE_ENV: 'test', DOCUMENTS_DIR: mkdtempSync(path.join(tmpdir(), 'documents-')) });
    const app = createApp(createContext(db, config, pino({ level: 'silent' })), [jsonOnly, formOnly]).listen(
      0,
      '127.0.0.1',
    );
    await new Promise((resolve) => app.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
      const post = (name: string, type: string, body: string) =>
        send(url, { method: 'POST', path: `/functions/v1/${name}`, headers: { 'content-type': type }, body });
      // A plain HTML form on another site's page posts exactly this.
      const forged = await post('json-only', 'application/x-www-form-urlencoded', 'action=add_staff&role=manager');
      expect(forged.status).toBe(415);
      expect(JSON.parse(forged.body)).toEqual({ error: 'Send application/json' });
      expect((await post('json-only', 'text/plain', '{"action":"add_staff"}')).status).toBe(415);
      expect((await post('json-only', 'multipart/form-data; boundary=x', '--x--')).status).toBe(415);
      expect(JSON.parse((await post('json-only', 'application/json; charset=utf-8', '{"a":1}')).body)).toEqual({
        got: { a: 1 },
      });
      // The service's own pages post their forms where a form is expected.
      expect(JSON.parse((await post('form-only', 'application/x-www-form-urlencoded', 'a=1')).body)).toEqual({
        got: { a: '1' },
      });
      expect((await post('form-only', 'application/json', '{"a":1}')).status).toBe(415);
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
  });
});

describe('text', () => {
  it('is composed (NFC) before any rule, and refused with C1 controls, separators, bidi overrides or lone surrogates', async () => {
    const echo: FunctionDefinition = {
      name: 'echo-name',
      method: 'POST',
      handle: async (req) => parseOr400(z.object({ name: z.string() }), req.body),
    };
    const config = loadConfig({ NODE_ENV: 'test', DOCUMENTS_DIR: mkdtempSync(path.join(tmpdir(), 'documents-')) });
    const app = createApp(createContext(db, config, pino({ level: 'silent' })), [echo]).listen(0, '127.0.0.1');
    await new Promise((resolve) => app.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
      const post = (name: string) =>
        send(url, {
          method: 'POST',
          path: '/functions/v1/echo-name',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
        });
      expect(JSON.parse((await post('Nu\u0301n\u0303ez')).body)).toEqual({ name: 'Núñez' });
      // Raw JSON escapes: what a script sends, not what a browser's JSON.stringify would.
      for (const raw of ['"\\ud83dFZ"', '"\\u202enimda"', '"a\\u0085"', '"a\\u2028b"']) {
        const refused = await send(url, {
          method: 'POST',
          path: '/functions/v1/echo-name',
          headers: { 'content-type': 'application/json' },
          body: `{"name":${raw}}`,
        });
        expect(refused.status, raw).toBe(400);
      }
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
  });
});

describe('cookies', () => {
  it('are __Host- cookies (Secure, Path=/, no Domain) when the site is on https, plain names over http', async () => {
    const setsAndReads: FunctionDefinition = {
      name: 'cookie-probe',
      method: 'GET',
      handle: async (req, ctx, res) => {
        const meta = metaOf(req, res, ctx.config);
        const seen = meta.cookie('staff_session') ?? null;
        meta.setCookie('staff_session', 'fresh-value', { path: '/functions/v1/backoffice', maxAgeSeconds: 60 });
        return { seen };
      },
    };
    const probe = async (site: string, cookie: string) => {
      const config = loadConfig({
        NODE_ENV: 'test',
        PUBLIC_SITE_URL: site,
        DOCUMENTS_DIR: mkdtempSync(path.join(tmpdir(), 'documents-')),
      });
      const app = createApp(createContext(db, config, pino({ level: 'silent' })), [setsAndReads]).listen(
        0,
        '127.0.0.1',
      );
      await new Promise((resolve) => app.once('listening', resolve));
      try {
        const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
        const answer = await send(url, { path: '/functions/v1/cookie-probe', headers: { cookie } });
        return { seen: JSON.parse(answer.body).seen, setCookie: String(answer.headers['set-cookie']) };
      } finally {
        await new Promise((resolve) => app.close(resolve));
      }
    };
    const https = await probe('https://trasteros.example', 'staff_session=planted; __Host-staff_session=real');
    expect(https.seen).toBe('real');
    expect(https.setCookie).toMatch(
      /^__Host-staff_session=fresh-value; Max-Age=60; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/,
    );
    const http = await probe('http://localhost:8080', 'staff_session=plain; __Host-staff_session=other');
    expect(http.seen).toBe('plain');
    expect(http.setCookie).toMatch(/^staff_session=fresh-value; Max-Age=60; Path=\/functions\/v1\/backoffice;/);
    expect(http.setCookie).not.toContain('Secure');
  });
});
