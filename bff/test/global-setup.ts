import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createPostgresDatabase } from './test-database';

/**
 * One initdb + migration per test run. On PGlite, a migrated data directory that every test file copies (a file copy
 * of ≈40 MB, then PGlite opens it in ≈1 s, instead of ≈10 s of CPU for PGlite's initdb and the migrations), and the
 * same directory before its migrations, for the suites that migrate from an older migration themselves
 * (pglite-data-dirs.ts). On a PostgreSQL server, one migrated template database that every test file's database is
 * copied from.
 */
export default async function globalSetup(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    delete process.env.BFF_TEST_TEMPLATE; // the template itself is migrated, not copied
    const template = await createPostgresDatabase(serverUrl, 'bff_template');
    process.env.BFF_TEST_TEMPLATE = new URL(template.url).pathname.slice(1);
    return;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-test-'));
  const empty = path.join(root, 'empty');
  const initialised = await openPglite({ dataDir: empty, poolMax: 1 });
  // A test's database is small: 32 MB of shared buffers, not PostgreSQL's 128 MB, which PGlite takes ≈0.7 s longer to
  // open with (≈1 s against ≈0.3 s on a 2-core machine), and every BFF test file opens one. The copies keep it.
  await initialised.pool.query("alter system set shared_buffers = '32MB'");
  await initialised.close();
  const dataDir = path.join(root, 'migrated');
  fs.cpSync(empty, dataDir, { recursive: true });
  const handle = await openPglite({ dataDir, poolMax: 2 });
  await runMigrations(handle.db);
  await handle.close();
  process.env.BFF_TEST_EMPTY_DATA_DIR = empty;
  process.env.BFF_TEST_DATA_DIR = dataDir;
}
