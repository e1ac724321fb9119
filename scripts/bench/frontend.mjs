// Front-end figures per page: Lighthouse (mobile, simulated throttling: its defaults) on Debian's Chromium against the
// production build served like the e2e suite does (e2e/serve.mjs), each page against its budget
// (scripts/bench/frontend-pages.mjs), plus the gzip JS/CSS each page transferred and a check that no shared singleton
// was fetched twice or from a remote. Pages behind a sign-in get a fresh session per run. Builds nothing: run
// `npm run build` first.
//
//   node scripts/bench/frontend.mjs [--runs N] [--json]   prints a table
//   BENCH_FRONTEND_PORT (3600; 3750 under scripts/bench.mjs), BENCH_BANKID_PORT (that + 10)   the ports it uses
//   BENCH_RUNS=3 (default; --runs wins)         Lighthouse runs per page; each figure is the median of the runs
//   BENCH_PAGES="address search,my homes"       only these pages
//   benchFrontend({ root, port, runCount })    → { rows: [metric, value, target, ok?][], results } (bench.mjs)
//
// Scores are judged, never asserted: they depend on the machine (a loaded one gives a worse TBT).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expectOk, homesThroughBrand, PAGES, sessionFor } from './frontend-pages.mjs';
import { benchMainThread } from './frontend-timing.mjs';
import {
  browserExecutable,
  harnessSession,
  harnessSpawnOptions,
  HARNESS_NICENESS,
  pagesThreadFirst,
  watchRenderers,
} from './browser-priority.mjs';
import { installOnce } from '../install-once.mjs';

const READY_TIMEOUT_MS = 180_000; // a first start (migrations, demo seed) on a loaded machine
// A phone does not run the server. The product runs below the browser's CPU priority so that the BFF answering on the
// same cores does not stretch the browser's main-thread tasks, which Lighthouse times by the wall clock and multiplies
// by 4 (docs/performance.md "Reproducing"). Its processes inherit it from e2e/serve.mjs.
const PRODUCT_NICENESS = HARNESS_NICENESS;
const LIGHTHOUSE_TIMEOUT_MS = 180_000;
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking ' +
  '--disable-component-update --disable-sync';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const ms = (value) => Math.round(value);

// ---------- the product ----------

async function isReady(base) {
  try {
    return (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(1000) })).status === 200;
  } catch {
    return false;
  }
}

/**
 * e2e/serve.mjs on `port` (publishes the built remotes, starts the BFF on a throwaway data dir), its BankID simulator
 * on `bankidPort` (the homeowner's sign-in).
 */
export async function startProduct(root, port, bankidPort = port + 10) {
  const base = `http://127.0.0.1:${port}`;
  if (await isReady(base)) throw new Error(`something already answers on ${base}; pick another port`);
  const child = spawn(process.execPath, [path.join(root, 'e2e', 'serve.mjs')], {
    cwd: path.join(root, 'e2e'),
    env: { ...process.env, E2E_PORT: String(port), E2E_BANKID_PORT: String(bankidPort) },
    stdio: ['ignore', 'ignore', 'pipe'],
    ...harnessSpawnOptions(),
  });
  os.setPriority(child.pid, PRODUCT_NICENESS);
  harnessSession(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let exited = null;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = { code, signal }))));
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await exit;
  };
  const started = Date.now();
  while (!(await isReady(base))) {
    if (exited) throw new Error(`e2e/serve.mjs exited (${exited.code ?? exited.signal}) before ready:\n${stderr}`);
    if (Date.now() - started > READY_TIMEOUT_MS) {
      await stop();
      throw new Error(`${base}/readyz not 200 within ${READY_TIMEOUT_MS} ms:\n${stderr}`);
    }
    await sleep(200);
  }
  return { base, simulator: `http://127.0.0.1:${bankidPort}`, stop };
}

// ---------- Lighthouse ----------

// Lighthouse has its own locked install (scripts/bench/lighthouse), made on first use, so that npm ci and npm start
// neither fetch it nor warn about its Node >= 22 engines field (it runs on Node 20).
function lighthouseCli(root) {
  const dir = path.join(root, 'scripts', 'bench', 'lighthouse');
  return installOnce(dir, path.join(dir, 'node_modules', 'lighthouse', 'cli', 'index.js'), 'Lighthouse for the bench');
}

// Browser features Lighthouse's launcher (chrome-launcher) does not turn off. Chromium keeps only the last
// --disable-features it is given, so these join the launcher's own list (its DEFAULT_FLAGS) rather than replace it.
const BENCH_DISABLED_FEATURES = [
  // A spare renderer, started for the next navigation while the page loads: its start-up ran beside the page's first
  // layout (92 ms of CPU in one recording), and with it 7 of 47 runs lost the page's navigationStart from their trace
  // (NO_NAVSTART), none of 10 without.
  'SpareRendererForSitePerProcess',
];

async function chromeFlags(root) {
  const launcher = path.join(root, 'scripts/bench/lighthouse/node_modules/chrome-launcher/dist/flags.js');
  const { DEFAULT_FLAGS } = await import(pathToFileURL(launcher).href);
  const prefix = '--disable-features=';
  const launcherOwn = DEFAULT_FLAGS.find((flag) => flag.startsWith(prefix))?.slice(prefix.length);
  const features = [launcherOwn, ...BENCH_DISABLED_FEATURES].filter(Boolean).join(',');
  return `${CHROME_FLAGS} ${prefix}${features}`;
}

async function runLighthouse(root, url, headers) {
  const cli = lighthouseCli(root);
  const args = [
    cli,
    url,
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${await chromeFlags(root)}`,
  ];
  if (Object.keys(headers).length) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  const chrome = browserExecutable(process.env.CHROME_PATH || '/usr/bin/chromium');
  // Lighthouse's own node process below the page's thread too (browser-priority.mjs), all its threads from the start.
  const [command, commandArgs] = pagesThreadFirst()
    ? ['nice', ['-n', String(HARNESS_NICENESS), process.execPath, ...args]]
    : [process.execPath, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      env: { ...process.env, CHROME_PATH: chrome },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...harnessSpawnOptions(),
    });
    harnessSession(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), LIGHTHOUSE_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited ${code}:\n${stderr.slice(-2000)}`));
      try {
        resolve(JSON.parse(stdout));
      } catch (error) {
        reject(new Error(`lighthouse ${url}: unreadable report (${error.message})`));
      }
    });
  });
}

/** Every share's chunk URL path, per remote (from the manifests the registry names): a remote's own copies. */
async function remoteShareAssets(base) {
  const registry = await (await expectOk(await fetch(`${base}/api/mfe/registry`), 'registry')).json();
  const own = new Set();
  for (const remote of registry.remotes) {
    const manifest = await (await expectOk(await fetch(new URL(remote.entry, base)), `${remote.name} manifest`)).json();
    const dir = new URL('.', new URL(remote.entry, base)).pathname;
    for (const share of manifest.shared)
      for (const file of [...share.assets.js.sync, ...share.assets.js.async]) own.add(`${dir}${file}`);
  }
  return own;
}

/** The first DOM node an audit's details name (Lighthouse 13 reports the LCP element in the LCP breakdown insight). */
function firstNode(details) {
  if (!details || typeof details !== 'object') return null;
  if (details.type === 'node') return details.snippet ?? details.nodeLabel ?? null;
  for (const value of Object.values(details)) {
    const found = firstNode(value);
    if (found) return found;
  }
  return null;
}

/** What one Lighthouse run says about the page. */
function pageFigures(report, remoteOwnShares) {
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const audits = report.audits;
  const requests = audits['network-requests']?.details?.items ?? [];
  const sum = (type) =>
    requests.filter((r) => r.resourceType === type).reduce((total, r) => total + (r.transferSize || 0), 0);
  const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => new URL(r.url).pathname);
  const fetchedTwice = [...new Set(scripts.filter((p, i) => scripts.indexOf(p) !== i))];
  const remoteCopies = scripts.filter((p) => remoteOwnShares.has(p));
  return {
    score: report.categories.performance.score,
    lcpMs: ms(audits['largest-contentful-paint'].numericValue),
    tbtMs: ms(audits['total-blocking-time'].numericValue),
    fcpMs: ms(audits['first-contentful-paint'].numericValue),
    speedIndexMs: ms(audits['speed-index'].numericValue),
    cls: Math.round(audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    // The main thread's long tasks by script (Lighthouse's bootup-time): where the TBT comes from.
    longTasks: (audits['long-tasks']?.details?.items ?? []).map((t) => ({
      url: t.url,
      startMs: ms(t.startTime),
      durationMs: ms(t.duration),
    })),
    bootupMs: (audits['bootup-time']?.details?.items ?? []).map((i) => ({
      url: i.url,
      scriptingMs: ms(i.scripting),
      totalMs: ms(i.total),
    })),
    lcpElement:
      firstNode(audits['lcp-breakdown-insight']?.details) ??
      firstNode(audits['largest-contentful-paint-element']?.details),
    jsTransferKB: kb(sum('Script')),
    cssTransferKB: kb(sum('Stylesheet')),
    scriptRequests: scripts.length,
    // Every script with its transfer size: what to look at when a page's JS grows.
    scriptTransfers: requests
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({ path: new URL(r.url).pathname, kb: kb(r.transferSize || 0) })),
    singletonsOnce: fetchedTwice.length === 0 && remoteCopies.length === 0,
    fetchedTwice,
    remoteCopies,
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
    warnings: report.runWarnings ?? [],
  };
}

/** The run with the median performance score (the lower middle one for an even count): its scripts and requests. */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The lower middle of a list of numbers (each metric's own median, so one slow run moves none of them). */
const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const MEDIAN_METRICS = ['score', 'lcpMs', 'cls', 'fcpMs', 'tbtMs', 'speedIndexMs'];

/** The budget row of one page: score, LCP and CLS against the page's budget, one verdict for all three. */
function budgetRow(page, figures, runCount) {
  const { minScore, maxLcpMs, maxCls } = page.budget;
  const ok = figures.score >= minScore && figures.lcpMs <= maxLcpMs && figures.cls <= maxCls;
  return [
    `${page.key} (${page.path}): performance / LCP / CLS, median of ${runCount}`,
    `${figures.score.toFixed(2)} / ${figures.lcpMs.toLocaleString('en')} ms / ${figures.cls}`,
    `≥ ${minScore.toFixed(2)} / ≤ ${(maxLcpMs / 1000).toFixed(1)} s / ≤ ${maxCls}`,
    ok,
  ];
}

export async function benchFrontend({
  root,
  port,
  bankidPort = Number(process.env.BENCH_BANKID_PORT || port + 10),
  runCount = Number(process.env.BENCH_RUNS || 3),
  only = process.env.BENCH_PAGES,
}) {
  if (!Number.isInteger(runCount) || runCount < 1) throw new Error(`--runs takes a whole number ≥ 1 (got ${runCount})`);
  const keys = only ? only.split(',').map((k) => k.trim()) : null;
  const pages = keys ? PAGES.filter((page) => keys.includes(page.key)) : PAGES;
  if (pages.length === 0) throw new Error(`BENCH_PAGES matches no page (pages: ${PAGES.map((p) => p.key).join(', ')})`);
  const rows = [];
  const priority = pagesThreadFirst()
    ? `; the page's main thread in a real-time class, the harness at niceness ${HARNESS_NICENESS}`
    : '';
  const settings = `lighthouse defaults: mobile, simulated throttling; median of ${runCount}${priority}`;
  const results = { measuredAt: new Date().toISOString(), settings, pages: {} };
  const product = await startProduct(root, port, bankidPort);
  const renderers = watchRenderers();
  try {
    const remoteOwnShares = await remoteShareAssets(product.base);
    await homesThroughBrand(product.base);
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < runCount; run += 1) {
        // A fresh session per run: the answers, the BankID and the staff sign-in are made just before.
        const jar = await sessionFor(page.visitor, product);
        const lighthouse = () => runLighthouse(root, `${product.base}${page.path}`, jar ? { Cookie: jar.header } : {});
        // Lighthouse now and then fails to record its trace (NO_NAVSTART, "run Lighthouse again"): one more try.
        const retry = (error) => (/run Lighthouse again/.test(error.message) ? lighthouse() : Promise.reject(error));
        const report = await lighthouse().catch(retry);
        runs.push(pageFigures(report, remoteOwnShares));
      }
      // Lighthouse varies by ±0.05 from run to run on a busy machine: medians say more than any single run.
      const figures = { ...medianRun(runs) };
      for (const metric of MEDIAN_METRICS) figures[metric] = middle(runs.map((r) => r[metric]));
      figures.scores = runs.map((r) => r.score);
      figures.lcps = runs.map((r) => r.lcpMs);
      const landed = new URL(figures.finalUrl).pathname;
      if (landed !== page.path)
        throw new Error(`${page.key}: Lighthouse ended on ${figures.finalUrl}, not ${page.path}`);
      results.pages[page.key] = { path: page.path, visitor: page.visitor, budget: page.budget, ...figures };
      rows.push(budgetRow(page, figures, runs.length));
      // Progress on stderr: a full run takes minutes per page on a loaded machine.
      process.stderr.write(`  ${rows.at(-1).slice(0, 2).join(': ')}\n`);
      rows.push([
        `${page.key}: runs (performance; LCP ms) · FCP / TBT / SI`,
        `${figures.scores.map((x) => x.toFixed(2)).join(' ')}; ${figures.lcps.join(' ')} · ` +
          `${figures.fcpMs} / ${figures.tbtMs} / ${figures.speedIndexMs} ms`,
        '',
      ]);
      rows.push([
        `${page.key}: JS / CSS transferred (gzip)`,
        `${figures.jsTransferKB} KB / ${figures.cssTransferKB} KB`,
        '',
      ]);
      const copies =
        `twice: ${figures.fetchedTwice.join(', ') || '-'}; remote copies: ` +
        `${figures.remoteCopies.join(', ') || '-'}`;
      rows.push([
        `${page.key}: shared singletons fetched once`,
        figures.singletonsOnce ? 'yes' : `NO (${copies})`,
        'yes',
      ]);
    }
    // The interactions and the first chart, in a browser of their own at 4× CPU (frontend-timing.mjs).
    const mainThread = await benchMainThread({ root, product, runCount, keys });
    rows.push(...mainThread.rows);
    results.mainThread = mainThread.results;
  } finally {
    renderers.stop();
    await product.stop();
  }
  return { rows, results };
}

/** Rows [metric, value, target, ok?] as a plain table; ok? reads yes, NO or nothing (a row without a budget). */
export function printTable(rawRows) {
  const header = ['metric', 'value', 'target', 'ok?'];
  const verdict = (ok) => (ok === true ? 'yes' : ok === false ? 'NO' : '');
  const rows = rawRows.map(([metric, value, target, ok]) => [metric, value, target, verdict(ok)]);
  const widths = header.map((_, col) => Math.max(...[header, ...rows].map((row) => String(row[col]).length)));
  const line = (row) =>
    row
      .map((cell, col) => String(cell).padEnd(widths[col]))
      .join('  ')
      .trimEnd();
  console.log([line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const runsAt = process.argv.indexOf('--runs');
  const runCount = runsAt > 0 ? Number(process.argv[runsAt + 1]) : undefined;
  benchFrontend({ root, port: Number(process.env.BENCH_FRONTEND_PORT || 3600), runCount })
    .then(({ rows, results }) => {
      printTable(rows);
      if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
    })
    .catch((error) => {
      console.error(`bench frontend: ${error.message}`);
      process.exit(1);
    });
}
