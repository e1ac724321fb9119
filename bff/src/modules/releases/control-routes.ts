import { Router, type Request, type Response } from 'express';
import type { RemotePackage } from '@home-energy/shared/remotes';
import type { AuditActionName } from '@home-energy/shared/schemas/activity-keys';
import {
  releaseActivateParamsSchema,
  releaseAudienceSchema,
  type AdminRemoteReleases,
} from '@home-energy/shared/schemas/admin';
import type { Db } from '../../db/client';
import { parse } from '../../http/errors';
import { noQuery } from '../../http/input-guards';
import { activateCompatible, releaseViews, rollBackCanary, setReleaseAudience, type ReleaseChange } from './control';
import type { ReleaseSettings } from './service';
import { auditTokenUse, releaseTokenGuard, tokenActor } from './token-auth';
import { markReleaseTokenUsed, type ReleaseTokenRow } from './tokens';

/** A change that changed nothing writes no change row, but the call is still in the audit log. */
async function answer(db: Db, req: Request, res: Response, action: AuditActionName, change: ReleaseChange) {
  const token = res.locals.releaseToken as ReleaseTokenRow;
  const { version } = change.release;
  if (!change.changed) {
    const target = `${token.remote}@${version}`;
    await auditTokenUse(db, req, token, token.remote, action, { version, unchanged: true }, target);
  }
  await markReleaseTokenUsed(db, token.id);
  res.json(change.release);
}

/**
 * /api/releases/:remote (GET) and /api/releases/:remote/:version/{audience,activate,rollback} with a release token of
 * that remote: what a super admin does on the Releases page, from a team's CI. The same functions (control.ts) as the
 * admin routes, so the shared-singleton check runs before any activation on both paths.
 */
export function releaseControlRoutes(db: Db, settings: ReleaseSettings): Router {
  const router = Router();
  router.use(noQuery);
  const guard = releaseTokenGuard(db);
  const ctx = { db, settings };
  const releaseOf = (req: Request) => parse(releaseActivateParamsSchema, req.params, 'params');
  const actor = (req: Request, res: Response) => tokenActor(req, res.locals.releaseToken as ReleaseTokenRow);

  router.get('/:remote', ...guard, async (req, res) => {
    const token = res.locals.releaseToken as ReleaseTokenRow;
    const remote = token.remote as RemotePackage;
    const releases = (await releaseViews(db, settings, remote)).map((v) => v.release);
    const body: AdminRemoteReleases = { remote, releases };
    await auditTokenUse(db, req, token, remote, 'release.list', {});
    await markReleaseTokenUsed(db, token.id);
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post('/:remote/:version/audience', ...guard, async (req, res) => {
    const release = releaseOf(req);
    const audience = parse(releaseAudienceSchema, req.body, 'body');
    const change = await setReleaseAudience(ctx, release, audience, actor(req, res));
    await answer(db, req, res, audience.kind === 'everyone' ? 'release.activate' : 'release.canary', change);
  });

  router.post('/:remote/:version/activate', ...guard, async (req, res) => {
    const change = await activateCompatible(ctx, releaseOf(req), actor(req, res));
    await answer(db, req, res, 'release.activate', change);
  });

  router.post('/:remote/:version/rollback', ...guard, async (req, res) => {
    const change = await rollBackCanary(ctx, releaseOf(req), actor(req, res));
    await answer(db, req, res, 'release.rollback', change);
  });

  return router;
}
