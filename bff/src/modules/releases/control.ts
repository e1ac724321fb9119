// Who gets which release (docs/releases.md "Progressive releases"): the one place that lists releases with their
// audience and health, sets a canary audience, promotes, activates and rolls back. The super admin's routes
// (admin/releases-routes.ts) and a team's release-token routes (control-routes.ts) both call these functions and
// differ only in who the audit row names.
import { eq } from 'drizzle-orm';
import {
  checkSharedAgainstShell,
  type FederationManifest,
  type ManifestShared,
  type RuntimeCheck,
} from '@home-energy/shared/mfe/compat';
import type { RemotePackage } from '@home-energy/shared/remotes';
import type {
  AdminRelease,
  AdminReleaseHealth,
  AdminReleaseSpeed,
  ReleaseAudience,
} from '@home-energy/shared/schemas/admin';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { DbOrTx } from '../audit/repository';
import type { AuditAction } from '../audit/record';
import { audienceOf } from './audience';
import { releaseHealth } from './health';
import { releaseSpeed } from '../vitals/speed';
import { endCanary, findRelease, startCanary, type ReleaseRow } from './repository';
import {
  activateRelease,
  builtBeforePages,
  carriesPages,
  listReleases,
  ReleaseError,
  shellManifest,
  storedRuntimeCheck,
  type ReleaseSettings,
} from './service';

/** Who asks for a change: `by` goes into the release row, `record` writes the audit row in the change's transaction. */
export interface ReleaseActor {
  by: string;
  record(tx: DbOrTx, entry: AuditAction): Promise<void>;
}

/** Where releases are recorded and stored. */
export interface ReleaseContext {
  db: Db;
  settings: ReleaseSettings;
}

/** One release of one remote. */
export interface ReleaseTarget {
  remote: RemotePackage;
  version: string;
}

/** A change and whether it changed anything (asking for what is already so writes no audit row). */
export interface ReleaseChange {
  release: AdminRelease;
  changed: boolean;
}

const NO_HEALTH: AdminReleaseHealth = { sessions: 0, failedSessions: 0, errors: 0 };
const NO_SPEED: AdminReleaseSpeed = { reports: 0, usableP75: null, inpP75: null };

/**
 * A release as the Releases page shows it. `shell` is the running shell's manifest and `runtime` the release's
 * federation runtime against it (storedRuntimeCheck, null when the shell is not built): then neither is checked.
 */
export function releaseView(
  row: ReleaseRow,
  shell: FederationManifest | null,
  runtime: RuntimeCheck | null,
  figures: ReleaseFigures,
  pages: boolean,
): AdminRelease {
  // The release's shared[] was stored from its mf-manifest.json at release time; checked against today's shell.
  const checks = shell ? checkSharedAgainstShell(row.shared as ManifestShared[], shell.shared) : null;
  const verdict = row.canaryVerdict === 'healthy' || row.canaryVerdict === 'rolled-back' ? row.canaryVerdict : null;
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
    runtime,
    compatible: checks && runtime ? checks.every((c) => c.ok) && runtime.ok : null,
    pages,
    audience: audienceOf(row),
    verdict: verdict ? { result: verdict, at: row.canaryVerdictAt!.toISOString(), reason: reasonOf(row) } : null,
    health: figures.health.get(row.id) ?? NO_HEALTH,
    speed: figures.speed.get(`${row.remote}@${row.version}`) ?? NO_SPEED,
  };
}

/** The release's view with both checks against the shell as built now. */
async function checkedView(
  settings: ReleaseSettings,
  row: ReleaseRow,
  figures: ReleaseFigures,
  shell = shellManifest(settings),
) {
  const runtime = shell ? await storedRuntimeCheck(settings, row.remote, row.version, shell) : null;
  return releaseView(row, shell, runtime, figures, await carriesPages(settings, row.remote, row.version));
}

/** Every release's health (beacons) and its users' speed (vitals reports). */
export interface ReleaseFigures {
  health: Map<number, AdminReleaseHealth>;
  speed: Map<string, AdminReleaseSpeed>;
}

async function releaseFigures(db: Db): Promise<ReleaseFigures> {
  return { health: await releaseHealth(db), speed: await releaseSpeed(db) };
}

/** Why a canary was rolled back; rows from before reasons were kept were rolled back for errors. */
const reasonOf = (row: ReleaseRow): 'errors' | 'speed' | 'manual' | null => {
  if (row.canaryVerdict !== 'rolled-back') return null;
  const reason = row.canaryVerdictReason;
  return reason === 'speed' || reason === 'manual' ? reason : 'errors';
};

/** Every release (of one remote when given), newest first, with its audience, health and verdict. */
export async function releaseViews(
  db: Db,
  settings: ReleaseSettings,
  remote?: RemotePackage,
): Promise<{ remote: string; release: AdminRelease }[]> {
  const rows = await listReleases(db, remote);
  const [figures, shell] = [await releaseFigures(db), shellManifest(settings)];
  const view = async (row: ReleaseRow) => ({
    remote: row.remote,
    release: await checkedView(settings, row, figures, shell),
  });
  return Promise.all(rows.map(view));
}

async function viewOne(db: Db, settings: ReleaseSettings, remote: string, version: string): Promise<AdminRelease> {
  return checkedView(settings, (await findRelease(db, remote, version))!, await releaseFigures(db));
}

async function existingRelease(db: Db, remote: string, version: string): Promise<ReleaseRow> {
  const release = await findRelease(db, remote, version);
  if (!release) throw new HttpError(404, 'not_found', `${remote} has no release ${version}.`);
  return release;
}

/**
 * The release, refused (409) when the running shell cannot satisfy its shared singletons, or when it was built before
 * pages travelled with releases (served, its pages would be unreachable).
 */
async function compatibleRelease(
  db: Db,
  settings: ReleaseSettings,
  remote: string,
  version: string,
): Promise<ReleaseRow> {
  const release = await existingRelease(db, remote, version);
  if (release.active) return release;
  const shell = shellManifest(settings);
  if (!shell) {
    const message = 'The shell is not built (its mf-manifest.json is missing), so the release cannot be checked.';
    throw new HttpError(409, 'conflict', message);
  }
  const runtime = await storedRuntimeCheck(settings, remote, version, shell);
  const shared = checkSharedAgainstShell(release.shared as ManifestShared[], shell.shared);
  const failed = [...shared, runtime].filter((c) => !c.ok);
  if (failed.length > 0) {
    const issues = failed.map((c) => ({ path: c.name, message: c.problem ?? '' }));
    const problems = failed.map((c) => c.problem).join('; ');
    throw new HttpError(409, 'incompatible', `Refusing to activate ${remote} ${version}: ${problems}.`, issues);
  }
  if (!(await carriesPages(settings, remote, version))) {
    throw new HttpError(409, 'conflict', builtBeforePages(remote, version));
  }
  return release;
}

async function activate(db: Db, settings: ReleaseSettings, release: ReleaseRow, actor: ReleaseActor): Promise<void> {
  const { remote, version } = release;
  const previous = (await listReleases(db, remote)).find((r) => r.active);
  const rollback = !!previous && previous.releasedAt > release.releasedAt;
  const canary = release.canaryStartedAt ? { canary: audienceOf(release) } : {};
  try {
    await db.transaction(async (tx) => {
      // The release service's own transaction becomes a savepoint here: activation and its audit row commit together.
      await activateRelease(tx as unknown as Db, settings, remote as RemotePackage, version, actor.by);
      const details = { remote, version, previous: previous?.version ?? null, rollback, ...canary };
      await actor.record(tx, { action: 'release.activate', target: `${remote}@${version}`, details });
    });
  } catch (error) {
    if (error instanceof ReleaseError) throw new HttpError(409, 'conflict', error.message);
    throw error;
  }
}

/** Makes a release active for everyone (promotion, or rollback to an earlier one) once the shell can run it. */
export async function activateCompatible(ctx: ReleaseContext, at: ReleaseTarget, actor: ReleaseActor) {
  const { db, settings } = ctx;
  const { remote, version } = at;
  const release = await compatibleRelease(db, settings, remote, version);
  if (!release.active) await activate(db, settings, release, actor);
  return { release: await viewOne(db, settings, remote, version), changed: !release.active };
}

/** Gives a release its audience: a brand's or a share of sessions (the remote's canary), or everyone (promotion). */
export async function setReleaseAudience(
  ctx: ReleaseContext,
  at: ReleaseTarget,
  audience: ReleaseAudience,
  actor: ReleaseActor,
): Promise<ReleaseChange> {
  if (audience.kind === 'everyone') return activateCompatible(ctx, at, actor);
  const { db, settings } = ctx;
  const { remote, version } = at;
  const release = await compatibleRelease(db, settings, remote, version);
  if (release.active) {
    throw new HttpError(409, 'conflict', `${remote} ${version} is the active release: everyone has it already.`);
  }
  const brandKnown = async (brand: string) =>
    !!(await db.query.organisations.findFirst({ where: eq(organisations.brand, brand), columns: { id: true } }));
  if (audience.kind === 'brand' && !(await brandKnown(audience.brand))) {
    const message = `Invalid body.brand: no organisation has the brand ${audience.brand}.`;
    const issues = [{ path: 'body.brand', message: 'no organisation has this brand' }];
    throw new HttpError(400, 'bad_request', message, issues);
  }
  const target = audience.kind === 'brand' ? { brand: audience.brand } : { percent: audience.percent };
  await db.transaction(async (tx) => {
    await startCanary(tx as unknown as Db, release.id, remote, target);
    const details = { remote, version, audience };
    await actor.record(tx, { action: 'release.canary', target: `${remote}@${version}`, details });
  });
  return { release: await viewOne(db, settings, remote, version), changed: true };
}

/** Withdraws a canary: everyone gets the active release again. */
export async function rollBackCanary(ctx: ReleaseContext, at: ReleaseTarget, actor: ReleaseActor) {
  const { db, settings } = ctx;
  const { remote, version } = at;
  const release = await existingRelease(db, remote, version);
  if (release.canaryStartedAt === null) {
    const message = `${remote} ${version} is not a canary; activate an earlier release to roll back the active one.`;
    throw new HttpError(409, 'conflict', message);
  }
  await db.transaction(async (tx) => {
    await endCanary(tx as unknown as Db, release.id, 'rolled-back');
    const details = { remote, version, automatic: false, audience: audienceOf(release) };
    await actor.record(tx, { action: 'release.rollback', target: `${remote}@${version}`, details });
  });
  return { release: await viewOne(db, settings, remote, version), changed: true };
}
