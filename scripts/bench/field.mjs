// The field view from a driven sample: every page of the lab bench (frontend-pages.mjs) opened in Debian's Chromium
// as a phone's user (390 × 844, touch, 4× CPU, Lighthouse's slow 4G applied by the browser) and as a desktop's
// (1280 × 800, nothing throttled), a tap on its heading once it is usable, then left: the tab's speed report goes as
// it is hidden, through the product's own beacon and route. Then the super admin's Speed view is read as it shows
// it (GET /api/admin/speed?days=7), and each page's p75 printed against its field budget. It proves the whole path
// (the page's usable mark, the pattern from the release's route table, the histograms, the view) holds for every
// page, and gives the field's figures beside the lab's (docs/performance.md "Field vitals"). Builds nothing.
//
//   node scripts/bench/field.mjs [--runs N] [--json]   N page loads per page and device (default 2)
//   BENCH_PAGES="address search,admin speed"           only these pages
//   BENCH_FIELD_PORT (3620)                            the product's port (its BankID simulator on that + 10)
import { createRequire } from 'node:module';
import path from 'node:path';
import { runAsScript, runsArgument, startProduct } from './frontend.mjs';
import { expectOk, homesThroughBrand, PAGES, sessionFor, staffSession } from './frontend-pages.mjs';
import { ROOT, sleep } from './lib.mjs';

const USABLE_MARK = 'he:usable';
const CHROMIUM_ARGS = ['--no-sandbox'];
// Lighthouse's mobile slow 4G as its devtools throttling applies it (562.5 ms request latency, 1,474.56 kbit/s down,
// 675 kbit/s up), and its 4× CPU.
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: 86_400 };
const DEVICES = {
  phone: { context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, cpu: 4, net: SLOW_4G },
  desktop: { context: { viewport: { width: 1280, height: 800 } }, cpu: 1, net: null },
};
const PAGE_TIMEOUT_MS = 60_000;
const REPORT_GRACE_MS = 1_000;

/**
 * One page load as a user makes it: open, wait until usable and settled, tap the heading, leave. Returns how long each
 * step took (ms), printed as progress: a slow 4G load takes tens of seconds.
 */
async function visit(browser, product, page, device) {
  const steps = {};
  let last = performance.now();
  const step = (name) => {
    const now = performance.now();
    steps[name] = Math.round(now - last);
    last = now;
  };
  const { context: options, cpu, net } = DEVICES[device];
  const context = await browser.newContext({ baseURL: product.base, ...options });
  try {
    const jar = await sessionFor(page.visitor, product);
    if (jar) await context.addCookies([...jar.cookies].map(([name, value]) => ({ name, value, url: product.base })));
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    if (net) await cdp.send('Network.emulateNetworkConditions', net);
    step('context');
    await tab.goto(page.path, { timeout: PAGE_TIMEOUT_MS });
    step('load');
    await tab.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, USABLE_MARK, {
      timeout: PAGE_TIMEOUT_MS,
    });
    step('usable');
    await tab.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS });
    step('idle');
    const heading = tab.getByRole('heading', { level: 1 }).first();
    const box = await heading.boundingBox();
    if (box) {
      const at = { x: box.x + Math.min(box.width / 2, 40), y: box.y + box.height / 2 };
      await (options.hasTouch ? tab.touchscreen.tap(at.x, at.y) : tab.mouse.click(at.x, at.y));
      await sleep(300);
    }
    step('tap');
    // The report leaves as the page is hidden (a keepalive request, which Playwright does not show once the page has
    // gone): a moment before the context closes. The Speed view's count below says whether every report arrived.
    await tab.goto('about:blank');
    await sleep(REPORT_GRACE_MS);
    step('leave');
    return { steps };
  } finally {
    await context.close();
  }
}

const patternRegExp = (pattern) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[A-Za-z0-9_]+/g, '[^/]+')
      .replace(/\*$/, '.*')}$`,
  );

const figure = (metric, value) =>
  value === undefined
    ? '-'
    : metric === 'cls'
      ? value.toFixed(3)
      : metric === 'usable'
        ? `${(value / 1000).toFixed(2)} s`
        : `${Math.round(value)} ms`;

/** Rows [metric, value, target, ok] and the Speed view's pages. */
const pageKeys = () => (process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',').map((k) => k.trim()) : null);

export async function benchField({ root, port, runCount = 2, keys = pageKeys() }) {
  if (!Number.isInteger(runCount) || runCount < 1) throw new Error(`--runs takes a whole number ≥ 1 (got ${runCount})`);
  const { chromium } = createRequire(path.join(root, 'e2e', 'package.json'))('playwright-core');
  const pages = keys ? PAGES.filter((page) => keys.includes(page.key)) : PAGES;
  if (pages.length === 0) throw new Error(`BENCH_PAGES matches no page (pages: ${PAGES.map((p) => p.key).join(', ')})`);
  const product = await startProduct(root, port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    await homesThroughBrand(product.base);
    let loads = 0;
    for (let run = 0; run < runCount; run += 1)
      for (const page of pages)
        for (const device of Object.keys(DEVICES)) {
          const { steps } = await visit(browser, product, page, device);
          loads += 1;
          const took = Object.entries(steps)
            .map(([name, ms]) => `${name} ${ms}`)
            .join(', ');
          process.stderr.write(`field: ${page.key} on a ${device} (${took} ms)\n`);
        }
    // The last reports may still be on their way: read the view until its usable count stops growing.
    const admin = await staffSession(product.base);
    const read = async () =>
      (await expectOk(await admin.fetch(`${product.base}/api/admin/speed?days=7`), 'the Speed view')).json();
    let view = await read();
    const counted = (v) => v.pages.reduce((sum, p) => sum + (p.metrics.usable?.count ?? 0), 0);
    for (let i = 0; i < 60 && counted(view) < loads; i += 1) {
      await sleep(500);
      view = await read();
    }
    const rows = [
      [
        'field: settings',
        `${runCount} load(s) of each page per device: phone 390 px, touch, ${DEVICES.phone.cpu}× CPU, slow 4G; ` +
          'desktop 1280 px unthrottled; a tap on the heading once usable; the Speed view over 7 days',
        '',
      ],
      [
        'field: page loads made / usable times the Speed view counts',
        `${loads} / ${counted(view)}`,
        '',
        counted(view) === loads,
      ],
    ];
    const shown = new Set();
    for (const page of pages) {
      const row = view.pages.find((p) => patternRegExp(p.route).test(page.path));
      if (!row) {
        rows.push([`field: ${page.key} (${page.path})`, 'not in the Speed view', 'listed', false]);
        continue;
      }
      if (shown.has(row.route)) continue;
      shown.add(row.route);
      const sharing = pages.filter((p) => patternRegExp(row.route).test(p.path)).map((p) => p.key);
      const byDevice = Object.fromEntries(row.devices.map((d) => [d.device, d.metrics]));
      const p75 = (metrics, metric) => metrics?.[metric]?.p75;
      const within = ['usable', 'lcp', 'inp', 'cls', 'ttfb'].every(
        (metric) => p75(row.metrics, metric) === undefined || p75(row.metrics, metric) <= row.budgets[metric],
      );
      rows.push([
        `field: ${sharing.join(' / ')} ${row.route}: p75 usable phone | desktop; all: LCP, INP, CLS, TTFB`,
        `${figure('usable', p75(byDevice.phone, 'usable'))} | ${figure('usable', p75(byDevice.desktop, 'usable'))}; ` +
          ['lcp', 'inp', 'cls', 'ttfb'].map((m) => figure(m, p75(row.metrics, m))).join(', '),
        `usable ≤ ${row.budgets.usable / 1000} s, LCP ≤ ${row.budgets.lcp} ms, INP ≤ ${row.budgets.inp} ms`,
        within,
      ]);
    }
    return { rows, results: { loads, view } };
  } finally {
    await browser.close();
    await product.stop();
  }
}

runAsScript(import.meta.url, 'field', () =>
  benchField({ root: ROOT, port: Number(process.env.BENCH_FIELD_PORT || 3620), runCount: runsArgument() ?? 2 }),
);
