import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT, E2E_PORT } from '../e2e-env.mjs';
import { allAtOnce, approveBankIdOrderOf, DEMO_PASSWORD, signInStaff, SUPER_ADMIN } from './support';
import { violations, watchCsp } from './csp';

/** The product's own origin (the Playwright baseURL). */
const OWN = `http://127.0.0.1:${E2E_PORT}`;
const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;

// ---- 1. Content Security Policy --------------------------------------------------------------------------------

test.describe('Content Security Policy', () => {
  // Every page's header and violations are checked where the page is visited (remotes.spec.ts). This proves the
  // watcher sees violations: without it the "none" on every page would prove nothing.
  test('the policy really blocks what an XSS would inject: an inline script and an event-handler attribute', async ({
    page,
  }) => {
    const consoleMentions = await watchCsp(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = "script";';
      document.body.append(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/no-such-image.png" onerror="window.__injected = \'handler\'">';
      document.body.append(holder);
    });
    await expect
      .poll(async () => (await violations(page)).map((v) => v.split(' ')[0]).sort())
      .toEqual(['script-src-attr', 'script-src-elem']);
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
    expect(consoleMentions.join('\n')).toMatch(/Content Security Policy/);
  });
});

// ---- 2. Cookies ------------------------------------------------------------------------------------------------

/**
 * Every cookie the browser holds for the product: none readable by scripts, none sent along on cross-site posts; the
 * one exception is the app's `lang` cookie (the language chosen or found, e.g. "sv": the server answers the next
 * page in it from the first byte), which i18next writes and reads in script and which holds nothing else.
 */
async function expectCookiesLockedDown(page: Page, context: BrowserContext, mustHave: string[]): Promise<void> {
  const cookies = await context.cookies(OWN);
  expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining(mustHave));
  for (const cookie of cookies) {
    expect({
      name: cookie.name,
      httpOnly: cookie.httpOnly || cookie.name === 'lang',
      sameSite: ['Lax', 'Strict'].includes(cookie.sameSite),
    }).toEqual({
      name: cookie.name,
      httpOnly: true,
      sameSite: true,
    });
  }
  // Scripts see the language ("sv", "en-US"…) and nothing else: the CSRF token comes from /api/auth/csrf.
  expect(await page.evaluate(() => document.cookie)).toMatch(/^(lang=(sv|en)(-[A-Z]{2})?)?$/);
}

test.describe('cookies as the browser stores them', () => {
  test('staff: session, NextAuth CSRF and callback-url cookies and the brand cookie are httpOnly and SameSite', async ({
    page,
    context,
  }) => {
    // The brand cookie comes with the app's brand-config answer; the heading alone is the static first paint, shown
    // before the app has booted (leaving then raced the app: no cookie on a busy machine).
    const brandConfig = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/flow/brand-config' && res.ok(),
    );
    await page.goto('/?owner=demo-energi');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
    await brandConfig;
    await page.goto('/console');
    await page.getByLabel('Email').fill('staff@energi.demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Energi AB' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('sv');
    await expectCookiesLockedDown(page, context, ['he.session', 'he.csrf-token', 'he.callback-url', 'owner']);
  });

  test('homeowner: the session after BankID is httpOnly and SameSite too', async ({ page, context }) => {
    await page.goto('/sign');
    await signInWithBankIdOnPage(page, '197705054444', 'Olle Olsson');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
    expect((await (await page.request.get('/api/auth/session')).json()).user).toMatchObject({ kind: 'homeowner' });
    await expectCookiesLockedDown(page, context, ['he.session', 'he.csrf-token']);
  });
});

// ---- 3. Cross-origin writes ------------------------------------------------------------------------------------

const MESSAGES_API = `${OWN}/api/console/org/demo-energi/messages`;
const message = (slug: string) => ({
  slug,
  type: 'news',
  title: 'Pwned',
  key: 'results.intro',
  content: 'Written by another site.',
  require_terms: false,
});

test.describe('a page on another origin cannot write as the signed-in super admin', () => {
  let attacker: http.Server;
  let attackerPort = 0;
  const pages = new Map<string, string>();

  test.beforeAll(async () => {
    // The attacker's own site: whatever page the test put under a path, no CSP of ours.
    attacker = http.createServer((req, res) => {
      const body = pages.get(new URL(req.url ?? '/', 'http://x').pathname);
      res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
    });
    await new Promise<void>((resolve) => attacker.listen(0, resolve)); // all interfaces: localhost may be ::1
    attackerPort = (attacker.address() as AddressInfo).port;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => attacker.close(resolve));
  });

  // localhost is another site than 127.0.0.1 (SameSite cookies stay home); 127.0.0.1 on another port is the same
  // site, so the browser does send the session cookie and only the BFF's Origin check stands in the way.
  for (const [kind, host] of [
    ['another site', 'localhost'],
    ['the same site on another port', '127.0.0.1'],
  ] as const) {
    test(`${kind}: an auto-submitted form and credentialed fetches are refused and unreadable`, async ({ page }) => {
      const attackerOrigin = `http://${host}:${attackerPort}`;
      await signInStaff(page, SUPER_ADMIN);
      const slug = `csrf-${host.replace(/\W/g, '')}`;
      const before = await listMessages(page);
      expect(before.map((m) => m.slug)).not.toContain(slug);

      // Form: text/plain shaped like JSON, the classic way to post "JSON" cross-site without a preflight.
      const [name, value] = JSON.stringify({ ...message(`${slug}-form`), pad: '=' }).split('=');
      pages.set(
        '/form',
        `<form method="POST" action="${MESSAGES_API}" enctype="text/plain"><input name='${name}' ` +
          `value='${value}'></form>` +
          `<script>document.forms[0].submit()</script>`,
      );
      const formAnswer = page.waitForResponse((r) => r.url() === MESSAGES_API && r.request().method() === 'POST');
      await page.goto(`${attackerOrigin}/form`);
      const refused = await formAnswer;
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({ error: 'forbidden' });

      // fetch with credentials: simple requests (text/plain, no preflight) go out, a JSON one is stopped by the browser
      // at the preflight (no CORS headers from the BFF); even the opaque no-cors answer is withheld
      // (Cross-Origin-Resource-Policy: same-origin). The page reads nothing of any answer.
      pages.set(
        '/fetch',
        `<script>
          const attempt = (type, mode) => fetch(${JSON.stringify(MESSAGES_API)}, {
              method: 'POST', mode, credentials: 'include', headers: { 'Content-Type': type },
              body: ${JSON.stringify(JSON.stringify(message(`${slug}-fetch`)))} })
            .then((r) => r.text().then((t) => r.type + ' ' + r.status + ' ' + t), (e) => 'blocked ' + e.name);
          window.results = Promise.all([
            attempt('text/plain', 'cors'), attempt('text/plain', 'no-cors'), attempt('application/json', 'cors'),
          ]);
        </script>`,
      );
      await page.goto(`${attackerOrigin}/fetch`);
      const results = await page.evaluate(() => (window as unknown as { results: Promise<string[]> }).results);
      expect(results).toEqual(['blocked TypeError', 'blocked TypeError', 'blocked TypeError']);

      // Nothing was created: the same session lists the same messages.
      const after = await listMessages(page);
      expect(after).toEqual(before);
      // And the same write from our own origin does work, so the refusals above were the guard's and not the route's.
      const own = await page.request.post(MESSAGES_API, { data: message(`${slug}-own`), headers: { Origin: OWN } });
      expect(own.status()).toBe(201);
      expect(own.headers()['cross-origin-resource-policy']).toBe('same-origin');
      expect(
        (await page.request.delete(`${MESSAGES_API}/${(await own.json()).id}`, { headers: { Origin: OWN } })).status(),
      ).toBe(204);
    });
  }
});

async function listMessages(page: Page): Promise<{ id: number; slug: string }[]> {
  const res = await page.request.get(MESSAGES_API);
  expect(res.status()).toBe(200);
  return (await res.json()).items;
}

// ---- 4. Open redirects -----------------------------------------------------------------------------------------

/** On /sign: "BankID on another device", then the phone (the simulator's control API) approves this page's order. */
async function signInWithBankIdOnPage(
  page: Page,
  personalNumber = '198507099805',
  name = 'Karin Karlsson',
): Promise<void> {
  await page.getByRole('button', { name: 'BankID on another device' }).click();
  await expect(page.getByRole('img', { name: /QR code for BankID/ })).toBeVisible();
  await approveBankIdOrderOf(page, SIMULATOR, personalNumber, name);
}

/** Any page of evil.example answers, so that a redirect there would show instead of failing on DNS. */
async function trapEvil(page: Page): Promise<{ dialogs: string[] }> {
  await page.context().route(
    (url) => url.hostname.endsWith('evil.example'),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' }),
  );
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { dialogs };
}

const OFF_SITE = ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'];

test.describe('no open redirect after signing in', () => {
  // Each homeowner in a browser of their own, all at once: most of a BankID sign-in is waiting for the order to
  // complete, which the five journeys then wait for together. Each signs in as a person of their own.
  const JOURNEYS = [
    ...OFF_SITE.map((target) => ({ query: { redirect: target }, lands: '/', heading: 'Find your home' })),
    // What a 401 adds: an off-site asPath is ignored the same way, and the safe redirect beside it still honoured.
    {
      query: { redirect: '/flow/profile', asPath: '//evil.example/flow/profile' },
      lands: '/flow/profile',
      heading: 'My homes',
    },
  ];
  const PERSONAL_NUMBERS = ['197503031234', '197503031242', '197503031259', '197503031267', '197503031275'];

  test(`homeowner: /sign with an off-site redirect (${OFF_SITE.join(', ')}) or asPath ends on our own page`, async ({
    browser,
  }) => {
    await allAtOnce(
      JOURNEYS.map((journey, i) => ({ ...journey, url: `/sign?${new URLSearchParams(journey.query)}`, i })),
      ({ url }) => url,
      async ({ url, lands, heading, i }) => {
        const context = await browser.newContext({ baseURL: OWN });
        try {
          const page = await context.newPage();
          const { dialogs } = await trapEvil(page);
          await page.goto(url);
          await expect(page.getByRole('heading', { level: 1, name: 'Sign in with BankID' })).toBeVisible();
          await signInWithBankIdOnPage(page, PERSONAL_NUMBERS[i], 'Olle Omväg');
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
          expect(page.url()).toBe(`${OWN}${lands}`);
          expect(dialogs).toEqual([]);
        } finally {
          await context.close();
        }
      },
    );
  });

  for (const target of [...OFF_SITE.map((t) => `${t}/console/org/demo-energi/users`), 'javascript:alert(1)']) {
    test(`staff: /console?callbackUrl=${target} ends on the staff home`, async ({ page }) => {
      const { dialogs } = await trapEvil(page);
      await page.goto(`/console?${new URLSearchParams({ callbackUrl: target })}`);
      await page.getByLabel('Email').fill('staff@energi.demo.test');
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Demo Energi AB' })).toBeVisible();
      expect(page.url()).toBe(`${OWN}/console/org/demo-energi`);
      expect(dialogs).toEqual([]);
    });
  }

  test('staff: the NextAuth endpoints themselves never hand out an off-site URL', async ({ page }) => {
    for (const target of OFF_SITE) {
      const csrf = (await (await page.request.get('/api/auth/csrf')).json()).csrfToken;
      const signIn = await page.request.post('/api/auth/callback/credentials', {
        form: {
          csrfToken: csrf,
          email: 'staff@energi.demo.test',
          password: DEMO_PASSWORD,
          callbackUrl: target,
          json: 'true',
        },
      });
      expect(signIn.status()).toBe(200);
      expect(new URL((await signIn.json()).url, OWN).origin, `callback/credentials with ${target}`).toBe(OWN);

      const signInPage = await page.request.get(`/api/auth/signin?${new URLSearchParams({ callbackUrl: target })}`, {
        maxRedirects: 0,
      });
      const location = new URL(signInPage.headers().location!, OWN);
      expect(location.origin).toBe(OWN);
      expect(new URL(location.searchParams.get('callbackUrl')!, OWN).origin, `signin with ${target}`).toBe(OWN);

      const signOut = await page.request.post('/api/auth/signout', {
        form: { csrfToken: csrf, callbackUrl: target, json: 'true' },
      });
      expect(new URL((await signOut.json()).url, OWN).origin, `signout with ${target}`).toBe(OWN);
    }
  });
});
