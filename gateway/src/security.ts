import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import type { SiteConfig } from 'shared-api/site';
import { BODY_LIMITS_BYTES, DEFAULT_BODY_LIMIT_BYTES, type GatewayConfig } from './config';
import { sendJsonError } from './errors';
import { thirdPartySources } from './site-config';

/**
 * Content-Security-Policy: only what the pages need. Everything is same-origin (shell, remotes
 * through the proxy, functions); the registry is inlined as a JSON data block, which CSP does not
 * treat as script. Third-party widgets (maps, scheduling, payments) add their hosts when they land.
 */
export function securityHeaders(site: SiteConfig) {
  const extra = thirdPartySources(site);
  // The server renderer's streaming scripts (React's boundary swaps) carry this response's nonce.
  const nonce = (_req: IncomingMessage, res: ServerResponse) =>
    `'nonce-${(res as ServerResponse & { locals?: { cspNonce?: string } }).locals?.cspNonce ?? ''}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce, ...extra.script],
        styleSrc: ["'self'", ...extra.style],
        imgSrc: ["'self'", 'data:', ...extra.img],
        fontSrc: ["'self'", ...extra.font],
        connectSrc: ["'self'", ...extra.connect],
        frameSrc: extra.frame.length ? extra.frame : ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The same as frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
  });
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

/**
 * The function a path calls, or null. Names are kebab-case: `..`, `%2e%2e`, `__proto__`,
 * `toString` and deeper paths name no function and never reach the functions service.
 */
export function functionName(path: string): string | null {
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
