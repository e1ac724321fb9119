import { Router } from 'express';
import type { Db } from '../../db/client';
import { requireSuperAdmin } from '../../auth/guards';
import { listReleases } from '../releases/service';

/** /api/admin/*: super admins only. */
export function adminRoutes(db: Db): Router {
  const router = Router();
  router.use(requireSuperAdmin);
  router.get('/releases', async (_req, res) => {
    const rows = await listReleases(db);
    res.set('Cache-Control', 'no-store').json({
      releases: rows.map((r) => ({
        remote: r.remote,
        version: r.version,
        active: r.active,
        releasedBy: r.releasedBy,
        releasedAt: r.releasedAt.toISOString(),
        activatedBy: r.activatedBy,
        activatedAt: r.activatedAt?.toISOString() ?? null,
      })),
    });
  });
  return router;
}
