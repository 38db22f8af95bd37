import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from './next-task';

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

/**
 * Runtime plugin of the shell: retries manifest fetches, and when a remote still cannot load,
 * logs it and lets the slot's error boundary show the translated fallback with Retry.
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
    fetch(url, init) {
      return fetchWithRetry(url, init);
    },
    async errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[federation] remote "${id}" failed during ${lifecycle}`, error);
      // No fallback module: the error reaches the slot, which isolates it.
      return undefined;
    },
  };
}
