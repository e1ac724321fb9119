import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { openPglite, openPostgres, type DatabaseHandle } from '../client';
import { runMigrations } from '../migrate';
import { MIGRATIONS_DIR } from '../../paths';
import { migrationsBefore } from '../../../test/migrations-before';
import { copyEmptyDataDir } from '../../../test/pglite-data-dirs';

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * An empty database: a new one on the PostgreSQL server when TEST_DATABASE_URL names one (dropped afterwards), else a
 * PGlite data directory (removed afterwards).
 */
async function emptyDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-privacy-'));
    await copyEmptyDataDir(dataDir); // initialised, no migration applied yet
    const handle = await openPglite({ dataDir, poolMax: 2 });
    return {
      ...handle,
      close: () => handle.close().finally(() => fs.rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const name = `bff_privacy_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 2);
  return {
    ...handle,
    close: () => handle.close().finally(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/** A database migrated with `folder`, holding one lead; `check` runs on it once every migration has been applied. */
async function withLead(folder: string, check: (q: Query) => Promise<void>): Promise<void> {
  const database = await emptyDatabase();
  try {
    await migrate(database.db, { migrationsFolder: folder });
    const q: Query = (sql, params = []) => database.pool.query(sql, params);
    const org = (await q(`insert into organisations (slug, name, brand) values ('i', 'I', 'i') returning id`)).rows[0]
      .id as number;
    const property = (
      await q(
        `insert into properties (name, street, street_key, postal_code, postal_city) values ('Gatan 1', 'Gatan 1', ` +
          `'gatan 1', '11122', 'Stockholm') returning id`,
      )
    ).rows[0].id as number;
    const homeowner = (
      await q(
        `insert into homeowners (personal_number_hash, personal_number_encrypted, personal_number_masked, name) ` +
          `values ('h', 'x', 'x', 'Anna') returning id`,
      )
    ).rows[0].id as number;
    await q(
      `insert into installer_requests (homeowner_id, property_id, organisation_id, installer_organisation_id, ` +
        `installer_identifier, installer_name, activity_key) values ($1, $2, $3, $3, 'i', 'I', 'insulation_attic')`,
      [homeowner, property, org],
    );
    await runMigrations(database.db);
    await check(q);
  } finally {
    await database.close();
  }
}

/** What 0028 and 0029 together allow: consents and the access log, removed personal data, an erased account's lead. */
async function bothApplied(q: Query): Promise<void> {
  const [lead] = (await q(`select id, homeowner_id from installer_requests`)).rows as {
    id: number;
    homeowner_id: number;
  }[];
  await q(
    `insert into privacy_consents (homeowner_id, installer_request_id, recipient, shared, activity_key, ` +
      `notice_version) values ($1, $2, 'I', '{name,mobile}', 'insulation_attic', 'v1')`,
    [lead.homeowner_id, lead.id],
  );
  await q(
    `insert into personal_data_access (homeowner_id, organisation_name, role, reason) ` +
      `values ($1, 'I', 'staff', 'lead')`,
    [lead.homeowner_id],
  );
  // Consent withdrawn: an open lead becomes withdrawn with its personal data removed.
  await q(`update installer_requests set status = 'withdrawn', withdrawn_from = 'new', withdrawn_at = now(),
    personal_data_removed_at = now()`);
  // Then the account erased: the lead stays without anyone.
  await q(`update installer_requests set homeowner_id = null, status = 'account_deleted'`);
  await expect(q(`update installer_requests set status = 'gone'`)).rejects.toThrow(/installer_requests_status/);
  await q(`update homeowners set inactivity_notice_at = now()`);
  const applied = (await q(`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0].n as number;
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  expect(applied).toBeGreaterThanOrEqual(journal.entries.length);
}

test('a database at 0028 gets 0029: consents, the access log and an erased account’s lead together', async () => {
  // 0029 is written after 0028 in the journal: the migrator applies only what is newer than the last it applied.
  const before = migrationsBefore('0029_personal_data_erasure');
  try {
    await withLead(before, bothApplied);
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
  }
});

test('a database that got 0029 before 0028 existed gets 0028 too, and 0029 again without harm', async () => {
  // The journal as it was before 0028 joined: 0029 right after 0027, written earlier than 0028.
  const folder = migrationsBefore('0028_privacy');
  try {
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
    journal.entries.push({
      idx: 28,
      version: '7',
      when: 1796550208888,
      tag: '0029_personal_data_erasure',
      breakpoints: true,
    });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.copyFileSync(
      path.join(MIGRATIONS_DIR, '0029_personal_data_erasure.sql'),
      path.join(folder, '0029_personal_data_erasure.sql'),
    );
    await withLead(folder, bothApplied);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
