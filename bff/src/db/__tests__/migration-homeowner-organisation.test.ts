import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { openPglite } from '../client';
import { runMigrations } from '../migrate';
import { migrationsBefore } from '../../../test/migrations-before';
import { copyEmptyDataDir } from '../../../test/pglite-data-dirs';

test("migration 0018 keeps each homeowner's first home's organisation; messages stay for every brand", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-0018-'));
  const before = migrationsBefore('0018_knowledge_base_brand');
  await copyEmptyDataDir(dataDir); // initialised, no migration applied yet
  const database = await openPglite({ dataDir, poolMax: 2 });
  try {
    await migrate(database.db, { migrationsFolder: before });
    const q = (sql: string, params: unknown[] = []) => database.pool.query(sql, params);
    const org = async (slug: string) =>
      (await q(`insert into organisations (slug, name, brand) values ($1, $1, $1) returning id`, [slug])).rows[0]
        .id as number;
    const [bank, energi] = [await org('bank'), await org('energi')];
    const property = async (street: string) =>
      (
        await q(
          `insert into properties (name, street, street_key, postal_code, postal_city) values ($1, $1, ` +
            `lower($1), '11122', 'Stockholm') returning id`,
          [street],
        )
      ).rows[0].id as number;
    const [first, second] = [await property('Gatan 1'), await property('Gatan 2')];
    const homeowner = async (n: string) =>
      (
        await q(
          `insert into homeowners (personal_number_hash, personal_number_encrypted, personal_number_masked, ` +
            `name) values ($1, 'x', 'x', $1) returning id`,
          [n],
        )
      ).rows[0].id as number;
    const [twoHomes, noHome] = [await homeowner('two-homes'), await homeowner('no-home')];
    await q(
      `insert into building_profiles (property_id, homeowner_id, organisation_id, created_at) values ($1, ` +
        `$3, $4, '2026-02-01'), ($2, $3, $5, '2026-01-01')`,
      [second, first, twoHomes, energi, bank],
    );
    await q(
      `insert into content_items (slug, type, title, key, content) values ('old', 'info', 'Old', 'results.x', 'Text')`,
    );

    await runMigrations(database.db);
    const kept = await q(`select id, organisation_id from homeowners order by id`);
    expect(kept.rows).toEqual([
      { id: twoHomes, organisation_id: bank },
      { id: noHome, organisation_id: null },
    ]);
    expect((await q(`select language, valid_until, organisation_id from content_items`)).rows).toEqual([
      { language: null, valid_until: null, organisation_id: null },
    ]);
  } finally {
    await database.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(before, { recursive: true, force: true });
  }
});
