import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_DATA_DIR, E2E_PORT } from '../e2e-env.mjs';
import { holdRemoteEntry, registry, signInStaff, SUPER_ADMIN, watchConsole } from './support';

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

// docs/releases.md "A remote's pages": a remote's release carries its pages (routes, static frames, their CSS, data),
// so a team changes what users see first without the shell. The flow team's next version changes the address page's
// heading and intro and adds a page; it goes to one brand's visitors first, then to everyone, then is rolled back.
const NEWS = { path: '/flow/energy-news', heading: 'Energy news', intro: 'What changed in energy prices this month.' };
const NEW_SEARCH = {
  heading: "Find your home's energy label",
  intro: 'Type your address: we show its label and what each renovation would save, in kronor.',
};

/**
 * A team's next version of its remote: a copy of the package (in the repository, so it resolves the same packages)
 * changed by `change` (given the copy's folder and an editor of its files), built by the remote's own build and
 * released, not active. Returns its version.
 */
function nextVersion(
  root: string,
  remote: 'mfe-flow' | 'mfe-admin',
  change: (dir: string, edit: (file: string, change: (text: string) => string) => void) => void,
): string {
  const dir = path.join(root, remote);
  fs.cpSync(path.join(repoRoot, remote), dir, {
    recursive: true,
    filter: (file) => !/[\\/](dist|node_modules)$/.test(file),
  });
  change(dir, (file, edit) =>
    fs.writeFileSync(path.join(dir, file), edit(fs.readFileSync(path.join(dir, file), 'utf8'))),
  );
  const webpack = path.join(repoRoot, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  execFileSync(process.execPath, [webpack, '--mode', 'production'], { cwd: dir, env, encoding: 'utf8' });
  const output = execFileSync(
    'node',
    ['bff/dist/cli.js', 'release', remote, '--dir', path.join(dir, 'dist'), '--inactive'],
    { cwd: repoRoot, env, encoding: 'utf8' },
  );
  const version = new RegExp(`${remote} (0\\.1\\.0-[0-9a-f]{10}): released, not active\\.`).exec(output)?.[1];
  if (!version) throw new Error(`unexpected release output: ${output}`);
  return version;
}

/** The flow team's next version: the address page's new heading and intro, and a news page. */
function nextFlowVersion(root: string): string {
  return nextVersion(root, 'mfe-flow', (dir, edit) => {
    for (const lng of ['en', 'sv'])
      edit(`locales/${lng}/flow.json`, (text) => {
        const texts = JSON.parse(text);
        if (lng === 'en') Object.assign(texts.search, { title: NEW_SEARCH.heading, intro: NEW_SEARCH.intro });
        texts.news = { title: NEWS.heading, intro: NEWS.intro };
        return JSON.stringify(texts);
      });
    edit('src/app/routes.json', (text) =>
      text.replace(
        '{ "path": "contact", "page": "contact" },',
        '{ "path": "contact", "page": "contact" },\n{ "path": "energy-news", "page": "energy-news" },',
      ),
    );
    edit('pages.cjs', (text) =>
      text.replace(
        '      contact: {',
        "      'energy-news': { title: flow.news.title, html: narrowPage(flow.news.title, flow.news.intro) },\n" +
          '      contact: {',
      ),
    );
    fs.writeFileSync(
      path.join(dir, 'src', 'app', 'energy-news-page.tsx'),
      "import { useTranslation } from 'react-i18next';\n" +
        'export function EnergyNewsPage() {\n' +
        "  const { t } = useTranslation('flow');\n" +
        '  return (<section className="flow-narrow"><h1>{t(\'news.title\')}</h1>' +
        '<p className="flow-lead">{t(\'news.intro\')}</p></section>);\n}\n',
    );
    edit('src/app/flow-routes.tsx', (text) =>
      text
        .replace(
          "import routeTable from './routes.json';",
          "import routeTable from './routes.json';\nimport { EnergyNewsPage } from './energy-news-page';",
        )
        .replace('  fallback: <Fallback />,', "  fallback: <Fallback />,\n  'energy-news': <EnergyNewsPage />,"),
    );
  });
}

/** The page's HTML as a visitor's browser asks for it (its cookies: its brand and release session). */
const htmlOf = async (visitor: import('@playwright/test').Page, url: string) =>
  (await visitor.request.get(url, { headers: { Accept: 'text/html', 'Accept-Language': 'en' } })).text();

/** Loads `/` with the flow's entry held back: the static heading's box, then the app's once it took over. */
async function headingBoxes(visitor: import('@playwright/test').Page, url: string) {
  const release = await holdRemoteEntry(visitor);
  await visitor.goto(url, { waitUntil: 'domcontentloaded' });
  const frame = visitor.locator('#first-paint h1');
  await expect(frame).toBeVisible();
  const before = { text: await frame.textContent(), box: await frame.boundingBox() };
  release();
  await expect(visitor.locator('#first-paint')).toHaveCount(0);
  const app = visitor.locator('#root h1');
  await expect(app).toHaveText(before.text ?? '');
  const after = await app.boundingBox();
  await visitor.unroute('**/mfe/mfe-flow/**/remoteEntry.js');
  return { text: before.text, before: before.box!, after: after! };
}

test("a remote's release changes its pages' first paint without the shell: canary, everyone, rollback", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const shellDist = path.join(repoRoot, 'shell', 'dist');
  const shellBuild = () =>
    ['index.html', ...fs.readdirSync(path.join(shellDist, 'first-paint')).map((f) => `first-paint/${f}`)].map((f) =>
      fs.readFileSync(path.join(shellDist, f), 'utf8'),
    );
  const shellBefore = shellBuild();
  const visitor = async (brand?: string) => {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}`, locale: 'en-US' });
    if (brand) await context.addCookies([{ name: 'owner', value: brand, url: `http://127.0.0.1:${E2E_PORT}` }]);
    return context.newPage();
  };
  const admin = await visitor();
  await signInStaff(admin, SUPER_ADMIN);
  const activeVersion = (await registry(admin)).remotes.find((r) => r.name === 'mfe_flow')!.version;

  const root = fs.mkdtempSync(path.join(repoRoot, '.e2e-release-'));
  try {
    const version = nextFlowVersion(root);
    const audience = async (data: object) =>
      expect((await admin.request.post(`/api/admin/releases/mfe-flow/${version}/audience`, { data })).status()).toBe(
        200,
      );

    // A canary for one brand's visitors: they get the new heading, intro and page; everyone else the active release.
    await audience({ kind: 'brand', brand: 'demo-bank' });
    const inCanary = await visitor('demo-bank');
    const outside = await visitor();
    const errors = watchConsole(inCanary);
    const html = await htmlOf(inCanary, '/');
    expect(html).toContain(`<h1>${NEW_SEARCH.heading.replace("'", '&#39;')}</h1>`);
    expect(html).toContain(NEW_SEARCH.intro);
    expect(await htmlOf(outside, '/')).toContain('<h1>Find your home</h1>');

    // The first paint and the app agree: the same heading in the same box (no jump at the swap).
    const canary = await headingBoxes(inCanary, '/');
    expect(canary.text).toBe(NEW_SEARCH.heading);
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(canary.after[key] - canary.before[key]), key).toBeLessThanOrEqual(1);
    await expect(inCanary.locator('#root .flow-lead')).toHaveText(NEW_SEARCH.intro);
    const news = await headingBoxes(inCanary, NEWS.path);
    expect(news.text).toBe(NEWS.heading);
    await expect(inCanary.locator('#root .flow-lead')).toHaveText(NEWS.intro);
    expect(await htmlOf(outside, NEWS.path)).not.toContain('id="first-paint"');
    await outside.goto('/');
    await expect(outside.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
    expect(errors).toEqual([]);

    // Everyone: the other visitor's next page load shows it too.
    await audience({ kind: 'everyone' });
    expect(await htmlOf(outside, '/')).toContain(NEW_SEARCH.intro);
    await outside.reload();
    await expect(outside.getByRole('heading', { level: 1, name: NEW_SEARCH.heading })).toBeVisible();

    // Rollback: the earlier release, its heading and no news page, in the HTML and the app.
    const rolledBack = execFileSync('node', ['bff/dist/cli.js', 'activate', 'mfe-flow', activeVersion], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    });
    expect(rolledBack).toContain(`mfe-flow ${activeVersion} is active now.`);
    for (const p of [inCanary, outside]) {
      expect(await htmlOf(p, '/')).toContain('<h1>Find your home</h1>');
      await p.goto('/');
      await expect(p.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
    }
    expect(await htmlOf(inCanary, NEWS.path)).not.toContain(NEWS.heading);
    // None of it built the shell.
    expect(shellBuild()).toEqual(shellBefore);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

// The console's menu links the super admin's pages where the release of mfe-admin served to this browser has them
// (docs/releases.md "A remote's pages"): the admin team moves its outbox, and the console's link follows on the next
// page load, with neither the console nor the shell built; a rollback brings the old path back.
test("the console menu's links follow the release of the remote whose pages they open", async ({ page }) => {
  test.setTimeout(240_000);
  await signInStaff(page, SUPER_ADMIN);
  const activeVersion = (await registry(page)).remotes.find((r) => r.name === 'mfe_admin')!.version;
  const activate = (version: string) =>
    execFileSync('node', ['bff/dist/cli.js', 'activate', 'mfe-admin', version], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    });
  const outbox = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Outbox' });
  const root = fs.mkdtempSync(path.join(repoRoot, '.e2e-release-'));
  try {
    const version = nextVersion(root, 'mfe-admin', (_dir, edit) =>
      edit('src/app/routes.json', (text) =>
        text.replace('{ "path": "outbox", "page": "outbox" }', '{ "path": "mail/outbox", "page": "outbox" }'),
      ),
    );
    await page.goto('/console/org/demo-energi');
    await expect(outbox).toHaveAttribute('href', '/console/admin/outbox');

    expect(activate(version)).toContain(`mfe-admin ${version} is active now.`);
    await page.reload();
    await expect(outbox).toHaveAttribute('href', '/console/admin/mail/outbox');
    await outbox.click();
    await expect(page).toHaveURL(/\/console\/admin\/mail\/outbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();

    expect(activate(activeVersion)).toContain(`mfe-admin ${activeVersion} is active now.`);
    await page.goto('/console/org/demo-energi');
    await expect(outbox).toHaveAttribute('href', '/console/admin/outbox');
  } finally {
    // Whatever failed above, the other specs find the release they started with.
    if ((await registry(page)).remotes.find((r) => r.name === 'mfe_admin')?.version !== activeVersion)
      activate(activeVersion);
    fs.rmSync(root, { recursive: true, force: true });
  }
});
