import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { openPglite } from '../client';
import { runMigrations } from '../migrate';
import { migrationsBefore } from '../../../test/migrations-before';
import { copyEmptyDataDir } from '../../../test/pglite-data-dirs';

test('migration 0010 deletes BankID orders holding a signer in clear and rewrites the table without them', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-0010-'));
  const before = migrationsBefore('0010_bankid_completion_encrypted');
  await copyEmptyDataDir(dataDir); // initialised, no migration applied yet
  const database = await openPglite({ dataDir, poolMax: 2 });
  try {
    await migrate(database.db, { migrationsFolder: before });
    const insert = `insert into bankid_orders (order_ref, session_id, login_method, identification_mode,
      auto_start_token, qr_start_token, qr_start_secret, started_at, end_user_ip, status, completed_user)
      values ($1, 's', 'bankid.other_device', 'identify', 'a', 'q', 's', now(), '127.0.0.1', $2, $3)`;
    await database.pool.query(insert, [
      'plain-complete',
      'complete',
      JSON.stringify({ personalNumber: '193305161357', name: 'Plain Text' }),
    ]);
    await database.pool.query(insert, ['still-pending', 'pending', null]);

    await runMigrations(database.db);
    const rows = await database.pool.query('select order_ref, completed_user_encrypted from bankid_orders');
    expect(rows.rows).toEqual([{ order_ref: 'still-pending', completed_user_encrypted: null }]);
    const file = (await database.pool.query(`select pg_relation_filepath('bankid_orders') as file`)).rows[0]
      .file as string;
    await database.close();
    // The table's file (rewritten by the migration) no longer holds the number; the old file is gone.
    expect(fs.readFileSync(path.join(dataDir, 'pg', file)).includes(Buffer.from('193305161357'))).toBe(false);
  } finally {
    await database.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(before, { recursive: true, force: true });
  }
});
