import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { pino } from 'pino';
import { DEMO_SITE_CONFIG } from 'shared-api/site';
import { closeAll, listen } from 'shared-node/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGateway } from './app';
import { loadConfig } from './config';
import { CachedPage } from './page-cache';
import { createRegistrySource } from './registry';
import { shellWithRenderer } from './testing';

/**
 * Numbers its renders and writes what it was asked into the page, the nonce where React writes
 * it: a page from the cache shows an earlier number. `globalThis.renderFallsBack` makes the next
 * render report a slot left to the browser, as a slow remote does.
 */
const COUNTING_RENDERER = `
const { Readable } = require('node:stream');
let renders = 0;
module.exports = Promise.resolve({
  async render(request) {
    renders += 1;
    if (globalThis.renderFallsBack) {
      globalThis.renderFallsBack = false;
      request.onError(new Error('remote too slow'), 'remote marketing');
    }
    const language = request.url.startsWith('/en') ? 'en' : 'es';
    const html = '<main data-render="' + renders + '" data-url="' + request.url + '" data-remotes="' +
      encodeURIComponent(JSON.stringify(request.remotes)) + '"><script nonce="' + request.nonce + '">1</script></main>';
    return {
      ready: Promise.resolve({ pipe: (out) => Readable.from([html]).pipe(out), abort() {} }),
      language,
      headScript: 'window.early = 1;',
    };
  },
});`;

const servers: Server[] = [];
let manifestScripts = ['static/js/app.1111111111.js'];

/** A remote with a server container whose release (its App's scripts) a test can change. */
async function releasedRemote() {
  const remote = express();
  remote.get('/mf-manifest.json', (_req, res) => {
    res.json({
      metaData: {
        ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server' },
        remoteEntry: { name: 'remoteEntry.js', path: '' },
        exposeScripts: { './App': manifestScripts },
      },
      exposes: [{ path: './App', assets: { css: { sync: [], async: [] } } }],
    });
  });
  const { server, url } = await listen(remote);
  servers.push(server);
  return url;
}

let remoteOrigin = '';
beforeAll(async () => {
  remoteOrigin = await releasedRemote();
});
afterEach(() => {
  vi.useRealTimers();
  manifestScripts = ['static/js/app.1111111111.js'];
});
afterAll(() => closeAll(servers));

/** A gateway reading its registry from a file (a release is an edit of it) and its shell's folder. */
async function gateway() {
  const shellDist = shellWithRenderer(COUNTING_RENDERER);
  const registryFile = path.join(mkdtempSync(path.join(tmpdir(), 'registry-')), 'remotes.json');
  const writeRegistry = (remotes: Record<string, unknown>) => writeFileSync(registryFile, JSON.stringify(remotes));
  writeRegistry({ marketing: { origin: remoteOrigin } });
  const config = loadConfig({ SHELL_DIST: shellDist, GATEWAY_REMOTES_FILE: registryFile });
  const app = createGateway(config, createRegistrySource(config), pino({ level: 'silent' }), DEMO_SITE_CONFIG);
  const { server, url } = await listen(app);
  servers.push(server);
  const get = async (pagePath: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${url}${pagePath}`, { headers });
    const html = await answer.text();
    const nonce = /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1];
    return {
      status: answer.status,
      html,
      nonce,
      render: Number(/data-render="(\d+)"/.exec(html)?.[1]),
      url: /data-url="([^"]*)"/.exec(html)?.[1],
      encoding: answer.headers.get('content-encoding'),
    };
  };
  return { get, writeRegistry, shellDist, registryFile, url };
}

describe('a kept page as bytes', () => {
  const large = 'Trasteros en Málaga, ¡también de 1,5 m³! '.repeat(4_000);
  it.each([
    [
      'cuts inside the page',
      ['<html><script nonce="', '">1</script><p>Año ñandú ¿qué? 😀</p><style nonce="', '"></style></html>'],
    ],
    ['cuts at both ends and side by side', ['', '', 'medio', '']],
    ['no cut at all', ['<p>sin nonce</p>']],
    ['a part larger than a stored block or a deflate window', ['<p>', large, '</p>']],
  ])('gzip holds exactly the page under the nonce: %s', (_name, parts) => {
    const page = new CachedPage(parts);
    for (const nonce of ['bREWcTeyfuEGubTiCxAXDg==', 'otro+nonce/22==']) {
      const plain = page.withNonce(nonce);
      expect(plain.toString()).toBe(parts.join(nonce));
      expect(gunzipSync(page.gzipWithNonce(nonce))).toEqual(plain);
    }
  });

  it('takes a nonce up to a stored block (65,535 bytes), and refuses a longer one', () => {
    const page = new CachedPage(['<a nonce="', '">']);
    const longest = 'n'.repeat(0xffff);
    expect(gunzipSync(page.gzipWithNonce(longest)).toString()).toBe(`<a nonce="${longest}">`);
    expect(() => page.gzipWithNonce(`${longest}n`)).toThrow(RangeError);
  });

  it('is compressed: a page of repeated markup is a fraction of its size', () => {
    const page = new CachedPage(['<ul>', '<li>Trastero 3 m³</li>'.repeat(500), '</ul>']);
    expect(page.gzipWithNonce('n').length).toBeLessThan(page.withNonce('n').length / 20);
  });
});

describe('anonymous public pages, rendered once and kept', () => {
  it('a second visitor gets the kept page under their own nonce, the one the CSP allows', async () => {
    const { get } = await gateway();
    const first = await get('/es/privacidad');
    const second = await get('/es/privacidad');
    expect(first.status).toBe(200);
    expect(second.render).toBe(first.render);
    expect(second.nonce).toBeTruthy();
    expect(second.nonce).not.toBe(first.nonce);
    // Every nonce in the page is this response's, and no trace of the kept page's mark is left.
    const nonces = [...second.html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThanOrEqual(3);
    expect(new Set(nonces)).toEqual(new Set([second.nonce]));
    expect(second.html).not.toMatch(/nonce[0-9a-f]{32}/);
    // Sent gzip-encoded from the kept parts; a client that takes no encoding gets the same page plain.
    expect(second.encoding).toBe('gzip');
    const plain = await get('/es/privacidad', { 'accept-encoding': 'identity' });
    expect(plain.encoding).toBeNull();
    expect(plain.render).toBe(first.render);
    expect([...plain.html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])).toContain(plain.nonce);
  });

  it('never serves a page in another language, or another page', async () => {
    const { get } = await gateway();
    const spanish = await get('/es/privacidad');
    const english = await get('/en/privacy');
    expect(english.render).not.toBe(spanish.render);
    expect(english.url).toBe('/en/privacy');
    expect(english.html).toContain('<html data-ssr lang="en">');
    expect((await get('/en/privacy')).render).toBe(english.render);
    expect((await get('/es/privacidad')).html).toContain('<html data-ssr lang="es">');
    expect((await get('/es/terminos')).url).toBe('/es/terminos');
  });

  it('never serves a kept page to a visitor with cookies (a session), nor keeps theirs', async () => {
    const { get } = await gateway();
    const anonymous = await get('/es/calculadora');
    const signedIn = await get('/es/calculadora', { cookie: 'signup_session=abc' });
    expect(signedIn.render).toBeGreaterThan(anonymous.render);
    const again = await get('/es/calculadora', { cookie: 'staff_session=xyz' });
    expect(again.render).toBeGreaterThan(signedIn.render);
    // The anonymous visitor still gets the page rendered for nobody.
    expect((await get('/es/calculadora')).render).toBe(anonymous.render);
    const withCredentials = await get('/es/calculadora', { authorization: 'Bearer x' });
    expect(withCredentials.render).toBeGreaterThan(again.render);
  });

  it('keeps only the path as the route table writes it, asked in origin form', async () => {
    const { get, url } = await gateway();
    // `GET http://x/es/privacidad`: the renderer would read the whole request line.
    const absolute = await new Promise<string>((resolve, reject) => {
      const target = new URL(url);
      request({ host: target.hostname, port: target.port, path: `${url}/es/privacidad` }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve(body));
      })
        .on('error', reject)
        .end();
    });
    const asked = Number(/data-render="(\d+)"/.exec(absolute)?.[1]);
    const page = await get('/es/privacidad');
    expect(page.render).toBeGreaterThan(asked);
    expect(page.url).toBe('/es/privacidad');
    // A trailing slash renders the same page, each time: it is not one more entry to keep.
    const slashed = await get('/es/privacidad/');
    expect((await get('/es/privacidad/')).render).toBeGreaterThan(slashed.render);
    expect((await get('/es/privacidad')).render).toBe(page.render);
  });

  it("renders one person's pages, a query's and a made-up path each time", async () => {
    const { get } = await gateway();
    for (const pagePath of [
      '/es/mi-cuenta',
      '/en/signup?productos=1',
      `/es/lista-espera/${'k'.repeat(43)}`,
      '/es/nada',
    ]) {
      const first = await get(pagePath);
      expect((await get(pagePath)).render, pagePath).toBeGreaterThan(first.render);
    }
  });

  it('a new release is rendered anew: the registry, the remote, the shell', async () => {
    const { get, writeRegistry, shellDist, registryFile } = await gateway();
    const before = await get('/es');
    expect(before.html).toContain('app.1111111111.js');
    // The registry: the remote moved.
    writeRegistry({ marketing: { origin: remoteOrigin }, door: { origin: 'http://127.0.0.1:9' } });
    utimesSync(registryFile, new Date(), new Date(Date.now() + 2_000));
    const moved = await get('/es');
    expect(moved.render).toBeGreaterThan(before.render);
    // The remote: a new build of its App (once its manifest is read again, within seconds).
    manifestScripts = ['static/js/app.2222222222.js'];
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_000 });
    const released = await get('/es');
    expect(released.render).toBeGreaterThan(moved.render);
    expect(released.html).toContain('app.2222222222.js');
    expect(released.html).not.toContain('app.1111111111.js');
    // The shell: its renderer file is another release.
    const renderer = path.join(shellDist, 'server', 'render.cjs');
    writeFileSync(renderer, COUNTING_RENDERER.replace('let renders = 0', 'let renders = 100'));
    utimesSync(renderer, new Date(), new Date(Date.now() + 5_000));
    expect((await get('/es')).render).toBe(101);
  });

  it('a page whose remote fell back is sent but not kept; the next day renders anew', async () => {
    const { get } = await gateway();
    (globalThis as { renderFallsBack?: boolean }).renderFallsBack = true;
    const fellBack = await get('/en/facilities');
    const next = await get('/en/facilities');
    expect(next.render).toBeGreaterThan(fellBack.render);
    expect((await get('/en/facilities')).render).toBe(next.render);
    // The footer's year and the sign-up's days are the facility's day's.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 });
    expect((await get('/en/facilities')).render).toBeGreaterThan(next.render);
  });
});
