import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { homeownerProperties, homeowners } from '../../db/schema';

/**
 * A home removed from "My homes" keeps its answers this long, so "Undo" brings everything back; after it the home and
 * the owner's answers for it are deleted. The page offers Undo for less time than this, so a slow answer still lands.
 */
export const HOME_RESTORE_MS = 60_000;

/** Adding a home that was just removed (awaiting purge) lists it again, answers and all. */
export const RELISTED = {
  target: [homeownerProperties.homeownerId, homeownerProperties.propertyId],
  set: { removedAt: null, removedWhileSelected: false },
};

/** Takes the home off the owner's list, restorable for HOME_RESTORE_MS; false when it is not on the list. */
export async function removeProfileProperty(
  db: Db,
  homeownerId: number,
  propertyId: number,
  now: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owner = await tx.query.homeowners.findFirst({ where: eq(homeowners.id, homeownerId) });
    const selected = owner?.selectedPropertyId === propertyId;
    const removed = await tx
      .update(homeownerProperties)
      .set({ removedAt: new Date(now), removedWhileSelected: selected })
      .where(
        and(
          eq(homeownerProperties.homeownerId, homeownerId),
          eq(homeownerProperties.propertyId, propertyId),
          isNull(homeownerProperties.removedAt),
        ),
      )
      .returning();
    if (removed.length === 0) return false;
    if (selected) await tx.update(homeowners).set({ selectedPropertyId: null }).where(eq(homeowners.id, homeownerId));
    return true;
  });
}

/** Puts a home removed less than HOME_RESTORE_MS ago back, selected again if it was; false when there is none. */
export async function restoreProfileProperty(
  db: Db,
  homeownerId: number,
  propertyId: number,
  now: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const mine = and(eq(homeownerProperties.homeownerId, homeownerId), eq(homeownerProperties.propertyId, propertyId));
    const [row] = await tx
      .select()
      .from(homeownerProperties)
      .where(
        and(
          mine,
          isNotNull(homeownerProperties.removedAt),
          gt(homeownerProperties.removedAt, new Date(now - HOME_RESTORE_MS)),
        ),
      )
      .for('update');
    if (!row) return false;
    await tx.update(homeownerProperties).set({ removedAt: null, removedWhileSelected: false }).where(mine);
    if (row.removedWhileSelected) {
      await tx
        .update(homeowners)
        .set({ selectedPropertyId: propertyId })
        .where(and(eq(homeowners.id, homeownerId), isNull(homeowners.selectedPropertyId)));
    }
    return true;
  });
}

/**
 * Deletes homes removed at least HOME_RESTORE_MS ago with their owner's answers (building profiles; their facts,
 * documents and reviews cascade). One homeowner's, or everyone's from the periodic sweep. Returns how many homes.
 */
export async function purgeRemovedHomes(db: Db, now: number, homeownerId?: number): Promise<number> {
  const cutoff = new Date(now - HOME_RESTORE_MS).toISOString();
  const owner = homeownerId === undefined ? sql`` : sql`and homeowner_id = ${homeownerId}`;
  const result = await db.execute(sql`
    with gone as (
      delete from homeowner_properties where removed_at is not null and removed_at <= ${cutoff}::timestamptz ${owner}
      returning homeowner_id, property_id
    ), answers as (
      delete from building_profiles b using gone where b.homeowner_id = gone.homeowner_id
      and b.property_id = gone.property_id
    )
    select count(*)::int as homes from gone`);
  return (result.rows[0] as { homes: number } | undefined)?.homes ?? 0;
}
