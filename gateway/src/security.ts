import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { posix } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { NESTED_FUNCTIONS } from 'shared-api';
import type { SiteConfig } from 'shared-api/site';
import { addressKey, callerKey } from './client-key';
import { BODY_LIMITS_BYTES, DEFAULT_BODY_LIMIT_BYTES, type GatewayConfig } from './config';
import { sendJsonError } from './errors';
import type { SharedRateLimits } from './rate-limit-store';
import { thirdPartySources } from './site-config';

/**
 * Content-Security-Policy: only what the pages need. Everything is same-origin (shell, remotes
 * through the proxy, functions); the registry is inlined as a JSON data block, which CSP does not
 * treat as script. Third-party widgets (maps, scheduling, payments) add their hosts when they land.
 */
/** Staff view an applicant's PDF framed in the back-office page: only that response may be framed, by this origin. */
const FRAMEABLE = /^\/functions\/v1\/backoffice\/document(\?|$)/;
/** The back-office's pages, which frame those documents. */
const FRAMING = /^\/(gestion|en\/backoffice)(\/|\?|$)/;

/**
 * `remoteOrigins`: the origins of the registry's published releases (`{ manifest: 'https://cdn…' }`),
 * read per response: a release moved to a CDN by a registry edit loads its manifest, scripts,
 * styles, images and fonts from there without a gateway restart.
 */
export function securityHeaders(site: SiteConfig, remoteOrigins: () => string[] = () => []) {
  const extra = thirdPartySources(site);
  // A directive value must not be empty: with no published release, 'self' again (harmless).
  const remotes = () => remoteOrigins().join(' ') || "'self'";
  const frameSrc = (req: IncomingMessage) =>
    FRAMING.test(req.url ?? '') ? "'self'" : extra.frame.length ? extra.frame.join(' ') : "'none'";
  const frameAncestors = (req: IncomingMessage) => (FRAMEABLE.test(req.url ?? '') ? "'self'" : "'none'");
  // The server renderer's streaming scripts (React's boundary swaps) carry this response's nonce.
  const nonce = (_req: IncomingMessage, res: ServerResponse) =>
    `'nonce-${(res as ServerResponse & { locals?: { cspNonce?: string } }).locals?.cspNonce ?? ''}'`;
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce, remotes, ...extra.script],
        // The page's own stylesheets are written into it under the nonce (no request before the
        // first paint). A third party that injects inline styles (the maps) needs 'unsafe-inline',
        // which a nonce beside it would switch off: then that alone lets the page's styles in.
        styleSrc: ["'self'", ...(extra.style.includes("'unsafe-inline'") ? [] : [nonce]), remotes, ...extra.style],
        imgSrc: ["'self'", 'data:', remotes, ...extra.img],
        fontSrc: ["'self'", remotes, ...extra.font],
        connectSrc: ["'self'", remotes, ...extra.connect],
        frameSrc: [frameSrc],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [frameAncestors],
      },
    },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: false,
  });
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    // The same as frame-ancestors, for browsers that only know the older header.
    res.setHeader('x-frame-options', FRAMEABLE.test(req.url ?? '') ? 'SAMEORIGIN' : 'DENY');
    helmetHeaders(req, res, next);
  };
}

/**
 * Calls per minute: GATEWAY_RATE_LIMIT per caller (its session, or its address when it has none),
 * and GATEWAY_ADDRESS_RATE_LIMIT per address whatever the cookies, so an office or a mobile
 * carrier's NAT full of applicants is not refused as one client. Made-up cookies: the calls
 * answered 401 count per address at GATEWAY_RATE_LIMIT; on the anonymous entry points they reach
 * the address's ceiling, and those keep their own limits in the functions service.
 */
export function functionsRateLimit(
  config: Pick<GatewayConfig, 'GATEWAY_RATE_LIMIT' | 'GATEWAY_ADDRESS_RATE_LIMIT'>,
  /** Kept in PostgreSQL, shared by every gateway (rate-limit-store.ts); in memory without. */
  shared?: SharedRateLimits,
) {
  // The shared store counts in this gateway's memory when its database does not answer.
  const storeOf = (name: string) => (shared ? { store: shared.store(name) } : {});
  const limiter = (name: string, limit: number, keyGenerator: (req: Request) => string) =>
    rateLimit({
      ...storeOf(name),
      windowMs: 60_000,
      limit,
      keyGenerator,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      // A client's own X-Forwarded-For and Forwarded are ignored on purpose (see GATEWAY_TRUST_PROXY).
      validate: { xForwardedForHeader: false, forwardedHeader: false, keyGeneratorIpFallback: false },
      handler: (_req, res) => {
        sendJsonError(res, 429, 'Too many requests, please try again in a minute');
      },
    });
  // Calls the functions service answered 401 (no such session: a made-up cookie) count per address
  // at the per-caller rate: rotating cookies buys nothing on the calls that need a session.
  const refusedSessions = rateLimit({
    ...storeOf('refused-session'),
    windowMs: 60_000,
    limit: config.GATEWAY_RATE_LIMIT,
    keyGenerator: addressKey,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode !== 401,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    validate: { xForwardedForHeader: false, forwardedHeader: false, keyGeneratorIpFallback: false },
    handler: (_req, res) => {
      sendJsonError(res, 429, 'Too many requests, please try again in a minute');
    },
  });
  return [
    limiter('address', config.GATEWAY_ADDRESS_RATE_LIMIT, addressKey),
    refusedSessions,
    limiter('caller', config.GATEWAY_RATE_LIMIT, callerKey),
  ];
}

/**
 * Refuses oversized bodies before they reach the functions service. The declared length is
 * checked; a body without one (chunked) is refused, since browsers always declare it. Node's
 * parser has already refused a Content-Length that is not a number.
 */
export function functionsBodyLimit(req: Request, res: Response, next: NextFunction) {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
  const name = functionName(req.path) ?? '';
  const limit = BODY_LIMITS_BYTES.get(name) ?? DEFAULT_BODY_LIMIT_BYTES;
  const declared = req.headers['content-length'];
  if (declared === undefined) {
    if (req.headers['transfer-encoding']) {
      sendJsonError(res, 411, 'Content-Length required');
      return;
    }
    return next();
  }
  if (!(Number(declared) <= limit)) {
    sendJsonError(res, 413, 'Request body too large');
    return;
  }
  next();
}

const FUNCTION_PATH = /^\/functions\/v1\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;
const NESTED = new Set<string>(NESTED_FUNCTIONS);

/**
 * The function a path calls, or null. Names are kebab-case, plus the few nested ones
 * (`backoffice/document`): `..`, `%2e%2e`, `__proto__`, `toString` and other deeper paths name no
 * function and never reach the functions service.
 */
export function functionName(path: string): string | null {
  const nested = path.slice('/functions/v1/'.length).replace(/\/$/, '');
  if (path.startsWith('/functions/v1/') && NESTED.has(nested)) return nested;
  return FUNCTION_PATH.exec(path)?.[1] ?? null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a page of another origin (another port of this host included, which
 * is "same-site") can make a browser post a form here with the visitor's cookies. A call that
 * changes anything must come from this origin, by the browser's Sec-Fetch-Site, which every
 * current browser sends. Without it (an older browser), by Origin, where "null" is let through:
 * the site's own pages send no referrer, and then a browser says "null" for its own forms (the
 * JSON functions refuse a form body anyway). A call with neither is no browser's (a webhook).
 */
export function sameOriginWrites(publicSiteUrl: string) {
  const site = new URL(publicSiteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    // This origin as the browser addressed it, or the site's public one (TLS ended in front of us).
    const ours = origin === site || origin === `${req.protocol}://${req.get('host')}`;
    const forged =
      fetchSite !== undefined
        ? fetchSite !== 'same-origin' && fetchSite !== 'none'
        : origin !== undefined && origin !== 'null' && !ours;
    if (forged) {
      sendJsonError(res, 403, 'Cross-origin request refused');
      return;
    }
    next();
  };
}

/** A request must name the site it is for: without a Host it gets a JSON 400 (HTTP/1.0 may omit it). */
export function requireHost(req: Request, res: Response, next: NextFunction) {
  if (!req.headers.host) {
    sendJsonError(res, 400, 'Host header required');
    return;
  }
  next();
}

/**
 * The path as the file server will read it: decoded once, as `send` and every proxy's target
 * decode it. A rule on the raw path is a rule on one spelling (`.ma%70`, `%73erver`); null for a
 * path that cannot be decoded (the caller answers 400).
 */
function decodedPath(rawPath: string): string | null {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

/** Source maps carry the whole source: built for error tracking, never served, however spelt. */
const SOURCE_MAP = /\.map$/i;

/**
 * Refuses (JSON 404) every path that names a file not for browsers, judged on the decoded path:
 * source maps everywhere, and `private` (the server bundles) where they would otherwise be served.
 */
export function refusePrivateFiles(...privatePaths: RegExp[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const decoded = decodedPath(req.path);
    if (decoded === null) {
      sendJsonError(res, 400, 'Bad Request');
      return;
    }
    // A browser resolves `..` before it asks; an encoded one (`..%2f`) reaches the file server,
    // which resolves it after decoding. The rules judge the path it will read; a NUL or a
    // backslash names no file a browser needs.
    const path = posix.normalize(decoded);
    if (
      /(^|\/)\.\.?(\/|$)/.test(decoded) ||
      SOURCE_MAP.test(path) ||
      /[\0\\]/.test(path) ||
      privatePaths.some((rule) => rule.test(path))
    ) {
      sendJsonError(res, 404, 'Not found');
      return;
    }
    next();
  };
}

/** A fresh CSP nonce per response, for the inline scripts the server renderer streams. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}
