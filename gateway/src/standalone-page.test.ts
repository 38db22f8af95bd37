import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { DEMO_SITE_CONFIG } from 'shared-api/site';
import { closeAll, listen, send } from 'shared-node/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createStaticHost } from './static-host';

const servers: Server[] = [];
afterAll(() => closeAll(servers));

const TEMPLATE =
  '<!doctype html><html lang="es"><head><title>Abridor</title><script defer src="/static/js/main.abc1234567.js"></script><link href="/static/css/page.abc1234567.css" rel="stylesheet"></head><body><div id="root"></div></body></html>';

/** A standalone app's release: its page and (optionally) a page renderer. */
async function standaloneOrigin(renderer?: string) {
  const dist = mkdtempSync(path.join(tmpdir(), 'standalone-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  if (renderer) {
    mkdirSync(path.join(dist, 'server'));
    writeFileSync(path.join(dist, 'server', 'standalone.cjs'), renderer);
  }
  const host = await listen(
    createStaticHost({ dist, spa: true }, loadConfig(), pino({ level: 'silent' }), {
      ...DEMO_SITE_CONFIG,
      tradingName: 'Trasteros del Sur',
    }),
  );
  servers.push(host.server);
  return host.url;
}

const RENDERS = `exports.render = async (url) => ({
  language: url.startsWith('/en') ? 'en' : 'es',
  html: '<title>Control de Acceso · ' + globalThis.__SITE_CONFIG__.tradingName + '</title><meta name="description" content="Abre la puerta"/><main><h1>Control de Acceso</h1><p>' + url + '</p></main>',
});`;

describe('a standalone app’s pages (the door tool on its own origin)', () => {
  it('arrive rendered: content, the page’s title and description, language, styles, configuration', async () => {
    const origin = await standaloneOrigin(RENDERS);
    const page = await send(origin, { path: '/abridor-login?token=abc' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain(
      '<div id="root"><main><h1>Control de Acceso</h1><p>/abridor-login?token=abc</p></main></div>',
    );
    // The renderer read the origin's configuration, and the browser gets the same to hydrate with.
    expect(page.body).toContain('<title>Control de Acceso · Trasteros del Sur</title><meta name="description"');
    expect(page.body).not.toContain('<title>Abridor</title>');
    expect(page.body).toContain('"tradingName":"Trasteros del Sur"');
    expect(page.body).toContain('<html data-ssr lang="es">');
    // Its styles stay in the head, before the content: nothing paints unstyled.
    expect(page.body).toMatch(/<link href="\/static\/css\/page.abc1234567.css" rel="stylesheet">.*<\/head>.*<h1>/);
    expect((await send(origin, { path: '/en/x' })).body).toContain('<html data-ssr lang="en">');
  });

  it('load their scripts after the first paint, through a loader allowed by this response’s nonce', async () => {
    const origin = await standaloneOrigin(RENDERS);
    const page = await send(origin, { path: '/abridor' });
    expect(page.body).not.toContain('<script defer src=');
    const nonce = /<script nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(page.body).toContain('["/static/js/main.abc1234567.js"]');
    const again = await send(origin, { path: '/abridor' });
    expect(again.headers['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
  });

  it.each([
    ['throws', `exports.render = async () => { throw new Error('boom'); };`],
    [
      'is slower than the budget',
      `exports.render = () => new Promise((r) => setTimeout(() => r({ html: '<p>late</p>', language: 'es' }), 2000));`,
    ],
    ['exports no renderer', `exports.other = 1;`],
    ['cannot be loaded', `syntax error (`],
  ])('are left to the browser when the renderer %s', async (_case, renderer) => {
    const origin = await standaloneOrigin(renderer);
    const started = Date.now();
    const page = await send(origin, { path: '/abridor' });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<title>Abridor</title>');
    expect(page.body).toContain('<script defer src="/static/js/main.abc1234567.js"></script>');
    expect(page.body).toContain('"tradingName":"Trasteros del Sur"');
    expect(page.body).not.toContain('data-ssr');
  });

  it('are left to the browser when the release has no renderer', async () => {
    const page = await send(await standaloneOrigin(), { path: '/' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });
});
