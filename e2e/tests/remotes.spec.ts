import { expect, test } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import { REMOTE_ROUTES, signInHomeowner, signInStaff, SUPER_ADMIN, watchConsole } from './support';

test.describe('every remote renders inside the shell', () => {
  for (const route of REMOTE_ROUTES) {
    test(`${route.path} → ${route.remote}`, async ({ page }) => {
      const problems = watchConsole(page);
      // Console and admin pages need a staff session; a super admin may see every one of them.
      if (route.remote === 'mfe_console' || route.remote === 'mfe_admin') {
        if (!('signedOut' in route)) await signInStaff(page, SUPER_ADMIN);
      }
      // The contact form and the mini-flow are a signed-in homeowner's; the dashboard shows a home this browser
      // answered for.
      if ('homeowner' in route) await signInHomeowner(page, `http://127.0.0.1:${E2E_BANKID_PORT}`);
      if ('profileOf' in route)
        expect((await page.request.post(`/api/flow/property/${route.profileOf}/building`, { data: {} })).ok()).toBe(
          true,
        );
      await page.goto(route.path);
      const slot = page.locator(`[data-remote="${route.remote}"]`);
      await expect(slot.getByRole('heading', { level: 1, name: route.heading, exact: true })).toBeVisible();
      // The shell's frame is around it: logo, navigation, and the releases running.
      await expect(page.getByRole('link', { name: /start page/i })).toBeVisible();
      await expect(page.getByTestId('releases')).toContainText('mfe-flow');
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  test('navigating between remotes keeps the shell and the chosen language', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('sv');
    await expect(page.getByRole('heading', { level: 1, name: 'Hitta ditt hem' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await signInStaff(page, 'staff@energi.demo.test');
    await page.goto('/console/org/demo-energi/properties');
    await expect(page.getByRole('heading', { level: 1, name: 'Fastigheter' })).toBeVisible();
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'console');
    await page.getByRole('link', { name: 'Åtgärder' }).click();
    await expect(page).toHaveURL(/\/console\/org\/demo-energi\/activities$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Åtgärder' })).toBeVisible();
    await page.getByRole('link', { name: 'Hitta ditt hem' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'consumer');
    await expect(page.getByRole('heading', { level: 1, name: 'Hitta ditt hem' })).toBeVisible();
  });

  test('unknown paths show the not-found page with a way home; /admin goes to the admin home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await signInStaff(page, SUPER_ADMIN);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/console\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
  });
});
