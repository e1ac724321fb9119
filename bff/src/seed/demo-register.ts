import type { Db } from '../db/client';
import { GEO_DIR } from '../paths';
import { loadGeo } from '../register/geo';
import { generateDemoRegister, DEFAULT_DEMO_COUNT } from '../register/demo-register';
import { normalizeStreet } from '../register/search';
import { countProperties, insertRegisterRows } from '../modules/property/repository';

/**
 * Loads the demo property register (deterministic, marked demo) unless it is there already. Returns how many rows
 * were added (0 on every start after the first).
 */
export async function seedDemoRegister(db: Db, count = DEFAULT_DEMO_COUNT): Promise<number> {
  if ((await countProperties(db, true)) >= count) return 0;
  const rows = generateDemoRegister(loadGeo(GEO_DIR), { count });
  return insertRegisterRows(
    db,
    rows.map((row) => ({
      street: row.street,
      streetKey: normalizeStreet(row.street),
      postalCode: row.postal_code,
      postalCity: row.postal_city,
      municipalityCode: row.municipality_code,
      priceArea: row.price_area,
      building: row.building,
      issuedEpc: row.epc,
    })),
    'demo',
  );
}
