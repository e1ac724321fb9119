// Attack: flood the flow's anonymous writes (autocannon on POST …/answer made 1,767 visitor profiles in 10 s), each a
// visitor profile counted in the brand's analytics. Expected: anonymous writes are limited per IP (429 with
// Retry-After, nothing written), writes that save nothing or fail leave no profile and no session, and abandoned
// visitor profiles are swept and taken out of the analytics.
import request from 'supertest';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { seedPlatformContent } from '../../src/seed/platform-content';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../test/register-homes';
import { rowCount } from '../../test/demo-roles';
import { signInAs } from '../../test/staff-session';
import { HOMEOWNERS } from '../../test/actors';

const LIMITS = { FLOW_WRITE_RATE_LIMIT: 10, FAKE_LOGIN: true };
const DAY_MS = 24 * 60 * 60 * 1000;

let world: TestWorld;
let app: TestApp;
let homes: number[];
let ipCounter = 0;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent], config: LIMITS });
  ({ app } = world);
  homes = await insertStockholmHomes(
    world.database.db,
    ['Flodvägen 1', 'Flodvägen 2', 'Flodvägen 3', 'Flodvägen 4'].map((street) => ({ street, building: VILLA_1970 })),
  );
});
afterAll(() => world.close());

const browser = (ip = `192.0.2.${++ipCounter}`) => request.agent(app).set('X-Forwarded-For', ip);
const count = (table: string) => rowCount(world.database.pool, table);
const query = async <T>(text: string, params: unknown[] = []) =>
  (await world.database.pool.query(text, params)).rows as T[];

it('a burst of anonymous answer writes from one IP answers 429 and creates no more profiles', async () => {
  const ip = '192.0.2.200';
  // Every request a new visitor, as autocannon's were: the first FLOW_WRITE_RATE_LIMIT make profiles.
  for (let i = 0; i < LIMITS.FLOW_WRITE_RATE_LIMIT; i++)
    await browser(ip).post(`/api/flow/property/${homes[0]}/answer`).send({ atemp: 120 }).expect(200);
  const profiles = await count('building_profiles');
  const sessions = await count('session');
  for (let i = 0; i < 5; i++) {
    const res = await browser(ip).post(`/api/flow/property/${homes[0]}/answer`).send({ atemp: 120 }).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({ error: 'too_many_requests', message: expect.any(String) });
  }
  // Every anonymous write of the flow shares the limit.
  const limited = browser(ip);
  await limited.post(`/api/flow/property/${homes[0]}/building`).send({ atemp: 120 }).expect(429);
  await limited.post(`/api/flow/property/${homes[0]}/rates`).send({}).expect(429);
  await limited
    .post(`/api/flow/property/${homes[0]}/consumption`)
    .send({ year: 2024, energy_carriers: { electricity: 10_000 } })
    .expect(429);
  await limited.post('/api/flow/interaction').send({ action: 'page.view' }).expect(429);
  await limited.post(`/api/flow/property/${homes[0]}/installer-requests`).send([]).expect(429);
  expect(await count('building_profiles')).toBe(profiles);
  expect(await count('session')).toBe(sessions);

  // Reads still work, another address still writes, and a signed-in homeowner behind the same address has a limit of
  // their own.
  await browser(ip).get(`/api/flow/property/${homes[0]}/answers`).expect(200);
  await browser().post(`/api/flow/property/${homes[0]}/answer`).send({ atemp: 120 }).expect(200);
  const homeowner = browser(ip);
  await homeowner.post('/api/flow/user/fake-login').send({}).expect(200);
  await homeowner.post(`/api/flow/property/${homes[0]}/answer`).send({ atemp: 120 }).expect(200);
});

it('reads are not counted: after many reads from one IP its writes still get the whole limit', async () => {
  const ip = '192.0.2.201';
  const answers = `/api/flow/property/${homes[0]}/answers`;
  const answer = `/api/flow/property/${homes[0]}/answer`;
  for (let i = 0; i < LIMITS.FLOW_WRITE_RATE_LIMIT * 2; i++) await browser(ip).get(answers).expect(200);
  for (let i = 0; i < LIMITS.FLOW_WRITE_RATE_LIMIT; i++)
    await browser(ip).post(answer).send({ atemp: 120 }).expect(200);
  await browser(ip).post(answer).send({ atemp: 120 }).expect(429);
});

it('a write that saves nothing, or is refused, leaves no visitor profile and no session', async () => {
  const profiles = await count('building_profiles');
  const sessions = await count('session');
  const visitor = browser();
  await visitor.get('/api/auth/csrf').expect(200);
  await visitor.get('/api/flow/questions').expect(200);
  await visitor.get(`/api/flow/property/${homes[1]}/answers`).expect(200);
  const empty = await visitor.post(`/api/flow/property/${homes[1]}/answer`).send({}).expect(200);
  expect(empty.body).toEqual({ answers: {} });
  await visitor.post(`/api/flow/property/${homes[1]}/answer`).send({ atemp: null }).expect(200);
  await visitor.post(`/api/flow/property/${homes[1]}/answer`).send({ atemp: -5 }).expect(400);
  await visitor.post(`/api/flow/property/${homes[1]}/answer`).send({ no_such_question: 1 }).expect(400);
  await visitor.post(`/api/flow/property/${homes[1]}/rates`).send({ electricity: 'cheap' }).expect(400);
  await visitor
    .post(`/api/flow/property/${homes[1]}/consumption`)
    .send({ year: 2024, energy_carriers: { electricity: -1 } })
    .expect(400);
  await visitor.post('/api/flow/interaction').send({ action: 'page.view' }).expect(204);
  expect(await count('building_profiles')).toBe(profiles);
  expect(await count('session')).toBe(sessions);
});

it('abandoned visitor profiles are removed and not counted in analytics', async () => {
  const visitorSweep = await import('../../src/modules/building/visitor-sweep');
  const admin = request.agent(app);
  await signInAs(admin, 'admin@energi.demo.test').expect(200);
  const today = new Date().toISOString().slice(0, 10);
  const homesCounted = async () =>
    (await admin.get(`/api/console/org/demo-energi/analytics/properties?from=${today}&to=${today}`).expect(200)).body
      .total as number;
  const activeToday = async () =>
    (await admin.get(`/api/console/org/demo-energi/analytics/users?from=${today}&to=${today}`).expect(200)).body
      .activeSeries[0].value as number;
  const homesBefore = await homesCounted();
  const activeBefore = await activeToday();

  // A visitor who answered and computed the building; a visitor who only looked at the results (nothing saved); a
  // homeowner's profile (never swept).
  const answered = browser();
  await answered.post(`/api/flow/property/${homes[2]}/building`).send({ occupants: 3 }).expect(200);
  const looked = browser();
  await looked.post(`/api/flow/property/${homes[3]}/building`).send({}).expect(200);
  const homeowner = browser();
  await homeowner.post('/api/flow/user/fake-login').send(HOMEOWNERS.otherHomeowner).expect(200);
  await homeowner.post(`/api/flow/property/${homes[3]}/building`).send({ occupants: 2 }).expect(200);
  expect(await homesCounted()).toBe(homesBefore + 3);
  // A session that saved nothing is not an active person; the one that answered and the homeowner are.
  expect(await activeToday()).toBe(activeBefore + 2);

  const visitorProfiles = async () =>
    await query<{ property_id: number; answers: object }>(
      'select property_id, answers from building_profiles where visitor_id is not null and property_id = any($1)',
      [[homes[2], homes[3]]],
    );
  expect(await visitorProfiles()).toHaveLength(2);

  // Two days on: the profile holding nothing is gone, the answered one stays (its session may come back).
  await visitorSweep.sweepVisitorProfiles(world.database.db, Date.now() + 2 * DAY_MS);
  expect((await visitorProfiles()).map((p) => p.property_id)).toEqual([homes[2]]);
  expect(await homesCounted()).toBe(homesBefore + 2);
  await answered.get(`/api/flow/property/${homes[2]}/building/primary/recommendations`).expect(200);

  // A session's lifetime on without a write: abandoned, removed with its facts, and out of the home counts.
  await visitorSweep.sweepVisitorProfiles(
    world.database.db,
    Date.now() + visitorSweep.VISITOR_PROFILE_KEPT_MS + DAY_MS,
  );
  expect(await visitorProfiles()).toEqual([]);
  expect(
    await query(
      'select 1 from profile_insights where property_id = $1 and profile_id not in (select id from building_profiles)',
      [homes[2]],
    ),
  ).toEqual([]);
  expect(await homesCounted()).toBe(homesBefore + 1);
  expect(
    await query('select 1 from building_profiles where homeowner_id is not null and property_id = $1', [homes[3]]),
  ).toHaveLength(1);
});
