// Main-thread figures at 4× CPU throttling (Chromium through Playwright, CDP Emulation.setCPUThrottlingRate), on the
// product benchFrontend started: how long the interaction that matters on a page takes to its next paint (Event Timing
// API, INP-style: the longest event of the interaction), and the long tasks in which the console's first chart
// draws (Long Tasks API; the charts draw one per task, mfe-console/src/features/analytics/components/
// chart-turns.ts). Each figure is the median of `runCount` fresh page loads. Builds nothing: run `npm run build` first.
//
//   node scripts/bench/frontend-timing.mjs [--runs N] [--json]   these rows alone, each with its budget and ok?
//   BENCH_FRONTEND_PORT (3600), BENCH_BANKID_PORT (that + 10)     the ports of the product it starts (frontend.mjs)
//   BENCH_RUNS=3 (default; --runs wins)                         page loads per figure
//   BENCH_PAGES="results dashboard,console analytics"           only these pages' rows
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { homesThroughBrand, sessionFor } from './frontend-pages.mjs';

const CPU_SLOWDOWN = 4;
export const INTERACTION_BUDGET_MS = 100;
export const FIRST_CHART_BUDGET_MS = 150;
// Event Timing reports events of 16 ms and more; a long task is one of 50 ms and more.
const EVENT_FLOOR_MS = 16;
const LONG_TASK_FLOOR_MS = 50;

/**
 * The interactions the issue names, each on its page, as a user does them (keyboard or pointer: Event Timing).
 * `control` is what the user acts on: measured once it is on screen and the page has settled, not while it loads.
 */
const INTERACTIONS = [
  {
    key: 'questions: answer a question',
    path: '/flow/property/42/questions',
    visitor: 'anonymous',
    control: (page) => page.getByLabel('When was the house built?'),
    act: async (page) => {
      const year = page.getByLabel('When was the house built?');
      await year.click();
      await year.press('Control+A');
      await year.pressSequentially('1975');
    },
  },
  {
    key: 'results dashboard: change the loan type',
    path: '/property/42/building/primary/results-dashboard',
    visitor: 'with-answers',
    control: (page) => page.getByRole('radio', { name: 'Private loan' }),
    // A tap where the control is, as a finger does it on a phone (no hover first). Not a locator's click: Playwright's
    // checks before it run scripts in the page, which the throttled main thread would count as input delay.
    act: async (page, at) => {
      await page.touchscreen.tap(at.x, at.y);
    },
  },
  {
    key: 'console analytics: change the period',
    path: '/console/org/demo-energi/properties',
    visitor: 'staff',
    control: (page) => page.getByLabel('Period', { exact: true }),
    // On Linux a closed <select> takes the arrow keys itself: one keypress, one interaction, a new period.
    act: async (page) => {
      await page.getByLabel('Period', { exact: true }).focus();
      await page.keyboard.press('ArrowDown');
    },
  },
];

/** Records every event of an interaction and every long task, and when the first chart's SVG entered the page. */
function observeMainThread() {
  const w = window;
  w.__bench = { events: [], longTasks: [], chartStartAt: null, chartDrawnAt: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) w.__bench.events.push({ name: e.name, duration: e.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  const keepLongTasks = (entries) => {
    for (const e of entries) w.__bench.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  };
  const longTasks = new PerformanceObserver((list) => keepLongTasks(list.getEntries()));
  longTasks.observe({ type: 'longtask', buffered: true });
  // The observer's callback can still be queued behind the page's next tasks when the figures are read.
  w.__benchLongTasksNow = () => keepLongTasks(longTasks.takeRecords());
  // The chart's SVG is made first and its series drawn into it (maybe in a later task): both moments are kept.
  const charts = new MutationObserver(() => {
    if (w.__bench.chartStartAt === null && document.querySelector('figure.cn-chart svg')) {
      w.__bench.chartStartAt = performance.now();
    }
    if (!document.querySelector('figure.cn-chart .apexcharts-series, figure.cn-chart .apexcharts-pie')) return;
    w.__bench.chartDrawnAt = performance.now();
    charts.disconnect();
  });
  charts.observe(document, { childList: true, subtree: true });
}

const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

// A phone: its viewport, a touch screen, the mobile layout (the interactions are timed as a phone's user makes them).
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function openPage(browser, product, visitor) {
  const context = await browser.newContext({ baseURL: product.base, ...PHONE });
  const jar = await sessionFor(visitor, product);
  if (jar) await context.addCookies([...jar.cookies].map(([name, value]) => ({ name, value, url: product.base })));
  const page = await context.newPage();
  await page.addInitScript(observeMainThread);
  const cdp = await context.newCDPSession(page);
  return { page, cdp, close: () => context.close() };
}

/** The longest event of the interaction, in ms (the floor when none reached Event Timing's 16 ms). */
async function interactionMs(browser, product, interaction) {
  const { page, cdp, close } = await openPage(browser, product, interaction.visitor);
  try {
    await page.goto(interaction.path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const control = interaction.control(page);
    await control.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    // Settled: the main thread has had nothing to do for a moment (the page's last renders and layout are done).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    const box = await control.boundingBox();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await interaction.act(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    // Event Timing reports an interaction after its next paint.
    await page.waitForTimeout(1000);
    const events = await page.evaluate(() => window.__bench.events);
    return Math.max(EVENT_FLOOR_MS, ...events.map((e) => e.duration));
  } finally {
    await close();
  }
}

/**
 * The main-thread time of the console's first chart: the long tasks from its SVG's creation to its drawn series, in
 * ms (the floor when none of it was a long task).
 */
async function firstChartMs(browser, product) {
  // Every period: the demo's homes came through over several years, so each chart has data.
  const pagePath = '/console/org/demo-energi/properties?period=all';
  const { page, cdp, close } = await openPage(browser, product, 'staff');
  try {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(pagePath);
    await page.waitForFunction(() => window.__bench.chartDrawnAt !== null, null, { timeout: 60_000 });
    await page.waitForTimeout(500);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    const { chartStartAt, chartDrawnAt, longTasks } = await page.evaluate(() => {
      window.__benchLongTasksNow();
      return window.__bench;
    });
    const tasks = longTasks.filter((t) => t.end >= chartStartAt && t.start <= chartDrawnAt);
    const busy = tasks.reduce((sum, t) => sum + (t.end - t.start), 0);
    return tasks.length ? Math.round(busy) : LONG_TASK_FLOOR_MS;
  } finally {
    await close();
  }
}

const shown = (value, floor) => (value <= floor ? `< ${floor} ms` : `${Math.round(value)} ms`);

/** Rows [metric, value, target, ok] and the figures, for the pages in `keys` (all when null). */
export async function benchMainThread({ root, product, runCount, keys = null }) {
  const { chromium } = createRequire(path.join(root, 'e2e', 'package.json'))('@playwright/test');
  // Debian's Chromium as anyone's browser runs: no change to its flags or its scheduling.
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' });
  const rows = [];
  const results = { cpuSlowdown: CPU_SLOWDOWN, interactions: {}, firstChart: null };
  const wanted = (key) => !keys || keys.some((k) => key.startsWith(`${k}:`));
  try {
    for (const interaction of INTERACTIONS.filter((each) => wanted(each.key))) {
      const runs = [];
      for (let run = 0; run < runCount; run += 1) runs.push(await interactionMs(browser, product, interaction));
      const value = middle(runs);
      results.interactions[interaction.key] = { runs, medianMs: value };
      const metric = `${interaction.key}, ${CPU_SLOWDOWN}× CPU (median of ${runs.length}: ${runs.join(' ')})`;
      const target = `≤ ${INTERACTION_BUDGET_MS} ms`;
      rows.push([metric, shown(value, EVENT_FLOOR_MS), target, value <= INTERACTION_BUDGET_MS]);
    }
    if (wanted('console analytics:')) {
      const runs = [];
      for (let run = 0; run < runCount; run += 1) runs.push(await firstChartMs(browser, product));
      const value = middle(runs);
      results.firstChart = { runs, medianMs: value };
      const metric = `console analytics: first chart's main-thread time, ${CPU_SLOWDOWN}× CPU`;
      const figure = shown(value, LONG_TASK_FLOOR_MS);
      const target = `≤ ${FIRST_CHART_BUDGET_MS} ms`;
      const ok = value <= FIRST_CHART_BUDGET_MS;
      rows.push([`${metric} (median of ${runs.length}: ${runs.join(' ')})`, figure, target, ok]);
    }
  } finally {
    await browser.close();
  }
  return { rows, results };
}

/** The CLI: starts the product as frontend.mjs does and prints these rows alone. */
async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const runsAt = process.argv.indexOf('--runs');
  const runCount = Number(runsAt > 0 ? process.argv[runsAt + 1] : process.env.BENCH_RUNS || 3);
  const keys = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',').map((k) => k.trim()) : null;
  const port = Number(process.env.BENCH_FRONTEND_PORT || 3600);
  if (!Number.isInteger(runCount) || runCount < 1) throw new Error(`--runs takes a whole number ≥ 1 (got ${runCount})`);
  // Imported once this module has run (no top-level await): frontend.mjs imports this module itself.
  const { printTable, startProduct } = await import('./frontend.mjs');
  const product = await startProduct(root, port, Number(process.env.BENCH_BANKID_PORT || port + 10));
  try {
    // The demo brand's homes give the analytics pages their charts (as frontend.mjs does).
    await homesThroughBrand(product.base);
    const { rows, results } = await benchMainThread({ root, product, runCount, keys });
    printTable(rows);
    if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
  } finally {
    await product.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`bench frontend-timing: ${error.message}`);
    process.exit(1);
  });
}
