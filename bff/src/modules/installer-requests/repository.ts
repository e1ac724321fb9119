import { and, asc, eq } from 'drizzle-orm';
import { installerSchema } from '@home-energy/shared/schemas/admin';
import { installersOf } from '../admin/organisations/repository';
import type { InstallerRequest, OfferedInstaller } from '@home-energy/shared/schemas/property-flow';
import type { Db } from '../../db/client';
import { installerRequests } from '../../db/schema';

/**
 * The installers the organisation offers its homeowners (none without an organisation). One stored before the URL
 * rule (shared/src/schemas/url.ts) with a link or logo it refuses is left out, never served.
 */
export async function offeredInstallers(db: Db, organisationId: number | null): Promise<OfferedInstaller[]> {
  if (organisationId === null) return [];
  return (await installersOf(db, organisationId)).filter((installer) => installerSchema.safeParse(installer).success);
}

export async function homeownerRequests(db: Db, homeownerId: number, propertyId: number): Promise<InstallerRequest[]> {
  const rows = await db
    .select()
    .from(installerRequests)
    .where(and(eq(installerRequests.homeownerId, homeownerId), eq(installerRequests.propertyId, propertyId)))
    .orderBy(asc(installerRequests.createdAt), asc(installerRequests.id));
  return rows.map((r) => ({ installer: r.installerIdentifier, installer_name: r.installerName, key: r.activityKey, requested_at: r.createdAt.toISOString() }));
}

/** Sends the selected requests and withdraws the unselected ones, in one transaction. */
export async function applySelections(
  db: Db,
  target: { homeownerId: number; propertyId: number; organisationId: number | null },
  selections: { installer: OfferedInstaller; key: string; selected: boolean }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { installer, key, selected } of selections) {
      const where = and(
        eq(installerRequests.homeownerId, target.homeownerId),
        eq(installerRequests.propertyId, target.propertyId),
        eq(installerRequests.installerIdentifier, installer.identifier),
        eq(installerRequests.activityKey, key),
      );
      if (!selected) {
        await tx.delete(installerRequests).where(where);
        continue;
      }
      await tx
        .insert(installerRequests)
        .values({ ...target, installerIdentifier: installer.identifier, installerName: installer.name, activityKey: key })
        .onConflictDoNothing();
    }
  });
}
