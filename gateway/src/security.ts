import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { NESTED_FUNCTIONS } from 'shared-api';
import type { SiteConfig } from 'shared-api/site';
import { BODY_LIMITS_BYTES, DEFAULT_BODY_LIMIT_BYTES, type GatewayConfig } from './config';
import { sendJsonError } from './errors';
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
        styleSrc: ["'self'", remotes, ...extra.style],
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

export function functionsRateLimit(config: Pick<GatewayConfig, 'GATEWAY_RATE_LIMIT'>) {
  return rateLimit({
    windowMs: 60_000,
    limit: config.GATEWAY_RATE_LIMIT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // A client's own X-Forwarded-For and Forwarded are ignored on purpose (see GATEWAY_TRUST_PROXY).
    validate: { xForwardedForHeader: false, forwardedHeader: false },
    handler: (_req, res) => {
      sendJsonError(res, 429, 'Too many requests, please try again in a minute');
    },
  });
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

/** Source maps carry the whole source: built for error tracking, never served. */
export function refuseSourceMaps(req: Request, res: Response, next: NextFunction) {
  if (/\.map$/i.test(req.path)) {
    sendJsonError(res, 404, 'Not found');
    return;
  }
  next();
}

/** A fresh CSP nonce per response, for the inline scripts the server renderer streams. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}
