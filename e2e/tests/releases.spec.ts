import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_DATA_DIR } from '../e2e-env.mjs';
import { registry } from './support';

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
  const rolledBack = execFileSync('node', ['bff/dist/cli.js', 'activate', 'mfe-results', firstVersion], { cwd: repoRoot, env, encoding: 'utf8' });
  expect(rolledBack).toContain(`mfe-results ${firstVersion} is active now.`);
  await page.reload();
  await expect(slot).toHaveAttribute('data-build', firstBuild ?? '');
  await expect(page.getByTestId('releases')).toContainText(`mfe-results ${firstVersion}`);

  // The shell itself never changed.
  expect(await (await page.request.get('/')).text()).toBe(shellHtml);
  const listing = execFileSync('node', ['bff/dist/cli.js', 'releases', 'mfe-results'], { cwd: repoRoot, env, encoding: 'utf8' });
  expect(listing).toContain(`* mfe-results  ${firstVersion}`);
  expect(listing).toContain(secondVersion);
  fs.rmSync(outDir, { recursive: true, force: true });
});
