import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_DATA_DIR, E2E_PORT } from '../e2e-env.mjs';
import { registry, signInStaff, SUPER_ADMIN } from './support';

const repoRoot = path.resolve(__dirname, '..', '..');
const env = { ...process.env, DATA_DIR: E2E_DATA_DIR, RELEASED_BY: 'e2e' };
const DASHBOARD = '/property/42/building/primary/results-dashboard';
const BASE = `http://127.0.0.1:${E2E_PORT}`;
// serve.mjs judges a canary after this many sessions.
const CANARY_SESSIONS = 3;

/** Publishes a build folder of mfe-results without activating it; returns its version. */
function publishInactive(dir: string): string {
  const output = execFileSync('node', ['bff/dist/cli.js', 'release', 'mfe-results', '--dir', dir, '--inactive'], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  const version = /mfe-results (0\.1\.0-[0-9a-f]{10}): released, not active\./.exec(output)?.[1];
  if (!version) throw new Error(`unexpected release output: ${output}`);
  return version;
}

/** A browser session of its own (own release-session cookie); `brand` as a visitor who arrived through that brand. */
async function session(browser: Browser, brand?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE });
  if (brand) await context.addCookies([{ name: 'owner', value: brand, url: BASE }]);
  return context.newPage();
}

// One build of mfe-results (BUILD_ID set) for both tests: its copies are made to throw or to be slow.
let outDir: string;
let buildId: string;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfe-results-canary-'));
  buildId = `canary-${Date.now()}`;
  execFileSync('npm', ['run', 'build', '-w', 'mfe-results'], {
    cwd: repoRoot,
    env: { ...env, NODE_ENV: 'production', BUILD_ID: buildId, MFE_OUT_DIR: outDir },
    encoding: 'utf8',
  });
});
test.afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

/** A copy of the build whose every read of its build id (in render) is replaced by `code`; returns its folder. */
function patchedCopy(name: string, code: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mfe-results-${name}-`));
  fs.cpSync(outDir, dir, { recursive: true });
  let patched = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    if (!source.includes(`"${buildId}"`)) continue;
    fs.writeFileSync(path.join(dir, file), source.replaceAll(`"${buildId}"`, code));
    patched++;
  }
  expect(patched).toBeGreaterThan(0);
  return dir;
}

test.describe.configure({ mode: 'serial' });

test('a canary goes to its audience only; one throwing on render is rolled back, both sessions run the old', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const slot = (p: Page) => p.locator('[data-remote="mfe_results"]');
  await page.goto(DASHBOARD);
  await expect(slot(page).getByRole('heading', { level: 1 })).toBeVisible();
  const stableBuild = await slot(page).getAttribute('data-build');
  const stableVersion = (await registry(page)).remotes.find((r) => r.name === 'mfe_results')!.version;

  // The team's second version; a copy of it is made to throw while rendering.
  const brokenDir = patchedCopy('broken', '(()=>{throw new TypeError("canary test build throws on render")})()');
  const canaryVersion = publishInactive(outDir);
  const brokenVersion = publishInactive(brokenDir);

  const admin = await session(browser);
  await signInStaff(admin, SUPER_ADMIN);
  const setAudience = async (version: string) => {
    const res = await admin.request.post(`/api/admin/releases/mfe-results/${version}/audience`, {
      data: { kind: 'brand', brand: 'demo-bank' },
    });
    expect(res.status()).toBe(200);
  };

  // The canary goes to the demo-bank brand's sessions; the others keep the active release.
  await setAudience(canaryVersion);
  const inAudience = await session(browser, 'demo-bank');
  const outside = await session(browser);
  await inAudience.goto(DASHBOARD);
  await outside.goto(DASHBOARD);
  await expect(slot(inAudience)).toHaveAttribute('data-build', buildId);
  await expect(slot(outside)).toHaveAttribute('data-build', stableBuild ?? '');

  // The throwing build replaces it as the canary: sessions in the audience hit it until it is rolled back.
  await setAudience(brokenVersion);
  for (let i = 0; i < CANARY_SESSIONS; i++) {
    const visitor = await session(browser, 'demo-bank');
    // Its error report, answered: closing the browser before it is sent would lose it (a user's tab keeps it).
    const errorReported = visitor.waitForResponse(
      (res) => res.url().endsWith('/api/mfe/beacon') && res.request().postDataJSON()?.kind === 'render-error',
    );
    await visitor.goto(DASHBOARD);
    // The last one reports the error, the canary is withdrawn, and the slot mounts the active release at once.
    if (i === CANARY_SESSIONS - 1) await expect(slot(visitor).getByRole('heading', { level: 1 })).toBeVisible();
    else await expect(visitor.locator('[data-remote-unavailable="mfe_results"]')).toBeVisible();
    await errorReported;
    await visitor.context().close();
  }
  await expect
    .poll(async () => (await registry(inAudience)).remotes.find((r) => r.name === 'mfe_results')!.version)
    .toBe(stableVersion);

  // Both sessions now run the previous release, without an error.
  for (const p of [inAudience, outside]) {
    // Page errors and failed release or registry requests (property 42's own data answers 404 in this world).
    const problems: string[] = [];
    p.on('pageerror', (error) => problems.push(error.message));
    p.on('response', (res) => {
      if (res.status() >= 400 && /\/(api\/)?mfe\//.test(new URL(res.url()).pathname))
        problems.push(`${res.status()} ${res.url()}`);
    });
    await p.reload();
    await expect(slot(p).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(slot(p)).toHaveAttribute('data-build', stableBuild ?? '');
    await expect(p.locator('[data-remote-unavailable]')).toHaveCount(0);
    expect(problems).toEqual([]);
  }

  // The Releases page shows the automatic rollback.
  await admin.goto('/console/admin/releases');
  const row = admin.getByTestId('releases-mfe-results').getByRole('row', { name: new RegExp(brokenVersion) });
  await expect(row).toContainText('Rolled back: more errors than the active release');
  await expect(row).toContainText(`${CANARY_SESSIONS} sessions, ${CANARY_SESSIONS} with errors`);
  fs.rmSync(brokenDir, { recursive: true, force: true });
});

/** A home of the register with its answers computed in this browser session; its dashboard's path. */
async function homeWithResults(page: Page): Promise<string> {
  const found = await page.request.get(`/api/flow/property-search/suggestions?q=${encodeURIComponent('Sankt')}`);
  const { suggestions } = (await found.json()) as { suggestions: { id: number }[] };
  const id = suggestions[0]!.id;
  const res = await page.request.post(`/api/flow/property/${id}/building`, { data: { num_floors: 2 } });
  expect(res.status(), await res.text()).toBe(200);
  return `/property/${id}/building/primary/results-dashboard`;
}

test('a canary its users find slower is rolled back on speed alone; the Speed view shows the page', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const measures = (p: Page) => p.locator('[data-remote="mfe_results"] [data-activity]').first();
  // Every read of the build id in render now holds the main thread for 1.2 s: slower, never failing.
  const slowDir = patchedCopy(
    'slow',
    `(()=>{const t=performance.now()+1200;while(performance.now()<t);return "${buildId}"})()`,
  );
  const slowVersion = publishInactive(slowDir);
  const admin = await session(browser);
  await signInStaff(admin, SUPER_ADMIN);
  const audience = await admin.request.post(`/api/admin/releases/mfe-results/${slowVersion}/audience`, {
    data: { kind: 'brand', brand: 'demo-bank' },
  });
  expect(audience.status()).toBe(200);

  // Usable times the BFF holds for the dashboard's pattern (the Speed view's count).
  const DASHBOARD_PATTERN = '/property/:id/building/:building/results-dashboard';
  const reported = async () => {
    const res = await admin.request.get('/api/admin/speed?days=7');
    const pages = ((await res.json()) as { pages: { route: string; metrics: { usable?: { count: number } } }[] }).pages;
    return pages.find((p) => p.route === DASHBOARD_PATTERN)?.metrics.usable?.count ?? 0;
  };
  /** A visitor opens a dashboard with its measures, then leaves: the tab's speed report goes as the page is hidden. */
  const visit = async (brand?: string) => {
    const before = await reported();
    const visitor = await session(browser, brand);
    await visitor.goto(await homeWithResults(visitor));
    await expect(measures(visitor)).toBeVisible({ timeout: 20_000 });
    const build = await visitor.locator('[data-remote="mfe_results"]').getAttribute('data-build');
    await visitor.goto('about:blank');
    await expect.poll(reported).toBeGreaterThan(before);
    await visitor.context().close();
    return build;
  };
  // The active release's sessions first (the baseline), then the canary's: no error anywhere, only slower.
  for (let i = 0; i < CANARY_SESSIONS; i++) expect(await visit()).not.toBe(buildId);
  for (let i = 0; i < CANARY_SESSIONS; i++) expect(await visit('demo-bank')).toBe(buildId);

  const inAudience = await session(browser, 'demo-bank');
  await inAudience.goto('/');
  await expect
    .poll(async () => (await registry(inAudience)).remotes.find((r) => r.name === 'mfe_results')!.version)
    .not.toBe(slowVersion);
  await admin.goto('/console/admin/releases');
  const row = admin.getByTestId('releases-mfe-results').getByRole('row', { name: new RegExp(slowVersion) });
  await expect(row).toContainText('Rolled back: slower than the active release');

  // The super admin's Speed view lists the dashboard by its pattern, with its p75 usable time.
  await admin.goto('/console/admin/speed');
  await expect(
    admin.getByRole('row', { name: /\/property\/:id\/building\/:building\/results-dashboard/ }).first(),
  ).toBeVisible();
  fs.rmSync(slowDir, { recursive: true, force: true });
});
