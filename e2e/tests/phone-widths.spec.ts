import { expect, test, type Page } from '@playwright/test';
import { MENU_ITEMS } from '@home-energy/shared/console/menu-rules';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import {
  consolePages,
  pageReady,
  REMOTE_ROUTES,
  signInStaff,
  staffState,
  SUPER_ADMIN,
  workingDay,
  type WorkingDay,
} from './support';

// Every console and admin page of the route table, signed in: it must fit a 390 px phone with its navigation reachable.
const STAFF_PAGES: { remote: string; path: string }[] = REMOTE_ROUTES.filter(
  (r) => (r.remote === 'mfe_console' || r.remote === 'mfe_admin') && !('signedOut' in r && r.signedOut),
);
// The installer's requests page lives at an installer organisation; super admins see every installer's.
const INSTALLER_PAGES = [{ remote: 'mfe_console', path: '/console/org/demo-installer/requests' }];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

// The pages hold what a day's work leaves: homes answered, a saved plan, an installer request, a mail in the outbox.
let day: WorkingDay;
test.beforeAll(async ({ browser }) => {
  day = await workingDay(browser, `http://127.0.0.1:${E2E_BANKID_PORT}`, '197808081236', 'Vera Vidd');
});

/** A homeowner's pages: the address search, every question step, the results, My homes, contact, sign-in. */
async function homeownerPages(page: Page): Promise<string[]> {
  const questions = `/flow/property/${day.home.id}/questions`;
  await page.goto(questions);
  const progress = page.locator('#questions-progress');
  await expect(progress).toHaveText(/\d+\D+\d+/);
  const steps = Number((await progress.textContent())!.match(/\d+/g)!.at(-1));
  return [
    '/',
    ...Array.from({ length: steps }, (_, i) => `${questions}?step=${i + 1}`),
    `/property/${day.home.id}/building/primary/results-dashboard`,
    '/flow/profile',
    '/flow/contact',
    '/flow/add-property',
    '/sign',
  ];
}

/** Signs in; the super admin then impersonates Demo Energi (an audited write), as they do to work in its console. */
async function signIn(page: Page, email: string) {
  await signInStaff(page, email);
  if (email !== 'super@demo.test') return;
  const started = await page.request.post('/api/admin/impersonation', { data: { organisation: 'demo-energi' } });
  expect(started.status()).toBe(200);
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The shell's header links sit behind Menu on a phone; they open with the keyboard and say so with aria-expanded. */
async function expectHeaderMenuReachable(page: Page) {
  const main = page.getByRole('navigation', { name: 'Main' });
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(main).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(main.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await page.keyboard.press('Enter');
  await expect(main).toBeHidden();
}

/** The page's own navigation: the console's behind "Console pages", the admin's side navigation above the page. */
async function expectPageNavReachable(page: Page, path: string) {
  if (path.startsWith('/console/admin')) {
    await expect(page.getByRole('navigation', { name: 'Super admin' }).getByRole('link').first()).toBeVisible();
    return;
  }
  if (!path.startsWith('/console/org/')) return;
  const toggle = page.getByRole('button', { name: 'Console pages' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link').first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
}

test('the route table lists every console page of the navigation rules', () => {
  const listed = new Set(
    [...STAFF_PAGES, ...INSTALLER_PAGES].map((r) => r.path.replace(/^\/console\/org\/[^/]+/, '/console/org/[org]')),
  );
  for (const item of MENU_ITEMS) expect(listed, item.path).toContain(item.path);
});

for (const [who, email, org, pages] of [
  ['a super admin impersonating Demo Energi', SUPER_ADMIN, null, [...STAFF_PAGES, ...INSTALLER_PAGES]],
  ['an organisation admin', 'admin@energi.demo.test', null, STAFF_PAGES.filter((r) => r.remote === 'mfe_console')],
  ['installer staff', 'staff@installer.demo.test', 'demo-installer', []],
] as const) {
  test.describe(`on a 390 px phone, as ${who}`, () => {
    test.use({ viewport: PHONE });

    // One session through every page, as a person clicking through them does (a step a page in the report).
    test('every page fits the screen and its navigation is reachable', async ({ page }) => {
      await signIn(page, email);
      const paths = org ? await consolePages(page, org) : pages.map((route) => route.path);
      if (email === SUPER_ADMIN) {
        const { mails } = await (await page.request.get('/api/admin/outbox?page=1&pageSize=1')).json();
        paths.push(`/console/admin/outbox/${encodeURIComponent(mails[0].id)}`);
      }
      test.setTimeout(paths.length * 12_000);
      for (const path of paths) {
        await test.step(path, async () => {
          await page.goto(path);
          // The app's page, not the server's static copy of it (whose Menu button does nothing until the app is in).
          await pageReady(page, { charts: true });
          expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
          await expectHeaderMenuReachable(page);
          await expectPageNavReachable(page, path);
        });
      }
    });
  });
}

test.describe('on a 390 px phone, as a homeowner', () => {
  test.use({ viewport: PHONE });
  // In Swedish, whose longer words are the harder fit (the staff above read English).
  test('every page of the flow and the results fits the screen, in Swedish', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: 'sv-SE',
      viewport: PHONE,
      storageState: day.homeowner,
    });
    const page = await context.newPage();
    const paths = await homeownerPages(page);
    test.setTimeout(paths.length * 12_000);
    for (const path of paths) {
      await test.step(path, async () => {
        await page.goto(path);
        await pageReady(page);
        await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
        expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
      });
    }
    await context.close();
  });
});

/**
 * The text and controls the demo mark lies over where the page is scrolled now (none may be): every element with text
 * of its own (each line of it) or that takes the keyboard, shown, outside the mark; with `stuckOnly`, only those that
 * stay on screen as the page scrolls (sticky or fixed), which the mark would cover at any scroll position.
 */
async function underDemoMark(page: Page, stuckOnly: boolean): Promise<string[]> {
  return page.evaluate((stuckOnly) => {
    const mark = document.querySelector('.he-demo-mark');
    if (!mark) return ['no demo mark on the page'];
    const m = mark.getBoundingClientRect();
    const over = (r: DOMRect) =>
      r.width > 1 && r.height > 1 && r.left < m.right && r.right > m.left && r.top < m.bottom && r.bottom > m.top;
    // Fixed, or sticky and held at the screen's foot now (a sticky bar in its own place is content like any other).
    const stuck = (el: Element) => {
      for (let e: Element | null = el; e && e !== mark; e = e.parentElement) {
        const { position, bottom } = getComputedStyle(e);
        if (position === 'fixed') return true;
        const held = innerHeight - parseFloat(bottom) - e.getBoundingClientRect().bottom;
        if (position === 'sticky' && bottom !== 'auto' && Math.abs(held) < 1) return true;
      }
      return false;
    };
    const focusable = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const hits: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (mark.contains(el) || !el.checkVisibility({ visibilityProperty: true }) || (stuckOnly && !stuck(el))) continue;
      const name = `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      if (el.matches(focusable) && over(el.getBoundingClientRect())) hits.push(name);
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent!.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some(over)) hits.push(name);
      }
    }
    return [...new Set(hits)];
  }, stuckOnly);
}

// The longest pages: the results, the flow's questions, analytics, configuration (its actions stick to the screen's
// foot), the audit log and the releases.
for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`the demo mark at ${viewport.width} px`, () => {
    test.use({ viewport });
    test('covers no text or control at the foot of the longest pages, nor anything stuck to the screen', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const homeowner = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport,
        storageState: day.homeowner,
      });
      const admin = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport,
        storageState: await staffState(browser, SUPER_ADMIN),
      });
      const pages: [Page, string][] = [
        [await homeowner.newPage(), '/'],
        [homeowner.pages()[0]!, `/flow/property/${day.home.id}/questions`],
        [homeowner.pages()[0]!, `/property/${day.home.id}/building/primary/results-dashboard`],
        [await admin.newPage(), '/console/org/demo-energi/properties?period=all'],
        [admin.pages()[0]!, '/console/org/demo-energi/configuration'],
        [admin.pages()[0]!, '/console/admin/audit'],
        [admin.pages()[0]!, '/console/admin/releases'],
      ];
      for (const [page, path] of pages) {
        await test.step(path, async () => {
          await page.goto(path);
          await pageReady(page, { charts: true });
          await expect(page.locator('.he-demo-mark')).toBeVisible();
          for (const share of [0, 0.5]) {
            await page.evaluate((share) => window.scrollTo(0, document.documentElement.scrollHeight * share), share);
            expect(await underDemoMark(page, true), `${path}, scrolled ${share * 100} %`).toEqual([]);
          }
          // To the foot, again while the page grows as it scrolls (the results draw their parts as they come near).
          await expect
            .poll(() =>
              page.evaluate(() => {
                const { scrollHeight } = document.documentElement;
                window.scrollTo(0, scrollHeight);
                return window.scrollY + window.innerHeight >= scrollHeight - 1;
              }),
            )
            .toBe(true);
          expect(await underDemoMark(page, false), `${path}, at the foot`).toEqual([]);
        });
      }
      await homeowner.close();
      await admin.close();
    });
  });
}

test.describe('the audit log on a desktop', () => {
  test.use({ viewport: DESKTOP });
  test('the target column reads on one or two lines, not a letter a line', async ({ page }) => {
    await signIn(page, 'super@demo.test');
    await page.goto('/console/admin/audit');
    const target = page.locator('table code.he-id').first();
    await expect(target).toBeVisible();
    const box = await target.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 18;
      return {
        width: rect.width,
        lines: Math.round(rect.height / lineHeight),
        cell: el.parentElement!.getBoundingClientRect().width,
      };
    });
    expect(box.cell).toBeGreaterThanOrEqual(150);
    expect(box.lines).toBeLessThanOrEqual(2);
  });
});
