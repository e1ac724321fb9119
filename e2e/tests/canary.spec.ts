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

  // The team builds a second version; a copy of it is made to throw while rendering (its build id is read in render).
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfe-results-canary-'));
  const buildId = `canary-${Date.now()}`;
  execFileSync('npm', ['run', 'build', '-w', 'mfe-results'], {
    cwd: repoRoot,
    env: { ...env, NODE_ENV: 'production', BUILD_ID: buildId, MFE_OUT_DIR: outDir },
    encoding: 'utf8',
  });
  const brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfe-results-broken-'));
  fs.cpSync(outDir, brokenDir, { recursive: true });
  let patched = 0;
  for (const file of fs.readdirSync(brokenDir).filter((f) => f.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(brokenDir, file), 'utf8');
    if (!code.includes(`"${buildId}"`)) continue;
    fs.writeFileSync(
      path.join(brokenDir, file),
      code.replaceAll(`"${buildId}"`, '(()=>{throw new TypeError("canary test build throws on render")})()'),
    );
    patched++;
  }
  expect(patched).toBeGreaterThan(0);
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
    await visitor.goto(DASHBOARD);
    // The last one reports the error, the canary is withdrawn, and the slot mounts the active release at once.
    if (i === CANARY_SESSIONS - 1) await expect(slot(visitor).getByRole('heading', { level: 1 })).toBeVisible();
    else await expect(visitor.locator('[data-remote-unavailable="mfe_results"]')).toBeVisible();
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
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(brokenDir, { recursive: true, force: true });
});
