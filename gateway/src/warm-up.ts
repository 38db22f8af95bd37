import type { Logger } from 'pino';
import { DOOR_PATHS, PAGES, type PageId, pathFor, REMOTE_OF_PAGE, SUPPORTED_LANGUAGES } from 'shared-i18n';

/** One page per remote and language: enough to load the renderer, every server container and both translations. */
export function warmUpPaths(): string[] {
  const firstPageOf = new Map<string, PageId>();
  for (const [page, remote] of Object.entries(REMOTE_OF_PAGE)) {
    if (Object.hasOwn(PAGES, page) && !firstPageOf.has(remote)) firstPageOf.set(remote, page as PageId);
  }
  const pages = SUPPORTED_LANGUAGES.flatMap((lang) => [...firstPageOf.values()].map((page) => pathFor(page, lang)));
  // The door tool is outside the page table (one path, Spanish only). The back-office is left
  // out: staff can wait the first render; visitors and crawlers never ask for it.
  return [...pages, DOOR_PATHS.app];
}

/**
 * Renders each warm-up page once, one after the other, right after the gateway starts: loading
 * the renderer and the remotes' server containers costs the first request of each about
 * 0.7 s, which is then paid here instead of by the first visitor (or the first crawler).
 * Best effort: a remote that is not up yet is simply loaded by its first real request.
 */
export async function warmUp(baseUrl: string, log: Logger, paths = warmUpPaths()): Promise<void> {
  const started = performance.now();
  for (const path of paths) {
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { 'user-agent': 'gateway-warm-up' },
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
    } catch (error) {
      log.debug({ err: error, path }, 'warm-up request failed');
    }
  }
  log.debug({ ms: Math.round(performance.now() - started), pages: paths.length }, 'server rendering warmed up');
}
