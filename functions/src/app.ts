import express, { type NextFunction, type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { FunctionContext } from './context';
import { HttpError } from './http-error';
import { createFunctionsRouter, type FunctionDefinition } from './router';

/** Body limit of JSON calls; document uploads have their own limit. */
export const JSON_BODY_LIMIT = '100kb';

export function createApp(ctx: FunctionContext, definitions: FunctionDefinition[]) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(pinoHttp({ logger: ctx.log, autoLogging: { ignore: (req) => req.url === '/healthz' } }));

  app.get('/healthz', async (_req, res) => {
    try {
      await ctx.db.query('select 1');
      res.json({ status: 'ok', database: ctx.db.kind });
    } catch (error) {
      ctx.log.error({ err: error }, 'health check failed');
      res.status(503).json({ status: 'error', database: ctx.db.kind, error: 'Database unavailable' });
    }
  });

  // The raw bytes stay available: provider webhooks sign them.
  app.use(
    express.json({
      limit: JSON_BODY_LIMIT,
      verify: (req, _res, buf) => {
        (req as { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );
  // The sandbox checkout and the signing pages post plain HTML forms.
  app.use(express.urlencoded({ extended: false, limit: '16kb' }));
  app.use(createFunctionsRouter(definitions, ctx));
  app.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof HttpError) {
      res.status(error.status).json({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) });
      return;
    }
    const status = (error as { status?: unknown }).status;
    const type = (error as { type?: unknown }).type;
    if (type === 'entity.too.large') {
      res.status(413).json({ error: 'Request body too large' });
      return;
    }
    if (type === 'entity.parse.failed' || (typeof status === 'number' && status >= 400 && status < 500)) {
      res.status(400).json({ error: 'Invalid JSON body' });
      return;
    }
    req.log.error({ err: error }, 'function failed');
    res.status(500).json({ error: 'Internal server error' });
  });
  return app;
}
