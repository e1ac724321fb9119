import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_DATA_DIR, E2E_PORT } from '../e2e-env.mjs';
import { registry, signInStaff, SUPER_ADMIN } from './support';

const repoRoot = path.resolve(__dirname, '..', '..');
const env = { ...process.env, DATA_DIR: E2E_DATA_DIR, RELEASED_BY: 'e2e' };
const DASHBOARD = '/property/42/building/primary/results-dashboard';

async function resultsRelease(page: import('@playwright/test').Page) {
  const { remotes } = await registry(page);
  return remotes.find((r) => r.name === 'mfe_results')!.version;
}

test('a new release of one remote shows on reload, rollback restores it, the shell is untouched', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(DASHBOARD);
  const slot = page.locator('[data-remote="mfe_results"]');
  await expect(slot.getByRole('heading', { level: 1 })).toBeVisible();
  const firstBuild = await slot.getAttribute('data-build');
  const firstVersion = await resultsRelease(page);
  const shellHtml = await (await page.request.get('/')).text();

  // The team's own command: build mfe-results (with a new build id) and publish it, while the BFF runs.
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfe-results-release-'));
  const buildId = `e2e-${Date.now()}`;
  const output = execFileSync('npm', ['run', 'release', '-w', 'mfe-results', '--', '--dir', outDir], {
    cwd: repoRoot,
    env: { ...env, BUILD_ID: buildId },
    encoding: 'utf8',
  });
  expect(output).toMatch(/mfe-results 0\.1\.0-[0-9a-f]{10}: released, active now\./);
  const secondVersion = await resultsRelease(page);
  expect(secondVersion).not.toBe(firstVersion);

  await page.reload();
  await expect(slot).toHaveAttribute('data-build', buildId);
  await expect(page.getByTestId('releases')).toContainText(`mfe-results ${secondVersion}`);

  // Rollback: activate the earlier version; no build, no restart.
  const rolledBack = execFileSync('node', ['bff/dist/cli.js', 'activate', 'mfe-results', firstVersion], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  expect(rolledBack).toContain(`mfe-results ${firstVersion} is active now.`);
  await page.reload();
  await expect(slot).toHaveAttribute('data-build', firstBuild ?? '');
  await expect(page.getByTestId('releases')).toContainText(`mfe-results ${firstVersion}`);

  // The shell itself never changed.
  expect(await (await page.request.get('/')).text()).toBe(shellHtml);
  const listing = execFileSync('node', ['bff/dist/cli.js', 'releases', 'mfe-results'], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  expect(listing).toContain(`* mfe-results  ${firstVersion}`);
  expect(listing).toContain(secondVersion);
  fs.rmSync(outDir, { recursive: true, force: true });
});

test("a canary set with a team's release token shows on the Releases page and rolls back", async ({ page }) => {
  test.setTimeout(120_000);
  await signInStaff(page, SUPER_ADMIN);
  const data = { remote: 'mfe-results', label: 'e2e team CI' };
  const made = await page.request.post('/api/admin/release-tokens', { data });
  expect(made.status()).toBe(201);
  const { token } = (await made.json()) as { token: string };
  const activeVersion = await resultsRelease(page);

  // A build of its own (a copy of the served one with one file changed, so a new version), sent through the API.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfe-results-token-canary-'));
  fs.cpSync(path.join(repoRoot, 'mfe-results', 'dist'), dir, { recursive: true });
  fs.appendFileSync(path.join(dir, 'remoteEntry.js'), `\n/* token canary ${Date.now()} */\n`);
  const to = `http://127.0.0.1:${E2E_PORT}`;
  const cli = (...args: string[]) =>
    execFileSync('node', ['bff/dist/cli.js', 'release', 'mfe-results', '--to', to, ...args], {
      cwd: repoRoot,
      env: { ...env, RELEASE_TOKEN: token },
      encoding: 'utf8',
    });
  const output = cli('--dir', dir, '--canary', '10');
  const version = /mfe-results (0\.1\.0-[0-9a-f]{10}): released on .*, canary for 10 % of sessions\./.exec(output)?.[1];
  expect(version, output).toBeTruthy();
  expect(cli('--status')).toMatch(new RegExp(`${version} +canary for 10 % of sessions +0 sessions`));

  await page.goto('/console/admin/releases');
  const row = page.getByTestId('releases-mfe-results').getByRole('row', { name: new RegExp(version!) });
  await expect(row).toContainText('Canary');
  await expect(row).toContainText('10 % of sessions');

  const withdrawn = `mfe-results ${version}: canary withdrawn, everyone has the active release.`;
  expect(cli('--rollback', version!)).toContain(withdrawn);
  await page.reload();
  await expect(row).not.toContainText('10 % of sessions');
  expect(await resultsRelease(page)).toBe(activeVersion);
  fs.rmSync(dir, { recursive: true, force: true });
});
