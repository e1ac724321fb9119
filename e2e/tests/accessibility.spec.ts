import { expect, test, type Browser, type Page } from '@playwright/test';
import { USABLE_MARK } from '@home-energy/shared/mfe/vitals';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import {
  accessibilityViolations,
  consolePages,
  expectChartDrawn,
  pageReady,
  REMOTE_ROUTES,
  staffState,
  SUPER_ADMIN,
  workingDay,
  type StorageState,
  type WorkingDay,
} from './support';

// Every page a person lands on, with data in it, in Swedish and in English: axe's WCAG 2.2 AA rules find nothing.
// One page load per page and language, in the session of someone who may see it. The same walk checks each page on a
// 390 px phone in one of the two languages (the page made that narrow where it is, not loaded again): it fits the
// screen, and a staff page's navigation is reachable. The visitor's and the homeowner's pages at 390 px in Swedish,
// whose longer words are the harder fit; the staff's in English.

const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;
type PhoneCheck = 'homeowner' | 'staff';
const LANGUAGES: { locale: string; lang: string; phone: PhoneCheck }[] = [
  { locale: 'sv-SE', lang: 'sv', phone: 'homeowner' },
  { locale: 'en-US', lang: 'en', phone: 'staff' },
];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };
const ADMIN_PAGES = REMOTE_ROUTES.filter((r) => r.remote === 'mfe_admin').map((r) => r.path);

let day: WorkingDay;
const staff: Record<string, StorageState> = {};

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  day = await workingDay(browser, SIMULATOR, '197707071238', 'Alva Axelsson');
  for (const email of ['admin@energi.demo.test', 'staff@energi.demo.test', 'staff@installer.demo.test', SUPER_ADMIN])
    staff[email] = await staffState(browser, email);
});

/** Goes to `path` through the app's own navigation, as a link does; the time it started (the page's clock). */
function navigateInApp(page: Page, path: string): Promise<number> {
  return page.evaluate((path) => {
    const now = performance.now();
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
    return now;
  }, path);
}

/**
 * Opens `path` as a person moving through the app does: the first page by loading it, the others by the app's own
 * navigation (the shell and its remotes stay loaded): a page of another address is ready once it marks itself usable,
 * another step of the questions once their progress names that step.
 */
async function open(page: Page, path: string) {
  const to = new URL(path, 'http://app');
  if (page.url() === 'about:blank') {
    await page.goto(path);
  } else if (new URL(page.url()).pathname === to.pathname) {
    await navigateInApp(page, path);
    const step = to.searchParams.get('step');
    await expect(page.locator('#questions-progress'), path).toHaveText(new RegExp(`^\\D*${step}\\D`));
  } else {
    const since = await navigateInApp(page, path);
    await page.waitForFunction(
      ({ to, since, mark }) =>
        performance
          .getEntriesByName(mark)
          .some((entry) => entry.startTime > since && (entry as PerformanceMark).detail?.path === to),
      { to: to.pathname, since, mark: USABLE_MARK },
    );
  }
  await pageReady(page);
}

/** How wide the page is laid out (wider than the screen: the page scrolls sideways). */
function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The shell's header links sit behind Menu on a phone; they open with the keyboard and say so with aria-expanded. */
async function expectHeaderMenuReachable(page: Page, path: string) {
  const main = page.getByRole('navigation', { name: 'Main' });
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(main, `${path}: the header links folded away`).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(main.getByRole('button', { name: 'Sign out' }), `${path}: Sign out behind Menu`).toBeVisible();
  expect(await pageWidth(page), `${path}: width with the header menu open`).toBeLessThanOrEqual(PHONE.width);
  await page.keyboard.press('Enter');
  await expect(main).toBeHidden();
}

/** The page's own navigation: the console's behind "Console pages", the admin's side navigation above the page. */
async function expectPageNavReachable(page: Page, path: string) {
  if (path.startsWith('/console/admin')) {
    const admin = page.getByRole('navigation', { name: 'Super admin' }).getByRole('link').first();
    await expect(admin, `${path}: the admin navigation`).toBeVisible();
    return;
  }
  if (!path.startsWith('/console/org/')) return;
  const toggle = page.getByRole('button', { name: 'Console pages' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('navigation', { name: 'Console' }).getByRole('link').first();
  await expect(nav, `${path}: the console navigation behind "Console pages"`).toBeVisible();
  expect(await pageWidth(page), `${path}: width with the console navigation open`).toBeLessThanOrEqual(PHONE.width);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
}

/**
 * The page as it is, made 390 px wide: every console chart drawn at that width (each draws once it comes near the
 * screen), nothing wider than the screen, and for staff the header's and the page's navigation reachable; then back to
 * the desktop width.
 */
async function expectFitsPhone(page: Page, path: string, staff: boolean) {
  await page.setViewportSize(PHONE);
  for (const chart of await page.locator('figure.cn-chart').all()) await expectChartDrawn(chart);
  // A chart takes the new width when it has handled the resize.
  await expect.poll(() => pageWidth(page), `${path}: width at 390 px`).toBeLessThanOrEqual(PHONE.width);
  if (staff) {
    await expectHeaderMenuReachable(page, path);
    await expectPageNavReachable(page, path);
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * Opens each page once and checks it (with `phone`, at 390 px too); every page's axe findings are gathered before the
 * test fails, so one run lists all of them.
 */
async function expectAccessible(
  page: Page,
  lang: string,
  paths: string[],
  { phone, after }: { phone?: PhoneCheck; after?: (path: string) => Promise<void> } = {},
) {
  for (const path of paths) {
    await test.step(path, async () => {
      await open(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      expect.soft(await accessibilityViolations(page), `${path} (${lang})`).toEqual([]);
      if (phone) await expectFitsPhone(page, path, phone === 'staff');
      await after?.(path);
    });
  }
}

async function contextOf(browser: Browser, locale: string, storageState?: StorageState) {
  return browser.newContext({ baseURL: test.info().project.use.baseURL, locale, storageState, viewport: DESKTOP });
}

for (const { locale, lang, phone } of LANGUAGES) {
  // The pages of whom this language's walk also checks at 390 px (visitors' with homeowners').
  const atPhoneWidth = (who: PhoneCheck) => (who === phone ? who : undefined);
  test.describe(`in ${lang}`, () => {
    test('a visitor: the address search with a home found, the BankID and staff sign-ins', async ({ browser }) => {
      const context = await contextOf(browser, locale);
      const page = await context.newPage();
      const pages = ['/', '/sign', '/console', '/console/forgot-password'];
      await expectAccessible(page, lang, pages, {
        phone: atPhoneWidth('homeowner'),
        after: async (path) => {
          if (path !== '/') return;
          // The search's suggestions, then the home it found, as someone looking for their house sees them.
          const search = page.locator('input[role="combobox"]');
          await search.pressSequentially(day.home.name.slice(0, 6), { delay: 30 });
          await expect(page.locator('li[role="option"]').first()).toBeVisible();
          expect.soft(await accessibilityViolations(page), 'suggestions').toEqual([]);
          await page.locator('li[role="option"]').first().click();
          await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
          expect.soft(await accessibilityViolations(page), 'a home found').toEqual([]);
        },
      });
      await context.close();
    });

    test('a homeowner: every question step, the results, an installer request, My homes, contact', async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const context = await contextOf(browser, locale, day.homeowner);
      const page = await context.newPage();
      const questions = `/flow/property/${day.home.id}/questions`;
      await page.goto(questions);
      const progress = page.locator('#questions-progress');
      await expect(progress).toHaveText(/\d+\D+\d+/);
      const steps = Number((await progress.textContent())!.match(/\d+/g)!.at(-1));
      expect(steps).toBeGreaterThan(1);
      const dashboard = `/property/${day.home.id}/building/primary/results-dashboard`;
      await expectAccessible(
        page,
        lang,
        [
          ...Array.from({ length: steps }, (_, i) => `${questions}?step=${i + 1}`),
          dashboard,
          '/flow/profile',
          '/flow/contact',
          '/flow/add-property',
        ],
        {
          phone: atPhoneWidth('homeowner'),
          after: async (path) => {
            if (path !== dashboard) return;
            // The sent request's status on its card, and another card's installer choice opened.
            await expect(page.getByTestId('request-status').first()).toBeVisible();
            await page.locator('.rd-installers button[aria-expanded="false"]').first().click();
            await expect(page.locator('.rd-installers input[type="checkbox"]').first()).toBeVisible();
            expect.soft(await accessibilityViolations(page), 'installer request').toEqual([]);
          },
        },
      );
      await context.close();
    });

    // Each page once, in the session of the first of these who may open it: an analyst's pages, then what an admin
    // adds, the installer's own, and the super admin's (a run of one test alone checks all of its person's pages).
    const checked = new Set<string>();
    for (const [who, email, org] of [
      ['an analyst', 'staff@energi.demo.test', 'demo-energi'],
      ['an organisation admin', 'admin@energi.demo.test', 'demo-energi'],
      ['installer staff', 'staff@installer.demo.test', 'demo-installer'],
      ['a super admin working in Demo Energi', SUPER_ADMIN, 'demo-energi'],
    ] as const) {
      test(`${who}: the console pages of their menu`, async ({ browser }) => {
        const context = await contextOf(browser, locale, staff[email]);
        const page = await context.newPage();
        const paths = await consolePages(page, org);
        if (email === SUPER_ADMIN) {
          const { mails } = await (await page.request.get('/api/admin/outbox?page=1&pageSize=1')).json();
          paths.push(...ADMIN_PAGES, `/console/admin/outbox/${encodeURIComponent(mails[0].id)}`);
        }
        const unchecked = [...new Set(paths)].filter((path) => !checked.has(path));
        test.setTimeout(30_000 + unchecked.length * 15_000);
        // The audit log's and the outbox's times are Swedish time, and say so (CET or CEST), in either language.
        const timed = new Set(['/console/admin/audit', '/console/admin/outbox']);
        await expectAccessible(page, lang, unchecked, {
          phone: atPhoneWidth('staff'),
          after: async (path) => {
            if (timed.has(path))
              await expect(
                page
                  .locator('main')
                  .getByText(/\d{1,2}:\d{2} CES?T/)
                  .first(),
              ).toBeVisible();
          },
        });
        for (const path of unchecked) checked.add(path);
        await context.close();
      });
    }
  });
}
