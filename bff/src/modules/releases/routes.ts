import { Router } from 'express';
import { noQuery } from '../../http/input-guards';
import { REMOTES, type Registry } from '@home-energy/shared/remotes';
import type { Db } from '../../db/client';
import { activeReleases } from './service';

/** GET /api/mfe/registry: where the shell finds each remote's active release (never cached). */
export function registryRoutes(db: Db): Router {
  const router = Router();
  router.use(noQuery);
  router.get('/registry', async (req, res) => {
    const active = await activeReleases(db);
    const origin = `${req.protocol}://${req.get('host')}`;
    const body: Registry = {
      remotes: REMOTES.flatMap((remote) => {
        const release = active.find((r) => r.remote === remote.package);
        return release
          ? [{ name: remote.name, package: remote.package, version: release.version, entry: `${origin}/mfe/${remote.package}/${release.version}/mf-manifest.json` }]
          : [];
      }),
    };
    res.set('Cache-Control', 'no-cache').json(body);
  });
  return router;
}
