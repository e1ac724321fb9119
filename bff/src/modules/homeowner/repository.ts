import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ENERGY_CLASSES, type EnergyClass } from '@home-energy/shared/schemas/energy';
import type { ProfileProperty } from '@home-energy/shared/schemas/profile';
import type { SessionUser } from '@home-energy/shared/schemas/session';
import type { Db } from '../../db/client';
import { bankidOrders, buildingProfiles, homeownerProperties, homeowners, properties } from '../../db/schema';
import { maskPersonalNumber, type PersonalNumberVault } from '../../bankid/personal-number';
import type { CompletionUser } from '../../bankid/rp-client';
import { assertCurrentDataKey, DataKeyError } from '../../bankid/data-key-store';
import { HttpError } from '../../http/errors';
import { RELISTED } from './removed-homes';

export type BankIdOrderRow = typeof bankidOrders.$inferSelect;
export type HomeownerRow = typeof homeowners.$inferSelect;

/** The session user of a homeowner: same shape as staff (docs/product.md §3), no organisations or flags. */
export function homeownerSessionUser(row: HomeownerRow): SessionUser {
  return {
    kind: 'homeowner',
    id: `h${row.id}`,
    name: row.name,
    email: row.contactEmail,
    superAdmin: false,
    admin: false,
    organisations: [],
    personalNumberMasked: row.personalNumberMasked,
  };
}

export function homeownerIdOf(user: Express.User | undefined): number | null {
  return user?.kind === 'homeowner' ? Number(user.id.slice(1)) : null;
}

export async function loadHomeowner(db: Db, id: number): Promise<HomeownerRow | undefined> {
  return db.query.homeowners.findFirst({ where: eq(homeowners.id, id) });
}

/**
 * Finds the homeowner by personal number (keyed hash) or creates them; names follow what BankID says now. Only with
 * the current data key: an instance still holding a rotated-out key would otherwise create a second account.
 */
export async function upsertHomeowner(db: Db, vault: PersonalNumberVault, user: CompletionUser): Promise<HomeownerRow> {
  const hash = vault.hash(user.personalNumber);
  return db.transaction(async (tx) => {
    try {
      await assertCurrentDataKey(tx, vault);
    } catch (error) {
      if (error instanceof DataKeyError)
        throw new HttpError(503, 'unavailable', 'Sign-in is unavailable for a moment. Try again shortly.');
      throw error;
    }
    const [row] = await tx
      .insert(homeowners)
      .values({
        personalNumberHash: hash,
        personalNumberEncrypted: vault.encrypt(user.personalNumber),
        personalNumberMasked: maskPersonalNumber(user.personalNumber),
        name: user.name,
        givenName: user.givenName,
        surname: user.surname,
        lastSignInAt: new Date(),
      })
      .onConflictDoUpdate({
        target: homeowners.personalNumberHash,
        set: {
          name: user.name,
          givenName: user.givenName,
          surname: user.surname,
          lastSignInAt: new Date(),
          // A sign-in answers the retention sweep's mail: the account is kept (modules/privacy/retention.ts).
          inactivityNoticeAt: null,
        },
      })
      .returning();
    return row!;
  });
}

export function insertOrder(db: Db, row: typeof bankidOrders.$inferInsert) {
  return db
    .insert(bankidOrders)
    .values(row)
    .returning()
    .then((rows) => rows[0]!);
}

export function findOrder(db: Db, id: string, sessionId: string): Promise<BankIdOrderRow | undefined> {
  return db.query.bankidOrders.findFirst({
    where: and(eq(bankidOrders.id, id), eq(bankidOrders.sessionId, sessionId)),
  });
}

export async function updateOrder(db: Db, id: string, patch: Partial<typeof bankidOrders.$inferInsert>): Promise<void> {
  await db.update(bankidOrders).set(patch).where(eq(bankidOrders.id, id));
}

/** Marks a completed order used for a sign-in, once (a replay finds nothing to consume), and forgets its signer. */
export async function consumeOrder(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(bankidOrders)
    .set({ consumedAt: new Date(), completedUserEncrypted: null })
    .where(and(eq(bankidOrders.id, id), eq(bankidOrders.status, 'complete')))
    .returning({ consumedAt: bankidOrders.consumedAt });
  return rows.length === 1;
}

/** The home's label as last computed for its owner: measured before calculated, as the dashboard shows it. */
export async function profileProperties(db: Db, homeownerId: number): Promise<ProfileProperty[]> {
  const rows = await db
    .select({
      property: properties,
      relation: homeownerProperties.relation,
      label: sql<string | null>`coalesce(${buildingProfiles.measuredClass}, ${buildingProfiles.calculatedClass})`,
    })
    .from(homeownerProperties)
    .innerJoin(properties, eq(properties.id, homeownerProperties.propertyId))
    .leftJoin(
      buildingProfiles,
      and(
        eq(buildingProfiles.homeownerId, homeownerProperties.homeownerId),
        eq(buildingProfiles.propertyId, homeownerProperties.propertyId),
      ),
    )
    .where(and(eq(homeownerProperties.homeownerId, homeownerId), isNull(homeownerProperties.removedAt)))
    .orderBy(homeownerProperties.createdAt, properties.id);
  return rows.map(({ property, relation, label }) => ({
    id: property.id,
    name: property.name,
    addresses: [{ street: property.street, postal_code: property.postalCode, postal_city: property.postalCity }],
    relations: [relation],
    label: ENERGY_CLASSES.includes(label as EnergyClass) ? (label as EnergyClass) : null,
  }));
}

export async function existingPropertyIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: properties.id }).from(properties).where(inArray(properties.id, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * Replaces the profile's property list in one transaction, keeping existing relations and the selection if still valid.
 */
export async function replaceProfileProperties(
  db: Db,
  homeownerId: number,
  ids: number[],
  relation: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await tx.select().from(homeownerProperties).where(eq(homeownerProperties.homeownerId, homeownerId));
    const keep = new Set(ids);
    for (const row of current) {
      if (!keep.has(row.propertyId)) {
        await tx
          .delete(homeownerProperties)
          .where(
            and(eq(homeownerProperties.homeownerId, homeownerId), eq(homeownerProperties.propertyId, row.propertyId)),
          );
        await tx
          .delete(buildingProfiles)
          .where(and(eq(buildingProfiles.homeownerId, homeownerId), eq(buildingProfiles.propertyId, row.propertyId)));
      }
    }
    const have = new Set(current.map((r) => r.propertyId));
    for (const id of ids)
      if (!have.has(id)) await tx.insert(homeownerProperties).values({ homeownerId, propertyId: id, relation });
    // A listed home that was just removed (awaiting purge) is back on the list.
    for (const row of current) {
      if (row.removedAt && keep.has(row.propertyId))
        await tx
          .update(homeownerProperties)
          .set({ removedAt: null, removedWhileSelected: false })
          .where(
            and(eq(homeownerProperties.homeownerId, homeownerId), eq(homeownerProperties.propertyId, row.propertyId)),
          );
    }
    const owner = await tx.query.homeowners.findFirst({ where: eq(homeowners.id, homeownerId) });
    if (owner?.selectedPropertyId && !keep.has(owner.selectedPropertyId)) {
      await tx.update(homeowners).set({ selectedPropertyId: null }).where(eq(homeowners.id, homeownerId));
    }
  });
}

/** Adds one property to the profile (kept as it is when already there) and selects it. */
export async function addProfileProperty(
  db: Db,
  homeownerId: number,
  propertyId: number,
  relation: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(homeownerProperties).values({ homeownerId, propertyId, relation }).onConflictDoUpdate(RELISTED);
    await tx.update(homeowners).set({ selectedPropertyId: propertyId }).where(eq(homeowners.id, homeownerId));
  });
}

export async function setSelectedProperty(db: Db, homeownerId: number, propertyId: number | null): Promise<void> {
  await db.update(homeowners).set({ selectedPropertyId: propertyId }).where(eq(homeowners.id, homeownerId));
}

/**
 * Saves the contact details; a changed email is unconfirmed again (email-verification.ts). The row after the change,
 * and whether the email changed.
 */
export async function saveContact(
  db: Db,
  homeownerId: number,
  contact: { name?: string; email: string; mobile: string },
): Promise<{ owner: HomeownerRow; emailChanged: boolean }> {
  // A contact form without the name field keeps the name given before.
  const name = contact.name === undefined ? {} : { contactName: contact.name };
  return db.transaction(async (tx) => {
    const before = await tx.query.homeowners.findFirst({ where: eq(homeowners.id, homeownerId) });
    const emailChanged = before?.contactEmail !== contact.email;
    const [owner] = await tx
      .update(homeowners)
      .set({
        ...name,
        contactEmail: contact.email,
        contactMobile: contact.mobile,
        ...(emailChanged ? { contactEmailVerifiedAt: null } : {}),
      })
      .where(eq(homeowners.id, homeownerId))
      .returning();
    return { owner: owner!, emailChanged };
  });
}
