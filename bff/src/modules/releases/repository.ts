import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mfeReleases } from '../../db/schema';

export type ReleaseRow = typeof mfeReleases.$inferSelect;

export function findRelease(db: Db, remote: string, version: string): Promise<ReleaseRow | undefined> {
  return db.query.mfeReleases.findFirst({ where: and(eq(mfeReleases.remote, remote), eq(mfeReleases.version, version)) });
}

export function activeReleases(db: Db): Promise<ReleaseRow[]> {
  return db.select().from(mfeReleases).where(eq(mfeReleases.active, true)).orderBy(mfeReleases.remote);
}

export function listReleases(db: Db, remote?: string): Promise<ReleaseRow[]> {
  const query = db.select().from(mfeReleases);
  return (remote ? query.where(eq(mfeReleases.remote, remote)) : query).orderBy(mfeReleases.remote, desc(mfeReleases.releasedAt), desc(mfeReleases.id));
}

export async function insertRelease(db: Db, row: typeof mfeReleases.$inferInsert): Promise<void> {
  await db.insert(mfeReleases).values(row).onConflictDoNothing();
}

/** Makes one version the active release of its remote, in one transaction (the partial unique index guards it). */
export async function setActive(db: Db, remote: string, version: string, by: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const target = await tx.query.mfeReleases.findFirst({ where: and(eq(mfeReleases.remote, remote), eq(mfeReleases.version, version)) });
    if (!target) return false;
    await tx.update(mfeReleases).set({ active: false }).where(and(eq(mfeReleases.remote, remote), eq(mfeReleases.active, true)));
    await tx.update(mfeReleases).set({ active: true, activatedBy: by, activatedAt: new Date() }).where(eq(mfeReleases.id, target.id));
    return true;
  });
}
