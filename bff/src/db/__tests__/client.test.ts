import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, type DatabaseHandle } from '../client';
import { isDatabaseUnavailable } from '../../http/unavailable';
import { copyEmptyDataDir } from '../../../test/pglite-data-dirs';

let database: DatabaseHandle;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-client-'));
beforeAll(async () => {
  await copyEmptyDataDir(dataDir); // an initialised database, instead of PGlite's initdb in memory
  database = await openPglite({ dataDir, poolMax: 10 });
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The embedded database serves every pooled connection through one PGlite: a connection's extended-protocol
 * messages (Parse, Bind, Execute … Sync) must not interleave with another's, or a query runs with someone else's
 * parameters or answers with someone else's rows.
 */
describe('PGlite served to a pool of connections', () => {
  it('queries beside transactions each get their own result, and every transaction counts', async () => {
    await database.pool.query('create table if not exists counters (id int primary key, n int not null)');
    await database.pool.query('insert into counters values (1, 0) on conflict do nothing');
    const increments = Array.from({ length: 40 }, async () => {
      const client = await database.pool.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query('select n from counters where id = $1 for update', [1]);
        await client.query('update counters set n = $1 where id = $2', [rows[0].n + 1, 1]);
        await client.query('commit');
      } finally {
        client.release();
      }
    });
    const reads = Array.from({ length: 40 }, (_, i) =>
      database.pool.query('select $1::int as i', [i]).then((r) => r.rows[0]?.i),
    );
    const [, readValues] = await Promise.all([Promise.all(increments), Promise.all(reads)]);
    expect(readValues).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect((await database.pool.query('select n from counters where id = 1')).rows[0].n).toBe(40);
  });
});

describe('a pooled connection that loses its server', () => {
  it('does not take the process down while checked out, and fails its next query as unavailable', async () => {
    const client = await database.pool.connect();
    // What a server shutting down does to a connection between two statements of a transaction.
    expect(() =>
      client.emit(
        'error',
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).not.toThrow();
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const failure = await client.query('select 1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    client.release(true);
    // The pool carries on with a fresh connection.
    expect((await database.pool.query('select 2 as n')).rows[0].n).toBe(2);
  });
});
