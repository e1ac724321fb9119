import { expect, test } from '@playwright/test';
import { REMOTE_PACKAGES, signInStaff, SUPER_ADMIN, watchConsole, type RemoteName } from './support';

const HOME_OF: Record<RemoteName, { path: string; heading: string }> = {
  mfe_flow: { path: '/', heading: 'Find your home' },
  mfe_results: { path: '/property/7/building/primary/results-dashboard', heading: "Your home's energy results" },
  mfe_console: { path: '/console/org/demo-energi/properties', heading: 'Properties' },
  mfe_admin: { path: '/console/admin/releases', heading: 'Releases' },
};

test.describe('one remote down, the rest of the product works', () => {
  for (const [down, pkg] of Object.entries(REMOTE_PACKAGES) as [RemoteName, string][]) {
    test(`${pkg} answering 503`, async ({ page }) => {
      watchConsole(page); // errors are expected here; the page must simply not die
      await signInStaff(page, SUPER_ADMIN);
      let outage = true;
      await page.route(`**/mfe/${pkg}/*/mf-manifest.json`, (route) =>
        outage
          ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' })
          : route.continue(),
      );

      await page.goto(HOME_OF[down].path);
      const fallback = page.locator(`[data-remote-unavailable="${down}"]`);
      await expect(
        fallback.getByRole('heading', { name: 'This part of the service is unavailable right now' }),
      ).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('link', { name: /start page/i })).toBeVisible();

      // The other remotes still work while this one is down.
      for (const other of Object.keys(HOME_OF) as RemoteName[]) {
        if (other === down) continue;
        await page.goto(HOME_OF[other].path);
        await expect(
          page.locator(`[data-remote="${other}"]`).getByRole('heading', { level: 1, name: HOME_OF[other].heading }),
        ).toBeVisible();
      }

      // Back to the broken one; once it recovers, "Try again" loads it without reloading the page.
      await page.goto(HOME_OF[down].path);
      await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 20_000 });
      outage = false;
      await fallback.getByRole('button', { name: 'Try again' }).click();
      await expect(
        page.locator(`[data-remote="${down}"]`).getByRole('heading', { level: 1, name: HOME_OF[down].heading }),
      ).toBeVisible();
    });
  }

  test('the shell boots and says so when the registry itself is down', async ({ page }) => {
    let outage = true;
    await page.route('**/api/mfe/registry', (route) =>
      outage ? route.fulfill({ status: 503, body: 'down' }) : route.continue(),
    );
    await page.goto('/');
    await expect(page.getByRole('link', { name: /start page/i })).toBeVisible();
    const fallback = page.locator('[data-remote-unavailable="mfe_flow"]');
    await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible();
    outage = false;
    await fallback.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
  });
});
