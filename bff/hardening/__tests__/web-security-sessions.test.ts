// Web security, part 2: a session id known before a sign-in (or before a super admin starts
// impersonating) is worthless after it, and every cookie the BFF sets carries safe flags.
import type { DatabaseHandle } from '../../src/db/client';
import { DEMO_PASSWORD, seedDemoStaff } from '../../src/seed/demo-staff';
import { createTestApp } from '../../test/test-app';
import { startTestWorld, type TestWorld, type BuildFixtures, type TestApp } from '../../test/test-world';
import { CookieBrowser, InstantRp } from './web-security-support';

const HOST = 'energy.test';

let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: TestApp;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff], config: { FAKE_LOGIN: true }, rp: new InstantRp() });
  ({ database, fixtures, app } = world);
});
afterAll(() => world.close());

async function csrfToken(browser: CookieBrowser): Promise<string> {
  return (await browser.get('/api/auth/csrf')).body.csrfToken;
}

async function staffSignIn(browser: CookieBrowser, email: string) {
  return browser.post(
    '/api/auth/callback/credentials',
    { csrfToken: await csrfToken(browser), email, password: DEMO_PASSWORD, callbackUrl: '/console', json: 'true' },
    true,
  );
}

/**
 * An anonymous visitor's session, as an attacker would get one to plant in a victim's browser: start a BankID order.
 */
async function anonymousSession(browser: CookieBrowser, session = 'he.session'): Promise<string> {
  await browser.post('/api/flow/user/sign', {
    csrfToken: await csrfToken(browser),
    loginMethod: 'bankid.other_device',
  });
  const pair = browser.cookie(session);
  if (!pair) throw new Error('BankID start set no session cookie');
  return pair;
}

/** Who a bare session cookie (no other cookie) is signed in as, through the NextAuth session endpoint. */
async function sessionUser(pair: string): Promise<unknown> {
  const bare = new CookieBrowser(app, { Host: HOST });
  bare.setCookie(pair);
  return (await bare.get('/api/auth/session')).body.user;
}

describe('session fixation', () => {
  it('staff sign-in with credentials starts a new session; the planted one stays anonymous', async () => {
    const browser = new CookieBrowser(app, { Host: HOST });
    const planted = await anonymousSession(browser);
    expect((await staffSignIn(browser, 'staff@energi.demo.test')).status).toBe(200);
    expect(browser.cookie('he.session')).not.toBe(planted);
    expect(await sessionUser(browser.cookie('he.session')!)).toMatchObject({ email: 'staff@energi.demo.test' });
    expect(await sessionUser(planted)).toBeUndefined();
  });

  it('BankID sign-in starts a new session; the planted one (which held the order) stays anonymous', async () => {
    const browser = new CookieBrowser(app, { Host: HOST });
    const planted = await anonymousSession(browser);
    const signedIn = await browser.post('/api/flow/user/auth', { csrfToken: await csrfToken(browser) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ kind: 'homeowner' });
    expect(browser.cookie('he.session')).not.toBe(planted);
    expect(await sessionUser(browser.cookie('he.session')!)).toMatchObject({ kind: 'homeowner' });
    expect(await sessionUser(planted)).toBeUndefined();
  });

  it('the demo fake-login starts a new session too', async () => {
    const browser = new CookieBrowser(app, { Host: HOST });
    const planted = await anonymousSession(browser);
    expect((await browser.post('/api/flow/user/fake-login', {})).status).toBe(200);
    expect(browser.cookie('he.session')).not.toBe(planted);
    expect(await sessionUser(planted)).toBeUndefined();
  });

  it('starting impersonation gives the super admin a new session id; the old id is gone', async () => {
    const browser = new CookieBrowser(app, { Host: HOST });
    expect((await staffSignIn(browser, 'super@demo.test')).status).toBe(200);
    const before = browser.cookie('he.session')!;
    const started = await browser.post('/api/admin/impersonation', { organisation: 'demo-bank' });
    expect(started.status).toBe(200);
    const after = browser.cookie('he.session')!;
    expect(after).not.toBe(before);
    expect(await sessionUser(after)).toMatchObject({ email: 'super@demo.test', impersonating: { slug: 'demo-bank' } });
    expect(await sessionUser(before)).toBeUndefined();
    // Stopping keeps the (new) session signed in.
    expect((await browser.delete('/api/admin/impersonation', {})).status).toBe(204);
    expect(await sessionUser(browser.cookie('he.session')!)).toMatchObject({ email: 'super@demo.test' });
  });

  it('signing out ends the session on the server, not just in the browser', async () => {
    const staff = new CookieBrowser(app, { Host: HOST });
    await staffSignIn(staff, 'staff@energi.demo.test');
    const staffSession = staff.cookie('he.session')!;
    expect(
      (await staff.post('/api/auth/signout', { csrfToken: await csrfToken(staff), json: 'true' }, true)).status,
    ).toBe(200);
    expect(await sessionUser(staffSession)).toBeUndefined();

    const owner = new CookieBrowser(app, { Host: HOST });
    await owner.post('/api/flow/user/fake-login', {});
    const ownerSession = owner.cookie('he.session')!;
    expect((await owner.post('/api/flow/user/logout', { csrfToken: await csrfToken(owner) })).status).toBe(200);
    expect(await sessionUser(ownerSession)).toBeUndefined();
  });
});

interface ParsedCookie {
  name: string;
  header: string;
  attributes: Map<string, string>;
}

function parse(header: string): ParsedCookie {
  const [pair, ...rest] = header.split(';').map((p) => p.trim());
  const attributes = new Map(
    rest.map((a) => [a.split('=')[0]!.toLowerCase(), a.includes('=') ? a.slice(a.indexOf('=') + 1) : '']),
  );
  return { name: pair!.slice(0, pair!.indexOf('=')), header, attributes };
}

/** Everything a visitor, a homeowner and a super admin do that sets cookies, in one browser. */
async function tour(browser: CookieBrowser): Promise<ParsedCookie[]> {
  await browser.get('/');
  await browser.get('/api/flow/brand-config?owner=demo-bank');
  await browser.get('/api/auth/providers?callbackUrl=%2Fconsole');
  await anonymousSession(browser, browser.cookie('__Host-he.csrf-token') ? '__Host-he.session' : 'he.session');
  await browser.post('/api/flow/user/auth', { csrfToken: await csrfToken(browser) });
  await browser.post('/api/flow/user/logout', { csrfToken: await csrfToken(browser) });
  await staffSignIn(browser, 'super@demo.test');
  await browser.post('/api/admin/impersonation', { organisation: 'demo-bank' });
  await browser.post(
    '/api/auth/signout',
    { csrfToken: await csrfToken(browser), callbackUrl: '/console', json: 'true' },
    true,
  );
  return browser.seen.map(parse);
}

describe('cookie flags', () => {
  function expectSafe(cookies: ParsedCookie[], secure: boolean) {
    for (const cookie of cookies) {
      const { attributes } = cookie;
      const where = `${cookie.header}`;
      // No script needs any of them: the NextAuth client reads the CSRF token from /csrf, the brand from /brand-config.
      expect([where, attributes.has('httponly')]).toEqual([where, true]);
      expect([where, attributes.get('samesite')]).toEqual([where, expect.stringMatching(/^(Lax|Strict)$/)]);
      expect([where, attributes.get('path')]).toEqual([where, '/']);
      // A Domain attribute would hand the cookie to every (sibling) subdomain.
      expect([where, attributes.has('domain')]).toEqual([where, false]);
      expect([where, attributes.has('secure')]).toEqual([where, secure]);
    }
  }

  it('sets only HttpOnly, SameSite=Lax, Path=/, host-only cookies over http (browsers drop Secure)', async () => {
    const cookies = await tour(new CookieBrowser(app, { Host: HOST }));
    expect(new Set(cookies.map((c) => c.name))).toEqual(
      new Set(['he.csrf-token', 'he.callback-url', 'he.session', 'owner']),
    );
    expectSafe(cookies, false);
  });

  it('adds Secure and the __Host-/__Secure- prefixes when secureCookies is on (behind a TLS proxy)', async () => {
    const secureApp = createTestApp(
      database,
      fixtures,
      { FAKE_LOGIN: true, secureCookies: true, PUBLIC_URL: 'https://energy.example.se' },
      { rp: new InstantRp() },
    );
    const cookies = await tour(
      new CookieBrowser(secureApp, { Host: 'energy.example.se', 'X-Forwarded-Proto': 'https' }),
    );
    expect(new Set(cookies.map((c) => c.name))).toEqual(
      new Set(['__Host-he.csrf-token', '__Secure-he.callback-url', '__Host-he.session', 'owner']),
    );
    expectSafe(cookies, true);
  });
});
