import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Router } from 'express';
import type { FunctionContext } from '../../context';
import { createBackup } from '../../platform/backup';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `POST /internal/backup`, for `npm run backup` on the same machine: on embedded PGlite only the
 * running service may read its folder. The caller shows the token the service wrote for it at
 * start (a file only the service's user reads). Never proxied: the gateway forwards
 * `/functions/v1/*` alone.
 */
export function backupRoute(ctx: FunctionContext, token: string): Router {
  const router = express.Router();
  router.post('/internal/backup', async (req, res) => {
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(token))) {
      res.status(401).json({ error: 'Unauthorized' });
      return;
    }
    try {
      res.json(await createBackup(ctx.db, ctx.config, ctx.clock.now()));
    } catch (error) {
      ctx.log.error({ err: error }, 'backup failed');
      res.status(500).json({ error: (error as Error).message });
    }
  });
  return router;
}
