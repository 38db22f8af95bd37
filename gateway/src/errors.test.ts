import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import express from 'express';
import { closeAll, jsonError, listen, send, sendRaw } from 'shared-node/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startGateway } from './server';
import { fakeShellDist } from './testing';

const servers: Server[] = [];
/** What reached the functions service and the remote's origin. */
const upstreamHits: string[] = [];
let gateway: string;
let stopGateway: () => Promise<void>;

beforeAll(async () => {
  const functionsApp = express();
  functionsApp.use((req, _res, next) => {
    upstreamHits.push(`functions ${req.method} ${req.url}`);
    next();
  });
  functionsApp.post('/functions/v1/echo', express.json(), (req, res) => void res.json({ got: req.body }));
  const functions = await listen(functionsApp);

  const remoteApp = express();
  remoteApp.use((req, _res, next) => {
    upstreamHits.push(`remote ${req.method} ${req.url}`);
    next();
  });
  remoteApp.use(express.static(fakeShellDist()));
  const remote = await listen(remoteApp);
  servers.push(functions.server, remote.server);

  const shellDist = fakeShellDist();
  writeFileSync(path.join(shellDist, 'static', 'js', 'main.0123456789.js.map'), '{"sourcesContent":["secret"]}');
  // The real server (not only the app): Node's own parser errors are answered there.
  const running = await startGateway(
    loadConfig({
      GATEWAY_PORT: '0',
      SHELL_DIST: shellDist,
      FUNCTIONS_URL: functions.url,
      GATEWAY_REMOTES: JSON.stringify({ calculator: { origin: remote.url } }),
      GATEWAY_RATE_LIMIT: '1000',
      LOG_LEVEL: 'silent',
    }),
  );
  gateway = running.url.replace('localhost', '127.0.0.1');
  stopGateway = running.stop;
  servers.push(running.server);
});

beforeEach(() => {
  upstreamHits.length = 0;
});

afterAll(async () => {
  const stopped = stopGateway();
  await closeAll(servers);
  await stopped;
});

const rawPost = (target: string, headers: string, body = '') =>
  `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${headers}Connection: close\r\n\r\n${body}`;

describe('function names from the URL', () => {
  it('applies the default body limit to names that exist on every object', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const answer = await sendRaw(gateway, rawPost(`/functions/v1/${name}`, 'Content-Length: 60000000\r\n', '{}'));
      expect([413, 404], name).toContain(answer.status);
      expect(jsonError(answer)).toBeTruthy();
    }
    const named = await sendRaw(gateway, rawPost('/functions/v1/constructor', 'Content-Length: 60000000\r\n'));
    expect(named.status).toBe(413);
    expect(upstreamHits).toEqual([]);
  });
});

describe('JSON for every error', () => {
  it('answers a Content-Length that lies in JSON', async () => {
    const cases = [
      rawPost('/functions/v1/echo', 'Content-Length: abc\r\n', '{}'),
      rawPost('/functions/v1/echo', 'Content-Length: 2\r\nContent-Length: 3\r\n', '{}'),
      rawPost('/functions/v1/echo', 'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n', '0\r\n\r\n'),
      // Two bytes declared, more sent: the rest is read as a request of its own, and is none.
      rawPost('/functions/v1/echo', 'Content-Length: 2\r\n', '{}, "and": "more than declared"}'),
    ];
    for (const bytes of cases) {
      const answer = await sendRaw(gateway, bytes);
      expect(answer.status, bytes).toBe(400);
      expect(jsonError(answer)).toMatch(/Content-Length|Malformed request/);
    }
  });

  it('answers headers over 16 KB with a JSON 431', async () => {
    const res = await fetch(`${gateway}/functions/v1/echo`, {
      method: 'POST',
      headers: { 'x-padding': 'x'.repeat(20_000) },
    });
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ error: 'Request headers too large' });
  });

  it('answers paths under /functions that name no function with a JSON 404, without calling the service', async () => {
    const paths = [
      '/functions/v1/../healthz',
      '/functions/%2e%2e/healthz',
      '/functions/v1/%2e%2e/healthz',
      '/functions/v1/echo/../../healthz',
      '/functions/v1/echo/extra',
      '/functions/v1/Echo',
      '/functions/v1/',
      '/functions/v1',
      '/functions/x',
      '/functions',
    ];
    for (const target of paths) {
      for (const method of ['GET', 'POST']) {
        const answer = await send(gateway, { method, path: target });
        expect(answer.status, `${method} ${target}`).toBe(404);
        expect(jsonError(answer)).toBe('Not found');
      }
    }
    expect(upstreamHits).toEqual([]);
  });

  it('answers what no route serves, and a remote asked for more than files, in JSON', async () => {
    const post = await send(gateway, { method: 'POST', path: '/es' });
    expect(post.status).toBe(404);
    expect(jsonError(post)).toBe('Not found');
    const asset = await send(gateway, { path: '/static/js/missing.0123456789.js' });
    expect(asset.status).toBe(404);
    expect(jsonError(asset)).toBe('Not found');
    const put = await send(gateway, { method: 'PUT', path: '/remotes/calculator/index.html' });
    expect(put.status).toBe(405);
    expect(jsonError(put)).toBe('Method not allowed');
    const sideDoor = await send(gateway, { path: '/remotes/calculator/functions/v1/abridor' });
    expect(sideDoor.status).toBe(404);
    expect(jsonError(sideDoor)).toBe('Not found');
    const malformed = await send(gateway, { path: '/%E0%A4%A' });
    expect(malformed.status).toBe(400);
    expect(jsonError(malformed)).toBe('Bad Request');
    expect(upstreamHits).toEqual([]);
  });
});

describe('source maps', () => {
  it('never serves a .map, of the shell or of a remote', async () => {
    const shellMap = await send(gateway, { path: '/static/js/main.0123456789.js.map' });
    expect(shellMap.status).toBe(404);
    expect(shellMap.body).not.toContain('sourcesContent');
    expect(jsonError(shellMap)).toBe('Not found');
    const remoteMap = await send(gateway, { path: '/remotes/calculator/static/js/main.0123456789.js.map' });
    expect(remoteMap.status).toBe(404);
    expect(upstreamHits).toEqual([]);
    // The script itself is still there.
    expect((await send(gateway, { path: '/static/js/main.0123456789.js' })).status).toBe(200);
  });
});
