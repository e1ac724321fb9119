import { Router, type Request, type Response } from 'express';
import { noQuery } from '../../http/input-guards';
import { REMOTES } from '@home-energy/shared/remotes';
import {
  releaseActivateParamsSchema,
  releaseAudienceSchema,
  type AdminReleaseList,
} from '@home-energy/shared/schemas/admin';
import type { Db } from '../../db/client';
import { parse } from '../../http/errors';
import { audit } from '../audit/record';
import { shellManifest, type ReleaseSettings } from '../releases/service';
import {
  activateCompatible,
  releaseViews,
  rollBackCanary,
  setReleaseAudience,
  type ReleaseActor,
  type ReleaseChange,
} from '../releases/control';

/** The signed-in super admin as the actor of a release change. */
const staffActor = (req: Request, res: Response): ReleaseActor => ({
  by: req.user!.email ?? `staff:${req.user!.id}`,
  record: (tx, entry) => audit(tx, req, res, entry),
});

/** Answers the change; one that changed nothing is not audited (the catch-all would otherwise record it). */
function answer(res: Response, change: ReleaseChange): void {
  res.locals.audited = true;
  res.json(change.release);
}

/**
 * /api/admin/releases: every remote's versions with the shared-dependency check and health; audience, promotion,
 * rollback.
 */
export function releaseRoutes(db: Db, settings: ReleaseSettings): Router {
  const router = Router();
  router.use(noQuery);

  router.get('/', async (_req, res) => {
    const views = await releaseViews(db, settings);
    const shell = shellManifest(settings);
    const body: AdminReleaseList = {
      remotes: REMOTES.map(({ package: remote }) => ({
        remote,
        releases: views.filter((v) => v.remote === remote).map((v) => v.release),
      })),
      shell: shell
        ? {
            shared: shell.shared.map((s) => ({ name: s.name, version: s.version })),
            runtime: shell.metaData.pluginVersion ?? null,
          }
        : null,
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  const ctx = { db, settings };
  const releaseOf = (req: Request) => parse(releaseActivateParamsSchema, req.params, 'params');

  router.post('/:remote/:version/activate', async (req, res) => {
    answer(res, await activateCompatible(ctx, releaseOf(req), staffActor(req, res)));
  });

  router.post('/:remote/:version/audience', async (req, res) => {
    const release = releaseOf(req);
    const audience = parse(releaseAudienceSchema, req.body, 'body');
    answer(res, await setReleaseAudience(ctx, release, audience, staffActor(req, res)));
  });

  router.post('/:remote/:version/rollback', async (req, res) => {
    answer(res, await rollBackCanary(ctx, releaseOf(req), staffActor(req, res)));
  });

  return router;
}
