import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from './next-task';
import { preloadTexts } from './texts-preload';

const RETRY_DELAYS_MS = [300, 900];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Transient failures (network, 5xx) of a manifest fetch are retried before a remote is given up. */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  doFetch: typeof fetch = fetch,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    try {
      const response = await doFetch(url, init);
      if (response.status < 500) return response;
      lastError = new Error(`HTTP ${response.status} for ${url}`);
    } catch (error) {
      lastError = error;
    }
    const delay = delays[attempt];
    if (delay !== undefined) await wait(delay);
  }
  throw lastError;
}

type LoadEntryErrorHook = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryErrorHook>[0];

/**
 * A remote's entry script that failed to load (a dropped connection, a 5xx from the CDN) is
 * requested again after each delay; the first that loads is used. The runtime remembers a failed
 * load under `uniqueKey`: it is forgotten first, or the retry would return the same failure.
 */
export async function retryRemoteEntry(
  { getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs,
  delays: readonly number[] = RETRY_DELAYS_MS,
) {
  for (const delay of delays) {
    await wait(delay);
    delete globalLoading[uniqueKey];
    try {
      const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
      if (entry) return entry;
    } catch {
      // the next delay, or the slot's error boundary after the last one
    }
  }
  return undefined;
}

/** What each failing step of a remote's load means, for whoever reads the console. */
const FAILURE_OF_LIFECYCLE: Record<string, string> = {
  afterResolve: 'its manifest could not be read (retried)',
  beforeRequest: 'it is not in the registry',
  onLoad: 'its code loaded but its module threw',
  beforeLoadShare: 'a shared module could not be provided',
};

/**
 * Runtime plugin of the shell: retries manifest fetches and entry scripts, and when a remote
 * still cannot load, logs why and lets the slot's error boundary show the translated fallback
 * with Retry.
 *
 * Not `@module-federation/retry-plugin` (#32, weighed): it is published at 0.17 against this
 * runtime's 2.9 (a second copy of the federation SDK in the shell's first load), it retries a 404
 * too (a remote not released yet: the visitor would wait out every retry before the fallback), and
 * it forgets a failed entry by deleting the same runtime internal (`globalLoading[uniqueKey]`)
 * this plugin does, so it would not remove that coupling either.
 *
 * No lifecycle answers with a stand-in module: a translated message with a Retry button says more
 * than an empty component, and only the slot knows the page's language.
 */
export default function resiliencePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-resilience',
    // Each shared module and each remote container starts in a task of its own.
    async beforeLoadShare(args) {
      await nextTask();
      return args;
    },
    async beforeInitContainer(args) {
      await nextTask();
      return args;
    },
    async fetch(url, init) {
      const response = await fetchWithRetry(url, init);
      // A remote's manifest names its texts per language: fetched with its scripts, not after.
      if (typeof document !== 'undefined') void preloadTexts(url, response).catch(() => undefined);
      return response;
    },
    // The runtime awaits the answer (its type says a promise of a promise; a promise is what it gets).
    loadEntryError: retryRemoteEntry as LoadEntryErrorHook,
    async errorLoadRemote({ id, error, lifecycle }) {
      const why = FAILURE_OF_LIFECYCLE[lifecycle] ?? `it failed during ${lifecycle}`;
      console.error(`[federation] remote "${id}": ${why}`, error);
      return undefined;
    },
  };
}
