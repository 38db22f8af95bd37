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
    const health = await readHealth(ctx.db, ctx.clock, () => ctx.documents.writable());
    if (health.status === 'error') ctx.log.error('health check: the database does not answer');
    res
      .status(health.status === 'error' ? 503 : 200)
      .set('cache-control', 'no-store')
      .json(health);
  });
  router.get('/metrics', async (_req, res) => {
    // The database's gauges leave themselves out when it does not answer (metrics_unreadable_total).
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return { router, measure: metrics.measure };
}
