import { Router } from 'express';
import { noQuery } from '../../http/input-guards';
import { REMOTES, type Registry } from '@home-energy/shared/remotes';
import type { Db } from '../../db/client';
import { activeReleases } from './service';

/**
 * GET /api/mfe/registry: where the shell finds each remote's active release (never cached), and whether this is
 * the demo. Entry URLs use MFE_PUBLIC_URL (a CDN) when set, else PUBLIC_URL's /mfe (always set in production): the Host
 * header is the client's to choose.
 */
export function registryRoutes(db: Db, options: { publicUrl?: string; filesUrl?: string; demo: boolean }): Router {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  const filesBase = options.filesUrl?.replace(/\/+$/, '');
  const router = Router();
  router.use(noQuery);
  router.get('/registry', async (req, res) => {
    const active = await activeReleases(db);
    const base = filesBase ?? `${publicOrigin ?? `${req.protocol}://${req.get('host')}`}/mfe`;
    const body: Registry = {
      remotes: REMOTES.flatMap((remote) => {
        const release = active.find((r) => r.remote === remote.package);
        return release
          ? [{ name: remote.name, package: remote.package, version: release.version, entry: `${base}/${remote.package}/${release.version}/mf-manifest.json` }]
          : [];
      }),
      ...(options.demo ? { demo: true } : {}),
    };
    res.set('Cache-Control', 'no-cache').json(body);
  });
  return router;
}
