import { eq, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseHandle } from '../client';
import { buildingProfiles, passwordFailures, staffUsers } from '../schema';
import { ReadCache } from '../read-cache';
import { scopeOfPayload, writeGenerationOf, WRITES_CHANNEL } from '../write-generation';
import { createSessionStore } from '../../auth/session';
import { outputsOnly, readsOnly } from '../tracked-db';
import * as schema from '../schema';
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

describe('which calls count as writes', () => {
  const moves = async (write: () => Promise<unknown>) => {
    const generation = writeGenerationOf(database.pool);
    const before = generation.value;
    await write();
    return generation.value > before;
  };

  it.each(Object.entries(schema).filter(([, table]) => is(table, PgTable)))(
    'a delete from %s moves the generation',
    async (_name, table) => {
      expect(await moves(() => database.db.delete(table as PgTable).where(sql`false`))).toBe(true);
    },
  );

  it('inserts, updates, raw statements, `with` writes and transaction writes move it; reads do not', async () => {
    const { db } = database;
    expect(await moves(() => db.select().from(staffUsers).where(eq(staffUsers.id, 1)))).toBe(false);
    expect(await moves(() => db.query.staffUsers.findFirst())).toBe(false);
    expect(await moves(() => readsOnly(db).execute(sql`select 1`))).toBe(false);
    expect(
      await moves(() =>
        db
          .insert(passwordFailures)
          .values({ key: 'k', failures: 0, lastFailureAt: new Date(0) })
          .onConflictDoNothing(),
      ),
    ).toBe(true);
    expect(
      await moves(() => db.update(passwordFailures).set({ failures: 1 }).where(eq(passwordFailures.key, 'k'))),
    ).toBe(true);
    expect(await moves(() => db.execute(sql`select 1`))).toBe(true);
    const recent = db.$with('recent').as(db.select({ key: passwordFailures.key }).from(passwordFailures));
    expect(
      await moves(() =>
        db
          .with(recent)
          .delete(passwordFailures)
          .where(sql`false`),
      ),
    ).toBe(true);
    expect(
      await moves(() =>
        db.transaction((tx) => tx.transaction((inner) => inner.delete(passwordFailures).where(sql`false`))),
      ),
    ).toBe(true);
    expect(await moves(() => db.transaction((tx) => tx.select().from(passwordFailures)))).toBe(false);
  });

  it('a write moves it again when it has finished, and a transaction’s when it commits or rolls back', async () => {
    const generation = writeGenerationOf(database.pool);
    let inside = 0;
    const start = generation.value;
    await database.db.transaction(async (tx) => {
      await tx.update(staffUsers).set({ name: 'Super Admin' }).where(eq(staffUsers.email, 'super@demo.test'));
      inside = generation.value;
    });
    expect(inside).toBeGreaterThan(start);
    expect(generation.value).toBeGreaterThan(inside);
    const rolledBack = generation.value;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.delete(passwordFailures).where(sql`false`);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(generation.value).toBeGreaterThan(rolledBack + 1);
  });

  it('computed outputs written through outputsOnly leave it alone', async () => {
    const write = () =>
      outputsOnly(database.db)
        .update(buildingProfiles)
        .set({ computedAt: sql`now()` })
        .where(sql`false`);
    expect(await moves(write)).toBe(false);
  });
});

describe('what a write may have changed', () => {
  it('a session store write empties the session cache only; any other write empties every cache', async () => {
    const generation = writeGenerationOf(database.pool);
    const buildings = new ReadCache<string>(generation, { name: 'test', max: 10 });
    const sessions = new ReadCache<string>(generation, { name: 'test', max: 10, reads: 'sessions' });
    const fill = async () => {
      await buildings.read('k', async () => 'building');
      await sessions.read('k', async () => 'session');
    };
    await fill();
    const store = createSessionStore({ pool: database.pool, pruneExpired: false });
    const sess = { cookie: { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000) } } as never;
    await new Promise<void>((resolve, reject) => store.set('scoped-sid', sess, (e) => (e ? reject(e) : resolve())));
    expect(buildings.get('k')).toBe('building');
    expect(sessions.get('k')).toBeUndefined();

    await fill();
    await new Promise<void>((resolve, reject) => store.destroy('scoped-sid', (e) => (e ? reject(e) : resolve())));
    expect(buildings.get('k')).toBe('building');
    expect(sessions.get('k')).toBeUndefined();

    await fill();
    await database.db
      .update(staffUsers)
      .set({ name: 'Stina Staff' })
      .where(eq(staffUsers.email, 'staff@energi.demo.test'));
    expect(buildings.get('k')).toBeUndefined();
    expect(sessions.get('k')).toBeUndefined();
  });

  it('another instance’s NOTIFY names sessions only, or else means anything; our own is ignored', () => {
    expect(scopeOfPayload('me', 'me')).toBeNull();
    expect(scopeOfPayload('me sessions', 'me')).toBeNull();
    expect(scopeOfPayload('other sessions', 'me')).toBe('sessions');
    // An instance of an older version sends its id alone; anything unknown is taken as a write to any table.
    expect(scopeOfPayload('other', 'me')).toBe('all');
    expect(scopeOfPayload('other sessions buildings', 'me')).toBe('all');
    expect(scopeOfPayload('other buildings', 'me')).toBe('all');
    expect(scopeOfPayload('', 'me')).toBe('all');
    expect(scopeOfPayload(undefined, 'me')).toBe('all');
  });
});

describe('the write generation of a pool', () => {
  it('a cache keeps nothing read while a write ran, and serves nothing after a write', async () => {
    const generation = writeGenerationOf(database.pool);
    const cache = new ReadCache<string>(generation, { name: 'test', max: 10 });
    const nameOf = async () =>
      (await database.pool.query(`select name from staff_users where email = 'staff@energi.demo.test'`)).rows[0]
        .name as string;

    // A write lands while the value is being read: the value is returned but not kept.
    const racing = await cache.read('staff', async () => {
      const name = await nameOf();
      await database.db
        .update(staffUsers)
        .set({ name: 'Stina Ny' })
        .where(eq(staffUsers.email, 'staff@energi.demo.test'));
      return name;
    });
    expect(cache.get('staff')).toBeUndefined();
    expect(await cache.read('staff', nameOf)).toBe('Stina Ny');
    expect(cache.get('staff')).toBe('Stina Ny');
    expect(racing).not.toBe('Stina Ny');

    await database.db
      .update(staffUsers)
      .set({ name: 'Stina Staff' })
      .where(eq(staffUsers.email, 'staff@energi.demo.test'));
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
    await database.db
      .update(staffUsers)
      .set({ name: 'Stina Staff' })
      .where(eq(staffUsers.email, 'staff@energi.demo.test'));
    const third = cache.read('shared', load);
    expect(loads).toBe(2);
    release();
    expect([await first, await second, await third]).toEqual([1, 1, 2]);
    // The load that began after the write is the one kept.
    expect(cache.get('shared')).toBe(2);
  });

  it('an entry ends at its TTL or its own expiry, whichever is first', async () => {
    let now = 1_000;
    const cache = new ReadCache<string>(writeGenerationOf(database.pool), {
      name: 'test',
      max: 10,
      ttlMs: 10_000,
      now: () => now,
    });
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

  it(
    serverUrl
      ? 'on PostgreSQL: hears other writers by NOTIFY, and drops everything while its LISTEN connection is lost'
      : 'on the embedded database: only this process writes, so no LISTEN connection is needed',
    async () => {
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

      // Another process's write announcement (psql, another BFF) empties this instance's caches; one of sessions
      // only, its session cache alone.
      const sessions = new ReadCache<string>(generation, { name: 'test', max: 10, reads: 'sessions' });
      await sessions.read('k', async () => 's');
      const outsider = new pg.Client({ connectionString: database.url });
      await outsider.connect();
      try {
        await outsider.query(`select pg_notify('${WRITES_CHANNEL}', 'another-instance sessions')`);
        expect(await eventually(() => sessions.get('k') === undefined)).toBe(true);
        expect(cache.get('k')).toBe('v');
        await outsider.query(`select pg_notify('${WRITES_CHANNEL}', 'another-instance')`);
        expect(await eventually(() => cache.get('k') === undefined)).toBe(true);

        await cache.read('k', async () => 'v');
        expect(cache.get('k')).toBe('v');
        // The LISTEN connection dies: nothing is served until it is back.
        await outsider.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN ${WRITES_CHANNEL}' ` +
            `and datname = current_database()`,
        );
        expect(await eventually(() => !generation.listening)).toBe(true);
        expect(cache.get('k')).toBeUndefined();
        expect(await eventually(() => generation.listening)).toBe(true);
        await cache.read('k', async () => 'w');
        expect(cache.get('k')).toBe('w');
      } finally {
        await outsider.end();
      }
    },
  );
});
