import express from 'express';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { memberships, staffUsers } from '../../db/schema';
import { seedDemoStaff } from '../../seed/demo-staff';
import { TEST_SECRET } from '../../../test/test-app';
import { startTestWorld, type TestWorld } from '../../../test/test-world';
import { signInAs } from '../../../test/staff-session';
import { createSessionStore } from '../session';
import { createPassport } from '../passport';
import { authCookies } from '../cookies';
import { consoleSession, homeownerSession, sessionReader } from '../session-user';
import { HOMEOWNERS } from '../../../test/actors';

// A page's HTML preloads its API answers only for a session those APIs answer (web/static.ts): these are the checks,
// against the same session store and user records the API reads.

let world: TestWorld;
let probe: express.Express;
let store: ReturnType<typeof createSessionStore>;
/** How often the store was asked for a session, by sid. */
const storeReads = new Map<string, number>();

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff], config: { FAKE_LOGIN: true } });
  store = createSessionStore({ pool: world.database.pool, pruneExpired: false });
  const get = store.get.bind(store);
  store.get = (sid, callback) => {
    storeReads.set(sid, (storeReads.get(sid) ?? 0) + 1);
    get(sid, callback);
  };
  const read = sessionReader({
    store,
    passport: createPassport(world.database.db),
    secret: TEST_SECRET,
    cookies: authCookies(false),
  });
  const check = consoleSession(read);
  const homeowner = homeownerSession(read);
  probe = express();
  probe.get(
    '/probe',
    async (req, res) => void res.json({ console: await check(req), homeowner: await homeowner(req) }),
  );
});
afterAll(() => world.close());

/** The session cookie (name=value) a browser holds after signing in as `email` through the product's app. */
async function sessionCookieOf(email: string): Promise<{ cookie: string; agent: request.Agent }> {
  const agent = request.agent(world.app);
  const res = await signInAs(agent, email).expect(200);
  const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('he.session='))!;
  return { cookie: cookie.split(';')[0], agent };
}

/** Signs the agent's session out through the product's own sign-out (the browser keeps the old cookie). */
async function signOut(agent: request.Agent): Promise<void> {
  const csrf = await agent.get('/api/auth/csrf');
  await agent
    .post('/api/auth/signout')
    .type('form')
    .send({ csrfToken: csrf.body.csrfToken, callbackUrl: '/', json: 'true' })
    .expect(200);
}

const verdicts = async (cookie?: string) => {
  const req = request(probe).get('/probe');
  return (await (cookie === undefined ? req : req.set('Cookie', cookie)).expect(200)).body;
};
const asks = async (cookie?: string) => (await verdicts(cookie)).console;

describe('consoleSession: is this request signed in as staff the console answers', () => {
  it('is true for a signed-in staff member', async () => {
    const { cookie } = await sessionCookieOf('staff@energi.demo.test');
    expect(await asks(`other=1; ${cookie}`)).toBe(true);
  });

  it('is false without the cookie, for a cookie not signed by us, and for a signed-out (expired) session', async () => {
    expect(await asks()).toBe(false);
    expect(await asks('he.csrf-token=x')).toBe(false);
    const { cookie, agent } = await sessionCookieOf('admin@energi.demo.test');
    const [name, value] = cookie.split('=');
    expect(await asks(`${name}=${value.slice(0, -3)}abc`)).toBe(false);

    await signOut(agent);
    // The browser still sends the old cookie (a tab signed out elsewhere, a session expired on the server).
    expect(await asks(cookie)).toBe(false);
  });

  it('is false for staff who must still choose their password (the console APIs refuse them)', async () => {
    const email = 'staff@installer.demo.test';
    await world.database.db.update(staffUsers).set({ mustChangePassword: true }).where(eq(staffUsers.email, email));
    const { cookie } = await sessionCookieOf(email);
    expect(await asks(cookie)).toBe(false);
  });

  it('is false for a stored session whose user no longer exists', async () => {
    const { cookie } = await sessionCookieOf('staff@energi.demo.test');
    const sid = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
    const stored = await new Promise<Record<string, unknown>>((resolve, reject) =>
      store.get(sid, (error, found) => (error ? reject(error) : resolve(found as unknown as Record<string, unknown>))),
    );
    const gone = { ...stored, passport: { user: { kind: 'staff', id: 987654 } } };
    await new Promise<void>((resolve, reject) =>
      store.set(sid, gone as never, (error) => (error ? reject(error) : resolve())),
    );
    expect(await asks(cookie)).toBe(false);
  });
});

describe("homeownerSession: is this request signed in as a homeowner (a page's own answers preloaded)", () => {
  it('is true for a signed-in homeowner only, and false for staff, a visitor and a signed-out session', async () => {
    const agent = request.agent(world.app);
    const res = await agent.post('/api/flow/user/fake-login').send(HOMEOWNERS.homeowner).expect(200);
    const session = (res.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('he.session='))!
      .split(';')[0];
    storeReads.clear();
    expect(await verdicts(session)).toEqual({ console: false, homeowner: true });
    // Both questions of one request are answered from one read of its session.
    expect([...storeReads.values()]).toEqual([1]);
    const { cookie: staff } = await sessionCookieOf('staff@energi.demo.test');
    expect(await verdicts(staff)).toEqual({ console: true, homeowner: false });
    expect(await verdicts('he.csrf-token=x')).toEqual({ console: false, homeowner: false });

    await signOut(agent);
    expect(await verdicts(session)).toEqual({ console: false, homeowner: false });
  });
});

describe('the staff sign-in page for someone already signed in: sent on before it loads', () => {
  const open = (path: string, cookie?: string) => {
    const req = request(world.app).get(path).set('Accept', 'text/html');
    return cookie === undefined ? req : req.set('Cookie', cookie);
  };

  it('sends staff to their organisation and a super admin to the admin pages, with or without the slash', async () => {
    const { cookie: staff } = await sessionCookieOf('staff@energi.demo.test');
    const res = await open('/console', staff).expect(302);
    expect(res.headers.location).toBe('/console/org/demo-energi');
    expect(res.headers['cache-control']).toBe('no-store');
    const { cookie: superAdmin } = await sessionCookieOf('super@demo.test');
    expect((await open('/console/', superAdmin).expect(302)).headers.location).toBe('/console/admin');
  });

  it('follows a console page they were sent to sign in for, and never another site', async () => {
    const { cookie } = await sessionCookieOf('admin@energi.demo.test');
    const wanted = '/console/org/demo-energi/users?period=2025';
    const sent = await open(
      `/console?${new URLSearchParams({ callbackUrl: wanted, error: 'SessionRequired' })}`,
      cookie,
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.location).toBe(wanted);
    for (const callbackUrl of ['https://evil.example/console/org/x', '//evil.example/console/', '/flow']) {
      const res = await open(`/console?${new URLSearchParams({ callbackUrl })}`, cookie).expect(302);
      expect(res.headers.location).toBe('/console/org/demo-energi');
    }
  });

  it('sends staff with a one-time password to choose theirs', async () => {
    const email = 'admin@installer.demo.test';
    await world.database.db.update(staffUsers).set({ mustChangePassword: true }).where(eq(staffUsers.email, email));
    const { cookie } = await sessionCookieOf(email);
    expect((await open('/console', cookie).expect(302)).headers.location).toBe('/console/choose-password');
  });

  it('serves the page to a visitor, a homeowner, a signed-out session and staff with nowhere to go', async () => {
    expect((await open('/console')).status).not.toBe(302);
    const res = await request.agent(world.app).post('/api/flow/user/fake-login').send(HOMEOWNERS.homeowner).expect(200);
    const homeowner = (res.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('he.session='))!
      .split(';')[0];
    expect((await open('/console', homeowner)).status).not.toBe(302);
    const { cookie, agent } = await sessionCookieOf('staff@energi.demo.test');
    await signOut(agent);
    expect((await open('/console', cookie)).status).not.toBe(302);
    const email = 'staff@energi.demo.test';
    const { cookie: member } = await sessionCookieOf(email);
    const [user] = await world.database.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    await world.database.db.delete(memberships).where(eq(memberships.userId, user.id));
    expect((await open('/console', member)).status).not.toBe(302);
    // Other console pages are the pages themselves.
    expect((await open('/console/forgot-password', member)).status).not.toBe(302);
  });
});
