import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { SiteConfig } from 'shared-api/site';
import { type Language, matchPath, remoteForPath } from 'shared-i18n';
import { z } from 'zod';
import { surelyNoStaffSession } from './client-key';
import { sendJsonError } from './errors';
import { escapeAttribute, jsonForHtml } from './html';
import { isAnonymousPage, type PageCache } from './page-cache';
import { type Hoisted, type PageTemplate, readHoisted, readPageTemplate } from './page-template';
import type { RegistrySource } from './registry';
import { publicRegistry, serverManifestUrl } from './registry';
import { pageLinks, socialHead } from './seo';
import type { createManifestReader, createStylesheetReader, Renderer } from './server-render';

/**
 * The renderer's head script (what must listen before the visitor can tap), under this response's
 * nonce and before the stylesheets (an inline script after them would wait for them). A `</script`
 * inside it cannot end the tag early.
 */
export function headScriptTag(script: unknown, nonce: string): string[] {
  // `<!--` could leave the parser inside the script past its `</script>`: not written at all.
  if (typeof script !== 'string' || script === '' || script.includes('<!--')) return [];
  return [`<script nonce="${escapeAttribute(nonce)}">${script.replace(/<\/(script)/gi, '<\\/$1')}</script>`];
}

const startScripts = z.array(z.string().regex(/^static\/js\/[\w.-]+\.js$/));

/**
 * The scripts the shell runs at start on every page (`start-scripts.json`, written by its build):
 * fetched with main.js. A build without the list still works, level by level as before.
 */
function builtStartScripts(dist: string): string[] {
  try {
    return startScripts
      .parse(JSON.parse(readFileSync(path.join(dist, 'start-scripts.json'), 'utf8')))
      .map((file) => `/${file}`);
  } catch {
    return [];
  }
}

/** A `url()` relative to the stylesheet (a font, an image): inlined, it would resolve against the page. */
const RELATIVE_URL = /url\(\s*['"]?(?![a-z][a-z0-9+.-]*:|\/|#)/i;

/** A release's stylesheet: where the browser would fetch it, and its text when it can be inlined. */
interface Stylesheet {
  href: string;
  css: string | null;
}

/**
 * A stylesheet as the page carries it: written into the head under this response's nonce, so the
 * first paint waits for no request (on a slow phone each costs a round trip of ~0.6 s before
 * anything shows). Its link stays, disabled (a browser never fetches a disabled stylesheet), for
 * the bundler's runtime: it looks for its chunk's link by address and, finding it, does not load
 * the styles again. Without its text, with text that could end the element early, or with a
 * relative `url()`, the link.
 */
function stylesheetTags(sheet: Stylesheet, nonce: string | null): string {
  const href = escapeAttribute(sheet.href);
  if (sheet.css === null || nonce === null || /<\/style/i.test(sheet.css) || RELATIVE_URL.test(sheet.css)) {
    return `<link rel="stylesheet" href="${href}">`;
  }
  return `<style nonce="${escapeAttribute(nonce)}">${sheet.css}</style><link rel="stylesheet" href="${href}" disabled>`;
}

/**
 * Every stylesheet of a build (`static/css/`). An app's styles load with its code, after the async
 * boundary: a server-rendered page needs them in the head, or it paints unstyled and then jumps
 * into place.
 */
function builtStylesheets(dist: string): Stylesheet[] {
  try {
    const seen = new Set<string>();
    return (
      readdirSync(path.join(dist, 'static', 'css'))
        .filter((file) => file.endsWith('.css'))
        .sort()
        // A module shared by the federation may put the same styles in two chunks (the toast's:
        // the same content hash). The same styles twice are bytes the first paint waits for.
        .filter((file) => {
          const contentHash = /\.([0-9a-f]{8,})\.css$/.exec(file)?.[1] ?? file;
          if (seen.has(contentHash)) return false;
          seen.add(contentHash);
          return true;
        })
        .map((file) => ({
          href: `/static/css/${file}`,
          css: readFileSync(path.join(dist, 'static', 'css', file), 'utf8'),
        }))
    );
  } catch {
    return [];
  }
}

/** How long the route's remote may take on the server before its slot is left to the browser. */
export const REMOTE_BUDGET_MS = 300;

/** How long a whole page's render may stream before what is left is the browser's. */
const PAGE_RENDER_DEADLINE_MS = 5_000;

interface ServerRendering {
  renderer(): Promise<Renderer | null>;
  manifest: ReturnType<typeof createManifestReader>;
  /** A remote release's stylesheet's text, to inline it (null: linked instead). */
  stylesheet: ReturnType<typeof createStylesheetReader>;
  log: Logger;
  /** Anonymous public pages rendered once per release and day (absent: every page is rendered). */
  cache?: PageCache;
}

/**
 * Serves every page path: the shell's index.html with the registry and site configuration
 * inlined, and, when the shell has a server build, the page itself rendered into #root
 * (streamed; the route's remote through its server container when its release has one).
 * 404 for a path outside the route table. Without a renderer, or if it fails before sending
 * anything, the same page is rendered by the browser, as before.
 */
export function createShellPageHandler(
  shellDist: string,
  registry: RegistrySource,
  site: SiteConfig,
  /** The site's public address (PUBLIC_SITE_URL): the head's absolute links are written with it. */
  publicSiteUrl: string,
  rendering?: ServerRendering,
) {
  let template: PageTemplate | null = null;
  const readTemplate = () => {
    template ??= readPageTemplate(readFileSync(path.join(shellDist, 'index.html'), 'utf8'));
    return template;
  };
  let shellScripts: string[] | null = null;
  let shellStyles: Stylesheet[] | null = null;
  const readShellStyles = () => {
    shellStyles ??= builtStylesheets(shellDist);
    return shellStyles;
  };

  return async (req: Request, res: Response) => {
    const match = matchPath(req.path);
    if (match.kind === 'redirect') {
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      res.redirect(302, `${match.to}${query}`);
      return;
    }
    let html: PageTemplate;
    try {
      html = readTemplate();
    } catch {
      sendJsonError(res, 503, 'The site is being deployed. Please try again in a minute.', { 'retry-after': '60' });
      return;
    }
    const config = registry.current();
    const remotes = publicRegistry(config);
    const remoteName = remoteForPath(req.path);
    const manifest = remoteName && Object.hasOwn(remotes, remoteName) ? remotes[remoteName] : undefined;
    const language =
      match.kind === 'page' || match.kind === 'backoffice' || match.kind === 'not-found' ? match.lang : null;
    // Made only for a page rendered here, not for one sent as kept.
    const pageHead = () => [
      pageLinks(req, publicSiteUrl),
      socialHead(req, site, publicSiteUrl),
      `<script type="application/json" id="remotes-registry">${jsonForHtml(remotes)}</script>`,
      `<script type="application/json" id="site-config">${jsonForHtml(site)}</script>`,
      manifest ? `<link rel="preload" href="${manifest}" as="fetch" crossorigin="anonymous">` : '',
    ];
    const status = match.kind === 'not-found' ? 404 : 200;
    const send = (page: string) => res.status(status).set('cache-control', 'no-cache').type('html').send(page);

    const renderer = (await rendering?.renderer()) ?? null;
    const nonce = typeof res.locals.cspNonce === 'string' ? res.locals.cspNonce : null;
    if (!rendering || !renderer || !nonce || !html.hasRoot) {
      send(html.page({ language, head: pageHead() }));
      return;
    }

    // The route's remote renders on the server when its release has a server container.
    const serverRemotes: Record<string, string> = {};
    const publicPaths: Record<string, string> = {};
    const styles: Stylesheet[] = [...readShellStyles()];
    shellScripts ??= builtStartScripts(shellDist);
    const scripts: string[] = [...shellScripts];
    if (remoteName && manifest) {
      const url = serverManifestUrl(config, remoteName, `http://127.0.0.1:${req.socket.localPort}`);
      const release = url ? await rendering.manifest(url) : null;
      const folder = manifest.slice(0, manifest.lastIndexOf('/') + 1);
      if (release && url) {
        // The remote's CSS before its HTML: nothing unstyled paints, nothing moves when it arrives.
        styles.push(
          ...(await Promise.all(
            release.css.map(async (css) => ({
              href: folder + css,
              css: await rendering.stylesheet(new URL(css, url).toString()),
            })),
          )),
        );
        // The remote's texts in the page's language, when it fetches them on demand.
        const texts = language ? (release.languageScripts[language] ?? []) : [];
        scripts.push(...[...release.scripts, ...texts].map((script) => folder + script));
        if (release.serverRendered) {
          serverRemotes[remoteName] = url;
          publicPaths[remoteName] = folder;
        }
      }
    }

    const renderInto = (pageNonce: string, sink: PageSink) =>
      renderPage(
        renderer,
        html,
        {
          url: req.originalUrl,
          acceptLanguage: req.headers['accept-language'],
          remotes: serverRemotes,
          publicPaths,
          site,
          nonce: pageNonce,
          remoteBudgetMs: REMOTE_BUDGET_MS,
          // Only where a remote starts by asking (the back-office): the public pages stay the same for all.
          signedOut: match.kind === 'backoffice' && surelyNoStaffSession(req) ? ['staff'] : [],
          onError: (error, where) => {
            // A remote without server output is rendered by the browser by design, not a fault.
            const expected = error instanceof Error && error.name === 'ClientOnlyRemote';
            if (!expected) sink.fellBack = true;
            rendering.log[expected ? 'debug' : 'warn'](
              { err: error, where, url: req.originalUrl },
              'server render fell back',
            );
          },
        },
        { language, head: pageHead(), styles, scripts },
        sink,
      );
    const renderFailed = (error: unknown) => {
      if (!res.headersSent) {
        rendering.log.error({ err: error, url: req.originalUrl }, 'server render failed; the browser renders the page');
        send(html.page({ language, head: [...pageHead(), ...styles.map((sheet) => stylesheetTags(sheet, null))] }));
        return;
      }
      // Half a page is already on its way: it cannot become the browser-rendered one any more, and
      // left open the browser would wait for the rest until it gives up. Cut, it shows as failed
      // (a reload renders it again) and the connection is free at once.
      rendering.log.error({ err: error, url: req.originalUrl }, 'server render failed mid-page; the response is cut');
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    };

    if (rendering.cache && isAnonymousPage(req, match)) {
      const { cache } = rendering;
      try {
        const page = await cache.page(
          req.path,
          {
            renderer,
            registry: JSON.stringify(remotes),
            remote: JSON.stringify([styles.map((sheet) => [sheet.href, sheet.css !== null]), scripts, serverRemotes]),
          },
          async () => {
            const sink = bufferSink();
            await renderInto(cache.nonceMark, sink);
            return { html: sink.html(), keep: !sink.fellBack };
          },
        );
        // Not through send(): its ETag hashes the whole page, and a page under its own nonce never
        // matches one (the cost of a kept page was mostly that hash). Gzip from the kept parts when
        // the browser takes it (every browser does): the compression layer leaves an encoded body be.
        const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
        const body = gzip ? page.gzipWithNonce(nonce) : page.withNonce(nonce);
        res
          .status(status)
          .vary('Accept-Encoding')
          .set({
            'cache-control': 'no-cache',
            'content-length': String(body.length),
            ...(gzip ? { 'content-encoding': 'gzip' } : {}),
          })
          .type('html')
          .end(req.method === 'HEAD' ? undefined : body);
      } catch (error) {
        renderFailed(error);
      }
      return;
    }
    try {
      await renderInto(nonce, responseSink(res, status));
    } catch (error) {
      renderFailed(error);
    }
  };
}

/** Where a server-rendered page is written: the response as it streams, or a buffer to keep. */
interface PageSink {
  /** Called once, before the first write. */
  start(): void;
  write(chunk: Buffer | string): boolean;
  onceDrain(callback: () => void): void;
  end(last: string): void;
  /** A slot was left to the browser by a fault (a remote slow or failing on the server). */
  fellBack: boolean;
}

function responseSink(res: Response, status: number): PageSink {
  return {
    start: () => res.status(status).set('cache-control', 'no-cache').type('html'),
    write: (chunk) => res.write(chunk),
    // Backpressure through the compression layer (whose write takes no callback).
    onceDrain: (callback) => res.once('drain', callback),
    end: (last) => res.end(last),
    fellBack: false,
  };
}

function bufferSink(): PageSink & { html(): string } {
  const chunks: Buffer[] = [];
  return {
    start: () => {},
    write: (chunk) => chunks.push(Buffer.from(chunk)) > 0,
    onceDrain: (callback) => callback(),
    end: (last) => chunks.push(Buffer.from(last)),
    fellBack: false,
    html: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/**
 * Renders the page around the renderer's stream into `sink`; settles once all is written. Throws
 * before anything is written when the renderer fails.
 */
async function renderPage(
  renderer: Renderer,
  html: PageTemplate,
  request: Parameters<Renderer['render']>[0],
  page: { language: Language | null; head: string[]; styles: Stylesheet[]; scripts: string[] },
  sink: PageSink,
): Promise<void> {
  const { ready, language: renderedLanguage, headScript } = await renderer.render(request);
  const stream = await ready;
  const { nonce } = request;
  // A page whose path names no language (a 404) is in the one the renderer chose. The template's
  // notice is for a page only scripts can render; this one reads without them (a page of forms
  // says so itself, in its language).
  const pageOptions = (hoisted: Hoisted | null) => ({
    language: page.language ?? renderedLanguage,
    serverRendered: true,
    signedOut: request.signedOut,
    head: [
      ...page.head,
      ...headScriptTag(headScript, nonce),
      ...page.styles.map((sheet) => stylesheetTags(sheet, nonce)),
    ],
    hoisted,
    scriptsAfterPaint: { nonce, preloads: page.scripts },
  });
  const { after } = html.aroundRoot(pageOptions(null));
  // A render that does not finish (a chunk stalled on the server) is cut: React hands what is left
  // to the browser, and the page is not kept.
  const deadline = setTimeout(() => {
    sink.fellBack = true;
    stream.abort(new Error(`the render took longer than ${PAGE_RENDER_DEADLINE_MS} ms`));
  }, PAGE_RENDER_DEADLINE_MS);
  sink.start();
  // The head is written once the page's hoisted title and description are known. Bytes are kept
  // as they came: a chunk may end inside a character of the title.
  let start: Buffer | null = Buffer.alloc(0);
  const writeStart = (ended: boolean) => {
    if (start === null) return true;
    const hoisted = readHoisted(start.toString('utf8'), ended);
    if (!hoisted) return true;
    const body = start.subarray(Buffer.byteLength(hoisted.html));
    start = null;
    sink.write(html.aroundRoot(pageOptions(hoisted)).before);
    return sink.write(body);
  };
  await new Promise<void>((resolve, reject) => {
    const into = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        let written: boolean;
        if (start === null) written = sink.write(chunk);
        else {
          start = Buffer.concat([start, chunk]);
          written = writeStart(false);
        }
        if (written) callback();
        else sink.onceDrain(callback);
      },
      final(callback) {
        clearTimeout(deadline);
        writeStart(true);
        sink.end(after);
        callback();
        resolve();
      },
    });
    into.on('error', reject);
    stream.pipe(into);
  });
}
