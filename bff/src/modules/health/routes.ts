import { Router } from 'express';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readsOnly } from '../../db/tracked-db';
import { migrationsApplied } from '../../db/migrate';

/** /healthz: the process answers. /readyz: the database answers and is migrated, so traffic may come. */
export function healthRoutes(db: Db): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await readsOnly(db).execute(sql`select 1`);
      if (!(await migrationsApplied(db))) {
        res.status(503).set('Retry-After', '1').json({ status: 'unavailable', reason: 'migrations pending' });
        return;
      }
      res.json({ status: 'ready' });
    } catch {
      res.status(503).set('Retry-After', '1').json({ status: 'unavailable', reason: 'database unreachable' });
    }
  });
  return router;
}
