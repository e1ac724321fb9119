import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createPostgresDatabase } from './test-database';

/**
 * One initdb + migration per test run; every test file restores this snapshot (≈0.5 s instead of ≈5 s). On a
 * PostgreSQL server, one migrated template database that every test file's database is copied from.
 */
export default async function globalSetup(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    delete process.env.BFF_TEST_TEMPLATE; // the template itself is migrated, not copied
    const template = await createPostgresDatabase(serverUrl, 'bff_template');
    process.env.BFF_TEST_TEMPLATE = new URL(template.url).pathname.slice(1);
    return;
  }
  const handle = await openPglite({ poolMax: 2 });
  await runMigrations(handle.db);
  const snapshot = await handle.snapshot!();
  await handle.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bff-test-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  process.env.BFF_TEST_SNAPSHOT = file;
}
