// Attack: guess a staff password — at sign-in from many addresses (the sign-in limit was per IP only), or with a stolen
// console session through the change-password route (no limit: 40 guesses in 2.5 s, each a scrypt). Expected: after a
// few failures per account (and more per address) each further attempt waits an exponentially growing, capped lockout
// (429 + Retry-After, the password not even checked); the right password works again once the lockout is over.
import request from 'supertest';
import { DEMO_PASSWORD, seedDemoStaff } from '../../src/seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';
import { signInAs } from '../../test/staff-session';

const HOST = 'energy.test';
/** How many wrong passwords an account / an address may send before the lockouts start (auth/password-guard.ts). */
const ACCOUNT_FREE = 5;
const IP_FREE = 20;
const CAP_S = 15 * 60;

let world: TestWorld;
let app: TestApp;
let clock = Date.UTC(2026, 10, 26, 9);
let ipCounter = 0;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff], now: () => clock });
  ({ app } = world);
});
afterAll(() => world.close());

/** A browser of its own, at an address of its own unless given (as the trusted loopback proxy reports it). */
const client = (ip = `203.0.113.${++ipCounter}`) => request.agent(app).host(HOST).set('X-Forwarded-For', ip);
const attempt = (email: string, password: string, ip?: string) => signInAs(client(ip), email, password);
const TOO_MANY = { url: `http://${HOST}/api/auth/error?error=TooManyRequests` };

it('sign-in: wrong passwords for one account, from many addresses, lock it with growing delays', async () => {
  const email = 'admin@energi.demo.test';
  for (let i = 0; i < ACCOUNT_FREE; i++) await attempt(email, `guess-${i}`).expect(401);
  // One more failure locks the account for a second; meanwhile every attempt is refused, the right password too.
  await attempt(email, 'guess-x').expect(401);
  const locked = await attempt(email, DEMO_PASSWORD).expect(429);
  expect(locked.body).toEqual(TOO_MANY);
  expect(Number(locked.headers['retry-after'])).toBe(1);
  // Each further failure doubles the wait.
  clock += 1000;
  await attempt(email, 'guess-y').expect(401);
  expect(Number((await attempt(email, 'guess-z').expect(429)).headers['retry-after'])).toBe(2);
  clock += 2000;
  await attempt(email, 'guess-w').expect(401);
  expect(Number((await attempt(email, 'guess-v').expect(429)).headers['retry-after'])).toBe(4);
  // Once the lockout is over the right password signs in, and the account's failures are forgiven.
  clock += 4000;
  const signedIn = client();
  await signInAs(signedIn, email, DEMO_PASSWORD).expect(200);
  expect((await signedIn.get('/api/auth/session')).body.user.email).toBe(email);
  for (let i = 0; i < ACCOUNT_FREE; i++) await attempt(email, `again-${i}`).expect(401);
});

it('sign-in: the lockout grows to a cap, so a real user never waits longer than 15 minutes', async () => {
  const email = 'staff@energi.demo.test';
  const send = async (password: string) => {
    const agent = client();
    const csrfToken = (await agent.get('/api/auth/csrf')).body.csrfToken;
    return agent
      .post('/api/auth/callback/credentials')
      .type('form')
      .send({ csrfToken, email, password, callbackUrl: '/console', json: 'true' });
  };
  const waits: number[] = [];
  let failures = 0;
  // Wrong passwords, each sent as soon as the lockout allows (the clock jumps over every wait).
  while (failures < ACCOUNT_FREE + 11) {
    const res = await send(`guess-${failures}`);
    if (res.status === 401) {
      failures++;
      continue;
    }
    expect(res.status).toBe(429);
    waits.push(Number(res.headers['retry-after']));
    clock += waits.at(-1)! * 1000;
  }
  expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
  expect(Number((await send('guess-last')).headers['retry-after'])).toBe(CAP_S);
  clock += CAP_S * 1000;
  expect((await send(DEMO_PASSWORD)).status).toBe(200);
});

it('sign-in: wrong passwords from one address lock that address, whatever the accounts', async () => {
  const ip = '203.0.113.250';
  for (let i = 0; i < IP_FREE; i++) await attempt(`nobody-${i}@example.test`, 'guess', ip).expect(401);
  await attempt('nobody-x@example.test', 'guess', ip).expect(401);
  const res = await attempt('super@demo.test', DEMO_PASSWORD, ip).expect(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  // Another address signs in as usual.
  await attempt('super@demo.test', DEMO_PASSWORD).expect(200);
});

it('change-password: guessing the current password with a signed-in session is locked out per account', async () => {
  const email = 'staff@installer.demo.test';
  const session = client();
  await signInAs(session, email, DEMO_PASSWORD).expect(200);
  const path = '/api/console/org/demo-installer/account/password';
  const change = (currentPassword: string) =>
    session.post(path).send({ currentPassword, newPassword: 'a-new-long-password' });
  for (let i = 0; i <= ACCOUNT_FREE; i++) await change(`guess-${i}`).expect(400);
  const locked = await change(DEMO_PASSWORD).expect(429);
  expect(locked.body).toEqual({
    error: 'too_many_requests',
    message: expect.stringMatching(/Too many wrong passwords/),
  });
  expect(Number(locked.headers['retry-after'])).toBe(1);
  // The same account counter as sign-in: guessing there is locked too.
  await attempt(email, DEMO_PASSWORD).expect(429);
  clock += 1000;
  await change(DEMO_PASSWORD).expect(204);
  await signInAs(client(), email, 'a-new-long-password').expect(200);
});

it('change-password: a parallel burst of guesses gets no more password checks than the free failures', async () => {
  const session = client();
  await signInAs(session, 'admin@bank.demo.test', DEMO_PASSWORD).expect(200);
  const path = '/api/console/org/demo-bank/account/password';
  const statuses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      session
        .post(path)
        .send({ currentPassword: `burst-${i}`, newPassword: 'a-new-long-password' })
        .then((res) => res.status),
    ),
  );
  // Each attempt is counted before its password is checked, so the burst cannot slip past the lockout together.
  expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(ACCOUNT_FREE + 1);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20 - ACCOUNT_FREE - 1);
});
