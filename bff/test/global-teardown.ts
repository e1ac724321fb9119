import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Removes what global-setup.ts made: PGlite's migrated data directory, or the template database on a server. */
export default async function globalTeardown(): Promise<void> {
  const dataDir = process.env.BFF_TEST_DATA_DIR;
  if (dataDir) {
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }); // the empty one beside it too
    delete process.env.BFF_TEST_DATA_DIR;
    delete process.env.BFF_TEST_EMPTY_DATA_DIR;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.BFF_TEST_TEMPLATE;
  if (!serverUrl || !template) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin.end();
  delete process.env.BFF_TEST_TEMPLATE;
}
