// Web security, part 1: no state-changing route is reachable from another origin, and the CSRF
// tokens of /api/auth and the BankID routes are checked. The route list comes from the app itself, so a new route
// is covered without touching this file.
import request from 'supertest';
import type { DatabaseHandle } from '../../src/db/client';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { createTestApp } from '../../test/test-app';
import { startTestWorld, type TestWorld, type BuildFixtures, type TestApp } from '../../test/test-world';
import { listRoutes } from '../../test/route-table';
import { signInAs } from '../../test/staff-session';
import { InstantRp, STATE_CHANGING, concretePath, databaseFingerprint, send } from './web-security-support';

// A host with a subdomain that names no brand, so a sibling subdomain (another brand) exists.
const HOST = 'www.energy.test';
const OWN = `http://${HOST}`;
const REFUSED = { error: 'forbidden', message: expect.stringMatching(/^Cross-(site|origin) request refused\.$/) };

let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let rp: InstantRp;
let app: TestApp;

beforeAll(async () => {
  rp = new InstantRp();
  world = await startTestWorld({ seed: [seedDemoStaff], config: { FAKE_LOGIN: true }, rp });
  ({ database, fixtures, app } = world);
});
afterAll(() => world.close());

async function superAdmin() {
  const agent = request.agent(app).host(HOST);
  await signInAs(agent, 'super@demo.test').expect(200);
  return { agent, csrfToken: (await agent.get('/api/auth/csrf')).body.csrfToken as string };
}

async function homeowner() {
  const agent = request.agent(app).host(HOST);
  await agent.post('/api/flow/user/fake-login').send({}).expect(200);
  return { agent, csrfToken: (await agent.get('/api/auth/csrf')).body.csrfToken as string };
}

describe('same-origin check over every state-changing route', () => {
  const crossOrigin: Array<[string, Record<string, string>]> = [
    ['Origin of another site', { Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    [
      'Sec-Fetch-Site: same-site from a sibling subdomain (another brand)',
      { 'Sec-Fetch-Site': 'same-site', Origin: 'http://demo-bank.energy.test' },
    ],
    ['Origin: null (sandboxed frame, cross-origin redirect)', { Origin: 'null' }],
    ['Origin of a look-alike host', { Origin: 'http://www.energy.test.evil.example' }],
    ['Origin of our host on another port', { Origin: 'http://www.energy.test:8443' }],
  ];

  it('refuses cross-origin calls with 403 before the route, writing nothing; own-origin calls pass', async () => {
    const routes = listRoutes(app).filter((r) => STATE_CHANGING.has(r.method));
    // The table is the app's: guard against a walk that finds nothing (this test would then prove nothing).
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/auth/callback/:provider' },
        { method: 'DELETE', path: '/api/flow/user/sign' },
        { method: 'POST', path: '/api/admin/impersonation' },
      ]),
    );
    expect(routes.every((r) => r.path.startsWith('/api/'))).toBe(true);

    const staff = await superAdmin();
    const owner = await homeowner();
    const callerOf = (path: string) => (path.startsWith('/api/flow/') ? owner : staff);
    const before = await databaseFingerprint(database);

    const wrong: string[] = [];
    for (const route of routes) {
      const caller = callerOf(route.path);
      const url = concretePath(route.path);
      for (const [label, headers] of crossOrigin) {
        // The caller's valid CSRF token rides along: the origin check alone has to stop it.
        const res = await send(caller.agent, route.method, url).set(headers).send({ csrfToken: caller.csrfToken });
        if (res.status !== 403 || res.body.error !== REFUSED.error || !/^Cross-(site|origin)/.test(res.body.message)) {
          wrong.push(`${route.method} ${route.path} with ${label}: ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(database)).toEqual(before);
    // Not even sign-out went through: both callers are still signed in.
    expect((await staff.agent.get('/api/auth/session')).body.user).toMatchObject({ email: 'super@demo.test' });
    expect((await owner.agent.get('/api/flow/user/auth')).body.user).toMatchObject({ kind: 'homeowner' });

    // The same calls from our own origin pass the check (the route then answers on its own: 400, 404, 200...).
    // No CSRF token and parameters naming nothing, so they change nothing that matters here.
    const ownOrigin: Array<Record<string, string>> = [
      { Origin: OWN },
      { Origin: OWN, 'Sec-Fetch-Site': 'same-origin' },
    ];
    const blocked: string[] = [];
    for (const route of routes) {
      for (const headers of ownOrigin) {
        const res = await send(callerOf(route.path).agent, route.method, concretePath(route.path))
          .set(headers)
          .send({});
        // A route may refuse on its own (e.g. 403 for a page the organisation lacks); only the origin check's refusal
        // counts.
        if (res.status === 403 && /^Cross-(site|origin)/.test(String(res.body.message)))
          blocked.push(`${route.method} ${route.path} with ${JSON.stringify(headers)}: ${res.text.slice(0, 120)}`);
      }
    }
    expect(blocked).toEqual([]);
  });

  // POST /api/auth/_log changes nothing and answers 200 once through: it shows the decision alone.
  const probe = (target: ReturnType<typeof createTestApp>, host: string, headers: Record<string, string>) =>
    request(target).post('/api/auth/_log').set('Host', host).set(headers).send({ level: 'debug', message: 'probe' });

  it('lets a call without Origin and Sec-Fetch-Site through (curl, server to server), and a typed URL', async () => {
    // Browsers send Origin or Sec-Fetch-Site on every cross-origin state-changing request, so a request with neither
    // is not a victim's browser; the SameSite=Lax session cookie is the second layer.
    await probe(app, HOST, {}).expect(200);
    await probe(app, HOST, { 'Sec-Fetch-Site': 'none' }).expect(200);
  });

  it('takes our origin from the request host, so brands on subdomains work with or without PUBLIC_URL', async () => {
    const withPublicUrl = createTestApp(database, fixtures, { PUBLIC_URL: 'https://energy.example.se' });
    // A brand subdomain: its own host is its origin, PUBLIC_URL names another host.
    await probe(withPublicUrl, 'demo-bank.energy.example.se', { Origin: 'https://demo-bank.energy.example.se' }).expect(
      200,
    );
    // Behind a proxy that rewrites Host: PUBLIC_URL's origin still counts as ours.
    await probe(withPublicUrl, 'bff.internal:3000', { Origin: 'https://energy.example.se' }).expect(200);
    // A trusted proxy (loopback) passing the public host on in X-Forwarded-Host.
    await probe(app, 'bff.internal:3000', { 'X-Forwarded-Host': HOST, Origin: `https://${HOST}` }).expect(200);
    for (const origin of [
      'https://evil.example',
      'https://energy.example.se.evil.example',
      'https://evil-energy.example.se',
      'null',
    ]) {
      expect((await probe(withPublicUrl, 'demo-bank.energy.example.se', { Origin: origin }).expect(403)).body).toEqual(
        REFUSED,
      );
    }
    // A sibling brand is another origin, even when the browser calls it same-site.
    expect(
      (
        await probe(withPublicUrl, 'demo-bank.energy.example.se', {
          Origin: 'https://demo-energi.energy.example.se',
        }).expect(403)
      ).body,
    ).toEqual(REFUSED);
    expect(
      (await probe(withPublicUrl, 'demo-bank.energy.example.se', { 'Sec-Fetch-Site': 'same-site' }).expect(403)).body,
    ).toEqual(REFUSED);
  });
});

describe('CSRF tokens', () => {
  const WRONG = '0'.repeat(64);

  it('refuses a staff sign-in without or with a wrong csrfToken, or with another browser’s token', async () => {
    const victimToken = (await request(app).get('/api/auth/csrf').set('Host', HOST)).body.csrfToken as string;
    for (const csrfToken of [undefined, WRONG, victimToken]) {
      const agent = request.agent(app).host(HOST);
      // This browser's own CSRF cookie: another browser's (valid) token does not match it.
      await agent.get('/api/auth/csrf');
      const res = await agent
        .post('/api/auth/callback/credentials')
        .type('form')
        .send({
          ...(csrfToken ? { csrfToken } : {}),
          email: 'super@demo.test',
          password: 'energy-demo-2026',
          json: 'true',
        })
        .expect(200);
      expect(res.body).toEqual({ url: `${OWN}/api/auth/signin?csrf=true` });
      expect((await agent.get('/api/auth/session')).body).toEqual({});
    }
  });

  it('refuses sign-out and the session update without or with a wrong csrfToken: the session stays', async () => {
    const { agent } = await superAdmin();
    for (const body of [{ json: 'true' }, { csrfToken: WRONG, json: 'true' }]) {
      const res = await agent.post('/api/auth/signout').type('form').send(body).expect(200);
      expect(res.body).toEqual({ url: `${OWN}/api/auth/signout?csrf=true` });
      await agent
        .post('/api/auth/session')
        .send({ ...body, data: {} })
        .expect(400);
    }
    expect((await agent.get('/api/auth/session')).body.user).toMatchObject({ email: 'super@demo.test' });
  });

  it('refuses BankID start, cancel, sign-in and homeowner log-out without or with a wrong csrfToken', async () => {
    const { agent } = await homeowner();
    const started = rp.started.length;
    for (const token of [undefined, WRONG]) {
      const withToken = token ? { csrfToken: token } : {};
      const start = await agent
        .post('/api/flow/user/sign')
        .send({ csrfToken: token ?? '', loginMethod: 'bankid.other_device' });
      // A missing token fails the body schema (400), a wrong one the CSRF check (403): neither starts an order.
      expect(start.status).toBe(token ? 403 : 400);
      for (const [method, path] of [
        ['DELETE', '/api/flow/user/sign'],
        ['POST', '/api/flow/user/auth'],
        ['POST', '/api/flow/user/logout'],
      ] as const) {
        const res = await send(agent, method, path).send(withToken);
        expect([method, path, res.status]).toEqual([method, path, token ? 403 : 400]);
        if (token) expect(res.body.error).toBe('csrf');
      }
    }
    expect(rp.started.length).toBe(started);
    expect((await agent.get('/api/flow/user/auth')).body.user).toMatchObject({ kind: 'homeowner' });
    // With its token the same log-out goes through.
    const csrfToken = (await agent.get('/api/auth/csrf')).body.csrfToken;
    await agent.post('/api/flow/user/logout').send({ csrfToken }).expect(200);
    expect((await agent.get('/api/flow/user/auth')).body).toEqual({});
  });
});
