import fs from 'node:fs';
import nodePath from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import {
  allAtOnce,
  expectChartDrawn,
  registry,
  signInHomeowner,
  signInStaff,
  SUPER_ADMIN,
  watchConsole,
  type RemoteName,
} from './support';

const SHELL_DIST = nodePath.resolve(__dirname, '..', '..', 'shell', 'dist');
const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;

// Front-end budgets (docs/performance.md) that do not depend on the machine: bytes (gzip of what the browser fetched,
// level 9 as scripts/bench.mjs counts them) and what a preload intent fetches (its speed:
// scripts/bench/navigation.mjs). That shared singletons load once, from the shell, is proven by
// shared-singletons.spec.ts; Lighthouse scores are printed by `node scripts/bench/frontend.mjs`, not asserted.

const KB = 1024;
const SHELL_AND_REACT_BUDGET_KB = 120;
const REMOTE_FIRST_ROUTE_BUDGET_KB = 80;

interface ShellManifest {
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

/** Paths of the scripts the page requests from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Gzip size (KB) of each file as the server sends it. */
async function gzipKB(page: Page, paths: string[]): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const path of new Set(paths)) {
    const res = await page.request.get(path);
    expect(res.ok(), path).toBe(true);
    sizes[path] = gzipSync(await res.body(), { level: 9 }).length / KB;
  }
  return sizes;
}

const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((sum, kb) => sum + kb, 0);
const round = (kb: number) => Math.round(kb * 10) / 10;

/**
 * The shell's entry script of a page: `<script src>`, or on a page with a static first paint the preload its inline
 * starter runs after that paint (shared/src/mfe/paint-first-script.cjs).
 */
const entryScripts = (html: string): string[] =>
  [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"|<link[^>]*\shref="([^"]+)"[^>]*\sdata-app-entry[\s>]/g)].map(
    (m) => new URL(m[1] ?? m[2], 'http://x').pathname,
  );
const isReact = (name: string) => /^react(-dom)?(\/|$)/.test(name);

/** What a shell script holds, from its source map: the shell's own code, React, or other shared libraries. */
async function shellScriptKind(
  page: Page,
  path: string,
  entry: Set<string>,
  reactShares: Set<string>,
  libraryShares: Set<string>,
): Promise<'shell' | 'react' | 'libraries'> {
  if (entry.has(path)) return 'shell'; // the page's entry script: the shell's entry with the federation runtime
  if (reactShares.has(path)) return 'react';
  // Other shared libraries by the manifest (the router's re-export chunk is generated code only: it has no source map).
  if (libraryShares.has(path)) return 'libraries';
  // Source maps are not served (hidden maps, docs/security.md "Hardening and security"): read the shell's from its
  // build.
  const map = JSON.parse(fs.readFileSync(nodePath.join(SHELL_DIST, `${path.replace(/^\//, '')}.map`), 'utf8')) as {
    sources: string[];
  };
  return map.sources.some((source) => source.startsWith('webpack://shell/./src/')) ? 'shell' : 'libraries';
}

test('the shell with React fetches at most 120 KB gzip of JS before its first render', async ({ page }, testInfo) => {
  const scripts = recordScripts(page);
  // No remote: what is left is what the shell needs to render its frame (the slot then says the part is unavailable).
  await page.route(/\/mfe\/mfe-[a-z]+\//, (route) => route.abort());
  await page.goto('/');
  // The app's own top bar, not the static first paint's (`/` is drawn before the app runs, with the same link): the
  // app stays hidden behind it while the slot waits, so the link is looked for in the DOM, not on screen.
  await expect(page.locator('#root').getByRole('link', { name: /start page/i, includeHidden: true })).toBeAttached();

  const html = await (await page.request.get('/')).text();
  const entry = new Set(entryScripts(html));
  expect(entry.size, 'the shell names its entry script').toBe(1);
  const manifest = (await (await page.request.get('/mf-manifest.json')).json()) as ShellManifest;
  const reactShares = new Set(
    manifest.shared.filter((s) => isReact(s.name)).flatMap((s) => s.assets.js.sync.map((f) => `/${f}`)),
  );
  const libraryShares = new Set(
    manifest.shared.filter((s) => !isReact(s.name)).flatMap((s) => s.assets.js.sync.map((f) => `/${f}`)),
  );
  const shellScripts = scripts.filter((path) => !path.startsWith('/mfe/'));
  expect(
    shellScripts.filter((path) => reactShares.has(path)).length,
    'React was fetched (the measure is about a real boot)',
  ).toBeGreaterThan(0);

  const sizes = await gzipKB(page, shellScripts);
  const byKind: Record<string, Record<string, number>> = { shell: {}, react: {}, libraries: {} };
  for (const [path, kb] of Object.entries(sizes))
    byKind[await shellScriptKind(page, path, entry, reactShares, libraryShares)][path] = kb;
  const shellAndReact = { ...byKind.shell, ...byKind.react };
  testInfo.annotations.push({
    type: 'sizes',
    description:
      `shell ${round(total(byKind.shell))} KB + React ${round(total(byKind.react))} KB; other shared libraries ` +
      `(router, store, i18n, shared package) ${round(total(byKind.libraries))} KB; first render in all ` +
      `${round(total(sizes))} KB (gzip)`,
  });
  expect(round(total(shellAndReact)), JSON.stringify(shellAndReact)).toBeLessThanOrEqual(SHELL_AND_REACT_BUDGET_KB);
});

/** Each remote's first page as a visitor reaches it: entry + App + the first route's chunks must fit 80 KB gzip. */
const FIRST_PAGES: { remote: RemoteName; pkg: string; path: string; staff?: boolean; answersFor?: number }[] = [
  { remote: 'mfe_flow', pkg: 'mfe-flow', path: '/' },
  {
    remote: 'mfe_results',
    pkg: 'mfe-results',
    path: '/property/42/building/primary/results-dashboard',
    answersFor: 42,
  },
  { remote: 'mfe_console', pkg: 'mfe-console', path: '/console/org/demo-energi', staff: true },
  { remote: 'mfe_admin', pkg: 'mfe-admin', path: '/console/admin', staff: true },
];

for (const { remote, pkg, path, staff, answersFor } of FIRST_PAGES) {
  test(`${pkg}: entry + first route JS is at most 80 KB gzip`, async ({ page }, testInfo) => {
    if (staff) await signInStaff(page, SUPER_ADMIN);
    // The dashboard shows the results of the answers in this browser's session (as results-dashboard.spec makes them).
    if (answersFor)
      expect(
        (
          await page.request.post(`/api/flow/property/${answersFor}/building`, {
            data: { occupants: 3, indoor_temperature: 21 },
          })
        ).status(),
      ).toBe(200);
    const scripts = recordScripts(page);
    await page.goto(path);
    await expect(page.locator(`[data-remote="${remote}"] h1`)).toBeVisible();
    await page.waitForLoadState('networkidle');

    const own = scripts.filter((p) => p.startsWith(`/mfe/${pkg}/`));
    expect(
      own.some((p) => p.endsWith('/remoteEntry.js')),
      `${pkg} entry fetched`,
    ).toBe(true);
    const sizes = await gzipKB(page, own);
    const listing = Object.entries(sizes)
      .map(([p, kb]) => `${p.split('/').pop()} ${round(kb)}`)
      .join(', ');
    testInfo.annotations.push({ type: 'sizes', description: `${pkg} ${round(total(sizes))} KB gzip: ${listing}` });
    expect(round(total(sizes)), listing).toBeLessThanOrEqual(REMOTE_FIRST_ROUTE_BUDGET_KB);
  });
}

test.describe('preload on intent', () => {
  // A remote's link (the console menu) to another remote's page: hover preloads mfe-admin, the click only renders it.
  // How fast that click renders is a benchmark's figure: scripts/bench/navigation.mjs (target ≤ 200 ms).
  const FROM = '/console/org/demo-energi';
  const LINK = { name: 'Super admin', exact: true } as const;
  const TARGET: RemoteName = 'mfe_admin';

  test('hovering a link to another remote preloads its entry and App, and the click shows its page', async ({
    page,
  }) => {
    await signInStaff(page, SUPER_ADMIN);
    const scripts = recordScripts(page);
    await page.goto(FROM);
    const link = page.getByRole('navigation', { name: 'Console' }).getByRole('link', LINK);
    await expect(link).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(
      scripts.some((p) => p.startsWith('/mfe/mfe-admin/')),
      'nothing of mfe-admin before the intent',
    ).toBe(false);

    await link.hover();
    // The hover alone fetched the remote's entry and (preload links) its App's chunks.
    await expect.poll(() => scripts.some((p) => /^\/mfe\/mfe-admin\/.*\/remoteEntry\.js$/.test(p))).toBe(true);
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((entry) => /\/mfe\/mfe-admin\/.*__federation_expose_App.*\.js$/.test(entry.name)),
    );

    await link.click();
    await expect(page.locator(`[data-remote="${TARGET}"]`).getByRole('heading', { level: 1 })).toBeVisible();
  });
});

// Content that arrives late (remote, data, the release list in the footer) must not push what is already on screen:
// CLS is a quarter of the Lighthouse score, and a jumping page is what people notice.
/** Sums the page's layout shifts not caused by input, from its first paint on (read with layoutShift). */
async function sumLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

test.describe('no layout shift while a page loads, on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true });
  for (const [name, path, heading] of [
    ['questions', '/flow/property/42/questions', /./],
    ['results dashboard', '/property/7/building/primary/results-dashboard', "Your home's energy results"],
  ] as const) {
    test(`${name}: cumulative layout shift stays under 0.02`, async ({ page }) => {
      await sumLayoutShifts(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('releases')).toBeAttached();
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page)).toBeLessThan(0.02);
    });
  }

  // Pages whose content comes with an API answer after the page is on screen; the answer is held until the heading
  // shows, as on a slow network. The console home lays out its key-figure cards before the overview arrives, the
  // Releases page shows its release tokens (below the list) once the list is there, /sign loads inside its card.
  const LATE_DATA = [
    { name: 'console home', path: '/console/org/demo-energi', heading: 'Demo Energi AB', held: '**/overview' },
    { name: 'admin releases', path: '/console/admin/releases', heading: 'Releases', held: '**/api/admin/releases' },
    { name: 'sign-in', path: '/sign', heading: 'Sign in with BankID', held: null },
  ];
  for (const { name, path, heading, held } of LATE_DATA) {
    test(`${name}: cumulative layout shift stays under 0.02 when its data comes after the page`, async ({ page }) => {
      if (path.startsWith('/console')) await signInStaff(page, SUPER_ADMIN);
      await sumLayoutShifts(page);
      let release: () => void = () => undefined;
      const answer = new Promise<void>((resolve) => (release = resolve));
      if (held)
        await page.route(held, async (route) => {
          await answer;
          await route.continue();
        });
      try {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
        release();
        await page.waitForLoadState('networkidle');
        expect(await layoutShift(page)).toBeLessThan(0.02);
      } finally {
        release();
      }
    });
  }

  // The console's analytics, signed in, with homes to chart. What moved: the shell's top bar grew by the signed-in
  // user (name, e-mail, Sign out: three more lines on a phone) when the session answered after the first render, and
  // the console's top bar shrank once its small-button style arrived with the page's chunk. The charts' library
  // (apexcharts) is held back here until the figures are on screen, as on a slow network: each chart holds its final
  // height meanwhile, so nothing below moves when the drawings arrive, on the screen or scrolled to.
  test('console analytics: CLS under 0.02; the charts keep their place while their library loads', async ({
    page,
    browser,
  }) => {
    await homesToChart(browser);
    await signInStaff(page, SUPER_ADMIN);
    await sumLayoutShifts(page);
    const library = await holdChartLibrary(page);
    try {
      await page.goto('/console/org/demo-energi/properties');
      await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('figure-total')).toBeVisible();
      await expect
        .poll(() => library.requested, { message: 'the chart library was requested and held' })
        .not.toEqual([]);
      for (const id of PROPERTY_CHARTS) await expect(page.getByTestId(id)).toBeAttached();
      await expect(page.locator('[data-testid^="chart-"] svg')).toHaveCount(0);
      const before = await chartBoxes(page);
      library.release();
      for (const id of PROPERTY_CHARTS) await expectChartDrawn(page.getByTestId(id));
      const after = await chartBoxes(page);
      for (const [i, id] of PROPERTY_CHARTS.entries()) {
        expect.soft(Math.abs(after[i]!.top - before[i]!.top), `${id} top`).toBeLessThanOrEqual(1);
        expect.soft(Math.abs(after[i]!.height - before[i]!.height), `${id} height`).toBeLessThanOrEqual(1);
      }
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page)).toBeLessThan(0.02);
    } finally {
      library.release();
    }
  });
});

const PROPERTY_CHARTS = ['chart-series', 'chart-labels', 'chart-buildingTypes', 'chart-yearBands', 'chart-heating'];

/** Two homes through the demo brand, so the analytics pages have figures and draw charts. */
async function homesToChart(browser: Browser) {
  for (const id of [42, 7]) {
    const homeowner = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const res = await homeowner.request.post(`/api/flow/property/${id}/building?owner=demo-energi`, {
      data: { occupants: 3, indoor_temperature: 21 },
    });
    expect(res.status(), await res.text()).toBe(200);
    await homeowner.close();
  }
}

/** The console's scripts that hold the chart library (apexcharts), as requested; held until `release()`. */
async function holdChartLibrary(page: Page) {
  const requested: string[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/mfe/mfe-console/**/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    if (body.includes('apexcharts-canvas')) {
      requested.push(new URL(route.request().url()).pathname);
      await held;
    }
    await route.fulfill({ response, body });
  });
  return { requested, release: () => release() };
}

/** Where each chart of the properties page is in the page (not on the screen: the test scrolls). */
const chartBoxes = (page: Page) =>
  page.evaluate(
    (ids) =>
      ids.map((id) => {
        const box = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
        return { top: box.top + window.scrollY, height: box.height };
      }),
    PROPERTY_CHARTS,
  );

// The chart library is the console's largest chunk (docs/performance.md): fetched for a chart about to be seen, never
// for a page without charts, and never before the figures beside the charts are on screen.
test.describe('the chart library loads only for a chart about to be seen, on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true });

  test('console pages without charts fetch no chart library', async ({ page }) => {
    await signInStaff(page, SUPER_ADMIN);
    const library = await holdChartLibrary(page);
    library.release();
    for (const [path, heading] of [
      ['/console/org/demo-energi', 'Demo Energi AB'],
      ['/console/org/demo-energi/user-management', 'User management'],
      ['/console/org/demo-energi/configuration', 'Configuration'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
    }
    expect(library.requested).toEqual([]);
  });

  test('the tables are there while the library loads; a chart far down draws when scrolled to', async ({
    page,
    browser,
  }) => {
    await homesToChart(browser);
    await signInStaff(page, SUPER_ADMIN);
    const library = await holdChartLibrary(page);
    try {
      await page.goto('/console/org/demo-energi/properties?period=all');
      await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible({ timeout: 15_000 });
      // Every table, the last one's rows included, while no chart library has arrived.
      await expect(page.getByRole('table', { name: 'By main heating' }).getByRole('row')).not.toHaveCount(1);
      await expect(page.getByRole('table', { name: 'By energy label' })).toBeAttached();
      await expect(page.locator('[data-testid^="chart-"] svg')).toHaveCount(0);
      await expect.poll(() => library.requested.length).toBeGreaterThan(0);
      library.release();
      await expect(page.getByTestId('chart-series').locator('svg').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The last chart is several screens down: not drawn until the user scrolls to it.
      const heating = page.getByTestId('chart-heating');
      await expect(heating.getByTestId('chart-skeleton')).toBeAttached();
      await expect(heating.locator('svg')).toHaveCount(0);
      await expectChartDrawn(heating);
      await expect(heating.getByTestId('chart-skeleton')).toHaveCount(0);
    } finally {
      library.release();
    }
  });
});

// The request chain HTML → main.js → registry → manifest → remoteEntry → App is flattened: the HTML names the shell's
// boot chunks (shared/build/boot-preload.cjs) and the page's remote of the active release (bff/src/web/page-hints.ts).
/** A preload of the shell's own file that nothing on a page asks for (the query makes it a URL of its own). */
const UNUSED_PRELOAD = '/mf-manifest.json?preloaded-for-nothing';

/**
 * The page's preload warnings: Chromium warns of a preload it could not use (credentials or type mismatch), and a few
 * seconds after the load event of each that nothing used, all in one pass. A preload nothing uses, added before the
 * load event, says when that pass has run: the function returned waits for its warning, then gives the others.
 */
async function watchPreloadWarnings(page: Page): Promise<() => Promise<string[]>> {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  await page.addInitScript((href) => {
    document.addEventListener('DOMContentLoaded', () => {
      const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', href });
      link.crossOrigin = 'anonymous';
      document.head.append(link);
    });
  }, UNUSED_PRELOAD);
  return async () => {
    await expect
      .poll(() => warnings.some((text) => text.includes(UNUSED_PRELOAD)), {
        message: 'Chromium warned of the preload nothing used',
      })
      .toBe(true);
    // Console messages come before the answer to a later call: the pass's other warnings are all in by now.
    await page.evaluate(() => 0);
    return warnings.filter((text) => !text.includes(UNUSED_PRELOAD));
  };
}

test.describe('preload hints in the HTML', () => {
  const DASHBOARD = '/property/42/building/primary/results-dashboard';

  // The dashboard of this browser's answers (without answers its APIs answer 404, which the console reports).
  async function answerQuestions(page: Page) {
    expect(
      (
        await page.request.post('/api/flow/property/42/building', { data: { occupants: 3, indoor_temperature: 21 } })
      ).status(),
    ).toBe(200);
  }

  async function dashboardPreloads(page: Page) {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const preloadWarnings = await watchPreloadWarnings(page);
    const errors = watchConsole(page);
    await page.goto(DASHBOARD);
    await expect(page.locator('[data-remote="mfe_results"] h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const warnings = await preloadWarnings();

    const html = await (await page.request.get(DASHBOARD, { headers: { accept: 'text/html' } })).text();
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    const results = (await registry(page)).remotes.find((r) => r.name === 'mfe_results');
    expect(results, 'mfe-results has an active release').toBeTruthy();
    const releaseBase = `/mfe/mfe-results/${results!.version}/`;
    // The active release (from the registry, as the shell sees it), not a URL baked into the shell build.
    expect(preloads).toEqual(
      expect.arrayContaining([`${releaseBase}mf-manifest.json`, `${releaseBase}remoteEntry.js`]),
    );
    expect(
      preloads.some((href) => href.startsWith(releaseBase) && /__federation_expose_App\.[0-9a-f]+\.js$/.test(href)),
    ).toBe(true);
    expect(
      preloads.filter((href) => href.startsWith('/mfe/') && !href.startsWith(releaseBase)),
      'no other remote',
    ).toEqual([]);
    // The answers the measures are shown with (mfe-results' routes.json), handed to the page's own requests below.
    const api = '/api/flow/property/42/building/primary';
    const plan = '/api/flow/property/42/plan';
    expect(preloads).toEqual(
      expect.arrayContaining([`${api}/recommendations`, `${api}/information`, plan, `${plan}/suggestions`]),
    );

    // Every script the shell loaded before rendering was either its entry or preloaded by the HTML. web-vitals is
    // not one of them: the speed reports load it once the page is idle (shell/src/vitals/field-vitals.ts).
    const entry = entryScripts(html);
    expect(entry, "the shell's entry").toHaveLength(1);
    const shellScripts = requested.filter((p) => /^\/[^/]+\.js$/.test(p) && !/^\/web-vitals\./.test(p));
    expect(
      shellScripts.filter((p) => !entry.includes(p) && !preloads.includes(p)),
      'shell scripts not preloaded',
    ).toEqual([]);
    // Its entry and three files (docs/decisions/boot-in-few-files.md): on a phone's network each file waits for one of
    // six connections.
    expect(shellScripts, 'the shell boots from its entry, React, the libraries and its own code').toHaveLength(4);
    // A preload the page then asks for again (credentials or type mismatch) would be fetched twice.
    for (const href of preloads) expect(requested.filter((p) => p === href).length, href).toBe(1);
    expect(warnings, 'preload warnings').toEqual([]);
    expect(errors).toEqual([]);
  }

  // The page's API answers start with the HTML (bff/src/web/page-hints.ts dataHints); the app's request is handed the
  // preloaded answer, so each is fetched once and the page shows it. So do the page's own chunks where it loads them
  // when opened (its pages.json `files`: `page-<id>` and the chunks it shares with other pages).
  type DataPage = {
    name: string;
    path: string;
    heading: string;
    staff: boolean;
    api: number;
    ownChunk: string | null;
    chart?: string;
    homeowner?: boolean;
  };
  const DATA_PAGES: DataPage[] = [
    {
      name: 'questions',
      path: '/flow/property/42/questions',
      heading: 'About your home',
      staff: false,
      api: 2,
      ownChunk: null,
    },
    {
      name: 'console analytics',
      path: '/console/org/demo-energi/properties',
      heading: 'Properties',
      staff: true,
      api: 2,
      ownChunk: 'page-properties',
    },
    {
      // Its first view is a chart: the chart library's chunk comes with the HTML too (routes.json `chunks`).
      name: 'console users',
      path: '/console/org/demo-energi/users',
      heading: 'Users',
      staff: true,
      api: 2,
      ownChunk: 'page-users',
      chart: 'chart-users',
    },
    {
      name: 'console configuration',
      path: '/console/org/demo-energi/configuration',
      heading: 'Configuration',
      staff: true,
      api: 2,
      ownChunk: 'page-configuration',
    },
    {
      // A homeowner's own profile, named only for their session (routes.json `session: "homeowner"`).
      name: 'my homes',
      path: '/flow/profile',
      heading: 'My homes',
      staff: false,
      homeowner: true,
      api: 1,
      ownChunk: 'page-profile',
    },
    {
      name: 'admin releases',
      path: '/console/admin/releases',
      heading: 'Releases',
      staff: true,
      api: 1,
      ownChunk: null,
    },
  ];
  async function signIn(page: Page, { staff, homeowner }: DataPage) {
    if (staff) await signInStaff(page, SUPER_ADMIN);
    if (homeowner) await signInHomeowner(page, SIMULATOR, '198803032385', 'Petra Preload');
  }

  async function dataPreloads(page: Page, { path, heading, api, ownChunk, chart }: DataPage) {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
    const preloadWarnings = await watchPreloadWarnings(page);
    const errors = watchConsole(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    if (chart) await expectChartDrawn(page.getByTestId(chart));
    await page.waitForLoadState('networkidle');
    const warnings = await preloadWarnings();

    const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
    const tags = html.matchAll(/<link rel="preload" as="fetch" href="(\/api\/[^"]+)"/g);
    const data = [...tags].map((m) => m[1].replaceAll('&amp;', '&'));
    expect(data, 'API answers preloaded').toHaveLength(api);
    for (const href of data) expect(requested.filter((p) => p === href).length, href).toBe(1);
    const files = [...html.matchAll(/<link rel="preload" as="(?:script|style)" href="(\/mfe\/[^"]+)"/g)].map(
      (m) => m[1],
    );
    const own = files.filter((href) => /\/page-[\w-]+\.[0-9a-f]+\.js$/.test(href));
    expect(own, "the page's own chunk preloaded").toEqual(ownChunk ? [expect.stringContaining(`/${ownChunk}.`)] : []);
    const library = files.filter((href) => /\/chart\.[0-9a-f]+\.js$/.test(href));
    expect(library, "the chart library's chunk preloaded").toHaveLength(chart ? 1 : 0);
    for (const href of files) expect(requested.filter((p) => p === href).length, href).toBe(1);
    expect(warnings, 'preload warnings').toEqual([]);
    expect(errors).toEqual([]);
  }

  const PAGES = [
    {
      name: "the dashboard's HTML preloads the boot chunks and the active mfe-results release",
      prepare: answerQuestions,
      check: dashboardPreloads,
    },
    ...DATA_PAGES.map((page) => ({
      name: `${page.name}: the HTML preloads the answers the page waits for`,
      prepare: (p: Page) => signIn(p, page),
      check: (p: Page) => dataPreloads(p, page),
    })),
  ];
  // Each page in a browser of its own. Chromium names a preload unused a fixed few seconds after the load event, so
  // a page must boot within them: all sign in first, then three pages at a time boot (seven at once starved the
  // first two of the 2-core machine's CPU past that wait). Most of each check is that wait.
  test(`${PAGES.map((p) => p.name).join('; ')}: each fetched once, none unused`, async ({ browser }) => {
    const opened = await Promise.all(
      PAGES.map(async (item) => {
        const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
        return { ...item, context, page: await context.newPage() };
      }),
    );
    try {
      const named = ({ name }: { name: string }) => name;
      await allAtOnce(opened, named, ({ prepare, page }) => prepare(page));
      await allAtOnce(opened, named, ({ check, page }) => check(page), 3);
    } finally {
      await Promise.all(opened.map(({ context }) => context.close()));
    }
  });

  test('the shell boots in several tasks: no long task holds two boot phases (4x CPU throttling)', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; end: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.__longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto('/');
    await expect(page.locator('[data-remote="mfe_flow"] h1')).toBeVisible();
    const { marks, longTasks } = await page.evaluate(() => ({
      marks: performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('boot:'))
        .map((m) => ({ name: m.name, at: m.startTime })),
      longTasks: (window as unknown as { __longTasks: { start: number; end: number }[] }).__longTasks,
    }));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(marks.map((m) => m.name)).toEqual([
      'boot:react-dom',
      'boot:router',
      'boot:redux',
      'boot:i18n',
      'boot:shared-modules',
      'boot:shared',
      'boot:store',
      'boot:app',
      'boot:render',
    ]);
    for (let i = 1; i < marks.length; i += 1) {
      const both = longTasks.find((task) => task.start <= marks[i - 1].at && marks[i].at <= task.end);
      expect(both, `${marks[i - 1].name} and ${marks[i].name} in one task`).toBeUndefined();
    }
  });
});
