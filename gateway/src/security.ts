import type { NextFunction, Request, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import type { SiteConfig } from 'shared-api/site';
import { BODY_LIMITS_BYTES, DEFAULT_BODY_LIMIT_BYTES, type GatewayConfig } from './config';
import { thirdPartySources } from './site-config';

/**
 * Content-Security-Policy: only what the pages need. Everything is same-origin (shell, remotes
 * through the proxy, functions); the registry is inlined as a JSON data block, which CSP does not
 * treat as script. Third-party widgets (maps, scheduling, payments) add their hosts when they land.
 */
export function securityHeaders(site: SiteConfig) {
  const extra = thirdPartySources(site);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra.script],
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
  });
}

export function functionsRateLimit(config: Pick<GatewayConfig, 'GATEWAY_RATE_LIMIT'>) {
  return rateLimit({
    windowMs: 60_000,
    limit: config.GATEWAY_RATE_LIMIT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: 'Too many requests, please try again in a minute' });
    },
  });
}

/**
 * Refuses oversized bodies before they reach the functions service. The declared length is
 * checked; a body without one (chunked) is refused, since browsers always declare it.
 */
export function functionsBodyLimit(req: Request, res: Response, next: NextFunction) {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
  const name = req.path.replace(/^\/functions\/v1\//, '').split('/')[0] ?? '';
  const limit = BODY_LIMITS_BYTES[name] ?? DEFAULT_BODY_LIMIT_BYTES;
  const declared = req.headers['content-length'];
  if (declared === undefined) {
    if (req.headers['transfer-encoding']) {
      res.status(411).json({ error: 'Content-Length required' });
      return;
    }
    return next();
  }
  if (Number(declared) > limit) {
    res.status(413).json({ error: 'Request body too large' });
    return;
  }
  next();
}
