import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { noQuery } from '../../http/input-guards';
import { checkSharedAgainstShell, manifestSchema, type ManifestShared } from '@home-energy/shared/mfe/compat';
import { REMOTES } from '@home-energy/shared/remotes';
import { releaseActivateParamsSchema, type AdminRelease, type AdminReleaseList } from '@home-energy/shared/schemas/admin';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { audit } from '../audit/record';
import { activateRelease, listReleases, ReleaseError, type ReleaseSettings } from '../releases/service';
import { findRelease, type ReleaseRow } from '../releases/repository';

/** The running shell's shared singletons, from its mf-manifest.json (null when the shell is not built). */
function shellShared(settings: ReleaseSettings): ManifestShared[] | null {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(path.join(settings.SHELL_DIST, 'mf-manifest.json'), 'utf8')));
    return parsed.success ? parsed.data.shared : null;
  } catch {
    return null;
  }
}

function view(row: ReleaseRow, shell: ManifestShared[] | null): AdminRelease {
  // The release's shared[] was stored from its mf-manifest.json at release time; checked against today's shell.
  const checks = shell ? checkSharedAgainstShell(row.shared as ManifestShared[], shell) : null;
  return {
    version: row.version,
    active: row.active,
    releasedBy: row.releasedBy,
    releasedAt: row.releasedAt.toISOString(),
    activatedBy: row.activatedBy,
    activatedAt: row.activatedAt?.toISOString() ?? null,
    files: row.files,
    bytes: row.bytes,
    checks,
    compatible: checks ? checks.every((c) => c.ok) : null,
  };
}

/** /api/admin/releases: every remote's versions with the shared-dependency check, and activation (rollback). */
export function releaseRoutes(db: Db, settings: ReleaseSettings): Router {
  const router = Router();
  router.use(noQuery);

  router.get('/', async (_req, res) => {
    const rows = await listReleases(db);
    const shell = shellShared(settings);
    const body: AdminReleaseList = {
      remotes: REMOTES.map(({ package: remote }) => ({ remote, releases: rows.filter((r) => r.remote === remote).map((r) => view(r, shell)) })),
      shell: shell ? { shared: shell.map((s) => ({ name: s.name, version: s.version })) } : null,
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post('/:remote/:version/activate', async (req, res) => {
    const { remote, version } = parse(releaseActivateParamsSchema, req.params, 'params');
    const release = await findRelease(db, remote, version);
    if (!release) throw new HttpError(404, 'not_found', `${remote} has no release ${version}.`);
    if (release.active) {
      res.locals.audited = true;
      res.json(view(release, shellShared(settings)));
      return;
    }
    const shell = shellShared(settings);
    if (!shell) throw new HttpError(409, 'conflict', 'The shell is not built (its mf-manifest.json is missing), so the release cannot be checked.');
    const checks = checkSharedAgainstShell(release.shared as ManifestShared[], shell);
    const failed = checks.filter((c) => !c.ok);
    if (failed.length > 0) {
      throw new HttpError(409, 'incompatible', `Refusing to activate ${remote} ${version}: ${failed.map((c) => c.problem).join('; ')}.`, failed.map((c) => ({ path: c.name, message: c.problem ?? '' })));
    }
    const previous = (await listReleases(db, remote)).find((r) => r.active);
    const by = req.user!.email ?? `staff:${req.user!.id}`;
    try {
      await db.transaction(async (tx) => {
        // The release service's own transaction becomes a savepoint here, so activation and its audit row commit together.
        await activateRelease(tx as unknown as Db, settings, remote, version, by);
        await audit(tx, req, res, {
          action: 'release.activate',
          target: `${remote}@${version}`,
          details: { remote, version, previous: previous?.version ?? null, rollback: !!previous && previous.releasedAt > release.releasedAt },
        });
      });
    } catch (error) {
      if (error instanceof ReleaseError) throw new HttpError(409, 'conflict', error.message);
      throw error;
    }
    res.json(view((await findRelease(db, remote, version))!, shell));
  });

  return router;
}
