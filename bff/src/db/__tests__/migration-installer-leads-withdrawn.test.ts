import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { openPglite } from '../client';
import { runMigrations } from '../migrate';
import { migrationsBefore } from '../../../test/migrations-before';
import { copyEmptyDataDir } from '../../../test/pglite-data-dirs';

test('migration 0023: old requests sent when made, emails unconfirmed, no withdrawn one counted', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-0023-'));
  const before = migrationsBefore('0023_homeowner_email_verification');
  await copyEmptyDataDir(dataDir); // initialised, no migration applied yet
  const database = await openPglite({ dataDir, poolMax: 2 });
  try {
    await migrate(database.db, { migrationsFolder: before });
    const q = (sql: string, params: unknown[] = []) => database.pool.query(sql, params);
    const org = (await q(`insert into organisations (slug, name, brand) values ('e', 'E', 'e') returning id`)).rows[0]
      .id as number;
    const property = (
      await q(
        `insert into properties (name, street, street_key, postal_code, postal_city) values ('Gatan 1', 'Gatan 1', ` +
          `'gatan 1', '11122', 'Stockholm') returning id`,
      )
    ).rows[0].id as number;
    const homeowner = (
      await q(
        `insert into homeowners (personal_number_hash, personal_number_encrypted, personal_number_masked, name, ` +
          `contact_email) values ('h', 'x', 'x', 'Anna', 'anna@example.se') returning id`,
      )
    ).rows[0].id as number;
    await q(
      `insert into installer_requests (homeowner_id, property_id, organisation_id, installer_identifier, ` +
        `installer_name, activity_key, created_at) values ($1, $2, $3, 'i', 'I', 'insulation_attic', '2026-01-05')`,
      [homeowner, property, org],
    );

    await runMigrations(database.db);
    expect((await q(`select sent_at, status, withdrawn_at from installer_requests`)).rows).toEqual([
      { sent_at: new Date('2026-01-05'), status: 'new', withdrawn_at: null },
    ]);
    expect((await q(`select contact_email_verified_at from homeowners`)).rows).toEqual([
      { contact_email_verified_at: null },
    ]);
    const counted = async () =>
      (
        await q(
          `select metric, sum(n)::int as n from analytics_daily where organisation_id = $1 group by 1 order by 1`,
          [org],
        )
      ).rows;
    expect(await counted()).toEqual([
      { metric: 'installer_funnel', n: 1 },
      { metric: 'installer_requests', n: 1 },
    ]);
    await q(`update installer_requests set status = 'withdrawn', withdrawn_from = 'new', withdrawn_at = now()`);
    expect(await counted()).toEqual([
      { metric: 'installer_funnel', n: 0 },
      { metric: 'installer_requests', n: 0 },
    ]);
    await expect(q(`update installer_requests set status = 'gone'`)).rejects.toThrow(/installer_requests_status/);
    await q(`update installer_requests set status = 'new', withdrawn_from = null, withdrawn_at = null`);
    expect(await counted()).toEqual([
      { metric: 'installer_funnel', n: 1 },
      { metric: 'installer_requests', n: 1 },
    ]);
  } finally {
    await database.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(before, { recursive: true, force: true });
  }
});
