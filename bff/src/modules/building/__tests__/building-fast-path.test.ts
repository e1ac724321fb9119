import express from 'express';
import request, { type Response } from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { createTestApp, TEST_SECRET } from '../../../../test/test-app';
import { startTestWorld, type TestWorld } from '../../../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';
import { createSessionStore } from '../../../auth/session';
import { fastSession } from '../../../auth/session-fast-path';
import { createPassport } from '../../../auth/passport';
import { authCookies } from '../../../auth/cookies';
import { buildingCache } from '../cached-building';
import { buildingFastPath, FAST_BUILDING_ANSWERS } from '../fast-path';

// A building's cached answers served before the /api chain (fast-path.ts) must be the chain's answers byte for byte,
// and everything the fast path cannot answer from the cache must reach the chain.

let world: TestWorld;
let database: DatabaseHandle;
/** The product's app (fast path on), the same app without it, and the fast path alone with a marker behind it. */
let app: express.Express;
let chain: express.Express;
let fastOnly: express.Express;
let villa: number;
const FELL_THROUGH = 299;
const NOW = Date.UTC(2026, 10, 23);
const HOST = 'energy.test';

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent], now: () => NOW });
  database = world.database;
  [villa] = await insertStockholmHomes(database.db, [{ street: 'Snabbvägen 1', building: VILLA_1970 }]);
  // The product app and the fast path alone share one building cache, so the test sees what the app has cached.
  const buildings = buildingCache(database.db);
  app = createTestApp(database, world.fixtures, {}, { now: () => NOW, buildings });
  chain = createTestApp(database, world.fixtures, {}, { now: () => NOW, buildingFastPath: false });
  const session = fastSession({
    store: createSessionStore({ pool: database.pool, pruneExpired: false }),
    passport: createPassport(database.db),
    secret: TEST_SECRET,
    cookies: authCookies(false),
  });
  fastOnly = express();
  for (const [which, path] of Object.entries(FAST_BUILDING_ANSWERS))
    fastOnly.get(
      path,
      buildingFastPath(which as keyof typeof FAST_BUILDING_ANSWERS, {
        session,
        buildings,
        defaultBrand: 'demo-energi',
        now: () => NOW,
      }),
      (_req, res) => res.status(FELL_THROUGH).json({ fellThrough: true }),
    );
});
afterAll(() => world.close());

const pathOf = (which: 'recommendations' | 'information', id = villa) =>
  `/api/flow/property/${id}/building/primary/${which}`;
const get = (target: express.Express, path: string, cookie: string, encoding = 'gzip, deflate, br, zstd') =>
  request(target).get(path).set('Host', HOST).set('Cookie', cookie).set('Accept-Encoding', encoding);

/** The session cookie of a visitor who answered for the villa (as the flow's first POST gives it). */
async function visitor(atemp = 140): Promise<string> {
  const res = await request(app)
    .post(`/api/flow/property/${villa}/building`)
    .set('Host', HOST)
    .send({ answers: { atemp } })
    .expect(200);
  const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('he.session='))!;
  return cookie.split(';')[0]!;
}

/**
 * The fast path's answer for a caller whose building the app has cached. The fast path's own session store touches a
 * row the first time it answers for it (a write, which empties the caches), so the app reads the building again then.
 */
async function servedFast(path: string, cookie: string, encoding?: string): Promise<Response> {
  for (let tries = 0; tries < 3; tries++) {
    await get(app, path, cookie, encoding).expect(200);
    const served = await get(fastOnly, path, cookie, encoding);
    if (served.status === 200 && (await get(fastOnly, path, cookie, encoding)).status === 200) return served;
  }
  throw new Error(`the fast path never answered ${path}`);
}

const setCookies = (res: Response) =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((c) => c.replace(/; Expires=[^;]+/, ''));
/** What the answer itself says; the app-wide headers (security headers, request id) come before either path. */
const ANSWER_HEADERS = ['content-type', 'content-encoding', 'content-length', 'etag', 'vary', 'cache-control'];
const headersOf = (res: Response) => ANSWER_HEADERS.map((name) => [name, res.headers[name]]);

function expectSameAnswer(fast: Response, full: Response) {
  expect(fast.status).toBe(full.status);
  expect(fast.body).toEqual(full.body);
  expect(headersOf(fast)).toEqual(headersOf(full));
  expect(setCookies(fast)).toEqual(setCookies(full));
}

describe('a cached building, fast path and full chain', () => {
  it.each(['gzip, deflate, br, zstd', 'gzip', 'identity'])(
    'answer alike for an anonymous visitor (Accept-Encoding %s): body, ETag, encoding, rolled cookie',
    async (encoding) => {
      const cookie = await visitor();
      // Nothing cached yet: the chain computes the building (and caches it).
      expect((await get(fastOnly, pathOf('recommendations'), cookie, encoding)).status).toBe(FELL_THROUGH);
      for (const which of ['recommendations', 'information'] as const) {
        const served = await servedFast(pathOf(which), cookie, encoding);
        expectSameAnswer(served, await get(chain, pathOf(which), cookie, encoding));
        expectSameAnswer(
          await get(app, pathOf(which), cookie, encoding),
          await get(chain, pathOf(which), cookie, encoding),
        );
      }
    },
  );

  it('answers a signed-in staff member who answered for a home, and 304 to a matching If-None-Match', async () => {
    const agent = request.agent(app).host(HOST);
    await signInAs(agent, 'staff@energi.demo.test').expect(200);
    await agent
      .post(`/api/flow/property/${villa}/building`)
      .send({ answers: { atemp: 190 } })
      .expect(200);
    const first = await agent.get(pathOf('recommendations')).expect(200);
    const cookie = (first.request as unknown as { cookies: string }).cookies;
    const served = await servedFast(pathOf('recommendations'), cookie);
    expect(served.body).toEqual(first.body);
    const etag = served.headers.etag!;
    expect((await get(fastOnly, pathOf('recommendations'), cookie).set('If-None-Match', etag)).status).toBe(304);
    expectSameAnswer(served, await get(chain, pathOf('recommendations'), cookie));
  });
});

describe('the fast path hands the request to the chain', () => {
  it('without a session, with a forged cookie, with a query, for another property or building', async () => {
    const cookie = await visitor();
    await servedFast(pathOf('recommendations'), cookie);
    const forged = cookie.replace(/s%3A([^.]+)\.\S+$/, 's%3A$1.forged');
    const handed = async (path: string, sent: string) => (await get(fastOnly, path, sent)).status;
    expect(await handed(pathOf('recommendations'), cookie)).toBe(200);
    expect(await handed(pathOf('recommendations'), '')).toBe(FELL_THROUGH);
    expect(await handed(pathOf('recommendations'), forged)).toBe(FELL_THROUGH);
    expect(await handed(`${pathOf('recommendations')}?owner=demo-bank`, cookie)).toBe(FELL_THROUGH);
    expect(await handed(pathOf('recommendations', villa + 1000), cookie)).toBe(FELL_THROUGH);
    expect(await handed(`/api/flow/property/${villa}/building/second/recommendations`, cookie)).toBe(FELL_THROUGH);
    // The chain answers them as it always has.
    await get(app, pathOf('recommendations'), forged).expect(404);
    await get(app, `/api/flow/property/${villa}/building/second/recommendations`, cookie).expect(400);
  });

  it('for another visitor: nobody is served someone else’s cached building', async () => {
    const mine = await visitor(300);
    const theirs = await visitor(120);
    const my = await servedFast(pathOf('recommendations'), mine);
    expect((await get(fastOnly, pathOf('recommendations'), theirs)).status).toBe(FELL_THROUGH);
    const their = await servedFast(pathOf('recommendations'), theirs);
    expect(their.body).not.toEqual(my.body);
  });

  it('after the owner saves an answer: the next read is computed again, never the old figures', async () => {
    const cookie = await visitor(140);
    const before = (await servedFast(pathOf('recommendations'), cookie)).body;
    await request(app)
      .post(`/api/flow/property/${villa}/answer`)
      .set('Host', HOST)
      .set('Cookie', cookie)
      .send({ atemp: 260 })
      .expect(200);
    expect((await get(fastOnly, pathOf('recommendations'), cookie)).status).toBe(FELL_THROUGH);
    const after = (await get(app, pathOf('recommendations'), cookie).expect(200)).body;
    expect(after).not.toEqual(before);
    expect((await get(fastOnly, pathOf('recommendations'), cookie).expect(200)).body).toEqual(after);
  });

  it('for an impersonating super admin (checked against the database on every request)', async () => {
    const agent = request.agent(app).host(HOST);
    await signInAs(agent, 'super@demo.test').expect(200);
    await agent.post('/api/admin/impersonation').send({ organisation: 'demo-bank' }).expect(200);
    await agent
      .post(`/api/flow/property/${villa}/building`)
      .send({ answers: { atemp: 150 } })
      .expect(200);
    const answer = await agent.get(pathOf('recommendations')).expect(200);
    const cookie = (answer.request as unknown as { cookies: string }).cookies;
    await get(fastOnly, pathOf('recommendations'), cookie);
    await get(app, pathOf('recommendations'), cookie).expect(200);
    expect((await get(fastOnly, pathOf('recommendations'), cookie)).status).toBe(FELL_THROUGH);
  });
});
