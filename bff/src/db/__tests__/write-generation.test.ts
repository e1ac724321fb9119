import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '../client';
import { buildingProfiles, staffUsers } from '../schema';
import { ReadCache } from '../read-cache';
import { statementKind, writeGenerationOf, WRITES_CHANNEL } from '../write-generation';
import { seedDemoStaff } from '../../seed/demo-staff';
import { createTestDatabase } from '../../../test/test-database';

let database: DatabaseHandle;
const serverUrl = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoStaff(database.db);
});
afterAll(async () => {
  await database.close();
});

async function eventually(done: () => boolean, ms = 3_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return done();
}

describe('which statements count as writes', () => {
  it.each([
    ['select 1', 'read'],
    ['  SELECT * FROM staff_users WHERE id = $1', 'read'],
    ['with t as (select 1) select * from t', 'read'],
    ['with moved as (update building_profiles set visitor_id = null returning id) select * from moved', 'write'],
    ["select nextval('x')", 'write'],
    ['insert into session (sid) values ($1)', 'write'],
    ['UPDATE "session" SET expire = to_timestamp($1) WHERE sid = $2 RETURNING sid', 'write'],
    ['DELETE FROM "session" WHERE sid = $1', 'write'],
    ['truncate properties', 'write'],
    ['alter table properties rename to gone', 'write'],
    ['begin', 'begin'],
    ['commit', 'end'],
    ['rollback', 'end'],
  ])('%s → %s', (text, kind) => {
    expect(statementKind(text)).toBe(kind);
  });

  it('the labels a building read keeps on its profile are an output, not a write; other profile updates are writes', () => {
    const labels = database.db
      .update(buildingProfiles)
      .set({ calculatedClass: 'C', calculatedEp: 100, measuredClass: null, computedAt: sql`now()` })
      .where(eq(buildingProfiles.id, 1))
      .toSQL().sql;
    expect(statementKind(labels)).toBe('read');
    const answers = database.db.update(buildingProfiles).set({ answers: {}, updatedAt: sql`now()` }).where(eq(buildingProfiles.id, 1)).toSQL().sql;
    expect(statementKind(answers)).toBe('write');
  });
});

describe('the write generation of a pool', () => {
  it('moves on a write and on its commit, not on reads', async () => {
    const generation = writeGenerationOf(database.pool);
    expect(generation.listening || !serverUrl).toBe(true);
    const start = generation.value;
    await database.db.select().from(staffUsers).where(eq(staffUsers.id, 1));
    await database.pool.query('select count(*) from staff_users');
    expect(generation.value).toBe(start);
    await database.db.update(staffUsers).set({ name: 'Renamed' }).where(eq(staffUsers.email, 'super@demo.test'));
    const afterWrite = generation.value;
    expect(afterWrite).toBeGreaterThan(start);
    let inside = 0;
    await database.db.transaction(async (tx) => {
      await tx.update(staffUsers).set({ name: 'Super Admin' }).where(eq(staffUsers.email, 'super@demo.test'));
      inside = generation.value;
    });
    expect(inside).toBeGreaterThan(afterWrite);
    expect(generation.value).toBeGreaterThan(inside);
  });

  it('a cache keeps nothing read while a write ran, and serves nothing after a write', async () => {
    const generation = writeGenerationOf(database.pool);
    const cache = new ReadCache<string>(generation, { name: 'test', max: 10 });
    const nameOf = async () => (await database.pool.query(`select name from staff_users where email = 'staff@energi.demo.test'`)).rows[0].name as string;

    // A write lands while the value is being read: the value is returned but not kept.
    const racing = await cache.read('staff', async () => {
      const name = await nameOf();
      await database.pool.query(`update staff_users set name = 'Stina Ny' where email = 'staff@energi.demo.test'`);
      return name;
    });
    expect(cache.get('staff')).toBeUndefined();
    expect(await cache.read('staff', nameOf)).toBe('Stina Ny');
    expect(cache.get('staff')).toBe('Stina Ny');
    expect(racing).not.toBe('Stina Ny');

    await database.pool.query(`update staff_users set name = 'Stina Staff' where email = 'staff@energi.demo.test'`);
    expect(cache.get('staff')).toBeUndefined();
    expect(await cache.read('staff', nameOf)).toBe('Stina Staff');
  });

  it('reads of a key being loaded share that load, unless a write came since it began', async () => {
    const cache = new ReadCache<number>(writeGenerationOf(database.pool), { name: 'test', max: 10 });
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      const n = ++loads;
      await gate;
      return n;
    };
    const first = cache.read('shared', load);
    const second = cache.read('shared', load);
    expect(loads).toBe(1);
    await database.pool.query(`update staff_users set name = 'Stina Staff' where email = 'staff@energi.demo.test'`);
    const third = cache.read('shared', load);
    expect(loads).toBe(2);
    release();
    expect([await first, await second, await third]).toEqual([1, 1, 2]);
    // The load that began after the write is the one kept.
    expect(cache.get('shared')).toBe(2);
  });

  it('an entry ends at its TTL or its own expiry, whichever is first', async () => {
    let now = 1_000;
    const cache = new ReadCache<string>(writeGenerationOf(database.pool), { name: 'test', max: 10, ttlMs: 10_000, now: () => now });
    await cache.read('a', async () => 'A');
    await cache.read('b', async () => 'B', { until: () => 2_000 });
    now = 2_000;
    expect(cache.get('a')).toBe('A');
    expect(cache.get('b')).toBeUndefined();
    now = 11_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('a pool not opened through db/client.ts gets no caching at all', async () => {
    const untracked = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      const cache = new ReadCache<number>(writeGenerationOf(untracked), { name: 'test', max: 10 });
      await cache.read('x', async () => 1);
      expect(cache.get('x')).toBeUndefined();
    } finally {
      await untracked.end();
    }
  });

  it(serverUrl ? 'on PostgreSQL: hears other writers by NOTIFY, and drops everything while its LISTEN connection is lost' : 'on the embedded database: only this process writes, so no LISTEN connection is needed', async () => {
    const generation = writeGenerationOf(database.pool);
    if (!serverUrl) {
      expect(database.kind).toBe('pglite');
      expect(generation.listening).toBe(true);
      return;
    }
    expect(await eventually(() => generation.listening)).toBe(true);
    const cache = new ReadCache<string>(generation, { name: 'test', max: 10 });
    await cache.read('k', async () => 'v');
    expect(cache.get('k')).toBe('v');

    // Another process's write announcement (psql, another BFF) empties this instance's caches.
    const outsider = new pg.Client({ connectionString: database.url });
    await outsider.connect();
    try {
      await outsider.query(`select pg_notify('${WRITES_CHANNEL}', 'another-instance')`);
      expect(await eventually(() => cache.get('k') === undefined)).toBe(true);

      await cache.read('k', async () => 'v');
      expect(cache.get('k')).toBe('v');
      // The LISTEN connection dies: nothing is served until it is back.
      await outsider.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN ${WRITES_CHANNEL}' and datname = current_database()`);
      expect(await eventually(() => !generation.listening)).toBe(true);
      expect(cache.get('k')).toBeUndefined();
      expect(await eventually(() => generation.listening)).toBe(true);
      await cache.read('k', async () => 'w');
      expect(cache.get('k')).toBe('w');
    } finally {
      await outsider.end();
    }
  });
});
