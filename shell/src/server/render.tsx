import type { Writable } from 'node:stream';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { type ComponentType, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { type RenderRequest, type RenderResult, withinBudget } from 'shared-api/render';
import {
  detectLanguage,
  I18nProvider,
  i18n,
  initI18n,
  type Language,
  languagesFromHeader,
  loadLanguage,
  type RemoteAppProps,
} from 'shared-i18n';
import { StaticRouter } from 'shared-router';
import { earlyClickCapture } from 'shared-ui/early-click';
import { setSiteConfig } from 'shared-ui/site';
import { Site } from '../App';
import { commonResources } from '../i18n/common';
import { CLIENT_ONLY_DIGEST, RemoteLoaderContext, SignedOutContext } from '../remotes/loader-context';
import type { RemoteName } from '../remotes/registry-schema';

/** The entry each remote is registered with: a request names only its route's remote. */
const registered = new Map<string, string>();

/**
 * Registers what changed since that remote was last used: a release (a new entry URL)
 * re-registers that remote alone; a remote already registered at its entry is kept loaded.
 */
function syncRemotes(remotes: Record<string, string>) {
  const changed = Object.entries(remotes).filter(([name, entry]) => registered.get(name) !== entry);
  if (changed.length === 0) return;
  registerRemotes(
    changed.map(([name, entry]) => ({ name, entry })),
    { force: changed.some(([name]) => registered.has(name)) },
  );
  for (const [name, entry] of changed) registered.set(name, entry);
}

/** A remote whose release has no server output yet: rendered by the browser, as expected. */
export class ClientOnlyRemote extends Error {
  constructor(remote: string) {
    super(`remote "${remote}" has no server output`);
    this.name = 'ClientOnlyRemote';
  }
}

/**
 * Renders a page as a stream: the shell, and the route's remote through its server container
 * (loaded at run time by the federation's Node runtime). A remote that is missing, slow or
 * throws leaves its slot to the browser; the rest of the page stays server-rendered.
 */
export async function render(
  request: RenderRequest,
): Promise<{ ready: Promise<RenderResult<Writable>>; language: Language; headScript: string }> {
  // The browser's own detection without its storage (the server has none): the same answer
  // for every page whose path or browser languages decide (see the shell's bootstrap).
  const language = detectLanguage({
    pathname: new URL(request.url, 'http://x').pathname,
    browserLanguages: languagesFromHeader(request.acceptLanguage),
    stored: null,
  });
  await initI18n(language, { es: { common: commonResources.es }, en: { common: commonResources.en } });
  // One instance per request: concurrent renders in two languages must not share `lng`.
  const requestI18n = i18n.cloneInstance({ lng: language });
  setSiteConfig(request.site);
  syncRemotes(request.remotes);
  // Read by each remote's server container (tooling/rspack/server-expose.cjs) for its asset URLs.
  const global = globalThis as { __SSR_PUBLIC_PATHS__?: Record<string, string> };
  global.__SSR_PUBLIC_PATHS__ = { ...global.__SSR_PUBLIC_PATHS__, ...request.publicPaths };

  const loadOnServer = (name: RemoteName): Promise<ComponentType<RemoteAppProps>> => {
    // Thrown, not rejected: React leaves the slot to the browser at once instead of waiting.
    if (!Object.hasOwn(request.remotes, name)) throw new ClientOnlyRemote(name);
    return withinBudget(
      // Its texts in the page's language too, within the same budget (RemoteSlot then finds them in).
      loadRemote<{ default?: ComponentType<RemoteAppProps> }>(`${name}/App`).then(async (module) => {
        await loadLanguage(language, [name]);
        return module;
      }),
      request.remoteBudgetMs,
      `server output of remote "${name}"`,
    ).then(
      (module) => {
        if (!module?.default) throw new Error(`remote "${name}" has no server App`);
        return module.default;
      },
      (error: unknown) => {
        request.onError?.(error, `remote ${name}`);
        throw error;
      },
    );
  };

  // Nothing to retry on the server: a failed slot is the browser's to load.
  const serverLoader = { load: loadOnServer, reset: () => {} };

  const ready = new Promise<RenderResult<Writable>>((resolve, reject) => {
    let shellReady = false;
    let budget: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      if (!shellReady) return;
      clearTimeout(budget);
      resolve({ pipe: (destination) => stream.pipe(destination), abort: (reason) => stream.abort(reason) });
    };
    const stream = renderToPipeableStream(
      <StrictMode>
        <I18nProvider i18n={requestI18n}>
          <RemoteLoaderContext.Provider value={serverLoader}>
            <SignedOutContext.Provider value={request.signedOut ?? []}>
              <StaticRouter location={request.url}>
                <Site />
              </StaticRouter>
            </SignedOutContext.Provider>
          </RemoteLoaderContext.Provider>
        </I18nProvider>
      </StrictMode>,
      {
        nonce: request.nonce,
        // Everything at once when the remote is quick (no fallback to swap, nothing moves); the
        // shell with the slot's fallback when the budget runs out (the slot then streams or
        // falls back to the browser).
        onShellReady() {
          shellReady = true;
          budget = setTimeout(done, request.remoteBudgetMs);
        },
        onAllReady() {
          done();
        },
        onShellError: reject,
        onError(error) {
          // A slot that failed on the server is rendered by the browser (its Suspense boundary).
          request.onError?.(error, 'render');
          return error instanceof ClientOnlyRemote ? CLIENT_ONLY_DIGEST : undefined;
        },
      },
    );
  });
  // In the head, before the header can be tapped: a tap on Book a visit before the scripts is kept.
  const headScript = earlyClickCapture(requestI18n.getFixedT(language, 'common')('earlyClick.pending'));
  return { ready, language, headScript };
}
