import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import express from 'express';
import { pino } from 'pino';
import { DEMO_SITE_CONFIG } from 'shared-api/site';
import { closeAll, jsonError, listen, send, sendRaw } from 'shared-node/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createStaticHost } from './static-host';

const servers: Server[] = [];
const children: ChildProcess[] = [];
/** What reached the functions service. */
const upstreamHits: string[] = [];
let functionsUrl: string;
let dist: string;
let door: string;

const DOOR_CHUNK = `globalThis.door = ${JSON.stringify('d'.repeat(3000))};`;

/** A remote's build, standalone: its page, manifest, entry, a hashed chunk and its source map. */
function fakeDoorDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'door-dist-'));
  mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<html><head><title>Abridor</title></head><body></body></html>');
  writeFileSync(path.join(dir, 'mf-manifest.json'), '{"id":"door"}');
  writeFileSync(path.join(dir, 'remoteEntry.js'), 'var door;');
  writeFileSync(path.join(dir, 'static', 'js', 'main.abcdef1234.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'static', 'js', 'main.abcdef1234.js.map'), '{"sourcesContent":["secret"]}');
  writeFileSync(path.join(dir, 'static', 'js', '7.abcdef1234.js'), DOOR_CHUNK);
  writeFileSync(path.join(dir, 'static', 'js', '7.abcdef1234.js.br'), brotliCompressSync(DOOR_CHUNK));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'server', 'remoteEntry.js'), 'module.exports = {};');
  writeFileSync(path.join(dir, 'server', 'standalone.cjs'), 'module.exports = { secret: true };');
  return dir;
}

beforeAll(async () => {
  const functionsApp = express();
  functionsApp.use((req, _res, next) => {
    upstreamHits.push(`${req.method} ${req.url}`);
    next();
  });
  functionsApp.all('/functions/v1/{*name}', (req, res) => {
    res.set('access-control-allow-origin', '*');
    res.json({ forwardedFor: req.headers['x-forwarded-for'] ?? null });
  });
  const functions = await listen(functionsApp);
  servers.push(functions.server);
  functionsUrl = functions.url;

  dist = fakeDoorDist();
  const config = loadConfig({ GATEWAY_RATE_LIMIT: '4' });
  const host = await listen(
    createStaticHost(
      { dist, spa: true, api: functionsUrl, functions: ['abridor'] },
      config,
      pino({ level: 'silent' }),
      DEMO_SITE_CONFIG,
    ),
  );
  servers.push(host.server);
  door = host.url;
});

beforeEach(() => {
  upstreamHits.length = 0;
});

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await closeAll(servers);
});

const callAbridor = (from: string, headers: Record<string, string> = {}) =>
  send(door, {
    method: 'POST',
    path: '/functions/v1/abridor',
    localAddress: from,
    headers: { 'content-type': 'application/json', ...headers },
    body: '{"action":"login"}',
  });

describe('the standalone door origin', () => {
  it('proxies the door app’s one function, without CORS, with the client’s real address', async () => {
    const answer = await callAbridor('127.0.3.1', { 'sec-fetch-site': 'same-origin', 'x-forwarded-for': '10.9.9.9' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ forwardedFor: '127.0.3.1' });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    // Another site's page cannot make a visitor's browser call it (nor read an answer).
    const forged = await callAbridor('127.0.3.9', { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(forged.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses every other function with a JSON 404, before the functions service', async () => {
    const others = [
      ['GET', 'outbox'],
      ['POST', 'registration-handler'],
      ['POST', 'create-client'],
      ['GET', 'realtime'],
      ['POST', 'constructor'],
    ] as const;
    for (const [i, [method, name]] of others.entries()) {
      // Each from its own address: the rate limit (4 a minute here) is not what is tested.
      const answer = await send(door, { method, path: `/functions/v1/${name}`, localAddress: `127.0.3.${20 + i}` });
      expect(answer.status, name).toBe(404);
      expect(jsonError(answer)).toBe(`Unknown function: ${name}`);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    const traversal = await send(door, { path: '/functions/v1/abridor/../outbox', localAddress: '127.0.3.2' });
    expect(traversal.status).toBe(404);
    expect(upstreamHits).toEqual([]);
  });

  it('applies the gateway’s rate limit, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await callAbridor('127.0.3.3', { 'x-forwarded-for': `198.51.100.${i + 1}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const limited = await callAbridor('127.0.3.3');
    expect(jsonError(limited)).toBe('Too many requests, please try again in a minute');
  });

  it('applies the gateway’s body limit, before the functions service', async () => {
    const big = await send(door, {
      method: 'POST',
      path: '/functions/v1/abridor',
      localAddress: '127.0.3.4',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
    });
    expect(big.status).toBe(413);
    expect(jsonError(big)).toBe('Request body too large');
    expect(upstreamHits).toEqual([]);
  });

  it('serves its pages with the gateway’s security headers and no CORS', async () => {
    for (const page of ['/abridor', '/abridor-login', '/']) {
      const answer = await send(door, { path: page });
      expect(answer.status, page).toBe(200);
      expect(answer.body).toContain('<title>Abridor</title>');
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('allows other origins to load the remote’s manifest, entry and chunks only', async () => {
    for (const file of ['/mf-manifest.json', '/remoteEntry.js', '/static/js/main.abcdef1234.js']) {
      const answer = await send(door, { path: file });
      expect(answer.status, file).toBe(200);
      expect(answer.headers['access-control-allow-origin'], file).toBe('*');
      expect(answer.headers['cross-origin-resource-policy'], file).toBe('cross-origin');
    }
  });

  it("sends the build's Brotli copy of a chunk, with the chunk's caching and cross-origin headers", async () => {
    const answer = await fetch(`${door}/static/js/7.abcdef1234.js`, { headers: { 'accept-encoding': 'br' } });
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(Number(answer.headers.get('content-length'))).toBe(brotliCompressSync(DOOR_CHUNK).length);
    expect(answer.headers.get('content-type')).toMatch(/javascript/);
    expect(answer.headers.get('cache-control')).toContain('immutable');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(await answer.text()).toBe(DOOR_CHUNK);
  });

  it('never serves a source map or its own renderer, however the path is spelt, and answers in JSON', async () => {
    for (const spelt of [
      '/static/js/main.abcdef1234.js.map',
      '/static/js/main.abcdef1234.js.ma%70',
      '/static/js/main.abcdef1234.js.%6D%61%70',
      '/static/js/main.abcdef1234.js.MAP',
      '/server/standalone.cjs',
      '/%73erver/standalone.cjs',
      '/server/%73tandalone.cjs',
      '/static/js/..%2f..%2fserver/standalone.cjs',
    ]) {
      const refused = await send(door, { path: spelt });
      expect(refused.status, spelt).toBe(404);
      expect(jsonError(refused), spelt).toBe('Not found');
    }
    // The server container stays the renderer's to fetch; a path that cannot be decoded is a 400.
    expect((await send(door, { path: '/server/remoteEntry.js' })).status).toBe(200);
    expect((await send(door, { path: '/static/js/%E0%A4%A.js.map' })).status).toBe(400);
    const missing = await send(door, { path: '/static/js/gone.abcdef1234.js' });
    expect(missing.status).toBe(404);
    expect(jsonError(missing)).toBe('Not found');
    const put = await send(door, { method: 'PUT', path: '/abridor' });
    expect(put.status).toBe(404);
    expect(jsonError(put)).toBe('Not found');
  });
});

describe('tooling/serve-static.mjs', () => {
  const script = fileURLToPath(new URL('../../tooling/serve-static.mjs', import.meta.url));

  async function freePort(): Promise<number> {
    const free = await listen(express());
    await closeAll([free.server]);
    return free.port;
  }

  /** Runs the script; resolves with the URL of each origin it says it serves, once all are up. */
  async function startScript(args: string[], origins = 1): Promise<string[]> {
    const child = spawn(process.execPath, [script, ...args], { stdio: 'pipe' });
    children.push(child);
    return new Promise<string[]>((resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk;
        const urls = [...output.matchAll(/on (http:\/\/\S+)/g)].map((match) => match[1] ?? '');
        if (urls.length === origins) resolve(urls);
      });
      child.on('exit', (code) => reject(new Error(`serve-static exited with ${code}: ${output}`)));
    });
  }

  async function startCli(args: string[]): Promise<string> {
    const [url = ''] = await startScript([dist, String(await freePort()), ...args]);
    return url;
  }

  it('runs the same host from plain node: only the door’s function, headers, no source maps', async () => {
    const url = await startCli(['--spa', '--api', functionsUrl, '--functions', 'abridor']);
    const outbox = await send(url, { path: '/functions/v1/outbox' });
    expect(outbox.status).toBe(404);
    expect(jsonError(outbox)).toBe('Unknown function: outbox');
    const abridor = await send(url, { method: 'POST', path: '/functions/v1/abridor', body: '{}' });
    expect(abridor.status).toBe(200);
    expect(abridor.headers['access-control-allow-origin']).toBeUndefined();
    const page = await send(url, { path: '/abridor' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await send(url, { path: '/static/js/main.abcdef1234.js.map' })).status).toBe(404);
    const tooLarge = await sendRaw(
      url,
      `GET /abridor HTTP/1.1\r\nHost: x\r\nX-Padding: ${'x'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(tooLarge.status).toBe(431);
    expect(jsonError(tooLarge)).toBe('Request headers too large');
  });

  it('serves several origins from one process, each with its own options (--origins)', async () => {
    const other = fakeDoorDist();
    writeFileSync(path.join(other, 'mf-manifest.json'), '{"id":"other"}');
    const [standalone = '', plain = ''] = await startScript(
      [
        '--origins',
        JSON.stringify([
          { dist, port: await freePort(), spa: true, api: functionsUrl, functions: ['abridor'] },
          { dist: other, port: await freePort() },
        ]),
      ],
      2,
    );
    expect((await send(standalone, { path: '/mf-manifest.json' })).body).toBe('{"id":"door"}');
    expect((await send(plain, { path: '/mf-manifest.json' })).body).toBe('{"id":"other"}');
    // The first is standalone with its function; the second has neither.
    expect((await send(standalone, { path: '/abridor' })).status).toBe(200);
    expect((await send(standalone, { method: 'POST', path: '/functions/v1/abridor', body: '{}' })).status).toBe(200);
    expect((await send(plain, { path: '/abridor' })).status).toBe(404);
    const call = await send(plain, { method: 'POST', path: '/functions/v1/abridor', body: '{}' });
    expect(call.status).toBe(404);
    expect(jsonError(call)).toBe('Not found');
  });

  it('refuses an --origins list it cannot read, saying how to call it', async () => {
    const child = spawn(process.execPath, [script, '--origins', '[{"port":1}]'], { stdio: 'pipe' });
    children.push(child);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(errors).toContain('usage: serve-static.mjs');
  });

  it('serves a remote without --api: no functions at all', async () => {
    const url = await startCli([]);
    const call = await send(url, { method: 'POST', path: '/functions/v1/abridor', body: '{}' });
    expect(call.status).toBe(404);
    expect(jsonError(call)).toBe('Not found');
    expect((await send(url, { path: '/mf-manifest.json' })).headers['access-control-allow-origin']).toBe('*');
    expect(upstreamHits).toEqual([]);
  });
});
