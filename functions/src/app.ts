import { STATUS_CODES } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import { requestLogOptions } from 'shared-node/request-log';
import { StorageUnavailable } from './adapters/document-storage';
import type { FunctionContext } from './context';
import { backupRoute } from './http/operator/backup';
import { operatorRoutes } from './http/operator/health';
import { createFunctionsRouter, type FunctionDefinition } from './http/router';
import { isDatabaseUnavailable } from './platform/db/unavailable';
import { HttpError } from './platform/http-error';

/** Body limit of JSON calls; document uploads have their own limit. */
const JSON_BODY_LIMIT = '100kb';

/**
 * Whose X-Forwarded-For the service believes: its gateway's, and of that header only the last
 * address, the one the gateway wrote; whatever comes before it is a client's own claim. The
 * setting lists the gateway's addresses (IP, CIDR, `loopback`…); `none` believes nobody, for a
 * service that faces its clients itself.
 */
export function trustGatewayHop(setting: string) {
  const addresses = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (addresses.length === 0 || addresses.includes('none') || addresses.includes('false')) return false;
  // Express parses the list (proxy-addr; a wrong entry fails the start); the one hop is ours.
  const probe = express();
  probe.set('trust proxy', addresses);
  const isGateway = probe.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return (address: string, hop: number) => hop === 0 && isGateway(address, hop);
}

export function createApp(
  ctx: FunctionContext,
  definitions: FunctionDefinition[],
  /** `backupToken`: the running service makes backups for `npm run backup` (server.ts). */
  { backupToken }: { backupToken?: string } = {},
) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustGatewayHop(ctx.config.FUNCTIONS_TRUST_PROXY));
  app.use(
    pinoHttp({ logger: ctx.log, ...requestLogOptions((req) => req.url === '/healthz' || req.url === '/metrics') }),
  );

  const operator = operatorRoutes(ctx, definitions);
  app.use(operator.measure);
  app.use(operator.router);

  // The raw bytes stay available: provider webhooks sign them.
  app.use(
    express.json({
      limit: JSON_BODY_LIMIT,
      verify: (req, _res, buf) => {
        (req as { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );
  if (backupToken) app.use(backupRoute(ctx, backupToken));
  // The sandbox checkout and the signing pages post plain HTML forms.
  app.use(express.urlencoded({ extended: false, limit: '16kb' }));
  app.use(createFunctionsRouter(definitions, ctx));
  app.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      // Half an answer is out (a stream, a page): the connection is all that is left to end.
      req.log.error({ err: error }, 'function failed while answering');
      res.destroy();
      return;
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) res.set('retry-after', String(error.retryAfterSeconds));
      res.status(error.status).json({
        error: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.fields ? { fields: error.fields } : {}),
      });
      return;
    }
    const { status, type, expose, message } = (error ?? {}) as {
      status?: unknown;
      type?: unknown;
      expose?: unknown;
      message?: unknown;
    };
    if (type === 'entity.too.large') {
      res.status(413).json({ error: 'Request body too large' });
      return;
    }
    if (type === 'entity.parse.failed') {
      res.status(400).json({ error: 'Invalid JSON body' });
      return;
    }
    if (type === 'request.size.invalid') {
      res.status(400).json({ error: 'Request body does not match its Content-Length' });
      return;
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // http-errors marks the messages written for the client (body parser, router); only those go out.
      const text = expose === true && typeof message === 'string' && message ? message : STATUS_CODES[status];
      res.status(status).json({ error: text ?? 'Bad request' });
      return;
    }
    if (error instanceof StorageUnavailable) {
      // Nothing was kept (the write and its transaction are undone): the person tries again later.
      req.log.error({ err: error }, 'documents folder refused a write');
      res.set('retry-after', '60').status(503).json({ error: 'Documents cannot be stored right now: try again later' });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      // Restarting or unreachable: the same call works again in a moment, without a restart here.
      req.log.warn({ err: error }, 'database unavailable');
      res.set('retry-after', '5').status(503).json({ error: 'Service briefly unavailable: try again in a moment' });
      return;
    }
    req.log.error({ err: error }, 'function failed');
    res.status(500).json({ error: 'Internal server error' });
  });
  return app;
}
