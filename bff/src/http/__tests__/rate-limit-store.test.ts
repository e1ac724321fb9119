import express from 'express';
import { rateLimit } from 'express-rate-limit';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import type { DatabaseHandle } from '../../db/client';
import { writeGenerationOf } from '../../db/write-generation';
import { createTestDatabase } from '../../../test/test-database';
import { DatabaseRateLimitStore, sweepRateLimits } from '../rate-limit-store';

/** One BFF instance's view of a limiter: its own store object and express app, on the shared database. */
function instance(database: DatabaseHandle, limiter: string, limit: number) {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(
    rateLimit({
      store: new DatabaseRateLimitStore(database.db, limiter),
      windowMs: 60_000,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
    }),
  );
  app.get('/', (_req, res) => res.json({ ok: true }));
  return app;
}

describe('rate-limit counters in the database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('counts one client over two instances against one limit', async () => {
    const a = instance(database, 'shared', 4);
    const b = instance(database, 'shared', 4);
    const client = { 'X-Forwarded-For': '198.51.100.1' };
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await request(i % 2 === 0 ? a : b)
            .get('/')
            .set(client)
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const refused = await request(b).get('/').set(client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client, and another limiter for the same client, count on their own.
    expect((await request(a).get('/').set({ 'X-Forwarded-For': '198.51.100.2' })).status).toBe(200);
    expect(
      (
        await request(instance(database, 'other', 4))
          .get('/')
          .set(client)
      ).status,
    ).toBe(200);
  });

  it('loses no hit when many arrive at once', async () => {
    const store = new DatabaseRateLimitStore(database.db, 'burst');
    store.init({ windowMs: 60_000 } as never);
    const totals = await Promise.all(Array.from({ length: 25 }, () => store.increment('client')));
    expect(totals.map((t) => t.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('starts a new window once the old one has ended, and the sweep removes ended windows only', async () => {
    const store = new DatabaseRateLimitStore(database.db, 'window');
    store.init({ windowMs: 60_000 } as never);
    await store.increment('ended');
    await store.increment('ended');
    await store.increment('live');
    await database.db.execute(
      sql`update rate_limit_hits set reset_at = now() - interval '1 second' where limiter = 'window' and key = 'ended'`,
    );
    expect(await store.get('ended')).toBeUndefined();
    const swept = await sweepRateLimits(database.db);
    expect(swept).toBeGreaterThanOrEqual(1);
    expect((await store.get('live'))?.totalHits).toBe(1);
    expect((await store.increment('ended')).totalHits).toBe(1);
  });

  it('decrements and resets one client', async () => {
    const store = new DatabaseRateLimitStore(database.db, 'undo');
    store.init({ windowMs: 60_000 } as never);
    await store.increment('client');
    await store.increment('client');
    await store.decrement('client');
    expect((await store.get('client'))?.totalHits).toBe(1);
    await store.resetKey('client');
    expect(await store.get('client')).toBeUndefined();
  });

  it('does not empty the read caches: counting a request is not a write any cached read depends on', async () => {
    const generation = writeGenerationOf(database.pool);
    const store = new DatabaseRateLimitStore(database.db, 'cache');
    store.init({ windowMs: 60_000 } as never);
    const before = generation.value;
    await store.increment('client');
    await store.decrement('client');
    await sweepRateLimits(database.db);
    expect(generation.value).toBe(before);
  });
});
