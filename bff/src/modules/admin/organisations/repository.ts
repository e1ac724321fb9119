import { asc, eq, sql } from 'drizzle-orm';
import type { AdminOrganisation, Installer } from '@home-energy/shared/schemas/admin';
import type { OrganisationFeature } from '@home-energy/shared/schemas/session';
import type { Db } from '../../../db/client';
import { organisationInstallers, organisations } from '../../../db/schema';
import type { DbOrTx } from '../../audit/repository';

export type OrganisationRow = typeof organisations.$inferSelect;

// Correlated on the outer row by its qualified name (drizzle writes a bare "id" for a one-table select).
const counts = {
  users: sql<number>`(select count(*)::int from memberships m join staff_users u on u.id = m.user_id and u.active
    where m.organisation_id = "organisations"."id")`,
  installers: sql<number>`(select count(*)::int from organisation_installers i
    where i.organisation_id = "organisations"."id")`,
};

function view(row: OrganisationRow, users: number, installers: number): AdminOrganisation {
  return {
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    features: row.features as OrganisationFeature[],
    isInstaller: row.isInstaller,
    active: row.active,
    demo: row.demo,
    createdAt: row.createdAt.toISOString(),
    users,
    installers,
  };
}

/** Every organisation, active or not, by name. */
export async function listOrganisations(db: Db): Promise<AdminOrganisation[]> {
  const rows = await db
    .select({ organisation: organisations, ...counts })
    .from(organisations)
    .orderBy(asc(organisations.name), asc(organisations.slug));
  return rows.map((r) => view(r.organisation, r.users, r.installers));
}

/** One organisation by slug, active or not (the console's findOrganisation only sees active ones). */
export async function findOrganisationView(
  db: DbOrTx,
  slug: string,
): Promise<{ row: OrganisationRow; view: AdminOrganisation } | undefined> {
  const [found] = await db
    .select({ organisation: organisations, ...counts })
    .from(organisations)
    .where(eq(organisations.slug, slug));
  return found ? { row: found.organisation, view: view(found.organisation, found.users, found.installers) } : undefined;
}

/** The installers the organisation offers its homeowners, in its order (docs/product.md §3 Installer). */
export async function installersOf(db: DbOrTx, organisationId: number): Promise<Installer[]> {
  const rows = await db
    .select({
      name: organisationInstallers.name,
      identifier: organisationInstallers.identifier,
      logo: organisationInstallers.logo,
      url: organisationInstallers.url,
    })
    .from(organisationInstallers)
    .where(eq(organisationInstallers.organisationId, organisationId))
    .orderBy(asc(organisationInstallers.position), asc(organisationInstallers.id));
  return rows;
}

/** Replaces the whole list (the editor sends it whole, in order). */
export async function replaceInstallers(db: DbOrTx, organisationId: number, installers: Installer[]): Promise<void> {
  await db.delete(organisationInstallers).where(eq(organisationInstallers.organisationId, organisationId));
  if (installers.length === 0) return;
  await db
    .insert(organisationInstallers)
    .values(installers.map((installer, position) => ({ organisationId, position, ...installer })));
}

export async function organisationSlugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, slug));
  return row !== undefined;
}

type OrganisationInsert = Pick<OrganisationRow, 'slug' | 'name' | 'brand' | 'features' | 'isInstaller'>;

export async function insertOrganisation(db: DbOrTx, values: OrganisationInsert): Promise<OrganisationRow> {
  const [created] = await db.insert(organisations).values(values).returning();
  return created!;
}

type OrganisationUpdate = Partial<Pick<OrganisationRow, 'name' | 'brand' | 'features' | 'isInstaller' | 'active'>>;

export async function updateOrganisation(db: DbOrTx, id: number, update: OrganisationUpdate): Promise<void> {
  await db.update(organisations).set(update).where(eq(organisations.id, id));
}
