import express from 'express';
import request from 'supertest';
import { TEST_SECRET } from '../../../../test/test-app';
import { startTestWorld, type TestWorld } from '../../../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../../../test/register-homes';
import { seedPlatformContent } from '../../../seed/platform-content';
import { createSessionStore } from '../../../auth/session';
import { createPassport } from '../../../auth/passport';
import { authCookies } from '../../../auth/cookies';
import { sessionReader } from '../../../auth/session-user';
import { propertyProfileState } from '../profile-state';

// The dashboard's HTML opens with the frame of the state its reads will answer (web/static.ts pageState): "no such
// property" and "no answers from you" exactly where the building routes answer 404, the results frame where they
// answer the results.

let world: TestWorld;
let villa: number;
/** The state as the HTML route reads it, for the cookie a browser sends. */
let stateApp: express.Express;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedPlatformContent] });
  [villa] = await insertStockholmHomes(world.database.db, [{ street: 'Länkvägen 3', building: VILLA_1970 }]);
  const state = propertyProfileState(
    world.database.db,
    sessionReader({
      store: createSessionStore({ pool: world.database.pool, pruneExpired: false }),
      passport: createPassport(world.database.db),
      secret: TEST_SECRET,
      cookies: authCookies(false),
    }),
  );
  stateApp = express().get('/state/:id', async (req, res) => {
    res.json({ state: await state(req, { id: req.params.id, building: 'primary' }) });
  });
});
afterAll(() => world.close());

/** A browser: its session cookie once it has answered a question about `id` (none before). */
async function browser(answeredFor?: number): Promise<string> {
  if (answeredFor === undefined) return '';
  const res = await request(world.app).post(`/api/flow/property/${answeredFor}/answer`).send({ occupants: 2 });
  return (res.headers['set-cookie'] as unknown as string[] | undefined)?.map((c) => c.split(';')[0]).join('; ') ?? '';
}

/** The state the HTML route reads for a browser's cookie, and what that browser's dashboard read answers. */
async function stateAndRead(cookie: string, id: number) {
  const read = await request(world.app)
    .get(`/api/flow/property/${id}/building/primary/recommendations`)
    .set('Cookie', cookie);
  const { body } = await request(stateApp).get(`/state/${id}`).set('Cookie', cookie).expect(200);
  return [body.state, read.status];
}

test('a browser with no answers for the home: no-profile, as its reads answer 404', async () => {
  expect(await stateAndRead(await browser(), villa)).toEqual(['no-profile', 404]);
});

test('an id no property has: no-property, with or without a session', async () => {
  expect(await stateAndRead(await browser(villa), villa + 1000)).toEqual(['no-property', 404]);
  expect(await stateAndRead(await browser(), villa + 1000)).toEqual(['no-property', 404]);
});

test('an id the building routes refuse (400, not 404) keeps the results frame', async () => {
  expect(await request(stateApp).get('/state/9999999999').expect(200)).toHaveProperty('body.state', null);
  expect(await stateAndRead(await browser(), 9_999_999_999)).toEqual([null, 400]);
});

test("the visitor who answered gets the results frame; another visitor's session still has no answers", async () => {
  const visitor = await browser(villa);
  expect(visitor).toMatch(/^he\.session=s%3A/);
  expect(await stateAndRead(visitor, villa)).toEqual([null, 200]);
  const [other] = await insertStockholmHomes(world.database.db, [{ street: 'Länkvägen 5', building: VILLA_1970 }]);
  expect(await stateAndRead(await browser(other), villa)).toEqual(['no-profile', 404]);
});
