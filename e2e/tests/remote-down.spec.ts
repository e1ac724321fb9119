// One remote failing in each way a release or a server can (down, missing, corrupt, the wrong content): its part of the
// page says so at once with "Try again", the other remotes keep working, and "Try again" loads it once it is back.
import { expect, test } from '@playwright/test';
import { REMOTE_PACKAGES, signInStaff, SUPER_ADMIN, type RemoteName } from './support';

const HOME_OF: Record<RemoteName, { path: string; heading: string }> = {
  mfe_flow: { path: '/', heading: 'Find your home' },
  mfe_results: { path: '/property/7/building/primary/results-dashboard', heading: "Your home's energy results" },
  mfe_console: { path: '/console/org/demo-energi/properties', heading: 'Properties' },
  mfe_admin: { path: '/console/admin/releases', heading: 'Releases' },
};

// The shell retries twice before it gives up (shell/src/remotes/federation-plugins.tsx); on a busy machine that can
// take longer than the default wait. That the message replaces the static first paint at once, not after its 10 s
// limit, is shell/src/remotes/__tests__/first-paint.test.tsx.
const UNAVAILABLE_SHOWN_WITHIN_MS = 20_000;

/** What goes wrong with the file, and the one page error it may cause (a script that does not parse). */
const BREAKAGES = [
  {
    name: 'its manifest answers 503',
    file: 'mf-manifest.json',
    answer: { status: 503, contentType: 'text/plain', body: 'Service Unavailable' },
    pageError: null,
  },
  {
    name: 'remoteEntry.js answers 404',
    file: 'remoteEntry.js',
    answer: { status: 404, contentType: 'text/plain', body: 'Not found' },
    pageError: null,
  },
  {
    name: 'remoteEntry.js is corrupt (a syntax error)',
    file: 'remoteEntry.js',
    answer: { status: 200, contentType: 'application/javascript', body: 'var mfe = {{ this is not javascript' },
    pageError: /SyntaxError|Unexpected/,
  },
  {
    name: 'remoteEntry.js is the wrong content (an HTML page)',
    file: 'remoteEntry.js',
    answer: { status: 200, contentType: 'text/html', body: '<!doctype html><title>Oops</title><p>Maintenance</p>' },
    // Without nosniff (a proxy's error page) the browser runs the HTML as script.
    pageError: /SyntaxError: Unexpected token '<'/,
  },
  {
    name: 'its exposed App chunk answers 404',
    file: '__federation_expose_App.*.js',
    answer: { status: 404, contentType: 'text/plain', body: 'Not found' },
    pageError: null,
  },
] as const;

test.describe('a remote down, missing or corrupt: its part says so, the rest works', () => {
  for (const breakage of BREAKAGES) {
    for (const [broken, pkg] of Object.entries(REMOTE_PACKAGES) as [RemoteName, string][]) {
      test(`${pkg}: ${breakage.name}`, async ({ page }) => {
        const pageErrors: string[] = [];
        page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
        await signInStaff(page, SUPER_ADMIN);
        let hits = 0;
        let outage = true;
        await page.route(`**/mfe/${pkg}/*/${breakage.file}`, (route) => {
          if (!outage) return route.continue();
          hits += 1;
          return route.fulfill(breakage.answer);
        });

        // The other remotes work while this one is down (their pages never load its files, whatever is wrong with
        // them: once is enough).
        for (const other of Object.keys(HOME_OF) as RemoteName[]) {
          if (other === broken || breakage !== BREAKAGES[0]) continue;
          await page.goto(HOME_OF[other].path);
          await expect(
            page.locator(`[data-remote="${other}"]`).getByRole('heading', { level: 1, name: HOME_OF[other].heading }),
          ).toBeVisible();
        }

        await page.goto(HOME_OF[broken].path);
        const fallback = page.locator(`[data-remote-unavailable="${broken}"]`);
        await expect(
          fallback.getByRole('heading', { name: 'This part of the service is unavailable right now' }),
        ).toBeVisible({ timeout: UNAVAILABLE_SHOWN_WITHIN_MS });
        expect(hits, 'the broken file was asked for').toBeGreaterThan(0);
        await expect(page.getByRole('link', { name: /start page/i })).toBeVisible();

        // Fixed on the server: "Try again" loads it without a page reload.
        outage = false;
        await page.evaluate(() => Object.assign(window, { beforeTryAgain: true }));
        await fallback.getByRole('button', { name: 'Try again' }).click();
        await expect(
          page.locator(`[data-remote="${broken}"]`).getByRole('heading', { level: 1, name: HOME_OF[broken].heading }),
        ).toBeVisible();
        expect(await page.evaluate(() => 'beforeTryAgain' in window), 'the same page, not reloaded').toBe(true);

        const unexpected = pageErrors.filter((e) => !(breakage.pageError && breakage.pageError.test(e)));
        expect(unexpected, unexpected.join('\n')).toEqual([]);
        if (breakage.pageError) expect(pageErrors.length).toBeGreaterThan(0);
      });
    }
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
