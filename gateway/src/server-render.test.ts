import type { Server } from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { DEMO_SITE_CONFIG } from 'shared-api/site';
import { closeAll, listen } from 'shared-node/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from './app';
import { loadConfig } from './config';
import { createRegistrySource } from './registry';
import { headScriptTag } from './shell-page';
import { shellWithRenderer } from './testing';

const ECHO_RENDERER = `
const { Readable } = require('node:stream');
module.exports = Promise.resolve({
  async render(request) {
    const html = '<main data-request="' + encodeURIComponent(JSON.stringify({
      url: request.url, remotes: request.remotes, publicPaths: request.publicPaths, nonce: request.nonce,
      acceptLanguage: request.acceptLanguage, signedOut: request.signedOut,
    })) + '">servido</main>';
    const language = (request.acceptLanguage ?? '').startsWith('en') ? 'en' : 'es';
    return {
      ready: Promise.resolve({ pipe: (out) => Readable.from([html]).pipe(out), abort() {} }),
      language,
      headScript: "window.tapsKept = '</script> $& $$';",
    };
  },
});`;

/** React's start for a page with a title, cut as a stream may cut it: inside a tag, inside a character. */
const HOISTING_RENDERER = `
const { Readable } = require('node:stream');
module.exports = Promise.resolve({
  async render() {
    const bytes = Buffer.from('<title>Instalaciones · Trasteros</title><meta name="description" content="Fotos"/><main>página</main>');
    const cuts = [5, 20, bytes.indexOf('·') + 1, bytes.indexOf('<meta') + 3, bytes.indexOf('<main') + 2];
    const chunks = cuts.map((end, i) => bytes.subarray(i === 0 ? 0 : cuts[i - 1], end)).concat(bytes.subarray(cuts.at(-1)));
    return { ready: Promise.resolve({ pipe: (out) => Readable.from(chunks).pipe(out), abort() {} }) };
  },
});`;

const servers: Server[] = [];
const started: Record<string, string> = {};

async function gatewayWith(renderer: string, remotes: Record<string, unknown>) {
  const config = loadConfig({ SHELL_DIST: shellWithRenderer(renderer), GATEWAY_REMOTES: JSON.stringify(remotes) });
  const app = createGateway(config, createRegistrySource(config), pino({ level: 'silent' }), DEMO_SITE_CONFIG);
  const { server, url } = await listen(app);
  servers.push(server);
  return url;
}

const requestOf = (html: string) => {
  const encoded = /data-request="([^"]+)"/.exec(html)?.[1];
  return encoded ? JSON.parse(decodeURIComponent(encoded)) : null;
};

beforeAll(async () => {
  const serverRendered = express();
  // Its App's stylesheet, read from its origin to be written into the page.
  serverRendered.get('/static/css/app.1234567890.css', (_req, res) => {
    res.type('text/css').send('.hero{color:red}');
  });
  serverRendered.get('/mf-manifest.json', (_req, res) => {
    res.json({
      metaData: {
        ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server' },
        remoteEntry: { name: 'remoteEntry.js', path: '' },
        // A manifest is another team's file: nothing outside the release folder is preloaded.
        exposeScripts: {
          './App': [
            'static/js/page.1234567890.js',
            'static/js/app.1234567890.js',
            '//elsewhere.example/x.js',
            '../../static/js/main.js',
          ],
        },
        // Texts fetched per language: the page's language is preloaded, the other is not.
        languageScripts: {
          en: ['static/js/texts-en.1234567890.js'],
          es: ['static/js/texts-es.1234567890.js', '../../static/js/es.js'],
        },
      },
      exposes: [
        {
          path: './App',
          assets: {
            css: { sync: ['static/css/app.1234567890.css'], async: [] },
            js: { sync: ['static/js/app.1234567890.js'], async: ['static/js/later.1234567890.js'] },
          },
        },
      ],
    });
  });
  const browserOnly = express();
  browserOnly.get('/mf-manifest.json', (_req, res) => {
    res.json({
      metaData: {},
      exposes: [{ path: './App', assets: { css: { sync: ['static/css/font.1234567890.css'], async: [] } } }],
    });
  });
  // A release whose preload fields are broken: only its preloads may suffer.
  const brokenPreloads = express();
  // A stylesheet with a font beside it, relative to the sheet: inlined, it would be looked for
  // beside the page. Linked instead.
  browserOnly.get('/static/css/font.1234567890.css', (_req, res) => {
    res.type('text/css').send("@font-face{src:url('../media/x.woff2')}");
  });
  // A stylesheet that would end its element early if written into the page: linked instead.
  brokenPreloads.get('/static/css/sign.1234567890.css', (_req, res) => {
    res.type('text/css').send('.x{}</style><script>alert(1)</script>');
  });
  brokenPreloads.get('/mf-manifest.json', (_req, res) => {
    res.json({
      metaData: {
        ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server' },
        remoteEntry: { name: 'remoteEntry.js', path: null },
        // Another expose's broken entry does not cost the App's list.
        exposeScripts: { './App': ['static/js/sign.1234567890.js'], './Other': [42] },
      },
      exposes: [
        {
          path: './App',
          assets: { css: { sync: ['static/css/sign.1234567890.css'], async: [] }, js: { sync: ['x.js'] } },
        },
      ],
    });
  });
  const a = await listen(serverRendered);
  const b = await listen(browserOnly);
  const c = await listen(brokenPreloads);
  started.brokenPreloads = c.url;
  servers.push(a.server, b.server, c.server);
  started.serverRendered = a.url;
  started.browserOnly = b.url;
});

afterAll(() => closeAll(servers));

describe('server rendering through the gateway', () => {
  it('gives the renderer the browser’s languages; a page whose path names none is in the one it chose', async () => {
    const gateway = await gatewayWith(ECHO_RENDERER, {});
    const missing = await fetch(`${gateway}/no-existe`, { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    const html = await missing.text();
    expect(missing.status).toBe(404);
    expect(html).toContain('<html data-ssr lang="en">');
    expect(requestOf(html).acceptLanguage).toBe('en-GB,en;q=0.9');
    // The path's language wins over the renderer's for a page of the route table.
    const page = await fetch(`${gateway}/es/privacidad`, { headers: { 'accept-language': 'en-GB' } });
    expect(await page.text()).toContain('<html data-ssr lang="es">');
  });

  it('renders into #root with a fresh nonce that the CSP allows, the remote by its own origin', async () => {
    const gateway = await gatewayWith(ECHO_RENDERER, { marketing: { origin: started.serverRendered } });
    const answer = await fetch(`${gateway}/en/facilities`);
    const html = await answer.text();
    expect(answer.status).toBe(200);
    expect(html).toContain('<html data-ssr lang="en">');
    expect(html).toMatch(/<div id="root"><main data-request="[^"]+">servido<\/main><\/div><script nonce="/);
    const request = requestOf(html);
    // The shell's script waits for the first paint: not in the head, but named by the nonce'd loader.
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('/x.js');
    expect(html).toContain(`<script nonce="${request.nonce}">`);
    expect(html).toMatch(/\["\/x\.js"\]\.forEach/);
    expect(request).toMatchObject({
      url: '/en/facilities',
      remotes: { marketing: `${started.serverRendered}/mf-manifest.json` },
      publicPaths: { marketing: '/remotes/marketing/' },
    });
    expect(answer.headers.get('content-security-policy')).toContain(`'nonce-${request.nonce}'`);
    // The shell's styles, each file once: the twin with the same content hash is left out.
    // Written into the page under the nonce, their links disabled (never fetched, but found by
    // the bundler's runtime, which then does not load them again).
    expect(html).toContain(
      `<style nonce="${request.nonce}">.toast{}</style><link rel="stylesheet" href="/static/css/432.bbbbbbbbbb.css" disabled><style nonce="${request.nonce}">.toast{}</style><link rel="stylesheet" href="/static/css/707.aaaaaaaaaa.css" disabled>`,
    );
    expect(html).not.toContain('51.bbbbbbbbbb.css');
    // The renderer's head script, under the nonce, before the styles; it cannot end its tag early,
    // and `$&` in it is text, not a replacement pattern.
    expect(html).toContain(
      `<script nonce="${request.nonce}">window.tapsKept = '<\\/script> $& $$';</script><style nonce="${request.nonce}">`,
    );
    // The remote's stylesheet is in the head, before its HTML, read from the remote's origin.
    expect(html).toContain(
      `<style nonce="${request.nonce}">.hero{color:red}</style><link rel="stylesheet" href="/remotes/marketing/static/css/app.1234567890.css" disabled></head>`,
    );
    // The shell's start scripts, the remote's entry, its App's chunks and its texts in the page's
    // language are fetched with the shell's main script (first: it starts the app), not level by
    // level as the code runs.
    expect(html).toContain(
      '["/x.js","/static/js/bootstrap.1234567890.js","/remotes/marketing/remoteEntry.js","/remotes/marketing/static/js/page.1234567890.js","/remotes/marketing/static/js/app.1234567890.js","/remotes/marketing/static/js/texts-en.1234567890.js"].forEach(function(href){',
    );
    expect(html).not.toContain('texts-es');
    expect(html).not.toContain('elsewhere.example');
    expect(html).not.toContain('../static/js/main.js');
    expect(html).not.toContain('later.1234567890');
    const again = requestOf(await (await fetch(`${gateway}/en/facilities`)).text());
    expect(again.nonce).not.toBe(request.nonce);
    // Browsers never get the server containers, nor the shell's own server build.
    expect((await fetch(`${gateway}/remotes/marketing/server/remoteEntry.js`)).status).toBe(404);
    expect((await fetch(`${gateway}/server/render.cjs`)).status).toBe(404);
    expect((await fetch(`${gateway}/server/%72ender.cjs`)).status).toBe(404);
  });

  it('renders the back-office for a request without a staff session as signed out, and says so to the browser', async () => {
    const gateway = await gatewayWith(ECHO_RENDERER, {});
    const anonymous = await (await fetch(`${gateway}/gestion`)).text();
    expect(anonymous).toContain('<html data-ssr data-signed-out="staff" lang="es">');
    expect(requestOf(anonymous).signedOut).toEqual(['staff']);
    // The hint cookie of a sign-in (plain on http, `__Host-` on https): unknown, the page asks.
    for (const cookie of ['staff_signed_in=1', 'other=x; __Host-staff_signed_in=1']) {
      const html = await (await fetch(`${gateway}/en/backoffice`, { headers: { cookie } })).text();
      expect(html).toContain('<html data-ssr lang="en">');
      expect(requestOf(html).signedOut).toEqual([]);
    }
    // A cookie of another name that merely ends like it is no hint.
    const lookalike = await (
      await fetch(`${gateway}/gestion`, { headers: { cookie: 'not_staff_signed_in=1' } })
    ).text();
    expect(requestOf(lookalike).signedOut).toEqual(['staff']);
    // The public pages are the same for everyone: nothing said there.
    const home = await (await fetch(`${gateway}/es`)).text();
    expect(home).toContain('<html data-ssr lang="es">');
    expect(requestOf(home).signedOut).toEqual([]);
  });

  it("lifts the page's title and description into the head, with canonical and hreflang links", async () => {
    const gateway = await gatewayWith(HOISTING_RENDERER, {});
    const html = await (await fetch(`${gateway}/es/instalaciones`)).text();
    const [head, body] = html.split('</head>');
    expect(head).toContain('<title>Instalaciones · Trasteros</title><meta name="description" content="Fotos"/>');
    expect(head).not.toContain('<title>t</title>');
    expect(head).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/es\/instalaciones">/);
    expect(head).toMatch(/<link rel="alternate" hreflang="en" href="http:\/\/[^"]+\/en\/facilities">/);
    expect(head).toMatch(/<link rel="alternate" hreflang="x-default" href="http:\/\/[^"]+\/es\/instalaciones">/);
    expect(body).toContain('<div id="root"><main>página</main></div>');
    expect(body).not.toContain('<title>');
  });

  it('a private page (a waitlist entry) gets no canonical or alternates: its token must not spread', async () => {
    const gateway = await gatewayWith(HOISTING_RENDERER, {});
    const token = 'k'.repeat(43);
    const html = await (await fetch(`${gateway}/en/waitlist/${token}`)).text();
    const [head = ''] = html.split('</head>');
    expect(head).not.toContain('rel="canonical"');
    expect(head).not.toContain('hreflang');
  });

  it('a remote without server output, or unreachable, is left to the browser; the page still renders', async () => {
    const gateway = await gatewayWith(ECHO_RENDERER, {
      calculator: { origin: started.browserOnly },
      marketing: { origin: 'http://127.0.0.1:9' },
    });
    const calculator = await fetch(`${gateway}/es/calculadora`);
    expect(calculator.status).toBe(200);
    const calculatorPage = await calculator.text();
    expect(requestOf(calculatorPage)).toMatchObject({ remotes: {}, publicPaths: {} });
    // Its stylesheet names a font beside it: linked, not inlined.
    expect(calculatorPage).toContain(
      '<link rel="stylesheet" href="/remotes/calculator/static/css/font.1234567890.css">',
    );
    expect(calculatorPage).not.toContain('x.woff2');
    const home = await fetch(`${gateway}/es`);
    expect(home.status).toBe(200);
    expect(requestOf(await home.text())).toMatchObject({ remotes: {} });
  });

  it("a broken preload list in a remote's manifest costs the preloads, not the server rendering or the styles", async () => {
    const gateway = await gatewayWith(ECHO_RENDERER, { signup: { origin: started.brokenPreloads } });
    const html = await (await fetch(`${gateway}/es/alta`)).text();
    expect(requestOf(html)).toMatchObject({ remotes: { signup: `${started.brokenPreloads}/mf-manifest.json` } });
    expect(html).toContain('<link rel="stylesheet" href="/remotes/signup/static/css/sign.1234567890.css">');
    expect(html).not.toContain('alert(1)');
    expect(html).toContain(
      '["/x.js","/static/js/bootstrap.1234567890.js","/remotes/signup/static/js/sign.1234567890.js"].forEach(function(href){',
    );
  });

  it('a renderer that fails, or none at all, costs no 5xx: the browser renders the page', async () => {
    const failing = await gatewayWith(
      'module.exports = Promise.resolve({ async render() { throw new Error("boom"); } });',
      {},
    );
    const answer = await fetch(`${failing}/es`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<div id="root"></div>');
    const broken = await gatewayWith('throw new Error("does not load")', {});
    const page = await fetch(`${broken}/es/nope`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('<div id="root"></div>');
  });

  it('cuts a response whose render fails once half the page is sent, instead of leaving it open', async () => {
    const halfway = await gatewayWith(
      `module.exports = Promise.resolve({
        async render() {
          return { ready: Promise.resolve({
            pipe(out) { out.write('<main>medio'); setTimeout(() => out.destroy(new Error('boom')), 20); },
            abort() {},
          }) };
        },
      });`,
      {},
    );
    // Not a kept page (a query): streamed to the browser as it renders.
    const answer = await fetch(`${halfway}/es/privacidad?v=1`);
    expect(answer.status).toBe(200);
    await expect(answer.text()).rejects.toThrow();
  });
});

describe("the renderer's head script", () => {
  it('is written under the nonce, and not at all when it could leave the parser inside it', () => {
    expect(headScriptTag('window.x = 1;', 'n0nce')).toEqual(['<script nonce="n0nce">window.x = 1;</script>']);
    expect(headScriptTag("var a = '<!--<script>';", 'n0nce')).toEqual([]);
    expect(headScriptTag(undefined, 'n0nce')).toEqual([]);
    expect(headScriptTag(42, 'n0nce')).toEqual([]);
  });
});
