import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { installerSchema } from '@home-energy/shared/schemas/admin';
import { installersOf } from '../admin/organisations/repository';
import type { InstallerRequest, OfferedInstaller } from '@home-energy/shared/schemas/property-flow';
import type { Lead, LeadStatus } from '@home-energy/shared/schemas/installer-leads';
import type { Db } from '../../db/client';
import { homeowners, installerRequests, organisations, properties } from '../../db/schema';

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
  return rows.map((r) => ({
    installer: r.installerIdentifier,
    installer_name: r.installerName,
    key: r.activityKey,
    requested_at: r.createdAt.toISOString(),
    status: r.status as LeadStatus,
    status_changed_at: r.statusChangedAt?.toISOString() ?? null,
  }));
}

/**
 * Sends the selected requests and withdraws the unselected ones, in one transaction; the ids of the requests new here.
 */
export async function applySelections(
  db: Db,
  target: { homeownerId: number; propertyId: number; organisationId: number | null },
  selections: { installer: OfferedInstaller; key: string; selected: boolean }[],
  contact: { email: string; mobile: string },
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const created: number[] = [];
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
      const inserted = await tx
        .insert(installerRequests)
        .values({
          ...target,
          installerIdentifier: installer.identifier,
          installerName: installer.name,
          activityKey: key,
          // The installer organisation whose slug is the identifier (docs/using-the-demo.md "Organisation console"), if
          // there is one.
          installerOrganisationId: sql`(select ${organisations.id} from ${organisations}
            where ${organisations.isInstaller} and ${organisations.slug} = lower(${installer.identifier}))`,
          contactEmail: contact.email,
          contactMobile: contact.mobile,
        })
        .onConflictDoNothing()
        .returning({ id: installerRequests.id });
      created.push(...inserted.map((r) => r.id));
    }
    return created;
  });
}

function leadView(row: {
  request: typeof installerRequests.$inferSelect;
  street: string;
  postalCode: string;
  postalCity: string;
  name: string;
}): Lead {
  const r = row.request;
  return {
    id: r.id,
    property: { street: row.street, postal_code: row.postalCode, postal_city: row.postalCity },
    key: r.activityKey,
    homeowner: { name: row.name, email: r.contactEmail, mobile: r.contactMobile },
    requested_at: r.createdAt.toISOString(),
    status: r.status as LeadStatus,
    note: r.note,
    status_changed_at: r.statusChangedAt?.toISOString() ?? null,
  };
}

const leadColumns = {
  request: installerRequests,
  street: properties.street,
  postalCode: properties.postalCode,
  postalCity: properties.postalCity,
  name: homeowners.name,
};

/** The requests addressed to an installer organisation, newest first (at most `limit`). */
export async function leadsOf(db: Db, installerOrganisationId: number, limit = 500): Promise<Lead[]> {
  const rows = await db
    .select(leadColumns)
    .from(installerRequests)
    .innerJoin(properties, eq(properties.id, installerRequests.propertyId))
    .innerJoin(homeowners, eq(homeowners.id, installerRequests.homeownerId))
    .where(eq(installerRequests.installerOrganisationId, installerOrganisationId))
    .orderBy(desc(installerRequests.createdAt), desc(installerRequests.id))
    .limit(limit);
  return rows.map(leadView);
}

/** One request, only when addressed to this installer organisation. */
export async function findLead(db: Db, installerOrganisationId: number, id: number): Promise<Lead | undefined> {
  const [row] = await db
    .select(leadColumns)
    .from(installerRequests)
    .innerJoin(properties, eq(properties.id, installerRequests.propertyId))
    .innerJoin(homeowners, eq(homeowners.id, installerRequests.homeownerId))
    .where(and(eq(installerRequests.installerOrganisationId, installerOrganisationId), eq(installerRequests.id, id)));
  return row ? leadView(row) : undefined;
}

/**
 * Moves a request from `from` to `to` (only if it is still at `from`: two staff at once cannot both move it), noting
 * the first time it reached contacted and quoted for the brand's funnel. False when it had moved meanwhile.
 */
export async function moveLead(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  id: number,
  from: LeadStatus,
  to: LeadStatus,
  note: string | null | undefined,
): Promise<boolean> {
  const moved = await db
    .update(installerRequests)
    .set({
      status: to,
      statusChangedAt: sql`now()`,
      ...(note !== undefined ? { note } : {}),
      ...(to === 'contacted' ? { contactedAt: sql`coalesce(${installerRequests.contactedAt}, now())` } : {}),
      ...(to === 'quoted' ? { quotedAt: sql`coalesce(${installerRequests.quotedAt}, now())` } : {}),
    })
    .where(and(eq(installerRequests.id, id), eq(installerRequests.status, from)))
    .returning({ id: installerRequests.id });
  return moved.length > 0;
}
