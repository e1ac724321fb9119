import fs from 'node:fs';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import { eq } from 'drizzle-orm';
import { noQuery } from '../../http/input-guards';
import { checkSharedAgainstShell, manifestSchema, type ManifestShared } from '@home-energy/shared/mfe/compat';
import { REMOTES, type RemotePackage } from '@home-energy/shared/remotes';
import { releaseActivateParamsSchema, releaseAudienceSchema, type AdminRelease, type AdminReleaseHealth, type AdminReleaseList } from '@home-energy/shared/schemas/admin';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { audit } from '../audit/record';
import { activateRelease, listReleases, ReleaseError, storedRuntimeCheck, type ReleaseSettings } from '../releases/service';
import { endCanary, findRelease, startCanary, type ReleaseRow } from '../releases/repository';
import { audienceOf } from '../releases/audience';
import { releaseHealth } from '../releases/health';
import { organisations } from '../../db/schema';

/** The running shell's shared singletons, from its mf-manifest.json (null when the shell is not built). */
function shellShared(settings: ReleaseSettings): ManifestShared[] | null {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(path.join(settings.SHELL_DIST, 'mf-manifest.json'), 'utf8')));
    return parsed.success ? parsed.data.shared : null;
  } catch {
    return null;
  }
}

const NO_HEALTH: AdminReleaseHealth = { sessions: 0, failedSessions: 0, errors: 0 };

function view(row: ReleaseRow, shell: ManifestShared[] | null, health: Map<number, AdminReleaseHealth>): AdminRelease {
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
    audience: audienceOf(row),
    verdict: row.canaryVerdict === 'healthy' || row.canaryVerdict === 'rolled-back' ? { result: row.canaryVerdict, at: row.canaryVerdictAt!.toISOString() } : null,
    health: health.get(row.id) ?? NO_HEALTH,
  };
}

/** /api/admin/releases: every remote's versions with the shared-dependency check and health; audience, promotion, rollback. */
export function releaseRoutes(db: Db, settings: ReleaseSettings): Router {
  const router = Router();
  router.use(noQuery);
  const viewOne = async (remote: string, version: string) => view((await findRelease(db, remote, version))!, shellShared(settings), await releaseHealth(db));

  router.get('/', async (_req, res) => {
    const rows = await listReleases(db);
    const shell = shellShared(settings);
    const health = await releaseHealth(db);
    const body: AdminReleaseList = {
      remotes: REMOTES.map(({ package: remote }) => ({ remote, releases: rows.filter((r) => r.remote === remote).map((r) => view(r, shell, health)) })),
      shell: shell ? { shared: shell.map((s) => ({ name: s.name, version: s.version })) } : null,
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  /** The release, refused (409) when the running shell cannot satisfy its shared singletons or federation runtime. */
  const compatibleRelease = async (remote: string, version: string): Promise<ReleaseRow> => {
    const release = await findRelease(db, remote, version);
    if (!release) throw new HttpError(404, 'not_found', `${remote} has no release ${version}.`);
    if (release.active) return release;
    const shell = shellShared(settings);
    if (!shell) throw new HttpError(409, 'conflict', 'The shell is not built (its mf-manifest.json is missing), so the release cannot be checked.');
    const runtime = await storedRuntimeCheck(settings, remote, version);
    const failed = [...checkSharedAgainstShell(release.shared as ManifestShared[], shell), runtime].filter((c) => !c.ok);
    if (failed.length > 0) {
      throw new HttpError(409, 'incompatible', `Refusing to activate ${remote} ${version}: ${failed.map((c) => c.problem).join('; ')}.`, failed.map((c) => ({ path: c.name, message: c.problem ?? '' })));
    }
    return release;
  };

  const activate = async (req: Request, res: Response, release: ReleaseRow) => {
    const { remote, version } = release;
    const previous = (await listReleases(db, remote)).find((r) => r.active);
    const by = req.user!.email ?? `staff:${req.user!.id}`;
    try {
      await db.transaction(async (tx) => {
        // The release service's own transaction becomes a savepoint here, so activation and its audit row commit together.
        await activateRelease(tx as unknown as Db, settings, remote as RemotePackage, version, by);
        await audit(tx, req, res, {
          action: 'release.activate',
          target: `${remote}@${version}`,
          details: { remote, version, previous: previous?.version ?? null, rollback: !!previous && previous.releasedAt > release.releasedAt, ...(release.canaryStartedAt ? { canary: audienceOf(release) } : {}) },
        });
      });
    } catch (error) {
      if (error instanceof ReleaseError) throw new HttpError(409, 'conflict', error.message);
      throw error;
    }
  };

  router.post('/:remote/:version/activate', async (req, res) => {
    const { remote, version } = parse(releaseActivateParamsSchema, req.params, 'params');
    const release = await compatibleRelease(remote, version);
    if (release.active) res.locals.audited = true;
    else await activate(req, res, release);
    res.json(await viewOne(remote, version));
  });

  router.post('/:remote/:version/audience', async (req, res) => {
    const { remote, version } = parse(releaseActivateParamsSchema, req.params, 'params');
    const audience = parse(releaseAudienceSchema, req.body, 'body');
    const release = await compatibleRelease(remote, version);
    if (audience.kind === 'everyone') {
      if (release.active) res.locals.audited = true;
      else await activate(req, res, release);
      res.json(await viewOne(remote, version));
      return;
    }
    if (release.active) throw new HttpError(409, 'conflict', `${remote} ${version} is the active release: everyone has it already.`);
    if (audience.kind === 'brand' && !(await db.query.organisations.findFirst({ where: eq(organisations.brand, audience.brand), columns: { id: true } }))) {
      throw new HttpError(400, 'bad_request', `Invalid body.brand: no organisation has the brand ${audience.brand}.`, [{ path: 'body.brand', message: 'no organisation has this brand' }]);
    }
    const target = audience.kind === 'brand' ? { brand: audience.brand } : { percent: audience.percent };
    await db.transaction(async (tx) => {
      await startCanary(tx as unknown as Db, release.id, remote, target);
      await audit(tx, req, res, { action: 'release.canary', target: `${remote}@${version}`, details: { remote, version, audience } });
    });
    res.json(await viewOne(remote, version));
  });

  router.post('/:remote/:version/rollback', async (req, res) => {
    const { remote, version } = parse(releaseActivateParamsSchema, req.params, 'params');
    const release = await findRelease(db, remote, version);
    if (!release) throw new HttpError(404, 'not_found', `${remote} has no release ${version}.`);
    if (release.canaryStartedAt === null) throw new HttpError(409, 'conflict', `${remote} ${version} is not a canary; activate an earlier release to roll back the active one.`);
    await db.transaction(async (tx) => {
      await endCanary(tx as unknown as Db, release.id, 'rolled-back');
      await audit(tx, req, res, { action: 'release.rollback', target: `${remote}@${version}`, details: { remote, version, automatic: false, audience: audienceOf(release) } });
    });
    res.json(await viewOne(remote, version));
  });

  return router;
}
