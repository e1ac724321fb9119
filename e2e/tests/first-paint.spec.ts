import { expect, test, type Page } from '@playwright/test';
import { holdRemoteEntry, signInStaff, SUPER_ADMIN, watchConsole } from './support';

// `/` arrives as static HTML showing the address search page in the visitor's language, so the first and largest
// paint need no script. The app renders hidden behind it and takes its place once the flow remote
// has rendered: same place, same size (no layout shift, no later and larger LCP element), then usable as before.

const LANGUAGES = [
  { locale: 'en-US', lang: 'en', heading: 'Find your home', lead: /^Type your address/, field: 'Street address' },
  { locale: 'sv-SE', lang: 'sv', heading: 'Hitta ditt hem', lead: /^Skriv din adress/, field: 'Gatuadress' },
];

/**
 * Records layout shifts and LCP candidates from the very start of the page (a Playwright init script, not the page's).
 */
async function observePaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number[]; __lcp: { at: number; size: number; tag: string }[] };
    w.__shifts = [];
    w.__lcp = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[]) {
        w.__lcp.push({ at: entry.startTime, size: entry.size, tag: entry.element?.tagName ?? '?' });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

const box = async (page: Page, selector: string) => {
  const rect = await page.locator(selector).boundingBox();
  expect(rect, selector).not.toBeNull();
  return rect!;
};

test.describe('static first paint of the address search page', () => {
  test('the HTML alone shows the page: no script needed for the first paint', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
    await expect(page.locator('#first-paint .flow-lead')).toHaveText(LANGUAGES[0].lead);
    await expect(page.locator('#root')).toBeHidden();
    await context.close();
  });

  // shared/src/mfe/paint-first-script.cjs: with `<script defer>`, a main.js that arrived before the first frame ran
  // first and held the static page's paint back. Now only main.js is fetched before the page is painted (a preload) and
  // starts after that paint, with the preloads of every other file; each request is made once, and the CSP allows the
  // inline starter.
  test("the app's script starts after the static page's first contentful paint, and the app then takes over", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.addInitScript(() => {
      const w = window as unknown as { __fcp?: number; __entryAt?: number };
      new PerformanceObserver((list) => {
        const fcp = list.getEntriesByName('first-contentful-paint')[0];
        if (fcp) w.__fcp = fcp.startTime;
      }).observe({ type: 'paint', buffered: true });
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (
              w.__entryAt === undefined &&
              node instanceof HTMLScriptElement &&
              /\/main\.[0-9a-f]+\.js$/.test(node.src)
            )
              w.__entryAt = performance.now();
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(page.locator('[data-remote="mfe_flow"] h1')).toBeVisible();
    await expect(page.locator('#first-paint')).toHaveCount(0);
    const { fcp, entryAt, askedBeforePaint } = await page.evaluate(() => {
      const w = window as unknown as { __fcp?: number; __entryAt?: number };
      const askedBeforePaint = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < w.__fcp!)
        .map((entry) => new URL(entry.name).pathname);
      return { fcp: w.__fcp, entryAt: w.__entryAt, askedBeforePaint };
    });
    expect(
      askedBeforePaint.filter((p) => !/^\/main\.[0-9a-f]+\.js$/.test(p)),
      'asked for before the paint',
    ).toEqual([]);
    expect(fcp, 'a first contentful paint').toBeGreaterThan(0);
    expect(entryAt, 'main.js started').toBeGreaterThan(0);
    expect(entryAt!).toBeGreaterThanOrEqual(fcp!);
    // The HTML names main.js as a preload only; the starter's <script> uses that download.
    const html = await (await page.request.get('/', { headers: { Accept: 'text/html' } })).text();
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    const entry = requested.filter((p) => /^\/main\.[0-9a-f]+\.js$/.test(p));
    expect(entry).toHaveLength(1);
    expect(
      requested.filter((p, i) => requested.indexOf(p) !== i),
      'requests made twice',
    ).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a page without a static first paint gets none', async ({ page }) => {
    const res = await page.request.get('/console', { headers: { Accept: 'text/html' } });
    const html = await res.text();
    expect(html).not.toContain('first-paint');
    // Nothing to paint first: the shell's script is an ordinary deferred one.
    expect(html).toMatch(/<script defer="defer" src="\/main\.[0-9a-f]+\.js"><\/script>/);
  });

  for (const { locale, lang, heading, lead, field } of LANGUAGES) {
    test(`${lang}: the app takes the static page's place without a shift, then the address search works`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await observePaints(page);
      const release = await holdRemoteEntry(page);
      // Not 'load': the held remote entry is a script the load event would wait for.
      await page.goto('/', { waitUntil: 'domcontentloaded' });

      // Static: the visitor's language from the first byte, the app out of sight behind it.
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('#first-paint h1')).toHaveText(heading);
      await expect(page.locator('#first-paint .flow-lead')).toHaveText(lead);
      await expect(page.locator('#root')).toBeHidden();
      const staticHeading = await box(page, '#first-paint h1');
      const staticLead = await box(page, '#first-paint .flow-lead');
      const staticField = await box(page, '#first-paint input');
      const lcpBeforeApp = await page.evaluate(() => (window as unknown as { __lcp: { size: number }[] }).__lcp.at(-1));
      expect(lcpBeforeApp, 'an LCP from the static HTML').toBeDefined();

      release();
      await expect(page.locator('#first-paint')).toHaveCount(0);
      await expect(page.locator('#root')).toBeVisible();
      const search = page.getByRole('combobox', { name: field });
      await expect(search).toBeEditable();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

      // The app's elements sit exactly where the static ones were.
      const appHeading = await box(page, '#root h1');
      const appLead = await box(page, '#root .flow-lead');
      const appField = await box(page, '#root input[role="combobox"]');
      for (const [before, after] of [
        [staticHeading, appHeading],
        [staticLead, appLead],
        [staticField, appField],
      ]) {
        expect(Math.abs(after.x - before.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(1);
        expect(Math.abs(after.width - before.width)).toBeLessThanOrEqual(1);
        expect(Math.abs(after.height - before.height)).toBeLessThanOrEqual(1);
      }

      // Usable: typing brings suggestions, in the page's language.
      const suggestions = await page.request.get('/api/flow/property-search/suggestions?q=S');
      const [home] = (await suggestions.json()).suggestions as { street: string }[];
      await search.pressSequentially(home!.street.slice(0, 6), { delay: 30 });
      await expect(page.getByRole('option').filter({ hasText: home!.street }).first()).toBeVisible();

      const { shifts, lcp } = await page.evaluate(() => {
        const w = window as unknown as { __shifts: number[]; __lcp: { size: number }[] };
        return { shifts: w.__shifts, lcp: w.__lcp };
      });
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
      // The largest paint stays the static one: nothing larger appeared once the app was revealed (text rasterised
      // again may differ by a few pixels: 1 % of tolerance).
      expect(Math.max(...lcp.map((entry) => entry.size))).toBeLessThanOrEqual(lcpBeforeApp!.size * 1.01);
      await context.close();
    });
  }
});

// The results dashboard arrives as a static frame too: the top bar, the page's title and the loading line, so its
// largest element (the title) needs no script. The app takes its place once the dashboard shows its own title.
test.describe('static frame of the results dashboard', () => {
  const DASHBOARD = '/property/42/building/primary/results-dashboard';

  test("the HTML alone shows the title in the visitor's language", async ({ browser }) => {
    for (const [locale, title, lng] of [
      ['sv-SE', 'Ditt hems energiresultat', 'sv'],
      ['en-US', "Your home's energy results", 'en'],
    ]) {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      const page = await context.newPage();
      await page.goto(DASHBOARD);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // The top bar's language switch shows the page's language, as the app's does; it cannot switch before the app
      // is in, so it takes no choice it would lose.
      await expect(page.locator('#first-paint .he-topbar select')).toHaveValue(lng!);
      await expect(page.locator('#first-paint .he-topbar select')).toBeDisabled();
      await expect(page.locator('#root')).toBeHidden();
      await context.close();
    }
  });

  test('the app takes over when the dashboard shows its title: same heading, no spinner between, no shift', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 412, height: 823 },
      isMobile: true,
    });
    const page = await context.newPage();
    await observePaints(page);
    expect(
      (
        await page.request.post('/api/flow/property/42/building', { data: { occupants: 3, indoor_temperature: 21 } })
      ).status(),
    ).toBe(200);
    const release = await holdRemoteEntry(page, 'mfe-results');
    await page.goto(DASHBOARD, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#first-paint h1')).toHaveText("Your home's energy results");
    await expect(page.locator('#root')).toBeHidden();
    const staticHeading = await box(page, '#first-paint h1');

    // Whenever the static frame is gone, the app shows the dashboard's title (never the generic spinner alone).
    await page.evaluate(() => {
      const w = window as unknown as { __revealedWithTitle: boolean | null };
      w.__revealedWithTitle = null;
      new MutationObserver((_, observer) => {
        if (document.getElementById('first-paint')) return;
        w.__revealedWithTitle = document.querySelector('#root #rd-title') !== null;
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    release();
    await expect(page.locator('#first-paint')).toHaveCount(0);
    await expect(page.locator('#rd-title')).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __revealedWithTitle: boolean | null }).__revealedWithTitle),
    ).toBe(true);
    const appHeading = await box(page, '#rd-title');
    expect(Math.abs(appHeading.x - staticHeading.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(appHeading.width - staticHeading.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(appHeading.height - staticHeading.height)).toBeLessThanOrEqual(1);
    await expect(page.getByTestId('no-profile')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02);
    await context.close();
  });
});

// A link to a home this browser has no answers for (someone shared it), or to no home at all: the server knows, and the
// HTML already shows the card the app will show, with its links working before any script; the app takes its place
// only once it shows that card too (never the calculating line in between), with no shift and no larger paint.
test.describe('static frame of a dashboard nobody in this browser has answered for', () => {
  const CASES = [
    { id: 42, heading: "We don't know this home yet", questions: true },
    { id: 999_999_999, heading: 'No such property', questions: false },
  ];

  for (const { id, heading, questions } of CASES) {
    test(`property ${id}: "${heading}" from the first paint, the app's same card after`, async ({ browser }) => {
      const dashboard = `/property/${id}/building/primary/results-dashboard`;
      const noScript = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
      const plain = await noScript.newPage();
      await plain.goto(dashboard);
      await expect(plain.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      const toQuestions = plain.getByRole('link', { name: 'Answer questions about this home' });
      if (questions) {
        // A plain link: it works before (or without) the app.
        await toQuestions.click();
        await expect(plain).toHaveURL(`/flow/property/${id}/questions`);
      } else await expect(toQuestions).toHaveCount(0);
      await noScript.close();

      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await observePaints(page);
      const release = await holdRemoteEntry(page, 'mfe-results');
      await page.goto(dashboard, { waitUntil: 'domcontentloaded' });
      await expect(page.locator('#first-paint .rd-start h2')).toHaveText(heading);
      await expect(page.locator('#root')).toBeHidden();
      const staticCard = await box(page, '#first-paint .rd-start');
      const lcpBeforeApp = await page.evaluate(() => (window as unknown as { __lcp: { size: number }[] }).__lcp.at(-1));
      expect(lcpBeforeApp, 'an LCP from the static HTML').toBeDefined();

      // Whenever the static frame goes, the app already shows the same card.
      await page.evaluate(() => {
        const w = window as unknown as { __revealedWith: string | null };
        w.__revealedWith = null;
        new MutationObserver((_, observer) => {
          if (document.getElementById('first-paint')) return;
          w.__revealedWith = document.querySelector('#root [data-testid="no-profile"] h2')?.textContent ?? '';
          observer.disconnect();
        }).observe(document.body, { childList: true, subtree: true });
      });
      release();
      await expect(page.locator('#first-paint')).toHaveCount(0);
      await expect(page.getByTestId('no-profile').getByRole('heading', { level: 2 })).toHaveText(heading);
      expect(await page.evaluate(() => (window as unknown as { __revealedWith: string | null }).__revealedWith)).toBe(
        heading,
      );
      const appCard = await box(page, '#root .rd-start');
      for (const key of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(appCard[key] - staticCard[key]), key).toBeLessThanOrEqual(1);
      await page.waitForLoadState('networkidle');
      const { shifts, lcp } = await page.evaluate(() => {
        const w = window as unknown as { __shifts: number[]; __lcp: { size: number }[] };
        return { shifts: w.__shifts, lcp: w.__lcp };
      });
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02);
      expect(Math.max(...lcp.map((entry) => entry.size))).toBeLessThanOrEqual(lcpBeforeApp!.size * 1.01);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});

// Other pages arrive as a static frame with the page's heading and intro (shell/first-paint.cjs), the page's largest
// element; the console's only for a signed-in staff member. The app takes over once its page shows its heading, and
// nothing larger than the static intro appears after it.
test.describe('static frames of the flow and console pages', () => {
  const PAGES = [
    { path: '/sign', remote: 'mfe-flow', staff: false, heading: 'Sign in with BankID', lead: null },
    {
      path: '/console/org/demo-energi/properties',
      remote: 'mfe-console',
      staff: true,
      heading: 'Properties',
      lead: /^The homes that came through your brand/,
    },
    { path: '/console/admin', remote: 'mfe-admin', staff: true, heading: 'Organisations', lead: /^Create, edit/ },
  ];

  for (const { path, remote, staff, heading, lead } of PAGES) {
    test(`${path}: the heading comes with the HTML, and the app's page takes its place`, async ({ browser }) => {
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      if (staff) await signInStaff(page, SUPER_ADMIN);
      const errors = watchConsole(page);
      await observePaints(page);
      const release = await holdRemoteEntry(page, remote);
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(page.locator('#first-paint h1')).toHaveText(heading);
      if (lead) await expect(page.locator('#first-paint .he-page-head p')).toHaveText(lead);
      await expect(page.locator('#root')).toBeHidden();
      const lcpBeforeApp = await page.evaluate(() => (window as unknown as { __lcp: { size: number }[] }).__lcp.at(-1));
      expect(lcpBeforeApp, 'an LCP from the static HTML').toBeDefined();

      release();
      await expect(page.locator('#first-paint')).toHaveCount(0);
      await expect(page.locator('#root h1')).toHaveText(heading);
      await page.waitForLoadState('networkidle');
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: { size: number }[] }).__lcp);
      expect(Math.max(...lcp.map((entry) => entry.size))).toBeLessThanOrEqual(lcpBeforeApp!.size * 1.01);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test('a signed-out visitor to a console page gets no console frame, only the sign-in', async ({ page }) => {
    const html = await (
      await page.request.get('/console/org/demo-energi/properties', { headers: { Accept: 'text/html' } })
    ).text();
    expect(html).not.toContain('id="first-paint"');
  });
});
