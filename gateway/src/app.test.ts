import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import express from 'express';
import { pino } from 'pino';
import { DEMO_SITE_CONFIG } from 'shared-api/site';
import { jsonError, send, sendRaw } from 'shared-node/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from './app';
import { loadConfig } from './config';
import { createRegistrySource } from './registry';

const listen = (app: express.Express) =>
  new Promise<{ server: Server; url: string }>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    );
  });

/** A port nothing listens on: an upstream that is down. */
async function deadPort(): Promise<string> {
  const { server, url } = await listen(express());
  await new Promise((resolve) => server.close(resolve));
  return url;
}

const PRECOMPRESSED_CHUNK = `globalThis.chunk = ${JSON.stringify('y'.repeat(3000))};`;

const servers: Server[] = [];
/** The site's public address (PUBLIC_SITE_URL): every absolute link is written with it. */
const SITE = 'https://trasteros.example';
let gateway: string;
let gatewayWithDeadUpstreams: string;

beforeAll(async () => {
  const shellDist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
  mkdirSync(path.join(shellDist, 'static', 'js'), { recursive: true });
  writeFileSync(
    path.join(shellDist, 'index.html'),
    '<html><head><title>t</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(shellDist, 'static', 'js', 'main.0123456789.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});`,
  );
  // A chunk as the build writes it: with its Brotli copy beside it.
  writeFileSync(path.join(shellDist, 'static', 'js', '42.abcdef0123.js'), PRECOMPRESSED_CHUNK);
  writeFileSync(path.join(shellDist, 'static', 'js', '42.abcdef0123.js.br'), brotliCompressSync(PRECOMPRESSED_CHUNK));
  // A copy that goes missing after the gateway has started (a release overwriting the folder).
  writeFileSync(path.join(shellDist, 'static', 'js', '43.abcdef0123.js'), PRECOMPRESSED_CHUNK);
  writeFileSync(path.join(shellDist, 'static', 'js', '43.abcdef0123.js.br'), brotliCompressSync(PRECOMPRESSED_CHUNK));

  const functionsApp = express();
  functionsApp.use(express.json());
  functionsApp.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  functionsApp.post('/functions/v1/echo', (req, res) => void res.json({ got: req.body }));
  functionsApp.get('/functions/v1/backoffice/document', (_req, res) => void res.type('pdf').send('%PDF-1.4'));
  const functions = await listen(functionsApp);

  const remoteApp = express();
  remoteApp.get('/mf-manifest.json', (_req, res) => void res.json({ id: 'calculator' }));
  remoteApp.get('/static/js/chunk.abcdef1234.js', (_req, res) => void res.type('js').send('1'));
  // What a remote's origin holds but the gateway must never pass on (it would send it).
  remoteApp.use((req, res, next) => {
    if (/\.map$|\/server\//i.test(decodeURIComponent(req.path))) res.type('js').send('the whole source');
    else next();
  });
  const remote = await listen(remoteApp);
  servers.push(functions.server, remote.server);

  const log = pino({ level: 'silent' });
  const config = loadConfig({
    SHELL_DIST: shellDist,
    FUNCTIONS_URL: functions.url,
    GATEWAY_REMOTES: JSON.stringify({
      calculator: { origin: remote.url },
      cdn: { manifest: 'https://cdn.example/x/mf-manifest.json' },
    }),
    GATEWAY_RATE_LIMIT: '5',
    PUBLIC_SITE_URL: 'https://trasteros.example/',
  });
  const live = await listen(createGateway(config, createRegistrySource(config), log, DEMO_SITE_CONFIG));
  gateway = live.url;

  const dead = await deadPort();
  const deadConfig = loadConfig({
    SHELL_DIST: shellDist,
    FUNCTIONS_URL: dead,
    GATEWAY_REMOTES: JSON.stringify({ calculator: { origin: dead } }),
  });
  const degraded = await listen(createGateway(deadConfig, createRegistrySource(deadConfig), log, DEMO_SITE_CONFIG));
  gatewayWithDeadUpstreams = degraded.url;
  rmSync(path.join(shellDist, 'static', 'js', '43.abcdef0123.js.br'));
  servers.push(live.server, degraded.server);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('pages', () => {
  it('redirects / to /es and aliases to their page, keeping the query', async () => {
    const root = await fetch(`${gateway}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/es');
    const alias = await fetch(`${gateway}/es/calculator?proceso=r1`, { redirect: 'manual' });
    expect(alias.headers.get('location')).toBe('/es/calculadora?proceso=r1');
  });

  it('serves the shell with the registry inlined and the route’s manifest preloaded', async () => {
    const res = await fetch(`${gateway}/en/calculator`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<script type="application/json" id="remotes-registry">');
    expect(html).toContain('"calculator":"/remotes/calculator/mf-manifest.json"');
    expect(html).toContain('"cdn":"https://cdn.example/x/mf-manifest.json"');
    expect(html).toContain('<link rel="preload" href="/remotes/calculator/mf-manifest.json"');
    expect(html).toContain('<script type="application/json" id="site-config">{"tradingName":"Trasteros Demo"');
  });

  it('gives a link preview its address, image and site name, and the home page the business as structured data', async () => {
    const html = await (await fetch(`${gateway}/es`)).text();
    expect(html).toContain(`<meta property="og:url" content="${SITE}/es">`);
    expect(html).toContain(`<meta property="og:image" content="${SITE}/og-image.jpg">`);
    expect(html).toContain('<meta property="og:site_name" content="Trasteros Demo">');
    expect(html).toContain('<meta property="og:locale" content="es_ES">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const data = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}';
    expect(JSON.parse(data)).toMatchObject({
      '@type': 'SelfStorage',
      name: 'Trasteros Demo',
      telephone: '+34 600 000 000',
      address: { postalCode: '29000', addressCountry: 'ES' },
      geo: { latitude: 36.7213, longitude: -4.4214 },
      openingHoursSpecification: [
        {
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
          opens: '10:00',
          closes: '19:00',
        },
      ],
    });
    const english = await (await fetch(`${gateway}/en/calculator`)).text();
    expect(english).toContain('<meta property="og:locale" content="en_US">');
    expect(english).not.toContain('application/ld+json');
    // A private page (a waitlist place) is nobody's preview.
    expect(await (await fetch(`${gateway}/es/lista-espera/abc`)).text()).not.toContain('og:url');
  });

  it('answers a path outside the route table with a real 404 that still renders the shell', async () => {
    const res = await fetch(`${gateway}/es/no-such-page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root">');
    expect((await fetch(`${gateway}/static/js/missing.js`)).status).toBe(404);
  });

  it('sends a Content-Security-Policy of same-origin only', async () => {
    const csp = (await fetch(`${gateway}/es`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    // A release published on a CDN (the registry's `cdn` entry) may load its scripts and styles.
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/cdn\.example[ ;]/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/cdn\.example[ ;]/);
    // The page's own stylesheets are inlined under the response's nonce.
    expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+' https:\/\/cdn\.example[ ;]/);
  });

  it("lets only the back-office frame only an applicant's document, from this origin", async () => {
    const page = await fetch(`${gateway}/gestion/altas`);
    expect(page.headers.get('content-security-policy')).toContain("frame-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const document = await fetch(`${gateway}/functions/v1/backoffice/document?registrationId=x&documentType=frontId`);
    expect(document.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(document.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const other = await fetch(`${gateway}/functions/v1/echo`, { method: 'POST' });
    expect(other.headers.get('x-frame-options')).toBe('DENY');
    expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('search engines', () => {
  it('lists both languages of every public page in sitemap.xml, with alternates', async () => {
    const res = await fetch(`${gateway}/sitemap.xml`);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    for (const path of [
      '/es',
      '/en',
      '/es/instalaciones',
      '/en/facilities',
      '/es/calculadora',
      '/en/privacy',
      '/es/terminos',
    ]) {
      expect(xml).toContain(`${SITE}${path}</loc>`);
    }
    expect(xml).toContain('hreflang="en"');
    expect(xml).not.toContain('/alta');
  });

  it('points robots.txt at the sitemap and keeps private tools out', async () => {
    const text = await (await fetch(`${gateway}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(text).toContain('Disallow: /abridor');
    expect(text).toContain('Disallow: /es/lista-espera/');
    expect(text).toContain('Disallow: /en/waitlist/');
    expect(text).toContain('Disallow: /gestion');
    expect(text).toContain('Disallow: /en/backoffice');
  });
});

describe('assets and registry', () => {
  it('writes canonical, hreflang, preview, sitemap and robots links with the site address, whatever the Host says', async () => {
    const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const page = await send(gateway, { path: '/es/calculadora', headers: evil });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${SITE}/es/calculadora">`);
    expect(page.body).toContain(`hreflang="en" href="${SITE}/en/calculator"`);
    for (const path of ['/es', '/sitemap.xml', '/robots.txt']) {
      expect((await send(gateway, { path, headers: evil })).body, path).not.toContain('evil.example');
    }
    // No Host at all (HTTP/1.0 allows it): a JSON 400, not a page with broken links.
    const hostless = await sendRaw(gateway, 'GET /es HTTP/1.0\r\n\r\n');
    expect(hostless.status).toBe(400);
    expect(hostless.headers['content-type']).toContain('application/json');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await fetch(`${gateway}/static/js/main.0123456789.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    const gz = await fetch(`${gateway}/static/js/main.0123456789.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it("sends the build's Brotli copy of a chunk to a browser that takes Brotli, and the chunk to one that does not", async () => {
    const url = `${gateway}/static/js/42.abcdef0123.js`;
    const br = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    // The file as built (its length is known), not compressed on the fly (chunked).
    expect(Number(br.headers.get('content-length'))).toBe(brotliCompressSync(PRECOMPRESSED_CHUNK).length);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await br.text()).toBe(PRECOMPRESSED_CHUNK);

    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toContain('immutable');
    expect(await plain.text()).toBe(PRECOMPRESSED_CHUNK);
  });

  it('answers what it cannot send of a compressed copy as it would the file: JSON errors, or the file itself', async () => {
    const brotli = { 'accept-encoding': 'br' };
    const post = await fetch(`${gateway}/static/js/42.abcdef0123.js`, { method: 'POST', headers: brotli });
    expect(post.status).toBe(404);
    expect(post.headers.get('content-encoding')).toBeNull();
    expect(await post.json()).toEqual({ error: 'Not found' });
    const range = await fetch(`${gateway}/static/js/42.abcdef0123.js`, {
      headers: { ...brotli, range: 'bytes=999999-' },
    });
    expect(range.status).toBe(416);
    expect(range.headers.get('content-encoding')).toBeNull();
    expect(range.headers.get('content-type')).toMatch(/^application\/json/);
    const gone = await fetch(`${gateway}/static/js/43.abcdef0123.js`, { headers: brotli });
    // The file, compressed on the fly, decodes to the chunk.
    expect(gone.status).toBe(200);
    expect(await gone.text()).toBe(PRECOMPRESSED_CHUNK);
  });

  it('serves /remotes.json uncached, and proxies a remote with its prefix stripped', async () => {
    const registry = await fetch(`${gateway}/remotes.json`);
    expect(registry.headers.get('cache-control')).toBe('no-store');
    expect(await registry.json()).toEqual({
      calculator: '/remotes/calculator/mf-manifest.json',
      cdn: 'https://cdn.example/x/mf-manifest.json',
    });
    const manifest = await fetch(`${gateway}/remotes/calculator/mf-manifest.json`);
    expect(await manifest.json()).toEqual({ id: 'calculator' });
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const chunk = await fetch(`${gateway}/remotes/calculator/static/js/chunk.abcdef1234.js`);
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${gateway}/remotes/unknown/mf-manifest.json`)).status).toBe(404);
  });

  it('never passes on a source map or a server bundle, however the path is spelt', async () => {
    for (const spelt of [
      '/static/js/main.0123456789.js.map',
      '/static/js/main.0123456789.js.ma%70',
      '/static/js/main.0123456789.js.%4D%41%50',
      '/remotes/calculator/static/js/chunk.abcdef1234.js.map',
      '/remotes/calculator/static/js/chunk.abcdef1234.js.ma%70',
      '/remotes/calculator/server/remoteEntry.js',
      '/remotes/calculator/%73erver/remoteEntry.js',
      '/remotes/calculator/SERVER/remoteEntry.js',
      '/remotes/calculator/static/..%2fserver/remoteEntry.js',
      '/remotes/calculator/%2e%2e/calculator/server/x.js',
    ]) {
      const answer = await send(gateway, { path: spelt });
      expect(answer.status, spelt).toBe(404);
      expect(answer.body, spelt).not.toContain('the whole source');
    }
    expect((await send(gateway, { path: '/remotes/calculator/%E0%A4%A' })).status).toBe(400);
  });
});

describe('functions proxy', () => {
  it('proxies calls and refuses oversized bodies before the upstream', async () => {
    const ok = await fetch(`${gateway}/functions/v1/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(await ok.json()).toEqual({ got: { a: 1 } });
    const big = await fetch(`${gateway}/functions/v1/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'Request body too large' });
  });

  it('refuses a call that changes something from another origin, even another port of this host', async () => {
    let client = 30;
    // Each from its own loopback address: the rate limit (5 a minute here) is not what is tested.
    const post = (headers: Record<string, string>) => {
      client += 1;
      return send(gateway, {
        localAddress: `127.0.0.${client}`,
        method: 'POST',
        path: '/functions/v1/echo',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{"a":1}',
      });
    };
    const host = new URL(gateway).host;
    expect((await post({ 'sec-fetch-site': 'same-site', origin: 'http://localhost:9999' })).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ origin: 'http://localhost:9999' })).status).toBe(403);
    expect((await post({ origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // The site's own form under its no-referrer policy: the browser says "null", and same-origin.
    expect((await post({ origin: 'null', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect(jsonError(await post({ origin: 'https://evil.example' }))).toBe('Cross-origin request refused');
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: `http://${host}` })).status).toBe(200);
    // No browser sent it (a provider's webhook, a script): no forgery to refuse.
    expect((await post({})).status).toBe(200);
    // Reading is not changing: a GET from anywhere goes on to the function.
    const read = await send(gateway, {
      path: '/functions/v1/backoffice/document',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(200);
  });

  it('rate-limits calls per client with a JSON 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${gateway}/functions/v1/echo`, { method: 'POST' })).status);
    expect(statuses).toContain(429);
    const limited = await fetch(`${gateway}/functions/v1/echo`, { method: 'POST' });
    expect(await limited.json()).toEqual({ error: 'Too many requests, please try again in a minute' });
  });
});

describe('upstreams down', () => {
  it('answers at once with a JSON 502, for functions and remotes', async () => {
    const started = Date.now();
    const fn = await fetch(`${gatewayWithDeadUpstreams}/functions/v1/echo`, { method: 'POST' });
    expect(fn.status).toBe(502);
    expect(await fn.json()).toEqual({ error: 'Upstream functions is unavailable' });
    const remote = await fetch(`${gatewayWithDeadUpstreams}/remotes/calculator/mf-manifest.json`);
    expect(remote.status).toBe(502);
    expect(remote.headers.get('content-type')).toContain('application/json');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports each upstream in /healthz', async () => {
    const healthy = await fetch(`${gateway}/healthz`);
    expect(((await healthy.clone().json()) as { node?: string }).node).toBe(process.version);
    expect(healthy.status).toBe(200);
    const degraded = await fetch(`${gatewayWithDeadUpstreams}/healthz`);
    expect(degraded.status).toBe(503);
    const body = (await degraded.json()) as { status: string; upstreams: Record<string, { ok: boolean }> };
    expect(body.status).toBe('degraded');
    expect(body.upstreams.functions?.ok).toBe(false);
    expect(body.upstreams.calculator?.ok).toBe(false);
  });
});
