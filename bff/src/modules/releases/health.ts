// A release's health from the shell's beacons (docs/releases.md "Progressive releases"): sessions that loaded it,
// counted once each, and the load or render errors they reported. A canary whose error rate over its first sessions
// exceeds the active release's by more than the margin is rolled back here, automatically and audited.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ReleaseBeacon } from '@home-energy/shared/remotes';
import type { Db } from '../../db/client';
import { mfeReleases, mfeReleaseSessions } from '../../db/schema';
import { insertAudit } from '../audit/repository';
import { findRelease } from './repository';

export interface CanaryRules {
  /** The canary is judged once it has this many sessions. */
  sessions: number;
  /** Rolled back when its error rate exceeds the active release's by more than this (0–1). */
  margin: number;
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

/** Sessions and failed sessions of a release, over its first `limit` sessions when given. */
async function errorRate(db: Db, releaseId: number, limit?: number): Promise<{ sessions: number; rate: number }> {
  const first = db
    .select({ errors: mfeReleaseSessions.errors })
    .from(mfeReleaseSessions)
    .where(eq(mfeReleaseSessions.releaseId, releaseId))
    .orderBy(mfeReleaseSessions.firstSeen, mfeReleaseSessions.visitor)
    .limit(limit ?? 2_147_483_647)
    .as('first');
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${first.errors} > 0))::int`,
    })
    .from(first);
  const sessions = row?.sessions ?? 0;
  return { sessions, rate: sessions === 0 ? 0 : (row?.failed ?? 0) / sessions };
}

export type BeaconOutcome = 'recorded' | 'unknown-release' | 'rolled-back';

/** Counts the beacon's session (once) and error, then judges the release if it is a canary due for its verdict. */
export async function recordBeacon(
  db: Db,
  beacon: ReleaseBeacon,
  visitor: string,
  rules: CanaryRules,
): Promise<BeaconOutcome> {
  const release = await findRelease(db, beacon.remote, beacon.version);
  if (!release) return 'unknown-release';
  const error = beacon.kind === 'loaded' ? 0 : 1;
  await db
    .insert(mfeReleaseSessions)
    .values({ releaseId: release.id, visitor, errors: error })
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
  const canary = await errorRate(db, id, rules.sessions);
  if (canary.sessions < rules.sessions) return false;
  const active = await db.query.mfeReleases.findFirst({
    where: and(eq(mfeReleases.remote, remote), eq(mfeReleases.active, true)),
  });
  const baseline = active ? await errorRate(db, active.id) : { sessions: 0, rate: 0 };
  const failing = canary.rate > baseline.rate + rules.margin;
  const stillCanary = and(eq(mfeReleases.id, id), isNotNull(mfeReleases.canaryStartedAt));
  if (!failing) {
    await db
      .update(mfeReleases)
      .set({ canaryVerdict: 'healthy', canaryVerdictAt: new Date() })
      .where(and(stillCanary, isNull(mfeReleases.canaryVerdict)));
    return false;
  }
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(mfeReleases)
      .set({
        audienceBrand: null,
        audiencePercent: null,
        canaryStartedAt: null,
        canaryVerdict: 'rolled-back',
        canaryVerdictAt: new Date(),
      })
      .where(stillCanary)
      .returning({ id: mfeReleases.id });
    if (ended.length === 0) return false;
    await insertAudit(tx, {
      actorId: null,
      actorEmail: 'automatic rollback',
      organisationId: null,
      action: 'release.rollback',
      target: `${remote}@${version}`,
      details: {
        remote,
        version,
        automatic: true,
        sessions: canary.sessions,
        errorRate: canary.rate,
        previous: active?.version ?? null,
        previousErrorRate: baseline.rate,
        margin: rules.margin,
      },
    });
    return true;
  });
}
