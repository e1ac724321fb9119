import { expect, test, type Page } from '@playwright/test';
import { generatePath } from '@home-energy/shared/router';
import { MENU_ITEMS } from '@home-energy/shared/console/menu-rules';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import { REMOTE_ROUTES, servedPagePatterns, signInHomeowner, signInStaff, SUPER_ADMIN, watchConsole } from './support';
import { scriptSrc, violations, watchCsp } from './csp';

type RemoteRoute = (typeof REMOTE_ROUTES)[number];
const staffPage = (route: RemoteRoute) => route.remote === 'mfe_console' || route.remote === 'mfe_admin';

// One browser per kind of person, going through their pages as they would: a visitor (the flow, a dashboard of a home
// this browser answered for, the staff sign-in), a signed-in homeowner (the contact form, the mini-flow), and a super
// admin, who may see every console and admin page.
const PEOPLE: { who: string; routes: RemoteRoute[]; signIn?: (page: Page) => Promise<void> }[] = [
  {
    who: 'a visitor',
    routes: REMOTE_ROUTES.filter((r) => !('homeowner' in r) && (!staffPage(r) || 'signedOut' in r)),
  },
  {
    who: 'a signed-in homeowner',
    routes: REMOTE_ROUTES.filter((r) => 'homeowner' in r),
    signIn: (page) => signInHomeowner(page, `http://127.0.0.1:${E2E_BANKID_PORT}`),
  },
  {
    who: 'a super admin',
    routes: REMOTE_ROUTES.filter((r) => staffPage(r) && !('signedOut' in r)),
    signIn: (page) => signInStaff(page, SUPER_ADMIN),
  },
];

test.describe('every remote renders inside the shell', () => {
  test('each page of the remotes is visited by one of the people here', () => {
    expect(PEOPLE.flatMap((person) => person.routes).length).toBe(REMOTE_ROUTES.length);
  });

  // The installer's requests page lives at an installer organisation (the table's are Demo Energi's); the accessibility
  // walk opens it as installer staff.
  test('the route table lists every console page of the navigation rules, where the served releases have it', async ({
    request,
  }) => {
    const listed = new Set(
      [...REMOTE_ROUTES.map((r) => r.path), '/console/org/demo-installer/requests'].map((path) =>
        path.replace(/^\/console\/org\/[^/]+/, '/console/org/demo-energi'),
      ),
    );
    const patternOf = await servedPagePatterns(request);
    for (const { id, opens } of MENU_ITEMS) {
      const pattern = patternOf(opens.remote, opens.page);
      expect(pattern, `${id}: ${opens.remote} serves page ${opens.page}`).not.toBeNull();
      expect(listed, id).toContain(generatePath(pattern!, { org: 'demo-energi' }));
    }
  });

  for (const person of PEOPLE) {
    test(`${person.who}: ${person.routes.length} pages, each in its remote inside the shell, under the CSP`, async ({
      page,
    }) => {
      test.setTimeout(15_000 + person.routes.length * 10_000);
      const problems = watchConsole(page);
      const cspMentions = await watchCsp(page);
      await person.signIn?.(page);
      for (const route of person.routes) {
        await test.step(`${route.path} → ${route.remote}`, async () => {
          if ('profileOf' in route)
            expect((await page.request.post(`/api/flow/property/${route.profileOf}/building`, { data: {} })).ok()).toBe(
              true,
            );
          const response = await page.goto(route.path);
          // Own files, and inline scripts only by their hash (the first-paint starter): never 'unsafe-inline' or
          // 'unsafe-eval'.
          const csp = response?.headers()['content-security-policy'] ?? '';
          expect(scriptSrc(csp), `${route.path}: script-src`).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+={0,2}')*$/);
          const slot = page.locator(`[data-remote="${route.remote}"]`);
          await expect(slot.getByRole('heading', { level: 1, name: route.heading, exact: true })).toBeVisible();
          // The shell's frame is around it: logo, navigation, and the releases running.
          await expect(page.getByRole('link', { name: /– start page$/ })).toBeVisible();
          await expect(page.getByTestId('releases')).toContainText('mfe-flow');
          // Judged once the page really ran: lazy chunks, styles and images included.
          await page.waitForLoadState('networkidle');
          expect(problems, `${route.path}: ${problems.join('\n')}`).toEqual([]);
          expect([...(await violations(page)), ...cspMentions.splice(0)], `${route.path}: CSP violations`).toEqual([]);
        });
      }
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
