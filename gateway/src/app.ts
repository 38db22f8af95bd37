import path from 'node:path';
import compression from 'compression';
import express from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { SiteConfig } from 'shared-api/site';
import { requestLogOptions } from 'shared-node/request-log';
import type { GatewayConfig } from './config';
import { jsonErrorHandler, jsonNotFound } from './errors';
import { checkUpstreams } from './health';
import { createPageCache } from './page-cache';
import { functionsRoutes, remotesProxy } from './proxies';
import type { SharedRateLimits } from './rate-limit-store';
import { publicRegistry, publishedOrigins, type RegistrySource } from './registry';
import { cspNonce, refusePrivateFiles, requireHost, securityHeaders } from './security';
import { robots, sitemap } from './seo';
import { createManifestReader, createRendererSource, createStylesheetReader } from './server-render';
import { createShellPageHandler } from './shell-page';
import { serveBuild } from './static-files';

/** Content-hashed files may be cached for a year; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

function isHashedAsset(urlPath: string): boolean {
  return /\/static\/.+\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(urlPath);
}

export function createGateway(
  config: GatewayConfig,
  registry: RegistrySource,
  log: Logger,
  site: SiteConfig,
  /** `sharedLimits`: rate limits kept with the other gateways' (GATEWAY_DATABASE_URL). */
  { sharedLimits }: { sharedLimits?: SharedRateLimits } = {},
) {
  const app = express();
  app.disable('x-powered-by');
  // The gateway is the edge: the client is whoever connected, unless a load balancer in front of
  // it is configured. Otherwise a client's own X-Forwarded-For would choose its rate-limit bucket.
  app.set('trust proxy', config.GATEWAY_TRUST_PROXY);
  app.use(pinoHttp({ logger: log, ...requestLogOptions((req) => req.url === '/healthz') }));
  app.use(requireHost);
  app.use(cspNonce);
  app.use(securityHeaders(site, () => publishedOrigins(registry.current())));
  // Server-Sent Events must reach the browser unbuffered.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader('content-type') ?? '').includes('text/event-stream') && compression.filter(req, res),
    }),
  );

  app.get('/healthz', async (_req, res) => {
    const health = await checkUpstreams(config, registry);
    res
      .status(health.status === 'ok' ? 200 : 503)
      .set('cache-control', 'no-store')
      .json(health);
  });

  app.get('/sitemap.xml', sitemap(config.PUBLIC_SITE_URL));
  app.get('/robots.txt', robots(config.PUBLIC_SITE_URL));

  app.get('/site.json', (_req, res) => {
    res.set('cache-control', 'no-cache').json(site);
  });

  app.get('/remotes.json', (_req, res) => {
    res.set('cache-control', 'no-store').json(publicRegistry(registry.current()));
  });

  app.use(functionsRoutes(config, log, { sharedLimits }));
  // Source maps carry the whole source: kept for error tracking, never served. A remote's server
  // container is for the renderer, which reads it from the remote's origin; the shell's own server
  // build (dist/server) is read from disk. Judged decoded.
  app.use(refusePrivateFiles(/^\/remotes\/[^/]+\/server(\/|$)/i, /^\/server(\/|$)/i));
  // Remotes: hashed chunks immutable, manifests and remoteEntry revalidated.
  app.use('/remotes', (req, res, next) => {
    res.setHeader('cache-control', isHashedAsset(req.path) ? IMMUTABLE : NO_CACHE);
    next();
  });
  app.use(remotesProxy(config, registry, log));

  app.use(
    serveBuild(config.SHELL_DIST, (res, filePath) => {
      const urlPath = `/${path.relative(config.SHELL_DIST, filePath).split(path.sep).join('/')}`;
      res.setHeader('cache-control', isHashedAsset(urlPath) ? IMMUTABLE : NO_CACHE);
    }),
  );
  // A missing asset is a JSON 404, not the HTML page.
  app.use('/static', jsonNotFound);
  app.get(
    '/{*splat}',
    createShellPageHandler(config.SHELL_DIST, registry, site, config.PUBLIC_SITE_URL, {
      renderer: createRendererSource(config.SHELL_DIST, log, site),
      manifest: createManifestReader(log),
      stylesheet: createStylesheetReader(log),
      log,
      cache: createPageCache(),
    }),
  );
  app.use(jsonNotFound);
  app.use(jsonErrorHandler(log));
  return app;
}
