import path from 'node:path';
import compression from 'compression';
import express from 'express';
import { type Logger, pino } from 'pino';
import type { SiteConfig } from 'shared-api/site';
import { listen } from 'shared-node/listen';
import { type GatewayConfig, loadConfig } from './config';
import { jsonErrorHandler, jsonNotFound } from './errors';
import { functionsRoutes } from './proxies';
import { cspNonce, refusePrivateFiles, requireHost, securityHeaders } from './security';
import { loadSiteConfig } from './site-config';
import { createStandalonePageHandler } from './standalone-page';
import { serveBuild } from './static-files';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface StaticHostOptions {
  /** The app's production build. */
  dist: string;
  /** A standalone app: every unknown page path gets its index.html. */
  spa?: boolean;
  /** The functions service, for the standalone app's own calls. */
  api?: string;
  /**
   * With `api`: the functions the standalone app calls (the door's `abridor`; the back-office's
   * `backoffice`, `backoffice/document`, `backoffice/export`). Nothing else is reachable there:
   * every other function goes through the gateway.
   */
  functions?: readonly string[];
}

/**
 * A remote's own origin (a CDN in production; this stands in for it on one machine). With `api`
 * it is also the standalone door app's origin, a second entrance to the functions: it gets the
 * gateway's own middleware (limits, client address, security headers, JSON errors), not a copy.
 */
export function createStaticHost(options: StaticHostOptions, config: GatewayConfig, log: Logger, site: SiteConfig) {
  const dist = path.resolve(options.dist);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.GATEWAY_TRUST_PROXY);
  // Before the headers: the CSP names this response's nonce, which the page's inline loader carries.
  app.use(requireHost);
  app.use(cspNonce);
  app.use(securityHeaders(site));
  app.use(compression());

  if (options.api) {
    app.use(functionsRoutes({ ...config, FUNCTIONS_URL: options.api }, log, { only: options.functions ?? [] }));
  } else {
    app.use('/functions', jsonNotFound);
  }
  // The standalone page's renderer is run by this host, never sent: judged on the decoded path.
  app.use(refusePrivateFiles(/^\/server\/standalone[^/]*$/i));
  // A standalone app's pages, `/` too, are rendered by its page handler below.
  app.use(
    serveBuild(dist, (res, filePath) => {
      const hashed = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(filePath);
      res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
      // The shell may load a remote's manifest, entry and chunks from another origin (a CDN
      // entry in the registry). Pages are not for other origins.
      if (!filePath.endsWith('.html')) {
        res.setHeader('access-control-allow-origin', '*');
        res.setHeader('cross-origin-resource-policy', 'cross-origin');
      }
    }),
  );
  app.use('/static', jsonNotFound);
  if (options.spa) {
    // A standalone page reads the site's configuration from its own origin, as under the gateway.
    app.get('/site.json', (_req, res) => {
      res.set('cache-control', 'no-cache').json(site);
    });
    app.get('/{*splat}', createStandalonePageHandler(dist, site, log));
  }
  app.use(jsonNotFound);
  app.use(jsonErrorHandler(log));
  return app;
}

export async function startStaticHost(
  options: StaticHostOptions & { port: number; host: string },
  config: GatewayConfig = loadConfig(),
  site: SiteConfig = loadSiteConfig(),
) {
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'static' } });
  const app = createStaticHost(options, config, log, site);
  const { server, port, close } = await listen(app, { port: options.port, host: options.host, behindGateway: true });
  return { server, url: `http://${options.host}:${port}`, stop: () => close(5_000) };
}
