import request from 'supertest';
import type express from 'express';
import { openPostgres, type DatabaseHandle } from '../client';
import { writeGenerationOf } from '../write-generation';
import { readCacheLookups } from '../read-cache';
import { seedDemoStaff } from '../../seed/demo-staff';
import { seedPlatformContent } from '../../seed/platform-content';
import { createTestApp } from '../../../test/test-app';
import { startTestWorld, type TestWorld, type BuildFixtures } from '../../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../../test/register-homes';
import { signInAs } from '../../../test/staff-session';

/**
 * The BFF keeps sessions, session users and buildings in memory between writes (db/read-cache.ts). Whatever a
 * write changes must show on the very next request on the same instance, and on another instance on the same
 * PostgreSQL as soon as its NOTIFY arrives. Every check reads first (filling the caches), then writes, then reads.
 */
let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: express.Express;
let villa: number;
const NOW = Date.UTC(2026, 10, 23);
const serverUrl = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent], now: () => NOW });
  ({ database, fixtures, app } = world);
  [villa] = await insertStockholmHomes(database.db, [{ street: 'Cachegatan 1', building: VILLA_1970 }]);
});
afterAll(() => world.close());

async function staffId(email: string): Promise<number> {
  return (await database.pool.query('select id from staff_users where email = $1', [email])).rows[0].id;
}

/** The session cookie a browser would keep after signing in (or after its first flow write). */
function sessionCookie(res: request.Response): string {
  const cookie = ((res.headers['set-cookie'] as unknown as string[]) ?? []).find((c) => c.startsWith('he.session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

async function signedIn(
  on: express.Express,
  email: string,
): Promise<{ agent: ReturnType<typeof request.agent>; cookie: string }> {
  const agent = request.agent(on);
  return { agent, cookie: sessionCookie(await signInAs(agent, email).expect(200)) };
}

const sessionOf = async (on: express.Express, cookie: string) =>
  (await request(on).get('/api/auth/session').set('Cookie', cookie).expect(200)).body;

const recommendationsPath = () => `/api/flow/property/${villa}/building/primary/recommendations`;

/** Each measure as the homeowner sees it (savings, costs, payback), by name. */
async function savings(on: express.Express, cookie: string): Promise<Record<string, string>> {
  const res = await request(on).get(recommendationsPath()).set('Cookie', cookie).expect(200);
  expect(res.body.recommendations.length).toBeGreaterThan(0);
  return Object.fromEntries(res.body.recommendations.map((a: { name: string }) => [a.name, JSON.stringify(a)]));
}

/** Polls `read` until `done` holds, for at most `ms`: another instance hears a write within its NOTIFY's delay. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 2_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('one instance: a write shows on the very next request', () => {
  it('signing out ends the session at once: the old cookie is anonymous', async () => {
    const { agent, cookie } = await signedIn(app, 'admin@bank.demo.test');
    expect((await sessionOf(app, cookie)).user.email).toBe('admin@bank.demo.test');
    expect((await sessionOf(app, cookie)).user.email).toBe('admin@bank.demo.test');
    const { csrfToken } = (await agent.get('/api/auth/csrf').expect(200)).body;
    await agent
      .post('/api/auth/signout')
      .type('form')
      .send({ csrfToken, json: 'true' })
      .expect((res) => expect(res.status).toBeLessThan(400));
    expect(await sessionOf(app, cookie)).toEqual({});
  });

  it('changing a user’s role or deactivating them changes or ends their session on its next request', async () => {
    const { cookie: superCookie } = await signedIn(app, 'super@demo.test');
    const { cookie } = await signedIn(app, 'staff@energi.demo.test');
    const roleIn = async (slug: string) =>
      (await sessionOf(app, cookie)).user?.organisations?.find((o: { slug: string }) => o.slug === slug)?.role;
    expect(await roleIn('demo-energi')).toBe('staff');
    expect(await roleIn('demo-energi')).toBe('staff');
    const id = await staffId('staff@energi.demo.test');
    await request(app)
      .put(`/api/admin/users/${id}/memberships/demo-energi`)
      .set('Cookie', superCookie)
      .send({ role: 'admin' })
      .expect(200);
    expect(await roleIn('demo-energi')).toBe('admin');
    expect((await sessionOf(app, cookie)).user.admin).toBe(true);

    await request(app).patch(`/api/admin/users/${id}`).set('Cookie', superCookie).send({ active: false }).expect(200);
    expect(await sessionOf(app, cookie)).toEqual({});
    await request(app).get('/api/console/org/demo-energi/users').set('Cookie', cookie).expect(401);
    await request(app).patch(`/api/admin/users/${id}`).set('Cookie', superCookie).send({ active: true }).expect(200);
    await request(app)
      .put(`/api/admin/users/${id}/memberships/demo-energi`)
      .set('Cookie', superCookie)
      .send({ role: 'staff' })
      .expect(200);
  });

  it('saving answers changes the recommendations on the next GET', async () => {
    const first = await request(app)
      .post(`/api/flow/property/${villa}/building`)
      .send({ answers: { atemp: 140 } })
      .expect(200);
    const cookie = sessionCookie(first);
    // Reading a building writes only its outputs (labels, analytics facts), which must not empty the caches.
    const generation = writeGenerationOf(database.pool).value;
    const before = await savings(app, cookie);
    expect(await savings(app, cookie)).toEqual(before);
    expect(writeGenerationOf(database.pool).value).toBe(generation);
    await request(app)
      .post(`/api/flow/property/${villa}/answer`)
      .set('Cookie', cookie)
      .send({ atemp: 260 })
      .expect(200);
    const after = await savings(app, cookie);
    expect(after).not.toEqual(before);
    // And back: the first figures again, not an older cached copy of either.
    await request(app)
      .post(`/api/flow/property/${villa}/answer`)
      .set('Cookie', cookie)
      .send({ atemp: 140 })
      .expect(200);
    expect(await savings(app, cookie)).toEqual(before);
  });

  it('another browser signing out (a session write) keeps a cached building; its owner’s answers do not', async () => {
    const { agent } = await signedIn(app, 'staff@installer.demo.test');
    const { csrfToken } = (await agent.get('/api/auth/csrf').expect(200)).body;
    const visitor = sessionCookie(
      await request(app)
        .post(`/api/flow/property/${villa}/building`)
        .send({ answers: { atemp: 170 } })
        .expect(200),
    );
    const before = await savings(app, visitor);
    const building = readCacheLookups.get('building')!;
    const misses = building.misses;
    await agent.post('/api/auth/signout').type('form').send({ csrfToken, json: 'true' }).expect(200);
    expect(await savings(app, visitor)).toEqual(before);
    expect(building.misses).toBe(misses);
    await request(app)
      .post(`/api/flow/property/${villa}/answer`)
      .set('Cookie', visitor)
      .send({ atemp: 250 })
      .expect(200);
    expect(await savings(app, visitor)).not.toEqual(before);
    expect(building.misses).toBe(misses + 1);
  });

  it('an organisation admin changing the default prices changes the kronor on the next GET', async () => {
    const visitor = sessionCookie(
      await request(app)
        .post(`/api/flow/property/${villa}/building`)
        .send({ answers: { atemp: 140 } })
        .expect(200),
    );
    const before = await savings(app, visitor);
    expect(await savings(app, visitor)).toEqual(before);
    const { cookie: admin } = await signedIn(app, 'admin@energi.demo.test');
    await request(app)
      .put('/api/console/org/demo-energi/configuration/prices')
      .set('Cookie', admin)
      .send({ import_cents_per_kwh: { electricity: 400 } })
      .expect(200);
    expect(await savings(app, visitor)).not.toEqual(before);
  });

  it('another visitor never gets someone else’s cached building', async () => {
    const mine = sessionCookie(
      await request(app)
        .post(`/api/flow/property/${villa}/building`)
        .send({ answers: { atemp: 300 } })
        .expect(200),
    );
    await savings(app, mine);
    const theirs = sessionCookie(
      await request(app).post(`/api/flow/property/${villa}/answer`).send({ atemp: 120 }).expect(200),
    );
    expect(await savings(app, theirs)).not.toEqual(await savings(app, mine));
    await request(app).get(recommendationsPath()).expect(404);
  });
});

describe('two instances on one database', () => {
  let other: DatabaseHandle | null = null;
  let appB: express.Express;
  beforeAll(async () => {
    // On PostgreSQL, B has its own pool and LISTEN connection, as another BFF process would; one embedded database
    // belongs to one process, so there the two apps share it.
    other = serverUrl ? openPostgres(database.url, 4) : null;
    appB = createTestApp(other ?? database, fixtures, {}, { now: () => NOW });
    // B hears other instances once its LISTEN connection is up; until then it caches nothing.
    if (other)
      expect(await eventually(async () => writeGenerationOf(other!.pool).listening, Boolean, 10_000)).toBe(true);
  });
  afterAll(async () => {
    await other?.close();
  });

  it(
    serverUrl
      ? 'sign-out, deactivation and saved answers on A show on B within 2 s (PostgreSQL NOTIFY)'
      : 'sign-out, deactivation and saved answers on one app show on the other (one embedded database)',
    async () => {
      // Sign-out on A: B's cached session goes.
      const { agent, cookie } = await signedIn(app, 'admin@energi.demo.test');
      expect((await sessionOf(appB, cookie)).user.email).toBe('admin@energi.demo.test');
      expect((await sessionOf(appB, cookie)).user.email).toBe('admin@energi.demo.test');
      const { csrfToken } = (await agent.get('/api/auth/csrf').expect(200)).body;
      await agent
        .post('/api/auth/signout')
        .type('form')
        .send({ csrfToken, json: 'true' })
        .expect((res) => expect(res.status).toBeLessThan(400));
      expect(
        await eventually(
          () => sessionOf(appB, cookie),
          (body) => !body.user,
        ),
      ).toEqual({});

      // A role change on A: B's cached session user changes.
      const { cookie: superCookie } = await signedIn(app, 'super@demo.test');
      const { cookie: staffCookie } = await signedIn(appB, 'staff@energi.demo.test');
      const roleOnB = async () =>
        (await sessionOf(appB, staffCookie)).user?.organisations?.find(
          (o: { slug: string }) => o.slug === 'demo-energi',
        )?.role;
      expect(await roleOnB()).toBe('staff');
      expect(await roleOnB()).toBe('staff');
      const id = await staffId('staff@energi.demo.test');
      await request(app)
        .put(`/api/admin/users/${id}/memberships/demo-energi`)
        .set('Cookie', superCookie)
        .send({ role: 'admin' })
        .expect(200);
      expect(await eventually(roleOnB, (role) => role === 'admin')).toBe('admin');

      // Deactivation on A: B refuses the user.
      await request(app).patch(`/api/admin/users/${id}`).set('Cookie', superCookie).send({ active: false }).expect(200);
      expect(
        await eventually(
          () => sessionOf(appB, staffCookie),
          (body) => !body.user,
        ),
      ).toEqual({});
      await request(app).patch(`/api/admin/users/${id}`).set('Cookie', superCookie).send({ active: true }).expect(200);
      await request(app)
        .put(`/api/admin/users/${id}/memberships/demo-energi`)
        .set('Cookie', superCookie)
        .send({ role: 'staff' })
        .expect(200);

      // Answers saved on A: B's recommendations change.
      const visitor = sessionCookie(
        await request(app)
          .post(`/api/flow/property/${villa}/building`)
          .send({ answers: { atemp: 150 } })
          .expect(200),
      );
      const before = await savings(appB, visitor);
      expect(await savings(appB, visitor)).toEqual(before);
      await request(app)
        .post(`/api/flow/property/${villa}/answer`)
        .set('Cookie', visitor)
        .send({ atemp: 280 })
        .expect(200);
      expect(
        await eventually(
          () => savings(appB, visitor),
          (now) => JSON.stringify(now) !== JSON.stringify(before),
        ),
      ).not.toEqual(before);
    },
  );
});
