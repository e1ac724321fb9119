import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { copyMigratedDataDir } from './pglite-data-dirs';

/**
 * A new, migrated database named `<prefix>_<random>` on a PostgreSQL server, and how to drop it afterwards: a copy of
 * the run's migrated template (BFF_TEST_TEMPLATE, made once by global-setup.ts), or migrated here without one.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = process.env.BFF_TEST_TEMPLATE;
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (!template) {
    const migrator = openPostgres(url.toString(), 1);
    await runMigrations(migrator.db);
    await migrator.close();
  }
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A migrated, empty database for one test file: a copy of the run's migrated PGlite data directory (removed
 * afterwards), or, when TEST_DATABASE_URL names a PostgreSQL server, a fresh database on it that is dropped afterwards.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createPostgresDatabase(serverUrl, 'bff_test');
    const handle = openPostgres(database.url, 5);
    return {
      ...handle,
      async close() {
        await handle.close();
        await database.drop();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-db-'));
  await copyMigratedDataDir(dataDir);
  const handle = await openPglite({ dataDir, poolMax: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
