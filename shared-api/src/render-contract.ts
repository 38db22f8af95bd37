import type { SiteConfig } from './site';

/**
 * The gateway ↔ shell renderer contract (shell/dist/server/render.cjs): what the gateway asks
 * for per page, and what it gets back to stream. Types, and the budget rule both sides apply:
 * the two are released apart.
 */
export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The request's Accept-Language: the language of a page whose path names none. */
  acceptLanguage?: string;
  /** Remote name → absolute manifest URL the renderer can fetch, for remotes with a server output. */
  remotes: Record<string, string>;
  /** Remote name → the folder the browser loads it from: images rendered on the server must match its URLs. */
  publicPaths: Record<string, string>;
  site: SiteConfig;
  /** The CSP nonce of this response, for React's inline streaming scripts. */
  nonce: string;
  /** How long a remote's server output may take before its slot is left to the browser. */
  remoteBudgetMs: number;
  /** Sessions the request surely had none of (see `RemoteAppProps.signedOut`). */
  signedOut?: readonly 'staff'[];
  onError?(error: unknown, where: string): void;
}

/** A render ready to stream (the whole page, or the shell with the slots still to come). */
export interface RenderResult<Destination> {
  pipe(destination: Destination): void;
  abort(reason?: unknown): void;
}

export interface Renderer<Destination> {
  render(request: RenderRequest): Promise<{
    ready: Promise<RenderResult<Destination>>;
    /** For `<html lang>`. */
    language: 'es' | 'en';
    /**
     * A script the page's head runs before anything is painted (the gateway writes it under the
     * response's nonce): what must listen before the visitor can tap.
     */
    headScript?: string;
  }>;
}

/** A standalone app's page, rendered by its own origin (the door tool's). */
export interface StandalonePage {
  /** The markup of #root (React's hoisted `<title>` and `<meta>` first). */
  html: string;
  /** For `<html lang>`: the browser hydrates in this language. */
  language: 'es' | 'en';
}

/** What a standalone app's server build exports (`dist/server/standalone.cjs`). */
export interface StandaloneRenderer {
  render(url: string): Promise<StandalonePage>;
}

/**
 * `work`, or a rejection once `ms` have passed: a server render that is late is left to the
 * browser. The timer is cleared when the work settles, so no request leaves one behind.
 */
export function withinBudget<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: budget of ${ms} ms exceeded`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * A file a remote's manifest lists, as a path inside its release folder: relative, with no way out
 * of it. A manifest is another team's file; whoever preloads what it lists (the gateway, the shell)
 * checks this first.
 */
export const isReleaseFile = (file: unknown): file is string =>
  typeof file === 'string' && /^(?!\/)(?!.*\.\.)[\w./-]+$/.test(file);
