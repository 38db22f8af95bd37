import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config';
import type { RegistrySource } from './registry';

/** A dead upstream gets a JSON 502 at once: never a hang, never an HTML stack trace. */
function badGateway(upstream: string, log: Logger) {
  return (error: Error, _req: IncomingMessage, res: ServerResponse | Socket) => {
    log.warn({ upstream, err: error.message }, 'upstream unavailable');
    if (!('writeHead' in res) || res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ error: `Upstream ${upstream} is unavailable` }));
  };
}

/** The event stream stays open for as long as the page does: no upstream timeout for it. */
const REALTIME_PATH = '/functions/v1/realtime';

export function functionsProxy(config: GatewayConfig, log: Logger) {
  const calls = createProxyMiddleware({
    target: config.FUNCTIONS_URL,
    pathFilter: (path) => path.startsWith('/functions/v1') && !path.startsWith(REALTIME_PATH),
    changeOrigin: false,
    xfwd: true,
    proxyTimeout: config.GATEWAY_PROXY_TIMEOUT_MS,
    on: { error: badGateway('functions', log) },
  });
  const streams = createProxyMiddleware({
    target: config.FUNCTIONS_URL,
    pathFilter: REALTIME_PATH,
    changeOrigin: false,
    xfwd: true,
    on: { error: badGateway('functions', log) },
  });
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    if (req.url?.startsWith(REALTIME_PATH)) return void streams(req, res, next);
    return void calls(req, res, next);
  };
}

const REMOTE_PATH = /^\/remotes\/([a-z][a-z0-9_]*)(\/.*)?$/;

/** `/remotes/<name>/…` → that remote's own origin, prefix stripped; unknown names are 404. */
export function remotesProxy(config: GatewayConfig, registry: RegistrySource, log: Logger) {
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    pathFilter: (path) => REMOTE_PATH.test(path),
    router: (req) => {
      const name = REMOTE_PATH.exec(req.url ?? '')?.[1] ?? '';
      const entry = registry.current()[name];
      if (!entry || !('origin' in entry)) throw new Error(`No origin for remote ${name}`);
      return entry.origin;
    },
    pathRewrite: (path) => REMOTE_PATH.exec(path)?.[2] ?? '/',
    changeOrigin: true,
    proxyTimeout: config.GATEWAY_PROXY_TIMEOUT_MS,
    on: { error: badGateway('remote', log) },
  });
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    if (!req.url?.startsWith('/remotes/')) return next();
    const name = REMOTE_PATH.exec(req.url)?.[1];
    const entry = name ? registry.current()[name] : undefined;
    if (!entry || !('origin' in entry)) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ error: 'Unknown remote' }));
      return;
    }
    void proxy(req, res, next);
  };
}
