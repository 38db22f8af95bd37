import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { isReleaseFile, type Renderer as SharedRenderer, type StandaloneRenderer } from 'shared-api/render';
import type { SiteConfig } from 'shared-api/site';
import { z } from 'zod';

/** The shell's server build (dist/server/render.cjs), as the gateway calls it. */
export type Renderer = SharedRenderer<Writable>;

const rendererModule = z.object({ render: z.function() });

/**
 * A server build's module on disk (a renderer exporting `render`), re-read when it is released
 * (its file changes); null when there is none (a build without server output): pages are then
 * rendered by the browser, as before.
 */
function serverModuleSource<T>(file: string, what: string, log: Logger, site: SiteConfig) {
  // Read by shared-ui/site as it loads: server-rendered pages show the real configuration.
  (globalThis as { __SITE_CONFIG__?: SiteConfig }).__SITE_CONFIG__ = site;
  const require = createRequire(import.meta.url);
  let loaded: { mtimeMs: number; module: Promise<T | null> } | null = null;
  return (): Promise<T | null> => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return Promise.resolve(null);
    }
    if (loaded?.mtimeMs === mtimeMs) return loaded.module;
    const module = (async () => {
      try {
        delete require.cache[require.resolve(file)];
        // A federated build starts asynchronously (shared modules first): it may export a promise.
        const exported: unknown = await require(file);
        const parsed = rendererModule.safeParse(exported);
        if (!parsed.success) throw new Error(`${path.basename(file)} exports no render()`);
        return parsed.data as unknown as T;
      } catch (error) {
        log.error({ err: error }, `${what} could not be loaded; pages render in the browser`);
        return null;
      }
    })();
    loaded = { mtimeMs, module };
    return module;
  };
}

/** The renderer of the shell release on disk. */
export function createRendererSource(shellDist: string, log: Logger, site: SiteConfig) {
  return serverModuleSource<Renderer>(path.join(shellDist, 'server', 'render.cjs'), 'the shell renderer', log, site);
}

/** The page renderer of a standalone app's release on disk (the door tool's). */
export function createStandaloneRendererSource(dist: string, log: Logger, site: SiteConfig) {
  return serverModuleSource<StandaloneRenderer>(
    path.join(dist, 'server', 'standalone.cjs'),
    'the standalone page renderer',
    log,
    site,
  );
}

const assetList = z.object({ sync: z.array(z.string()), async: z.array(z.string()) });
const remoteManifest = z.object({
  metaData: z
    .object({
      ssrRemoteEntry: z.object({ name: z.string() }).optional(),
      // What only feeds the preloads is read leniently: a broken entry there costs the
      // preloads, never the page's server rendering or its styles.
      remoteEntry: z
        .object({ name: z.string(), path: z.string().default('') })
        .optional()
        .catch(undefined),
      /** Every script of each exposed module (tooling/rspack: ExposeScriptsInManifest). */
      exposeScripts: z.record(z.string(), z.array(z.string()).catch([])).optional().catch(undefined),
      /** The scripts of the remote's texts in each language, fetched on demand (same plugin). */
      languageScripts: z.record(z.string(), z.array(z.string()).catch([])).optional().catch(undefined),
    })
    .loose(),
  exposes: z
    .array(
      z
        .object({
          path: z.string(),
          assets: z.object({ css: assetList, js: assetList.optional().catch(undefined) }).loose(),
        })
        .loose(),
    )
    .default([]),
});

/** The App's scripts as its build listed them; from a release without the list, the expose's own chunk. */
const appScripts = (listed: string[] | undefined, exposeChunks: string[] | undefined) =>
  listed?.length ? listed : (exposeChunks ?? []);

export interface RemoteRelease {
  /** The release has a server container (metaData.ssrRemoteEntry). */
  serverRendered: boolean;
  /** The exposed App's stylesheets, relative to the release folder. */
  css: string[];
  /** The remote's entry and the exposed App's own scripts, relative to the release folder. */
  scripts: string[];
  /** The scripts of its texts in each language it fetches on demand (none: the App's scripts hold them). */
  languageScripts: Record<string, string[]>;
}

const MANIFEST_TTL_MS = 5_000;

/**
 * What a remote's release offers, read from its manifest (cached a few seconds: a release is
 * picked up without a restart). Unreachable or malformed: nothing, and the page is client-rendered.
 */
export function createManifestReader(log: Logger, doFetch: typeof fetch = fetch) {
  const cache = new Map<string, { at: number; release: Promise<RemoteRelease | null> }>();
  return (url: string): Promise<RemoteRelease | null> => {
    const cached = cache.get(url);
    if (cached && Date.now() - cached.at < MANIFEST_TTL_MS) return cached.release;
    const release = (async () => {
      try {
        const response = await doFetch(url, { signal: AbortSignal.timeout(1_000) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const manifest = remoteManifest.parse(await response.json());
        const app = manifest.exposes.find((expose) => expose.path === './App' || expose.path === 'App');
        const entry = manifest.metaData.remoteEntry;
        return {
          serverRendered: Boolean(manifest.metaData.ssrRemoteEntry),
          css: app ? [...app.assets.css.sync, ...app.assets.css.async].filter(isReleaseFile) : [],
          scripts: [
            ...(entry ? [[entry.path, entry.name].filter(Boolean).join('/')] : []),
            ...appScripts(manifest.metaData.exposeScripts?.[app?.path ?? './App'], app?.assets.js?.sync),
          ].filter(isReleaseFile),
          languageScripts: Object.fromEntries(
            Object.entries(manifest.metaData.languageScripts ?? {}).map(([language, files]) => [
              language,
              files.filter(isReleaseFile),
            ]),
          ),
        };
      } catch (error) {
        log.warn({ err: error, url }, 'remote manifest unreadable for server rendering');
        return null;
      }
    })();
    cache.set(url, { at: Date.now(), release });
    return release;
  };
}

/** A stylesheet inlined is at most this big; a larger one is linked (the page would wait for it). */
const INLINE_STYLESHEET_MAX_BYTES = 64 * 1024;
const STYLESHEETS_KEPT = 200;
/** A stylesheet that could not be inlined is asked for again after this. */
const STYLESHEET_RETRY_MS = 30_000;

/**
 * A remote release's stylesheets' text, fetched from its origin once: their names carry their
 * content's hash, so a name is always the same text. Unreachable, not CSS or too large: null for
 * a while, and the page links it as before.
 */
export function createStylesheetReader(log: Logger, doFetch: typeof fetch = fetch, now = () => Date.now()) {
  const kept = new Map<string, { until: number; text: Promise<string | null> }>();
  return (url: string): Promise<string | null> => {
    const known = kept.get(url);
    if (known && known.until > now()) return known.text;
    const entry = { until: Number.POSITIVE_INFINITY, text: Promise.resolve<string | null>(null) };
    entry.text = (async () => {
      try {
        const response = await doFetch(url, { signal: AbortSignal.timeout(1_000) });
        const type = response.headers.get('content-type') ?? '';
        const length = Number(response.headers.get('content-length') ?? 0);
        if (!response.ok || !type.startsWith('text/css') || length > INLINE_STYLESHEET_MAX_BYTES) {
          await response.body?.cancel();
          throw new Error(`HTTP ${response.status} ${type} ${length} bytes`);
        }
        const css = await response.text();
        if (Buffer.byteLength(css) > INLINE_STYLESHEET_MAX_BYTES) throw new Error('too large to inline');
        return css;
      } catch (error) {
        log.warn({ err: error, url }, 'remote stylesheet not inlined; the page links it');
        // Asked again in a while, not on every page meanwhile (an origin down, a wrong type).
        entry.until = now() + STYLESHEET_RETRY_MS;
        return null;
      }
    })();
    kept.set(url, entry);
    if (kept.size > STYLESHEETS_KEPT) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    return entry.text;
  };
}
