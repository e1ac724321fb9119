// A release's health from the shell's beacons (docs/releases.md "Progressive releases"): sessions that loaded it,
// counted once each, and the load or render errors they reported. A beacon counts only for a release the registry
// served its session (served.ts). A canary whose error rate over its first sessions exceeds the active release's by
// more than the margin is rolled back here, automatically and audited; so is one whose users' p75 usable time or INP
// (their vitals reports) is worse than the active release's by more than the speed margin. No network counts for
// more than a few of those sessions, so a verdict takes sessions from many networks.
import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { ReleaseBeacon } from '@home-energy/shared/remotes';
import type { Db } from '../../db/client';
import { mfeReleases, mfeReleaseSessions } from '../../db/schema';
import { outputsOnly } from '../../db/tracked-db';
import { insertAudit } from '../audit/repository';
import { findRelease, type ReleaseRow } from './repository';
import { wasServed } from './served';

export interface CanaryRules {
  /** The canary is judged once it has this many sessions. */
  sessions: number;
  /** Rolled back when its error rate exceeds the active release's by more than this (0–1). */
  margin: number;
  /**
   * Sessions of one network (a /24 IPv4 or /48 IPv6, served.ts) that count towards an error rate: the first
   * `sessions` judged come from at least sessions ÷ perNetwork networks (25 by default).
   */
  perNetwork: number;
  /** Rolled back when its p75 usable time or INP is worse than the active release's by more than this (0.25 = 25 %). */
  speedMargin: number;
}

export interface ReleaseHealth {
  sessions: number;
  /** Sessions that reported at least one error. */
  failedSessions: number;
  errors: number;
}

/** Errors one session can add to a release's count: a render loop must not inflate it without bound. */
const ERRORS_PER_SESSION_MAX = 100;

/** Every release's health, by release id. */
export async function releaseHealth(db: Db): Promise<Map<number, ReleaseHealth>> {
  const rows = await db
    .select({
      releaseId: mfeReleaseSessions.releaseId,
      sessions: sql<number>`count(*)::int`,
      failedSessions: sql<number>`(count(*) filter (where ${mfeReleaseSessions.errors} > 0))::int`,
      errors: sql<number>`coalesce(sum(${mfeReleaseSessions.errors}), 0)::int`,
    })
    .from(mfeReleaseSessions)
    .groupBy(mfeReleaseSessions.releaseId);
  return new Map(rows.map(({ releaseId, ...health }) => [releaseId, health]));
}

/**
 * A release's sessions in the order they came, counting at most `perNetwork` of each network (its first ones), and
 * only those with a speed report when `withSpeed`; the first `limit` when given.
 */
function firstSessions(db: Db, releaseId: number, perNetwork: number, limit?: number, withSpeed = false) {
  const s = mfeReleaseSessions;
  const ranked = db
    .select({
      errors: s.errors,
      network: s.network,
      usableMs: s.usableMs,
      inpMs: s.inpMs,
      firstSeen: s.firstSeen,
      visitor: s.visitor,
      rank: sql<number>`row_number() over (partition by ${s.network} order by ${s.firstSeen}, ${s.visitor})`.as('rank'),
    })
    .from(s)
    .where(and(eq(s.releaseId, releaseId), withSpeed ? isNotNull(s.usableMs) : undefined))
    .as('ranked');
  return db
    .select({ errors: ranked.errors, network: ranked.network, usableMs: ranked.usableMs, inpMs: ranked.inpMs })
    .from(ranked)
    .where(lte(ranked.rank, perNetwork))
    .orderBy(ranked.firstSeen, ranked.visitor)
    .limit(limit ?? 2_147_483_647)
    .as('first');
}

/** Sessions, failed sessions and networks of a release, over its first `limit` sessions when given. */
async function errorRate(
  db: Db,
  releaseId: number,
  perNetwork: number,
  limit?: number,
): Promise<{ sessions: number; rate: number; networks: number }> {
  const first = firstSessions(db, releaseId, perNetwork, limit);
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${first.errors} > 0))::int`,
      networks: sql<number>`count(distinct ${first.network})::int`,
    })
    .from(first);
  const sessions = row?.sessions ?? 0;
  return { sessions, rate: sessions === 0 ? 0 : (row?.failed ?? 0) / sessions, networks: row?.networks ?? 0 };
}

/** The p75 usable time and INP (ms) of a release's first `limit` sessions that reported their speed. */
async function speedOf(
  db: Db,
  releaseId: number,
  perNetwork: number,
  limit?: number,
): Promise<{ sessions: number; networks: number; usable: number | null; inpSessions: number; inp: number | null }> {
  const first = firstSessions(db, releaseId, perNetwork, limit, true);
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      networks: sql<number>`count(distinct ${first.network})::int`,
      usable: sql<number | null>`percentile_disc(0.75) within group (order by ${first.usableMs})`,
      inpSessions: sql<number>`(count(${first.inpMs}))::int`,
      inp: sql<number | null>`percentile_disc(0.75) within group (order by ${first.inpMs})`,
    })
    .from(first);
  return {
    sessions: row?.sessions ?? 0,
    networks: row?.networks ?? 0,
    usable: row?.usable ?? null,
    inpSessions: row?.inpSessions ?? 0,
    inp: row?.inp ?? null,
  };
}

/**
 * What became of a beacon: counted (and maybe the canary's verdict), not counted (the active release of a remote
 * without a canary: nothing is judged, so the registry records nothing to check it against), or refused (a release
 * that does not exist, or one the registry did not serve this session).
 */
export type BeaconOutcome = 'recorded' | 'rolled-back' | 'not-counted' | 'not-served' | 'unknown-release';

/** The session a beacon comes from: the hash of its visitor cookie and the keyed hash of its network. */
export interface BeaconSession {
  visitor: string;
  network: string;
}

async function hasCanary(db: Db, remote: string): Promise<boolean> {
  const canary = await db.query.mfeReleases.findFirst({
    where: and(eq(mfeReleases.remote, remote), isNotNull(mfeReleases.canaryStartedAt)),
    columns: { id: true },
  });
  return !!canary;
}

/**
 * Counts the beacon's session (once) and error, if the registry served it this release, then judges the release if
 * it is a canary due for its verdict.
 */
export async function recordBeacon(
  db: Db,
  beacon: ReleaseBeacon,
  session: BeaconSession,
  rules: CanaryRules,
): Promise<BeaconOutcome> {
  const release = await findRelease(db, beacon.remote, beacon.version);
  if (!release) return 'unknown-release';
  if (!(await wasServed(db, release.id, session.visitor))) {
    if (release.active && !(await hasCanary(db, release.remote))) return 'not-counted';
    return 'not-served';
  }
  const error = beacon.kind === 'loaded' ? 0 : 1;
  // No read cache reads these rows: counting a session must not empty the caches (db/tracked-db.ts).
  await outputsOnly(db)
    .insert(mfeReleaseSessions)
    .values({ releaseId: release.id, visitor: session.visitor, errors: error, network: session.network })
    .onConflictDoUpdate({
      target: [mfeReleaseSessions.releaseId, mfeReleaseSessions.visitor],
      set: { errors: sql`least(${mfeReleaseSessions.errors} + excluded.errors, ${ERRORS_PER_SESSION_MAX})` },
    });
  if (release.canaryStartedAt === null || release.canaryVerdict === 'rolled-back') return 'recorded';
  // A healthy verdict is taken when the Nth session loads; errors its first sessions report later still count.
  if (release.canaryVerdict === 'healthy' && error === 0) return 'recorded';
  return (await judgeCanary(db, release.id, release.remote, release.version, rules)) ? 'rolled-back' : 'recorded';
}

/** Once the canary has its first sessions: healthy, or rolled back (true). Races settle on the conditional updates. */
async function judgeCanary(db: Db, id: number, remote: string, version: string, rules: CanaryRules): Promise<boolean> {
  const canary = await errorRate(db, id, rules.perNetwork, rules.sessions);
  if (canary.sessions < rules.sessions) return false;
  const active = await activeRelease(db, remote);
  const baseline = active ? await errorRate(db, active.id, rules.perNetwork) : { sessions: 0, rate: 0 };
  const failing = canary.rate > baseline.rate + rules.margin;
  if (!failing) {
    await db
      .update(mfeReleases)
      .set({ canaryVerdict: 'healthy', canaryVerdictAt: new Date() })
      .where(and(stillCanary(id), isNull(mfeReleases.canaryVerdict)));
    return false;
  }
  return rollBack(db, id, remote, version, 'errors', {
    sessions: canary.sessions,
    networks: canary.networks,
    errorRate: canary.rate,
    previous: active?.version ?? null,
    previousErrorRate: baseline.rate,
    margin: rules.margin,
  });
}

const activeRelease = (db: Db, remote: string) =>
  db.query.mfeReleases.findFirst({ where: and(eq(mfeReleases.remote, remote), eq(mfeReleases.active, true)) });

const stillCanary = (id: number) => and(eq(mfeReleases.id, id), isNotNull(mfeReleases.canaryStartedAt));

/** Ends the canary (its audience goes back to the active release) and audits why; false if it had already ended. */
function rollBack(
  db: Db,
  id: number,
  remote: string,
  version: string,
  reason: 'errors' | 'speed',
  details: Record<string, unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(mfeReleases)
      .set({
        audienceBrand: null,
        audiencePercent: null,
        canaryStartedAt: null,
        canaryVerdict: 'rolled-back',
        canaryVerdictAt: new Date(),
        canaryVerdictReason: reason,
      })
      .where(stillCanary(id))
      .returning({ id: mfeReleases.id });
    if (ended.length === 0) return false;
    await insertAudit(tx, {
      actorId: null,
      actorEmail: 'automatic rollback',
      organisationId: null,
      action: 'release.rollback',
      target: `${remote}@${version}`,
      details: { remote, version, automatic: true, reason, ...details },
    });
    return true;
  });
}

/** A session's speed on one release, from its vitals report (modules/vitals): ms, either may be missing. */
export interface SessionSpeed {
  usable?: number;
  inp?: number;
}

/**
 * Keeps a session's slowest usable time and INP on a release the registry served it, while its remote has a canary,
 * then judges the canary on speed: what the error verdict is for failures, this is for slowness. Same outcomes as a
 * beacon's, except that a release unknown or not served is simply not counted (the report still feeds the field view).
 */
export async function recordSpeed(
  db: Db,
  release: ReleaseRow,
  session: BeaconSession,
  speed: SessionSpeed,
  rules: CanaryRules,
): Promise<'recorded' | 'rolled-back' | 'not-counted'> {
  if (speed.usable === undefined && speed.inp === undefined) return 'not-counted';
  if (!(await wasServed(db, release.id, session.visitor))) return 'not-counted';
  const releaseId = release.id;
  const usable = speed.usable === undefined ? null : Math.round(speed.usable);
  const inp = speed.inp === undefined ? null : Math.round(speed.inp);
  const s = mfeReleaseSessions;
  // No read cache reads these rows (db/tracked-db.ts). greatest() skips nulls: a session keeps its slowest figures.
  await outputsOnly(db)
    .insert(s)
    .values({ releaseId, visitor: session.visitor, network: session.network, usableMs: usable, inpMs: inp })
    .onConflictDoUpdate({
      target: [s.releaseId, s.visitor],
      set: {
        usableMs: sql`greatest(${s.usableMs}, excluded.usable_ms)`,
        inpMs: sql`greatest(${s.inpMs}, excluded.inp_ms)`,
      },
    });
  if (release.canaryStartedAt === null) return 'recorded';
  return (await judgeSpeed(db, release.id, release.remote, release.version, rules)) ? 'rolled-back' : 'recorded';
}

/** Below these differences (ms) a canary is never called slower, whatever the ratio: noise, not a regression. */
export const SPEED_FLOOR_MS = { usable: 200, inp: 50 } as const;

/**
 * Once the canary's first sessions reported their speed: rolled back (true) when its p75 usable time or p75 INP is
 * worse than the active release's by more than the margin (and the floor), over as many of the active's sessions.
 */
async function judgeSpeed(db: Db, id: number, remote: string, version: string, rules: CanaryRules): Promise<boolean> {
  const canary = await speedOf(db, id, rules.perNetwork, rules.sessions);
  if (canary.sessions < rules.sessions) return false;
  const active = await activeRelease(db, remote);
  if (!active) return false;
  const baseline = await speedOf(db, active.id, rules.perNetwork);
  // Judged only against as much evidence as the canary has: a baseline of a handful of sessions says nothing.
  if (baseline.sessions < rules.sessions) return false;
  const slower = (metric: 'usable' | 'inp', a: number | null, b: number | null) =>
    a !== null && b !== null && a > b * (1 + rules.speedMargin) && a - b >= SPEED_FLOOR_MS[metric];
  const inpJudged = canary.inpSessions >= rules.sessions && baseline.inpSessions >= rules.sessions;
  const slowUsable = slower('usable', canary.usable, baseline.usable);
  const slowInp = inpJudged && slower('inp', canary.inp, baseline.inp);
  if (!slowUsable && !slowInp) return false;
  return rollBack(db, id, remote, version, 'speed', {
    sessions: canary.sessions,
    networks: canary.networks,
    metric: slowUsable ? 'usable' : 'inp',
    usableP75: canary.usable,
    inpP75: canary.inp,
    previous: active.version,
    previousUsableP75: baseline.usable,
    previousInpP75: baseline.inp,
    margin: rules.speedMargin,
  });
}
