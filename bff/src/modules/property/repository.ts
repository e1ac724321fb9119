import { and, count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { properties } from '../../db/schema';
import { startsWithPattern } from '../../db/like';
import { formatAddress } from '@home-energy/shared/format/postcode';

export type PropertyRow = typeof properties.$inferSelect;

/** A row for the register, from the demo generator, a CSV import or a real register adapter. */
export interface RegisterRow {
  street: string;
  streetKey: string;
  postalCode: string;
  postalCity: string;
  municipalityCode?: string | null;
  priceArea?: string | null;
  building?: unknown;
  issuedEpc?: unknown;
}

/** "Björkvägen 12, 123 45 Ort", the postcode written as every page and mail shows it. */
export function propertyName(row: { street: string; postalCode: string; postalCity: string }): string {
  return formatAddress({ street: row.street, postcode: row.postalCode, city: row.postalCity });
}

export function findByAddress(db: Db, streetKey: string, postalCode: string): Promise<PropertyRow | undefined> {
  return db.query.properties.findFirst({
    where: and(eq(properties.streetKey, streetKey), eq(properties.postalCode, postalCode)),
  });
}

/** Streets starting with what was typed, optionally within one postal code: the address search's suggestions. */
export function suggestByStreet(db: Db, streetPrefix: string, postalCode: string | null, limit: number) {
  return db
    .select({
      id: properties.id,
      name: properties.name,
      street: properties.street,
      postalCode: properties.postalCode,
      postalCity: properties.postalCity,
    })
    .from(properties)
    .where(
      and(
        like(properties.streetKey, startsWithPattern(streetPrefix)),
        postalCode ? eq(properties.postalCode, postalCode) : undefined,
      ),
    )
    .orderBy(properties.streetKey, properties.postalCode)
    .limit(limit);
}

/** Inserts register rows in batches; an address already in the register is left as it is. Returns how many were new. */
export async function insertRegisterRows(db: Db, rows: RegisterRow[], source: 'demo' | 'import'): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500).map((row) => ({
      name: propertyName(row),
      street: row.street,
      streetKey: row.streetKey,
      postalCode: row.postalCode,
      postalCity: row.postalCity,
      municipalityCode: row.municipalityCode ?? null,
      priceArea: row.priceArea ?? null,
      building: row.building ?? null,
      issuedEpc: row.issuedEpc ?? null,
      source,
      demo: source === 'demo',
    }));
    const result = await db.insert(properties).values(batch).onConflictDoNothing().returning({ id: properties.id });
    inserted += result.length;
  }
  return inserted;
}

export async function countProperties(db: Db, demoOnly = false): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(properties)
    .where(demoOnly ? eq(properties.demo, true) : sql`true`);
  return Number(row?.n ?? 0);
}
