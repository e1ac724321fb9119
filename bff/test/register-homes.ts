import type { Db } from '../src/db/client';
import { insertRegisterRows } from '../src/modules/property/repository';
import { properties } from '../src/db/schema';
import { inArray } from 'drizzle-orm';

/** The register's building data for a 1970s villa with electric radiators: the engine has all it needs. */
export const VILLA_1970 = {
  building_type: 'villa',
  construction_year: 1970,
  num_floors: 1,
  atemp: 140,
  primary_heating_systems: ['electric_direct'],
};

export interface TestHome {
  street: string;
  building?: unknown;
  issuedEpc?: unknown;
}

/**
 * Homes in Stockholm (111 22, municipality 0180, price area SE3) added to the register as an import; their property
 * ids in the order given. Streets must be new to the register.
 */
export async function insertStockholmHomes(db: Db, homes: TestHome[]): Promise<number[]> {
  await insertRegisterRows(
    db,
    homes.map(({ street, building, issuedEpc }) => ({
      street,
      streetKey: street.toLowerCase(),
      postalCode: '11122',
      postalCity: 'Stockholm',
      municipalityCode: '0180',
      priceArea: 'SE3',
      building,
      issuedEpc,
    })),
    'import',
  );
  const rows = await db
    .select({ id: properties.id, street: properties.street })
    .from(properties)
    .where(
      inArray(
        properties.street,
        homes.map((h) => h.street),
      ),
    );
  return homes.map(({ street }) => rows.find((r) => r.street === street)!.id);
}
