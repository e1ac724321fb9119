import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signInStaff } from './support';

test.describe('staff sign-in', () => {
  test('staff signs in, lands on their organisation home and sees only the menu they may use', async ({ page }) => {
    await page.goto('/console');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    await page.getByLabel('Email').fill('staff@energi.demo.test');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Wrong email or password.');

    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/console\/org\/demo-energi$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Energi AB' })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Console' });
    for (const item of ['Properties', 'Activities', 'Users', 'Transition', 'Validation', 'Organisations']) {
      await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    for (const item of [
      'Configuration',
      'Portfolio',
      'Messages',
      'Property lookup',
      'User management',
      'Super admin',
    ]) {
      await expect(nav.getByRole('link', { name: item, exact: true })).toHaveCount(0);
    }
    // A page outside the role is refused in the page too, not only hidden from the menu.
    await page.goto('/console/org/demo-energi/configuration');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    // Another organisation's console shows nothing of it.
    await page.goto('/console/org/demo-bank');
    await expect(page.getByText('Organisation not found or not yours')).toBeVisible();
    await expect(page.getByText('Demo Bank')).toHaveCount(0);
  });

  test('a console page without a session goes to sign-in and comes back after it', async ({ page }) => {
    await page.goto('/console/org/demo-energi/validation');
    await expect(page).toHaveURL(/\/console\?callbackUrl=/);
    await expect(page.getByText('Please sign in to access this page.')).toBeVisible();
    await page.getByLabel('Email').fill('admin@energi.demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/console\/org\/demo-energi\/validation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Validation' })).toBeVisible();
  });

  test('signed in, opening /console goes straight to their page: the sign-in page does not load first', async ({
    page,
  }) => {
    await signInStaff(page, 'staff@energi.demo.test');
    // The BFF answers the sign-in page's address with the redirect the page itself would make once loaded.
    const answer = await page.request.get('/console', { maxRedirects: 0, headers: { Accept: 'text/html' } });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe('/console/org/demo-energi');
    const loaded: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'document') loaded.push(`${res.status()} ${new URL(res.url()).pathname}`);
    });
    await page.goto('/console?callbackUrl=/console/org/demo-energi/users');
    await expect(page).toHaveURL(/\/console\/org\/demo-energi\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    expect(loaded).toEqual(['302 /console', '200 /console/org/demo-energi/users']);
    await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toHaveCount(0);
  });

  test("a console page's HTML preloads its API answers only while the session is valid", async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    // A preloaded answer goes to the first request for it, even after signing in: a 401 preloaded for an expired
    // session would be that answer (bff/src/auth/session-user.ts).
    const HOME = '/console/org/demo-energi';
    const apiPreloads = async (cookie: string) => {
      const client = await playwright.request.newContext({ baseURL });
      const html = await (await client.get(HOME, { headers: { accept: 'text/html', cookie } })).text();
      await client.dispose();
      return [...html.matchAll(/<link rel="preload" as="fetch" href="(\/api\/[^"]+)"/g)].map((m) => m[1]);
    };
    await signInStaff(page, 'admin@energi.demo.test');
    const session = (await context.cookies()).find((c) => c.name === 'he.session')!;
    const cookie = `he.session=${session.value}`;
    expect(await apiPreloads(cookie)).toEqual([
      '/api/console/org/demo-energi/details',
      '/api/console/org/demo-energi/overview',
    ]);

    await page.goto(HOME);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/console$/);
    expect(await apiPreloads(cookie), 'the signed-out session').toEqual([]);

    // The browser still holds the old cookie (a session expired on the server): signing in shows the page.
    await context.addCookies([{ ...session }]);
    await page.goto(HOME);
    await expect(page).toHaveURL(/\/console\?callbackUrl=/);
    await page.getByLabel('Email').fill('admin@energi.demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/console\/org\/demo-energi$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Energi AB' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^\d+$/ }).first()).toBeVisible();
  });

  test('signing out in one tab signs the other tab out too', async ({ context }) => {
    const first = await context.newPage();
    await signInStaff(first, 'multi@demo.test');
    await first.goto('/console/org/demo-bank/properties');
    await expect(first.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
    const second = await context.newPage();
    await second.goto('/console/org/demo-energi/users');
    // The app itself, not the server's static first paint of the page (which shows the same heading before the app
    // has asked who is signed in): a tab still starting up is not what this test is about.
    await expect(
      second.locator('[data-remote="mfe_console"]').getByRole('heading', { level: 1, name: 'Users' }),
    ).toBeVisible();
    await expect(second.locator('#first-paint')).toHaveCount(0);
    await expect(second.getByRole('button', { name: 'Sign out' })).toBeVisible();

    await first.getByRole('button', { name: 'Sign out' }).click();
    await expect(first).toHaveURL(/\/console$/);
    await expect(first.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    // The other tab hears about it (localStorage message) and follows without being touched.
    await expect(second).toHaveURL(/\/console\?callbackUrl=/, { timeout: 15_000 });
    await expect(second.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    expect(await (await second.request.get('/api/auth/session')).json()).toEqual({});
  });

  test('a protected API answering 401 sends the page to /sign with the redirect', async ({ page }) => {
    await signInStaff(page, 'staff@energi.demo.test');
    await page.route('**/api/console/org/*/details', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"error":"unauthorized","message":"Sign in to continue."}',
      }),
    );
    await page.goto('/console/org/demo-energi/activities?period=30d');
    await expect(page).toHaveURL(/\/sign\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe('/console/org/demo-energi/activities');
    expect(url.searchParams.get('asPath')).toBe('/console/org/demo-energi/activities?period=30d');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});
