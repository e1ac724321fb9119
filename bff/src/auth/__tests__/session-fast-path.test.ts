import express from 'express';
import { eq } from 'drizzle-orm';
import { staffUsers } from '../../db/schema';
import request, { type Response } from 'supertest';
import type { DatabaseHandle } from '../../db/client';
import { seedDemoStaff } from '../../seed/demo-staff';
import { createTestApp, TEST_SECRET } from '../../../test/test-app';
import { startTestWorld, type TestWorld, type BuildFixtures } from '../../../test/test-world';
import { signInAs } from '../../../test/staff-session';
import { createSessionStore, SESSION_MAX_AGE_MS } from '../session';
import { sessionFastPath } from '../session-fast-path';
import { createPassport } from '../passport';
import { authAnswers } from '../routes';
import { authCookies } from '../cookies';

// GET /api/auth/session's fast path (session-fast-path.ts) must answer exactly as the full chain would, and hand
// everything it does not handle to that chain.

let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
/** The product's app (fast path on), the same app without it, and the fast path alone with a marker behind it. */
let app: express.Express;
let chain: express.Express;
let fastOnly: express.Express;
const FELL_THROUGH = 299;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, fixtures, app } = world);
  chain = createTestApp(database, fixtures, {}, { sessionFastPath: false });
  const cookies = authCookies(false);
  fastOnly = express();
  fastOnly.get(
    '/api/auth/session',
    sessionFastPath({
      store: createSessionStore({ pool: database.pool, pruneExpired: false }),
      passport: createPassport(database.db),
      secret: TEST_SECRET,
      cookies,
      answers: authAnswers({ secret: TEST_SECRET, cookies, basePath: '/api/auth' }),
    }),
    (_req, res) => res.status(FELL_THROUGH).json({ fellThrough: true }),
  );
});
afterAll(() => world.close());

// One Host for every request: the callback-url cookie holds the request's origin.
const HOST = 'energy.test';
const get = (target: express.Express, path: string) => request(target).get(path).set('Host', HOST);

/** The Cookie header the agent sends (superagent keeps it on the request it made). */
const sentCookies = (res: Response) => (res.request as unknown as { cookies: string }).cookies;

/** The Cookie header a browser signed in as `email` sends: session, CSRF and callback-url cookies. */
async function signedInCookies(email: string): Promise<string> {
  const agent = request.agent(app).host(HOST);
  await signInAs(agent, email).expect(200);
  const answer = await agent.get('/api/auth/session').expect(200);
  expect(answer.body.user.email).toBe(email);
  return sentCookies(answer);
}

const setCookies = (res: Response) =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).slice().sort();
// A new CSRF token is random each time; its cookie's attributes are what must agree.
const withoutExpires = (cookie: string) =>
  cookie.replace(/; Expires=[^;]+/, '').replace(/^he\.csrf-token=[^;]+/, 'he.csrf-token=…');
const expiresOf = (cookie: string) => new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime();
// Headers that differ between any two answers: the time, the request id, and the ETag and length of a body whose
// `expires` moved by a second. Vary comes from the compression middleware, which answers this small have no use for.
const PER_ANSWER = new Set(['date', 'x-request-id', 'etag', 'content-length', 'vary']);

function expectSameAnswer(fast: Response, full: Response) {
  expect(fast.status).toBe(full.status);
  const { expires: fastExpires, ...fastBody } = fast.body as { expires?: string };
  const { expires: fullExpires, ...fullBody } = full.body as { expires?: string };
  expect(fastBody).toEqual(fullBody);
  expect(fastExpires === undefined).toBe(fullExpires === undefined);
  if (fastExpires && fullExpires)
    expect(Math.abs(Date.parse(fastExpires) - Date.parse(fullExpires))).toBeLessThan(5_000);
  const headers = (res: Response) =>
    Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_ANSWER.has(name) && name !== 'set-cookie'));
  expect(headers(fast)).toEqual(headers(full));
  expect(setCookies(fast).map(withoutExpires)).toEqual(setCookies(full).map(withoutExpires));
  const fastSession = setCookies(fast).find((c) => c.startsWith('he.session='));
  const fullSession = setCookies(full).find((c) => c.startsWith('he.session='));
  if (fastSession && fullSession) expect(Math.abs(expiresOf(fastSession) - expiresOf(fullSession))).toBeLessThan(5_000);
}

describe('GET /api/auth/session, fast path and full chain', () => {
  it.each(['admin@energi.demo.test', 'super@demo.test', 'staff@energi.demo.test'])(
    'answer %s alike: user, expiry, rolled cookie, headers',
    async (email) => {
      const cookie = await signedInCookies(email);
      const served = await get(fastOnly, '/api/auth/session').set('Cookie', cookie);
      expect(served.status).toBe(200);
      expect(served.body.user.email).toBe(email);
      expect(Date.parse(served.body.expires)).toBeGreaterThan(Date.now() + SESSION_MAX_AGE_MS - 60_000);

      const fast = await get(app, '/api/auth/session').set('Cookie', cookie);
      const full = await get(chain, '/api/auth/session').set('Cookie', cookie);
      expectSameAnswer(fast, full);
      // The rolled session cookie carries the same signed id and the session's new expiry.
      const rolled = setCookies(fast).find((c) => c.startsWith('he.session='))!;
      expect(rolled.split(';')[0]).toBe(cookie.split('; ').find((c) => c.startsWith('he.session=')));
      expect(expiresOf(rolled)).toBe(Date.parse(fast.body.expires) - (Date.parse(fast.body.expires) % 1000));
    },
  );

  it('answer alike when the CSRF and callback-url cookies are missing (both set them)', async () => {
    const cookie = (await signedInCookies('admin@energi.demo.test'))
      .split('; ')
      .find((c) => c.startsWith('he.session='))!;
    const served = await get(fastOnly, '/api/auth/session').set('Cookie', cookie).expect(200);
    expect(setCookies(served).map((c) => c.split('=')[0])).toEqual(['he.callback-url', 'he.csrf-token', 'he.session']);
    expectSameAnswer(
      await get(app, '/api/auth/session').set('Cookie', cookie),
      await get(chain, '/api/auth/session').set('Cookie', cookie),
    );
  });
});

describe('the fast path hands the request to the chain', () => {
  it('without a session cookie, with a forged one, or with a query or a body', async () => {
    const cookie = await signedInCookies('admin@energi.demo.test');
    const forged = cookie.replace(/he\.session=s%3A([^.;]+)\.[^;]+/, 'he.session=s%3A$1.forged');
    expect((await get(fastOnly, '/api/auth/session')).status).toBe(FELL_THROUGH);
    expect((await get(fastOnly, '/api/auth/session').set('Cookie', forged)).status).toBe(FELL_THROUGH);
    expect((await get(fastOnly, '/api/auth/session?callbackUrl=/console').set('Cookie', cookie)).status).toBe(
      FELL_THROUGH,
    );
    expect(
      (
        await get(fastOnly, '/api/auth/session')
          .set('Cookie', cookie)
          .set('Content-Type', 'application/json')
          .send('{}')
      ).status,
    ).toBe(FELL_THROUGH);
    // The product answers each of them through the chain: signed out for the forged cookie, signed in otherwise.
    expect((await get(app, '/api/auth/session').set('Cookie', forged).expect(200)).body).toEqual({});
    expect(
      (await get(app, '/api/auth/session?callbackUrl=/console').set('Cookie', cookie).expect(200)).body.user.email,
    ).toBe('admin@energi.demo.test');
  });

  it('for an impersonating super admin (checked against the database on every request)', async () => {
    const agent = request.agent(app).host(HOST);
    await signInAs(agent, 'super@demo.test').expect(200);
    await agent.post('/api/admin/impersonation').send({ organisation: 'demo-bank' }).expect(200);
    const cookie = sentCookies(await agent.get('/api/auth/session').expect(200));
    expect((await get(fastOnly, '/api/auth/session').set('Cookie', cookie)).status).toBe(FELL_THROUGH);
    expect((await agent.get('/api/auth/session').expect(200)).body.user.impersonating).toEqual({
      slug: 'demo-bank',
      name: 'Demo Bank',
    });
  });

  it('for a user deactivated since the last answer, which the chain answers signed out', async () => {
    const cookie = await signedInCookies('staff@energi.demo.test');
    expect((await get(fastOnly, '/api/auth/session').set('Cookie', cookie)).status).toBe(200);
    // As the console deactivates: through the database handle, whose writes empty the user cache (db/read-cache.ts).
    const active = (value: boolean) =>
      database.db.update(staffUsers).set({ active: value }).where(eq(staffUsers.email, 'staff@energi.demo.test'));
    await active(false);
    try {
      expect((await get(fastOnly, '/api/auth/session').set('Cookie', cookie)).status).toBe(FELL_THROUGH);
      expect((await get(app, '/api/auth/session').set('Cookie', cookie).expect(200)).body).toEqual({});
    } finally {
      await active(true);
    }
  });

  it('after sign-out: the old cookie is signed out', async () => {
    const agent = request.agent(app).host(HOST);
    await signInAs(agent, 'admin@energi.demo.test').expect(200);
    const cookie = sentCookies(await agent.get('/api/auth/session').expect(200));
    expect((await get(fastOnly, '/api/auth/session').set('Cookie', cookie)).status).toBe(200);
    const csrf = await agent.get('/api/auth/csrf').expect(200);
    await agent
      .post('/api/auth/signout')
      .type('form')
      .send({ csrfToken: csrf.body.csrfToken, json: 'true' })
      .expect(200);
    expect((await get(fastOnly, '/api/auth/session').set('Cookie', cookie)).status).toBe(FELL_THROUGH);
    expect((await get(app, '/api/auth/session').set('Cookie', cookie).expect(200)).body).toEqual({});
  });
});
