import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

/**
 * A migrated, empty database for one test file: PGlite restored from the run's snapshot, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a fresh database on it that is dropped afterwards.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `bff_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = openPostgres(url.toString(), 5);
    await runMigrations(handle.db);
    return {
      ...handle,
      async close() {
        await handle.close();
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const snapshotFile = process.env.BFF_TEST_SNAPSHOT;
  if (!snapshotFile) throw new Error('BFF_TEST_SNAPSHOT missing: run the bff tests through jest (globalSetup).');
  return openPglite({ loadDataDir: new Blob([fs.readFileSync(snapshotFile)]), poolMax: 4 });
}
