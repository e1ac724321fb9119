import request from 'supertest';
import type { DatabaseHandle } from '../../db/client';
import { seedDemoStaff, DEMO_PASSWORD } from '../../seed/demo-staff';
import { createTestApp } from '../../../test/test-app';
import { startTestWorld, type TestWorld, type BuildFixtures, type TestApp } from '../../../test/test-world';
import { cookieNames, signInAs } from '../../../test/staff-session';

let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: TestApp;
const HOST = 'energy.test';
const BASE = `http://${HOST}`;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, fixtures, app } = world);
});
afterAll(() => world.close());

const agent = () => request.agent(app).host(HOST);

describe('GET /csrf, /providers, /session', () => {
  it('issues a 64-hex CSRF token with no-cache headers and an HttpOnly Lax cookie, stable per cookie', async () => {
    const a = agent();
    const first = await a.get('/api/auth/csrf').expect(200);
    expect(first.body.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(first.headers['cache-control']).toBe('private, no-cache, no-store');
    expect(first.headers.pragma).toBe('no-cache');
    expect(first.headers.expires).toBe('0');
    const csrfCookie = (first.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('he.csrf-token='),
    )!;
    expect(csrfCookie).toMatch(/HttpOnly/);
    expect(csrfCookie).toMatch(/SameSite=Lax/);
    expect(csrfCookie).not.toMatch(/Secure/);
    const second = await a.get('/api/auth/csrf').expect(200);
    expect(second.body.csrfToken).toBe(first.body.csrfToken);
    expect(cookieNames(second.headers['set-cookie'])).not.toContain('he.csrf-token');
  });

  it('lists the credentials provider with absolute sign-in and callback URLs', async () => {
    const res = await agent().get('/api/auth/providers').expect(200);
    expect(res.body).toEqual({
      credentials: {
        id: 'credentials',
        name: 'Email and password',
        type: 'credentials',
        signinUrl: `${BASE}/api/auth/signin/credentials`,
        callbackUrl: `${BASE}/api/auth/callback/credentials`,
      },
    });
  });

  it('answers {} without a session, never cached', async () => {
    const res = await agent().get('/api/auth/session').expect(200);
    expect(res.body).toEqual({});
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBe('private, no-cache, no-store');
  });
});

describe('POST /callback/credentials', () => {
  it('signs in: 200 with the absolute callback url, a session cookie, and the session user with roles', async () => {
    const a = agent();
    const res = await signInAs(a, 'admin@energi.demo.test', DEMO_PASSWORD, '/console/org/demo-energi').expect(200);
    expect(res.body).toEqual({ url: `${BASE}/console/org/demo-energi` });
    const sessionCookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('he.session='))!;
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    const session = await a.get('/api/auth/session').expect(200);
    expect(session.body.user).toEqual({
      kind: 'staff',
      id: expect.any(String),
      name: 'Anna Admin',
      email: 'admin@energi.demo.test',
      superAdmin: false,
      admin: true,
      organisations: [{ slug: 'demo-energi', name: 'Demo Energi AB', role: 'admin' }],
    });
    expect(new Date(session.body.expires).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    // The session user carries flags for super admins too.
    const s = agent();
    await signInAs(s, 'super@demo.test').expect(200);
    expect((await s.get('/api/auth/session')).body.user).toMatchObject({
      superAdmin: true,
      admin: true,
      organisations: [],
    });
  });

  it('answers a bad or missing CSRF token like NextAuth: 200 with signin?csrf=true, and no session', async () => {
    for (const csrfToken of ['0'.repeat(64), undefined]) {
      const a = agent();
      await a.get('/api/auth/csrf');
      const res = await a
        .post('/api/auth/callback/credentials')
        .type('form')
        .send({
          ...(csrfToken ? { csrfToken } : {}),
          email: 'admin@energi.demo.test',
          password: DEMO_PASSWORD,
          json: 'true',
        })
        .expect(200);
      expect(res.body).toEqual({ url: `${BASE}/api/auth/signin?csrf=true` });
      expect((await a.get('/api/auth/session')).body).toEqual({});
    }
    // A token without its cookie (another browser's token) is refused too.
    const victim = await agent().get('/api/auth/csrf');
    const attacker = await request(app)
      .post('/api/auth/callback/credentials')
      .set('Host', HOST)
      .type('form')
      .send({
        csrfToken: victim.body.csrfToken,
        email: 'admin@energi.demo.test',
        password: DEMO_PASSWORD,
        json: 'true',
      })
      .expect(200);
    expect(attacker.body.url).toBe(`${BASE}/api/auth/signin?csrf=true`);
  });

  it('answers a wrong password and an unknown email the same: 401 CredentialsSignin', async () => {
    const wrong = await signInAs(agent(), 'admin@energi.demo.test', 'not-the-password').expect(401);
    const unknown = await signInAs(agent(), 'nobody@demo.test', 'not-the-password').expect(401);
    expect(wrong.body).toEqual({ url: `${BASE}/api/auth/error?error=CredentialsSignin&provider=credentials` });
    expect(unknown.body).toEqual(wrong.body);
    const malformed = await signInAs(agent(), 'not an email', 'x').expect(401);
    expect(malformed.body).toEqual(wrong.body);
  });

  it('compares json as the string "true": a JSON body with a boolean answers a 302', async () => {
    const a = agent();
    const csrf = await a.get('/api/auth/csrf');
    const res = await a
      .post('/api/auth/callback/credentials')
      .send({
        csrfToken: csrf.body.csrfToken,
        email: 'admin@energi.demo.test',
        password: DEMO_PASSWORD,
        json: true,
        callbackUrl: '/console',
      })
      .expect(302);
    expect(res.headers.location).toBe(`${BASE}/console`);
  });

  it.each([
    ['/console/org/demo-energi', `${BASE}/console/org/demo-energi`],
    ['/ok#frag', `${BASE}/ok#frag`],
    [`${BASE}/console/admin`, `${BASE}/console/admin`],
    ['https://evil.example/x', BASE],
    ['javascript:alert(1)', BASE],
    ['http://energy.test.evil.example/', BASE],
    ['foo', BASE],
    ['//evil.example/x', `${BASE}//evil.example/x`],
  ])('validates callbackUrl %s → %s', async (callbackUrl, expected) => {
    const res = await signInAs(agent(), 'staff@energi.demo.test', DEMO_PASSWORD, callbackUrl).expect(200);
    expect(res.body.url).toBe(expected);
  });

  it('refuses an unknown provider with 400', async () => {
    const a = agent();
    const csrf = await a.get('/api/auth/csrf');
    const res = await a
      .post('/api/auth/callback/nope')
      .type('form')
      .send({ csrfToken: csrf.body.csrfToken, json: 'true' })
      .expect(400);
    expect(res.text).toBe('Error: This action with HTTP POST is not supported by NextAuth.js');
  });

  it('regenerates the session at sign-in: a cookie from before does not become signed in', async () => {
    const a = agent();
    const first = await signInAs(a, 'staff@energi.demo.test').expect(200);
    const before = (first.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('he.session='))!
      .split(';')[0];
    const second = await signInAs(a, 'admin@bank.demo.test').expect(200);
    const after = (second.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('he.session='))!
      .split(';')[0];
    expect(after).not.toBe(before);
    const stale = await request(app).get('/api/auth/session').set('Host', HOST).set('Cookie', before).expect(200);
    expect(stale.body).toEqual({});
  });
});

describe('POST /signin, /signout, /session, /_log and the GET pages', () => {
  it('POST /signin/credentials answers the signin url (credentials go to /callback), csrf=true if bad', async () => {
    const a = agent();
    const csrf = await a.get('/api/auth/csrf');
    expect(
      (
        await a
          .post('/api/auth/signin/credentials')
          .type('form')
          .send({ csrfToken: csrf.body.csrfToken, json: 'true' })
          .expect(200)
      ).body,
    ).toEqual({ url: `${BASE}/api/auth/signin` });
    expect(
      (await a.post('/api/auth/signin/credentials').type('form').send({ csrfToken: 'bad', json: 'true' }).expect(200))
        .body,
    ).toEqual({ url: `${BASE}/api/auth/signin?csrf=true` });
  });

  it('signs out with a good CSRF token: 200 {url}, cookie cleared, session gone; a bad token keeps it', async () => {
    const a = agent();
    await signInAs(a, 'staff@energi.demo.test').expect(200);
    const bad = await a
      .post('/api/auth/signout')
      .type('form')
      .send({ csrfToken: 'bad', callbackUrl: '/console', json: 'true' })
      .expect(200);
    expect(bad.body).toEqual({ url: `${BASE}/api/auth/signout?csrf=true` });
    expect((await a.get('/api/auth/session')).body.user.email).toBe('staff@energi.demo.test');
    const csrf = await a.get('/api/auth/csrf');
    const out = await a
      .post('/api/auth/signout')
      .type('form')
      .send({ csrfToken: csrf.body.csrfToken, callbackUrl: '/console', json: 'true' })
      .expect(200);
    expect(out.body).toEqual({ url: `${BASE}/console` });
    expect((out.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('he.session='))).toMatch(
      /Expires=Thu, 01 Jan 1970/,
    );
    expect((await a.get('/api/auth/session')).body).toEqual({});
    // Signing out without a session answers the same.
    const again = await a
      .post('/api/auth/signout')
      .type('form')
      .send({ csrfToken: csrf.body.csrfToken, callbackUrl: '/console', json: 'true' })
      .expect(200);
    expect(again.body).toEqual({ url: `${BASE}/console` });
  });

  it('updates the session with POST /session: 400 {} on bad CSRF, {} without session, else the session', async () => {
    const a = agent();
    const csrf = await a.get('/api/auth/csrf');
    await a.post('/api/auth/session').send({ csrfToken: csrf.body.csrfToken, data: {} }).expect(200, {});
    await signInAs(a, 'multi@demo.test').expect(200);
    await a.post('/api/auth/session').send({ csrfToken: 'bad', data: {} }).expect(400, {});
    const updated = await a.post('/api/auth/session').send({ csrfToken: csrf.body.csrfToken, data: {} }).expect(200);
    expect(updated.body.user.organisations.map((o: { slug: string }) => o.slug)).toEqual(['demo-bank', 'demo-energi']);
  });

  it('accepts client logs without CSRF and answers 200 with an empty body', async () => {
    const res = await agent()
      .post('/api/auth/_log')
      .type('form')
      .send({ level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'x', client: 'true' })
      .expect(200);
    expect(res.text).toBe('');
  });

  it('sends GET /signin to the console sign-in page with callbackUrl and error', async () => {
    const res = await agent()
      .get('/api/auth/signin?callbackUrl=%2Fconsole%2Forg%2Fdemo-bank&error=SessionRequired')
      .expect(302);
    expect(res.headers.location).toBe(
      `/console?callbackUrl=${encodeURIComponent(`${BASE}/console/org/demo-bank`)}&error=SessionRequired`,
    );
  });

  it('sends sign-in errors back to /signin and other errors to the product page', async () => {
    expect((await agent().get('/api/auth/error?error=CredentialsSignin').expect(302)).headers.location).toBe(
      `${BASE}/api/auth/signin?error=CredentialsSignin`,
    );
    expect((await agent().get('/api/auth/error?error=AccessDenied').expect(302)).headers.location).toBe(
      '/console?error=AccessDenied',
    );
  });

  it('answers unsupported actions with 400', async () => {
    const res = await agent().get('/api/auth/verify-request').expect(400);
    expect(res.text).toBe('Error: This action with HTTP GET is not supported by NextAuth.js');
  });
});

describe('web security around sign-in', () => {
  it('refuses state-changing calls from another origin', async () => {
    const a = agent();
    const csrf = await a.get('/api/auth/csrf');
    const res = await a
      .post('/api/auth/callback/credentials')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ csrfToken: csrf.body.csrfToken, email: 'admin@energi.demo.test', password: DEMO_PASSWORD, json: 'true' })
      .expect(403);
    expect(res.body.error).toBe('forbidden');
    await a
      .post('/api/auth/_log')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ level: 'error' })
      .expect(403);
  });

  it('uses __Host- cookie names and Secure when served over https', async () => {
    const secure = createTestApp(database, fixtures, { secureCookies: true, PUBLIC_URL: 'https://energy.example.se' });
    const res = await request(secure).get('/api/auth/csrf').expect(200);
    const cookies = res.headers['set-cookie'] as unknown as string[];
    const csrf = cookies.find((c) => c.startsWith('__Host-he.csrf-token='))!;
    expect(csrf).toMatch(/; Path=\//);
    expect(csrf).toMatch(/Secure/);
    expect(cookies.some((c) => c.startsWith('__Secure-he.callback-url='))).toBe(true);
    const providers = await request(secure).get('/api/auth/providers');
    expect(providers.body.credentials.callbackUrl).toBe('https://energy.example.se/api/auth/callback/credentials');
  });

  it('rate-limits sign-in attempts with 429 and a TooManyRequests error url', async () => {
    // The count lives in the database for every instance, so this file's earlier sign-ins from this address count too.
    await database.pool.query(`delete from "rate_limit_hits" where limiter = 'sign-in'`);
    const limited = createTestApp(database, fixtures, { SIGNIN_RATE_LIMIT: 3 });
    const a = request.agent(limited).host(HOST);
    for (let i = 0; i < 3; i++) await signInAs(a, 'admin@energi.demo.test', 'wrong').expect(401);
    const res = await signInAs(a, 'admin@energi.demo.test', DEMO_PASSWORD).expect(429);
    expect(res.body).toEqual({ url: `${BASE}/api/auth/error?error=TooManyRequests` });
    expect((await a.get('/api/auth/session')).body).toEqual({});
  });
});
