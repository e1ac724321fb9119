import pg from 'pg';

/** Drops the run's template database on a PostgreSQL server (global-setup.ts); PGlite's snapshot is a temp file. */
export default async function globalTeardown(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.BFF_TEST_TEMPLATE;
  if (!serverUrl || !template) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin.end();
  delete process.env.BFF_TEST_TEMPLATE;
}
