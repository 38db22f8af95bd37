import express, { type Router } from 'express';
import { FUNCTIONS_BASE_PATH } from 'shared-api';
import type { FunctionContext } from '../../context';
import { createMetrics, readHealth } from '../../platform/observability';
import type { FunctionDefinition } from '../router';

/**
 * For whoever runs the service, on its own port (the gateway forwards `/functions/v1/*` alone):
 * `/healthz` says what is degraded (200 while it serves, 503 when the database is away), and
 * `/metrics` is Prometheus's. `measure` times every request for the metrics.
 */
export function operatorRoutes(ctx: FunctionContext, definitions: FunctionDefinition[]) {
  const metrics = createMetrics(
    ctx.db,
    ctx.clock,
    definitions.map((definition) => definition.name),
    FUNCTIONS_BASE_PATH,
  );
  const router: Router = express.Router();
  router.get('/healthz', async (_req, res) => {
    const health = await readHealth(ctx.db, ctx.clock);
    if (health.status === 'error') ctx.log.error('health check: the database does not answer');
    res
      .status(health.status === 'error' ? 503 : 200)
      .set('cache-control', 'no-store')
      .json(health);
  });
  router.get('/metrics', async (_req, res) => {
    try {
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    } catch (error) {
      ctx.log.error({ err: error }, 'metrics could not be read');
      res.status(503).type('text/plain').send('# the database does not answer\n');
    }
  });
  return { router, measure: metrics.measure };
}
