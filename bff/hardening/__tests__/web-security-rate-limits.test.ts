// Web security, part 4: rate limits on staff sign-in, BankID start and the property search.
// Each limiter keys by client IP (express-rate-limit's default: req.ip, IPv6 by /56 subnet). req.ip honours
// X-Forwarded-For only from a trusted proxy (TRUST_PROXY, loopback by default), which is how these tests are
// several clients at once. Every attempt counts, successful or not; windows: sign-in 15 min, BankID and search 1 min.
import request, { type Response } from 'supertest';
import { DEMO_PASSWORD, seedDemoStaff } from '../../src/seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';
import { signInAs } from '../../test/staff-session';
import { InstantRp } from './web-security-support';

const HOST = 'energy.test';
const LIMITS = { SIGNIN_RATE_LIMIT: 3, BANKID_START_RATE_LIMIT: 2, SEARCH_RATE_LIMIT: 4 };

let world: TestWorld;
let rp: InstantRp;
let app: TestApp;

beforeAll(async () => {
  rp = new InstantRp();
  world = await startTestWorld({ seed: [seedDemoStaff], config: LIMITS, rp });
  ({ app } = world);
});
afterAll(() => world.close());

/** A browser of its own at the given address (as the trusted proxy reports it). */
const client = (ip: string) => request.agent(app).host(HOST).set('X-Forwarded-For', ip);

function expectLimited(res: Response, limit: number) {
  expect(res.status).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.headers['ratelimit-policy']).toMatch(new RegExp(`q=${limit};`));
  expect(res.headers.ratelimit).toMatch(/r=0;/);
}

it('staff sign-in: the (limit+1)th attempt from one address is refused, even with the right password', async () => {
  const attacker = client('203.0.113.10');
  for (let i = 0; i < LIMITS.SIGNIN_RATE_LIMIT; i++)
    await signInAs(attacker, 'super@demo.test', `guess-${i}`).expect(401);
  const res = await signInAs(attacker, 'super@demo.test', DEMO_PASSWORD).expect(429);
  expectLimited(res, LIMITS.SIGNIN_RATE_LIMIT);
  // The NextAuth client reads {url}: it lands on the error page with TooManyRequests.
  expect(res.body).toEqual({ url: `http://${HOST}/api/auth/error?error=TooManyRequests` });
  expect((await attacker.get('/api/auth/session')).body).toEqual({});
  // Another address signs in as usual.
  await signInAs(client('203.0.113.11'), 'super@demo.test', DEMO_PASSWORD).expect(200);
});

it('BankID start: the (limit+1)th order from one address gets a JSON 429, other addresses still start', async () => {
  const start = async (browser: ReturnType<typeof client>) => {
    const csrfToken = (await browser.get('/api/auth/csrf')).body.csrfToken;
    return browser.post('/api/flow/user/sign').send({ csrfToken, loginMethod: 'bankid.other_device' });
  };
  const busy = client('203.0.113.20');
  for (let i = 0; i < LIMITS.BANKID_START_RATE_LIMIT; i++) expect((await start(busy)).status).toBe(200);
  const started = rp.started.length;
  const res = await start(busy);
  expectLimited(res, LIMITS.BANKID_START_RATE_LIMIT);
  expect(res.body).toEqual({ error: 'too_many_requests', message: expect.any(String) });
  expect(rp.started.length).toBe(started); // BankID was not asked
  expect((await start(client('203.0.113.21'))).status).toBe(200);
});

it('property search: suggestions and address look-ups share one budget per address', async () => {
  const suggest = (browser: ReturnType<typeof client>) =>
    browser.get('/api/flow/property-search/suggestions?q=Storgatan');
  const lookUp = (browser: ReturnType<typeof client>) =>
    browser.get('/api/flow/property-search/geoengine-property?street=Storgatan%201&postal_code=11122');
  const scraper = client('203.0.113.30');
  for (let i = 0; i < LIMITS.SEARCH_RATE_LIMIT; i++)
    expect((await (i % 2 ? lookUp : suggest)(scraper)).status).not.toBe(429);
  for (const res of [await suggest(scraper), await lookUp(scraper)]) {
    expectLimited(res, LIMITS.SEARCH_RATE_LIMIT);
    expect(res.body).toEqual({ error: 'too_many_requests', message: expect.any(String) });
  }
  expect((await suggest(client('203.0.113.31'))).status).toBe(200);
  expect((await lookUp(client('203.0.113.31'))).status).not.toBe(429);
});
