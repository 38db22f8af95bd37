import path from 'node:path';
import compression from 'compression';
import express from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { SiteConfig } from 'shared-api/site';
import type { GatewayConfig } from './config';
import { checkUpstreams } from './health';
import { functionsProxy, remotesProxy } from './proxies';
import { publicRegistry, type RegistrySource } from './registry';
import { functionsBodyLimit, functionsRateLimit, securityHeaders } from './security';
import { robots, sitemap } from './seo';
import { createShellPageHandler } from './shell-page';

/** Content-hashed files may be cached for a year; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

function isHashedAsset(urlPath: string): boolean {
  return /\/static\/.+\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i.test(urlPath);
}

export function createGateway(config: GatewayConfig, registry: RegistrySource, log: Logger, site: SiteConfig) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(pinoHttp({ logger: log, autoLogging: { ignore: (req) => req.url === '/healthz' } }));
  app.use(securityHeaders(site));
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

  app.get('/sitemap.xml', sitemap);
  app.get('/robots.txt', robots);

  app.get('/site.json', (_req, res) => {
    res.set('cache-control', 'no-cache').json(site);
  });

  app.get('/remotes.json', (_req, res) => {
    res.set('cache-control', 'no-store').json(publicRegistry(registry.current()));
  });

  app.use('/functions/v1', functionsRateLimit(config));
  app.use(functionsBodyLimit);
  app.use(functionsProxy(config, log));

  // Remotes: hashed chunks immutable, manifests and remoteEntry revalidated.
  app.use('/remotes', (req, res, next) => {
    res.setHeader('cache-control', isHashedAsset(req.path) ? IMMUTABLE : NO_CACHE);
    next();
  });
  app.use(remotesProxy(config, registry, log));

  app.use(
    express.static(config.SHELL_DIST, {
      index: false,
      redirect: false,
      setHeaders: (res, filePath) => {
        const urlPath = `/${path.relative(config.SHELL_DIST, filePath).split(path.sep).join('/')}`;
        res.setHeader('cache-control', isHashedAsset(urlPath) ? IMMUTABLE : NO_CACHE);
      },
    }),
  );
  // A missing asset is a plain 404, not the HTML page.
  app.use('/static', (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.get('/{*splat}', createShellPageHandler(config.SHELL_DIST, registry, site));

  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    req.log.error({ err: error }, 'gateway error');
    if (!res.headersSent) res.status(500).json({ error: 'Internal gateway error' });
  });
  return app;
}
