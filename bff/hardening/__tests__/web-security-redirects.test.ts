// Web security, part 5: no redirect parameter the BFF honours, and no Location it sends, points
// off-site. "On site" is decided the way a browser would: resolve the value against the page with the WHATWG URL
// parser (backslashes, tabs and protocol-relative forms included) and compare origins.
import request, { type Response } from 'supertest';
import { DEMO_PASSWORD, seedDemoStaff } from '../../src/seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';
import { CookieBrowser, InstantRp } from './web-security-support';

const HOST = 'energy.test';
const BASE = `http://${HOST}`;

/** Redirect targets an attacker would try, as the parameter's decoded value. */
const PAYLOADS = [
  'https://evil.example',
  'https://evil.example/console',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  ' //evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://127.0.0.1.evil.example',
  `http://${HOST}.evil.example/`,
  `http://${HOST}@evil.example/`,
  'https:evil.example',
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  'http://evil.example%2F@energy.test',
];

let world: TestWorld;
let rp: InstantRp;
let app: TestApp;

beforeAll(async () => {
  rp = new InstantRp();
  world = await startTestWorld({ seed: [seedDemoStaff], rp });
  ({ app } = world);
});
afterAll(() => world.close());

/** Where a browser on our page would go with this value, as an origin ("null" for javascript:, data:...). */
function originOf(target: string): string {
  return new URL(target, `${BASE}/console`).origin;
}

function expectOnSite(where: string, target: string | undefined) {
  expect([where, target === undefined ? 'missing' : originOf(target)]).toEqual([where, BASE]);
}

/** The Location of a redirect, or the {url} of a NextAuth JSON answer. */
function targetOf(res: Response): string | undefined {
  return res.headers.location ?? res.body?.url;
}

const agent = () => request.agent(app).host(HOST);

async function csrf(browser: ReturnType<typeof agent>): Promise<string> {
  return (await browser.get('/api/auth/csrf')).body.csrfToken;
}

describe('NextAuth callbackUrl', () => {
  it.each(PAYLOADS)('sign-in with callbackUrl %p stays on site (JSON url and 302 Location)', async (callbackUrl) => {
    for (const json of [true, false]) {
      const browser = agent();
      const res = await browser
        .post('/api/auth/callback/credentials')
        .type('form')
        .send({
          csrfToken: await csrf(browser),
          email: 'staff@energi.demo.test',
          password: DEMO_PASSWORD,
          callbackUrl,
          ...(json ? { json: 'true' } : {}),
        });
      expect(res.status).toBe(json ? 200 : 302);
      expectOnSite(`sign-in ${json ? 'json' : 'form'}`, targetOf(res));
    }
  });

  it.each(PAYLOADS)('sign-out with callbackUrl %p stays on site', async (callbackUrl) => {
    for (const json of [true, false]) {
      const browser = agent();
      const res = await browser
        .post('/api/auth/signout')
        .type('form')
        .send({ csrfToken: await csrf(browser), callbackUrl, ...(json ? { json: 'true' } : {}) });
      expectOnSite(`sign-out ${json ? 'json' : 'form'}`, targetOf(res));
    }
  });

  it.each(PAYLOADS)(
    'GET /signin?callbackUrl=%p sends the browser to our sign-in page with an on-site callbackUrl',
    async (callbackUrl) => {
      const res = await agent()
        .get(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`)
        .expect(302);
      expectOnSite('signin Location', res.headers.location);
      const inner = new URL(res.headers.location!, BASE).searchParams.get('callbackUrl');
      expectOnSite('signin callbackUrl', inner ?? undefined);
    },
  );

  it('takes a callbackUrl left undecoded in the query (%2F%2F) or planted in its cookie as unsafe too', async () => {
    const raw = await agent().get('/api/auth/signin?callbackUrl=%2F%2Fevil.example&error=x').expect(302);
    expectOnSite('raw query', new URL(raw.headers.location!, BASE).searchParams.get('callbackUrl') ?? undefined);
    // Every /api/auth answer reads the cookie the same way (init): sign-out shows it without a password hash per
    // payload, and a real sign-in with two of them.
    for (const planted of PAYLOADS) {
      for (const action of planted === PAYLOADS[0] || planted === '//evil.example'
        ? ['callback/credentials', 'signout']
        : ['signout']) {
        const browser = new CookieBrowser(app, { Host: HOST });
        const csrfToken = (await browser.get('/api/auth/csrf')).body.csrfToken;
        browser.setCookie(`he.callback-url=${encodeURIComponent(planted)}`);
        const res = await browser.post(
          `/api/auth/${action}`,
          { csrfToken, email: 'staff@energi.demo.test', password: DEMO_PASSWORD, json: 'true' },
          true,
        );
        expect([action, res.status]).toEqual([action, 200]);
        expectOnSite(`planted cookie ${planted} on ${action}`, res.body.url);
      }
    }
  });

  it('keeps every other /api/auth redirect on site whatever the parameters say', async () => {
    for (const payload of PAYLOADS) {
      const q = encodeURIComponent(payload);
      for (const path of [
        `/api/auth/error?error=${q}`,
        `/api/auth/error?error=CredentialsSignin&callbackUrl=${q}`,
        `/api/auth/signout?callbackUrl=${q}`,
        `/api/auth/signin?error=${q}`,
      ]) {
        expectOnSite(path, (await agent().get(path).expect(302)).headers.location);
      }
      const browser = agent();
      const signin = await browser
        .post('/api/auth/signin/credentials')
        .type('form')
        .send({ csrfToken: await csrf(browser), callbackUrl: payload, json: 'true' });
      expectOnSite('POST /signin', signin.body.url);
    }
  });
});

describe('BankID return address', () => {
  it.each(PAYLOADS)('returnPath %p is refused or sent to BankID as an address of ours', async (returnPath) => {
    const browser = new CookieBrowser(app, {
      Host: HOST,
      'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
    });
    const before = rp.started.length;
    const csrfToken = (await browser.get('/api/auth/csrf')).body.csrfToken;
    const res = await browser.post('/api/flow/user/sign', { csrfToken, loginMethod: 'bankid.same_device', returnPath });
    if (res.status === 400) {
      expect(rp.started.length).toBe(before);
      return;
    }
    expect(res.status).toBe(200);
    const sent = rp.started.at(-1)!.returnUrl;
    expectOnSite('returnUrl sent to BankID', sent);
    // The app link the phone opens returns there too.
    const launch = new URL(res.body.launchUrl);
    expectOnSite('launch link redirect', launch.searchParams.get('redirect') ?? undefined);
  });
});

describe('Location headers of the static files', () => {
  it('redirects directories only to paths of ours', async () => {
    const paths = [
      '/locales',
      '//locales',
      '///evil.example/..',
      '//evil.example/%2e%2e',
      '/%2F%2Fevil.example/..',
      '/\\evil.example/..',
      '/mfe',
      '/mfe//evil.example',
      '/mfe/%2F%2Fevil.example',
    ];
    for (const path of paths) {
      const res = await agent().get(path).set('Accept', 'text/html');
      if (res.headers.location !== undefined) {
        expectOnSite(`GET ${path} → ${res.status}`, res.headers.location);
        // A protocol-relative Location would leave the site in a browser even when it starts with a slash.
        expect([path, res.headers.location]).not.toEqual([path, expect.stringMatching(/^[/\\]{2}/)]);
      }
    }
  });
});
