import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { addressKey, callerKey } from './client-key';
import type { GatewayConfig } from './config';
import { sendJsonError } from './errors';
import type { SharedRateLimits } from './rate-limit-store';
import type { RegistrySource } from './registry';
import { functionName, functionsBodyLimit, functionsRateLimit, sameOriginWrites } from './security';

/** A dead upstream gets a JSON 502 at once: never a hang, never an HTML stack trace. */
function badGateway(upstream: string, log: Logger) {
  return (error: Error, _req: IncomingMessage, res: ServerResponse | Socket) => {
    log.warn({ upstream, err: error.message }, 'upstream unavailable');
    if (!('writeHead' in res)) {
      res.destroy();
      return;
    }
    sendJsonError(res, 502, `Upstream ${upstream} is unavailable`);
  };
}

/** The functions are for this origin's pages only: no answer of theirs opens them to other origins. */
function dropCorsHeaders(proxyRes: IncomingMessage): void {
  for (const name of Object.keys(proxyRes.headers)) {
    if (name.startsWith('access-control-')) delete proxyRes.headers[name];
  }
}

function agentFor(target: string, options: http.AgentOptions): http.Agent {
  return new URL(target).protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
}

/**
 * The functions service learns the client's address from the gateway alone: the address Express
 * settled on (GATEWAY_TRUST_PROXY decides whose word counts), written over whatever the client
 * sent, so a forged X-Forwarded-For never reaches the throttles and the audit log.
 */
function forwardClient(req: Request): void {
  req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  req.headers['x-forwarded-proto'] = req.protocol;
  req.headers['x-forwarded-host'] = req.host ?? '';
  delete req.headers['x-forwarded-port'];
  delete req.headers.forwarded;
}

/**
 * Open realtime streams per client and in all. Past the client's share: 429; past the total:
 * 503. Either way at once, never a request queued behind streams that may last for hours.
 */
function streamSlots(
  config: Pick<GatewayConfig, 'GATEWAY_STREAMS_PER_CLIENT' | 'GATEWAY_STREAMS_PER_ADDRESS' | 'GATEWAY_MAX_STREAMS'>,
) {
  const perCaller = new Map<string, number>();
  const perAddress = new Map<string, number>();
  const release = (counts: Map<string, number>, key: string) => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };
  let open = 0;
  return (req: Request, res: Response, next: NextFunction) => {
    // The same callers as the rate limit: a session, else an address (one IPv6 /56).
    const caller = callerKey(req);
    const address = addressKey(req);
    if (
      (perCaller.get(caller) ?? 0) >= config.GATEWAY_STREAMS_PER_CLIENT ||
      (perAddress.get(address) ?? 0) >= config.GATEWAY_STREAMS_PER_ADDRESS
    ) {
      sendJsonError(res, 429, 'Too many open event streams from this address', { 'retry-after': '30' });
      return;
    }
    if (open >= config.GATEWAY_MAX_STREAMS) {
      sendJsonError(res, 503, 'Too many open event streams, please try again later', { 'retry-after': '30' });
      return;
    }
    open += 1;
    perCaller.set(caller, (perCaller.get(caller) ?? 0) + 1);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    res.once('close', () => {
      open -= 1;
      release(perCaller, caller);
      release(perAddress, address);
    });
    next();
  };
}

/** The event stream stays open for as long as the page does. */
const REALTIME = 'realtime';

export interface FunctionsRouteOptions {
  /** Only these functions are reachable (a side entrance such as the standalone door origin). */
  only?: readonly string[];
  /** The rate limits shared with the other gateways (PostgreSQL); each gateway's own otherwise. */
  sharedLimits?: SharedRateLimits;
}

/**
 * Everything under `/functions`: a path that names no function (or none allowed here) is a JSON
 * 404 without an upstream call; the rest is rate-limited per client, its declared body size
 * checked, and proxied. Calls and event streams have separate connection pools: a stream holds
 * its socket for as long as the page is open, and a shared pool (256 sockets per upstream) full
 * of streams would leave every other call waiting for a socket.
 */
export function functionsRoutes(config: GatewayConfig, log: Logger, options: FunctionsRouteOptions = {}) {
  const allowed = options.only ? new Set(options.only) : null;
  const calls = createProxyMiddleware<Request, Response>({
    target: config.FUNCTIONS_URL,
    changeOrigin: false,
    // Idle sockets are closed long before the functions service closes them (65 s): a reused
    // socket is never one the upstream is resetting.
    agent: agentFor(config.FUNCTIONS_URL, { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 5_000 }),
    proxyTimeout: config.GATEWAY_PROXY_TIMEOUT_MS,
    on: { error: badGateway('functions', log), proxyRes: dropCorsHeaders },
  });
  const streams = createProxyMiddleware<Request, Response>({
    target: config.FUNCTIONS_URL,
    changeOrigin: false,
    // No upstream timeout and no reuse: a stream ends when the page goes.
    agent: agentFor(config.FUNCTIONS_URL, { keepAlive: false, maxSockets: config.GATEWAY_MAX_STREAMS }),
    on: { error: badGateway('functions', log), proxyRes: dropCorsHeaders },
  });
  const streamSlot = streamSlots(config);

  const router = express.Router();
  router.use((req, _res, next) => {
    next(req.path === '/functions' || req.path.startsWith('/functions/') ? undefined : 'router');
  });
  router.use(functionsRateLimit(config, options.sharedLimits));
  router.use((req, res, next) => {
    const name = functionName(req.path);
    if (name === null || (allowed && !allowed.has(name))) {
      sendJsonError(res, 404, name === null ? 'Not found' : `Unknown function: ${name}`);
      return;
    }
    forwardClient(req);
    next();
  });
  router.use(sameOriginWrites(config.PUBLIC_SITE_URL));
  router.use(functionsBodyLimit);
  router.use((req, res, next) => {
    if (functionName(req.path) !== REALTIME) return void calls(req, res, next);
    streamSlot(req, res, () => void streams(req, res, next));
  });
  return router;
}

const REMOTE_PATH = /^\/remotes\/([a-z][a-z0-9_]*)(\/.*)?$/;

/**
 * `/remotes/<name>/…` → that remote's own origin, prefix stripped; unknown names are 404. A
 * remote's origin serves files: only GET and HEAD go there, and never a `/functions` path.
 */
export function remotesProxy(config: GatewayConfig, registry: RegistrySource, log: Logger) {
  const originOf = (name: string | undefined) => {
    const remotes = registry.current();
    const entry = name && Object.hasOwn(remotes, name) ? remotes[name] : undefined;
    return entry && 'origin' in entry ? entry.origin : undefined;
  };
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    router: (req) => {
      const origin = originOf(REMOTE_PATH.exec(req.url ?? '')?.[1]);
      if (!origin) throw new Error('No origin for this remote');
      return origin;
    },
    pathRewrite: (path) => REMOTE_PATH.exec(path)?.[2] ?? '/',
    changeOrigin: true,
    proxyTimeout: config.GATEWAY_PROXY_TIMEOUT_MS,
    on: { error: badGateway('remote', log) },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.url.startsWith('/remotes/')) return next();
    const match = REMOTE_PATH.exec(req.path);
    if (!match || !originOf(match[1])) {
      sendJsonError(res, 404, 'Unknown remote');
      return;
    }
    if (match[2]?.startsWith('/functions/')) {
      sendJsonError(res, 404, 'Not found');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJsonError(res, 405, 'Method not allowed', { allow: 'GET, HEAD' });
      return;
    }
    void proxy(req, res, next);
  };
}
