import fs from 'node:fs';
import { openPglite } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

// PGlite data directories for the suites that open embedded PGlite themselves, copied from the two global-setup.ts
// makes once per run: PGlite's initdb takes ≈10 s of CPU, a copy ≈0.3 s. Not reached through test-database.ts on
// purpose: a suite that only uses these opens embedded PGlite whatever TEST_DATABASE_URL says, and runs in the PGlite
// pass only (scripts/test-suites.mjs). With TEST_DATABASE_URL set, global-setup.ts makes a template database instead,
// and these make their directory here, the slow way.

/** Copies an initialised, empty PGlite data directory (no migration applied) to `dataDir`, for openPglite there. */
export async function copyEmptyDataDir(dataDir: string): Promise<void> {
  const empty = process.env.BFF_TEST_EMPTY_DATA_DIR;
  if (empty) fs.cpSync(empty, dataDir, { recursive: true });
  else await (await openPglite({ dataDir, poolMax: 1 })).close();
}

/** Copies the run's migrated PGlite data directory to `dataDir`, for openPglite there. */
export async function copyMigratedDataDir(dataDir: string): Promise<void> {
  const migrated = process.env.BFF_TEST_DATA_DIR;
  if (migrated) return fs.cpSync(migrated, dataDir, { recursive: true });
  const handle = await openPglite({ dataDir, poolMax: 1 });
  try {
    await runMigrations(handle.db);
  } finally {
    await handle.close();
  }
}
