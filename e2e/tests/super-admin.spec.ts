import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_DATA_DIR } from '../e2e-env.mjs';
import { registry, seriousAccessibilityViolations, signInStaff, SUPER_ADMIN, watchConsole } from './support';

const repoRoot = path.resolve(__dirname, '..', '..');

async function activeVersion(page: Page, remote: string): Promise<string> {
  const { remotes } = await registry(page);
  return remotes.find((r) => r.package === remote)!.version;
}

test.describe('the super admin', () => {
  test('creates an organisation, impersonates it, works in its console, stops; everything is in the audit log', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const suffix = Date.now().toString(36);
    const name = `Norrsken Energi ${suffix}`;
    const slug = `norrsken-energi-${suffix}`;
    await signInStaff(page, SUPER_ADMIN);

    // Create.
    await page.goto('/console/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New organisation' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await expect(page.getByLabel('Slug')).toHaveValue(slug);
    await page.getByLabel('Analytics (platform_analytics)').check();
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await expect(page).toHaveURL(new RegExp(`/console/admin/organisations/${slug}$`));
    await expect(page.getByText(name, { exact: true })).toBeVisible();

    // Edit: an installer offered to its homeowners.
    const installers = page.getByRole('region', { name: 'Installers offered to homeowners' });
    await installers.getByRole('button', { name: 'Add installer' }).click();
    await installers.getByLabel('Name of installer 1').fill('Solkraft Norr AB');
    await installers.getByLabel('Identifier of installer 1').fill('solkraft-norr');
    await installers.getByLabel('Logo URL of installer 1').fill('https://solkraft.example/logo.png');
    await installers.getByLabel('Website of installer 1').fill('https://solkraft.example');
    await installers.getByRole('button', { name: 'Save installers' }).click();
    await expect(page.getByText('The installers were saved.')).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Impersonate: its console, with the banner exactly as the spec says.
    await page.getByRole('button', { name: `Impersonate ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/console/org/${slug}$`));
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await expect(
      banner.getByText(`Currently impersonating: ${name} – All saved changes will be published to live flows.`, {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.locator('[data-remote="mfe_console"]').getByRole('heading', { level: 1, name })).toBeVisible();
    expect((await (await page.request.get('/api/auth/session')).json()).user.impersonating).toEqual({ slug, name });

    // Work in its console: add its first admin (a write, audited with the real user).
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'User management' }).click();
    await expect(page).toHaveURL(new RegExp(`/console/org/${slug}/user-management$`));
    await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
    await expect(banner).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Nora Norrsken');
    await page.getByLabel('Email').fill(`nora@${slug}.test`);
    await page.getByLabel('Role').selectOption('admin');
    await page.getByRole('button', { name: 'Create user' }).click();
    const password = (await page.getByTestId('one-time-password-value').textContent())!.trim();
    expect(password).toMatch(/^[a-zA-Z2-9]{4}(-[a-zA-Z2-9]{4}){3}$/);
    await expect(
      page.getByRole('table', { name: /Console users/ }).getByRole('rowheader', { name: 'Nora Norrsken' }),
    ).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Stop impersonating: the admin home, no banner, no impersonation in the session.
    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(page).toHaveURL(/\/console\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
    await expect(page.getByText(/Currently impersonating/)).toHaveCount(0);
    expect((await (await page.request.get('/api/auth/session')).json()).user.impersonating).toBeUndefined();

    // The new admin signs in with the one-time password, chooses their own and lands in the organisation's console.
    const nora = await browser.newContext();
    const noraPage = await nora.newPage();
    await signInStaff(noraPage, `nora@${slug}.test`, password);
    await noraPage.goto('/console');
    await expect(noraPage).toHaveURL(/\/console\/choose-password$/);
    await noraPage.getByLabel('New password', { exact: true }).fill('noras-eget-lösenord');
    await noraPage.getByLabel('New password again').fill('noras-eget-lösenord');
    await noraPage.getByRole('button', { name: 'Save and continue' }).click();
    await expect(noraPage).toHaveURL(new RegExp(`/console/org/${slug}$`));
    await nora.close();

    // The audit log shows who did it (the real user), in which organisation, and that it was while impersonating.
    await page.getByRole('link', { name: 'Audit log' }).click();
    // The audit page's own filter (the Organisations page it leaves has a table region named "Organisations").
    await expect(page).toHaveURL(/\/console\/admin\/audit/);
    await page.getByLabel('Organisation', { exact: true }).selectOption(slug);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`organisation=${slug}`));
    const log = page.getByRole('table', { name: 'Audit log entries' });
    const created = log.getByRole('row').filter({ hasText: 'Created user' });
    // The URL changes before the filtered entries arrive: the other organisations' rows go first.
    await expect(created).toHaveCount(1);
    await expect(created).toContainText('super@demo.test');
    await expect(created).toContainText(`impersonating ${name}`);
    await expect(created).toContainText(`user:nora@${slug}.test`);
    for (const action of [
      'Created organisation',
      'Edited organisation',
      'Started impersonating',
      'Stopped impersonating',
    ]) {
      await expect(log.getByRole('row').filter({ hasText: action })).toHaveCount(1);
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('rolls a remote back to its earlier release from the releases page; the shell then runs it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInStaff(page, SUPER_ADMIN);
    await page.goto('/console/admin/releases');
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    const earlier = await activeVersion(page, 'mfe-results');
    const slot = page.locator('[data-remote="mfe_admin"]');
    await expect(slot).toBeVisible();

    // A newer release of mfe-results, made the way its team does it.
    // (The build the product runs, with one more file in it: a release of its own content, hence its own version.
    // releases.spec.ts builds one with the team's command; a build here would only repeat it.)
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfe-results-admin-release-'));
    fs.cpSync(path.join(repoRoot, 'mfe-results', 'dist'), outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'release-note.json'), JSON.stringify({ release: `e2e-admin-${Date.now()}` }));
    const output = execFileSync('node', ['bff/dist/cli.js', 'release', 'mfe-results', '--dir', outDir], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, RELEASED_BY: 'e2e' },
      encoding: 'utf8',
    });
    expect(output).toMatch(/mfe-results 0\.1\.0-[0-9a-f]{10}: released, active now\./);
    const newer = await activeVersion(page, 'mfe-results');
    expect(newer).not.toBe(earlier);
    await page.reload();
    await expect(page.getByTestId('releases')).toContainText(`mfe-results ${newer}`);

    // Roll back in the admin: the shared-dependency check is shown, confirm, then a reload runs the earlier release.
    const results = page.getByRole('region', { name: 'mfe-results' });
    await expect(results.getByText(`Active: ${newer}`)).toBeVisible();
    const row = results.getByRole('row').filter({ has: page.getByRole('rowheader', { name: earlier, exact: true }) });
    await expect(row.getByText(/All \d+ compatible/)).toBeVisible();
    await row.getByRole('button', { name: `Roll back to this: ${earlier}` }).click();
    await row.getByRole('button', { name: 'Yes, roll back to this' }).click();
    await expect(page.getByRole('status').filter({ hasText: `mfe-results ${earlier} is now active` })).toBeVisible();
    await expect(results.getByText(`Active: ${earlier}`)).toBeVisible();
    expect(await activeVersion(page, 'mfe-results')).toBe(earlier);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByTestId('releases')).toContainText(`mfe-results ${earlier}`);
    await page.goto('/property/42/building/primary/results-dashboard');
    await expect(page.locator('[data-remote="mfe_results"]').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('releases')).toContainText(`mfe-results ${earlier}`);

    // Who rolled back is on record.
    await page.goto('/console/admin/audit');
    const rollback = page
      .getByRole('table', { name: 'Audit log entries' })
      .getByRole('row')
      .filter({ hasText: `mfe-results@${earlier}` })
      .first();
    await expect(rollback).toContainText('Activated release');
    await expect(rollback).toContainText('super@demo.test');
    fs.rmSync(outDir, { recursive: true, force: true });
  });
});
