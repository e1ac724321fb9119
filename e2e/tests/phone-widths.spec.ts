import { expect, test, type Page } from '@playwright/test';
import { MENU_ITEMS } from '@home-energy/shared/console/menu-rules';
import { REMOTE_ROUTES, signInStaff } from './support';

// Every console and admin page of the route table, signed in: it must fit a 390 px phone with its navigation reachable.
const STAFF_PAGES: { remote: string; path: string }[] = REMOTE_ROUTES.filter(
  (r) => (r.remote === 'mfe_console' || r.remote === 'mfe_admin') && !('signedOut' in r && r.signedOut),
);
// The installer's requests page lives at an installer organisation; super admins see every installer's.
const INSTALLER_PAGES = [{ remote: 'mfe_console', path: '/console/org/demo-installer/requests' }];
const PHONE = { width: 390, height: 844 };

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

for (const [who, email, pages] of [
  ['a super admin impersonating Demo Energi', 'super@demo.test', [...STAFF_PAGES, ...INSTALLER_PAGES]],
  ['an organisation admin', 'admin@energi.demo.test', STAFF_PAGES.filter((r) => r.remote === 'mfe_console')],
] as const) {
  test.describe(`on a 390 px phone, as ${who}`, () => {
    test.use({ viewport: PHONE });

    // One session through every page, as a person clicking through them does (a step a page in the report).
    test('every page fits the screen and its navigation is reachable', async ({ page }) => {
      test.setTimeout(pages.length * 10_000);
      await signIn(page, email);
      for (const route of pages) {
        await test.step(route.path, async () => {
          await page.goto(route.path);
          // The app's page, not the server's static copy of it (whose Menu button does nothing until the app is in).
          await expect(page.locator('[data-remote] h1').first()).toBeVisible();
          await expect(page.locator('#first-paint')).toHaveCount(0);
          await page.waitForLoadState('networkidle');
          expect(await pageWidth(page), route.path).toBeLessThanOrEqual(PHONE.width);
          await expectHeaderMenuReachable(page);
          await expectPageNavReachable(page, route.path);
        });
      }
    });
  });
}

test.describe('the audit log on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
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
