import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mfeReleases, mfeReleaseSessions } from '../../db/schema';

export type ReleaseRow = typeof mfeReleases.$inferSelect;

export function findRelease(db: Db, remote: string, version: string): Promise<ReleaseRow | undefined> {
  return db.query.mfeReleases.findFirst({
    where: and(eq(mfeReleases.remote, remote), eq(mfeReleases.version, version)),
  });
}

const NO_AUDIENCE = { audienceBrand: null, audiencePercent: null, canaryStartedAt: null } as const;

/** What the registry answers from: every active release and every canary. */
export function servedReleases(db: Db): Promise<ReleaseRow[]> {
  return db
    .select()
    .from(mfeReleases)
    .where(or(eq(mfeReleases.active, true), isNotNull(mfeReleases.canaryStartedAt)));
}

/**
 * Makes one inactive release the remote's canary for an audience (any other canary of the remote ends), and starts
 * its health count afresh: the automatic rollback judges the first sessions of this audience.
 */
export async function startCanary(
  db: Db,
  id: number,
  remote: string,
  audience: { brand: string } | { percent: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(mfeReleases)
      .set(NO_AUDIENCE)
      .where(and(eq(mfeReleases.remote, remote), isNotNull(mfeReleases.canaryStartedAt)));
    await tx.delete(mfeReleaseSessions).where(eq(mfeReleaseSessions.releaseId, id));
    await tx
      .update(mfeReleases)
      .set({
        audienceBrand: 'brand' in audience ? audience.brand : null,
        audiencePercent: 'percent' in audience ? audience.percent : null,
        canaryStartedAt: new Date(),
        canaryVerdict: null,
        canaryVerdictAt: null,
        canaryVerdictReason: null,
      })
      .where(eq(mfeReleases.id, id));
  });
}

/** Ends a canary (nobody gets it any more); true when it was one. */
export async function endCanary(db: Db, id: number, verdict: 'rolled-back' | null): Promise<boolean> {
  const ended = await db
    .update(mfeReleases)
    .set({
      ...NO_AUDIENCE,
      ...(verdict ? { canaryVerdict: verdict, canaryVerdictAt: new Date(), canaryVerdictReason: 'manual' } : {}),
    })
    .where(and(eq(mfeReleases.id, id), isNotNull(mfeReleases.canaryStartedAt)))
    .returning({ id: mfeReleases.id });
  return ended.length > 0;
}

export function activeReleases(db: Db): Promise<ReleaseRow[]> {
  return db.select().from(mfeReleases).where(eq(mfeReleases.active, true)).orderBy(mfeReleases.remote);
}

export function listReleases(db: Db, remote?: string): Promise<ReleaseRow[]> {
  const query = db.select().from(mfeReleases);
  return (remote ? query.where(eq(mfeReleases.remote, remote)) : query).orderBy(
    mfeReleases.remote,
    desc(mfeReleases.releasedAt),
    desc(mfeReleases.id),
  );
}

export async function insertRelease(db: Db, row: typeof mfeReleases.$inferInsert): Promise<void> {
  await db.insert(mfeReleases).values(row).onConflictDoNothing();
}

/** Makes one version the active release of its remote, in one transaction (the partial unique index guards it). */
export async function setActive(db: Db, remote: string, version: string, by: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const target = await tx.query.mfeReleases.findFirst({
      where: and(eq(mfeReleases.remote, remote), eq(mfeReleases.version, version)),
    });
    if (!target) return false;
    await tx
      .update(mfeReleases)
      .set({ active: false })
      .where(and(eq(mfeReleases.remote, remote), eq(mfeReleases.active, true)));
    // Everyone gets it now: a canary audience it had ends here.
    await tx
      .update(mfeReleases)
      .set({ active: true, activatedBy: by, activatedAt: new Date(), ...NO_AUDIENCE })
      .where(eq(mfeReleases.id, target.id));
    return true;
  });
}
