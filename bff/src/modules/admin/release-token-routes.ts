import { Router } from 'express';
import {
  releaseTokenCreateSchema,
  releaseTokenParamsSchema,
  type AdminReleaseToken,
  type AdminReleaseTokenCreated,
} from '@home-energy/shared/schemas/admin';
import type { RemotePackage } from '@home-energy/shared/remotes';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { noQuery } from '../../http/input-guards';
import { audit } from '../audit/record';
import { createReleaseToken, listReleaseTokens, revokeReleaseToken, type ReleaseTokenRow } from '../releases/tokens';

function view(row: ReleaseTokenRow): AdminReleaseToken {
  return {
    id: row.id,
    remote: row.remote as RemotePackage,
    label: row.label,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedBy,
  };
}

/** /api/admin/release-tokens: the tokens teams release with from their CI; made (shown once), listed, revoked. */
export function releaseTokenRoutes(db: Db): Router {
  const router = Router();
  router.use(noQuery);

  router.get('/', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ tokens: (await listReleaseTokens(db)).map(view) });
  });

  router.post('/', async (req, res) => {
    const { remote, label } = parse(releaseTokenCreateSchema, req.body, 'body');
    const by = req.user!.email ?? `staff:${req.user!.id}`;
    const created = await db.transaction(async (tx) => {
      const made = await createReleaseToken(tx as unknown as Db, remote, label, by);
      await audit(tx, req, res, {
        action: 'release_token.create',
        target: `release-token:${made.row.id}`,
        details: { remote, label },
      });
      return made;
    });
    const body: AdminReleaseTokenCreated = { ...view(created.row), token: created.token };
    res.status(201).set('Cache-Control', 'no-store').json(body);
  });

  router.post('/:id/revoke', async (req, res) => {
    const { id } = parse(releaseTokenParamsSchema, req.params, 'params');
    const by = req.user!.email ?? `staff:${req.user!.id}`;
    const revoked = await db.transaction(async (tx) => {
      const row = await revokeReleaseToken(tx as unknown as Db, id, by);
      if (row)
        await audit(tx, req, res, {
          action: 'release_token.revoke',
          target: `release-token:${id}`,
          details: { remote: row.remote, label: row.label },
        });
      return row;
    });
    if (!revoked) throw new HttpError(404, 'not_found', 'No such release token, or it is already revoked.');
    res.json(view(revoked));
  });
  return router;
}
