// Front-end figures per page as a phone's user gets them (docs/performance.md "Lab bench"): Lighthouse on its default
// mobile profile with devtools (applied) throttling, observed timings under real CPU and network throttling, the CPU
// slowdown calibrated from this machine's benchmarkIndex; Debian's Chromium as anyone runs it (no flags, niceness or
// scheduling changed); the production build served like the e2e suite does (e2e/serve.mjs), at the browser's own
// priority (or below it with BENCH_SERVER_BELOW=1: server-priority.mjs). Each page against its budget
// (scripts/bench/frontend-pages.mjs): performance, usable time (the page's own `he:usable` mark), CLS; beside them
// LCP, TBT (the INP proxy of a load) and the page's cost as a multiple of the reference row (reference.mjs: a minimal
// federation host and remote served the same way). Plus the gzip JS/CSS each page transferred and a check that no
// shared singleton was fetched twice or from a remote. Builds nothing: run `npm run build` first.
//
//   node scripts/bench/frontend.mjs [--runs N] [--json]   prints a table
//   BENCH_FRONTEND_PORT (3600; 3750 under scripts/bench.mjs), BENCH_BANKID_PORT (that + 10)   the ports it uses
//   BENCH_RUNS=3 (default; --runs wins)         Lighthouse runs per page; each figure is the median of the runs
//   BENCH_PAGES="address search,my homes"       only these pages
//   BENCH_SERVER_BELOW=1                       the product below the browser (a phone does not run the server)
//   BENCH_CPU_SLOWDOWN=5                       this slowdown, not calibrated (two builds compared in one sitting)
//   Two builds run for run in one sitting: frontend-ab.mjs
//   benchFrontend({ root, port, runCount })    → { rows: [metric, value, target, ok?][], results } (bench.mjs)
//
// Scores are judged, never asserted: they depend on the machine (a loaded one gives a worse TBT).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectOk, homesThroughBrand, PAGES, sessionFor } from './frontend-pages.mjs';
import { benchMainThread } from './frontend-timing.mjs';
import { startReference } from './reference.mjs';
import { serverBelow, serverSession, serverSpawnOptions, SERVER_NICENESS } from './server-priority.mjs';
import { installOnce } from '../install-once.mjs';
import { ROOT } from './lib.mjs';

const READY_TIMEOUT_MS = 180_000; // a first start (migrations, demo seed) on a loaded machine
const LIGHTHOUSE_TIMEOUT_MS = 180_000;
// Headless (no display here) and no sandbox (the bench may run as root, where Chromium refuses its sandbox); the rest
// is Lighthouse's own launcher's defaults.
const CHROME_FLAGS = '--headless --no-sandbox';
/**
 * The benchmarkIndex Lighthouse's default 4× CPU slowdown aims at: it moves "a typical run in the high-end desktop
 * bracket" (benchmarkIndex 1,500–2,000) "into the mid-tier mobile bracket" (Lighthouse's docs/throttling.md), so the
 * phone it stands for scores about 1,750 ÷ 4. This machine's slowdown is its own index over that.
 */
const TARGET_BENCHMARK_INDEX = 1750 / 4;
/** The `he:usable` mark a page sets (shared/src/mfe/vitals.ts USABLE_MARK). */
const USABLE_MARK = 'he:usable';

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
    ...serverSpawnOptions(),
  });
  serverSession(child);
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

async function runLighthouse(root, url, headers, cpuSlowdown) {
  const cli = lighthouseCli(root);
  const args = [
    cli,
    url,
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--throttling-method=devtools',
    `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
    `--chrome-flags=${CHROME_FLAGS}`,
  ];
  if (Object.keys(headers).length) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: chrome },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

/** One Lighthouse run of `url`; once more when Lighthouse failed to record its trace (NO_NAVSTART, "run again"). */
export function measurePage(root, url, headers, cpuSlowdown) {
  const lighthouse = () => runLighthouse(root, url, headers, cpuSlowdown);
  return lighthouse().catch((error) =>
    /run Lighthouse again/.test(error.message) ? lighthouse() : Promise.reject(error),
  );
}

/**
 * The CPU slowdown for this machine (Lighthouse's docs/throttling.md "Calibrating the CPU slowdown"): its
 * benchmarkIndex, the median of three Lighthouse runs, over TARGET_BENCHMARK_INDEX, between 1× and 20×.
 */
export async function calibrate(root, url) {
  // Two builds compared in one sitting need the same slowdown: the index alone moves by a fifth between sittings.
  const fixed = process.env.BENCH_CPU_SLOWDOWN;
  if (fixed !== undefined) {
    const multiplier = Number(fixed);
    if (!(multiplier >= 1 && multiplier <= 20)) throw new Error(`BENCH_CPU_SLOWDOWN takes 1–20 (got ${fixed})`);
    return { benchmarkIndex: 'not measured', indexes: ['fixed by BENCH_CPU_SLOWDOWN'], multiplier };
  }
  const indexes = [];
  for (let i = 0; i < 3; i += 1) indexes.push((await runLighthouse(root, url, {}, 1)).environment.benchmarkIndex);
  const benchmarkIndex = middle(indexes);
  const multiplier = Math.min(20, Math.max(1, Math.round((benchmarkIndex / TARGET_BENCHMARK_INDEX) * 10) / 10));
  return { benchmarkIndex: Math.round(benchmarkIndex), indexes: indexes.map(Math.round), multiplier };
}

/** Every share's chunk URL path, per remote (from the manifests the registry names): a remote's own copies. */
export async function remoteShareAssets(base) {
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
export function pageFigures(report, remoteOwnShares) {
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const audits = report.audits;
  const requests = audits['network-requests']?.details?.items ?? [];
  const sum = (type) =>
    requests.filter((r) => r.resourceType === type).reduce((total, r) => total + (r.transferSize || 0), 0);
  const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => new URL(r.url).pathname);
  const fetchedTwice = [...new Set(scripts.filter((p, i) => scripts.indexOf(p) !== i))];
  const remoteCopies = scripts.filter((p) => remoteOwnShares.has(p));
  const usable = (audits['user-timings']?.details?.items ?? []).find((t) => t.name === USABLE_MARK);
  return {
    score: report.categories.performance.score,
    // When the page's remote had rendered what the user came for (null: the page set no mark).
    usableMs: usable ? ms(usable.startTime) : null,
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
const MEDIAN_METRICS = ['score', 'usableMs', 'lcpMs', 'cls', 'fcpMs', 'tbtMs', 'speedIndexMs'];
export const seconds = (value) => (value === null ? 'no mark' : `${(value / 1000).toFixed(2)} s`);

/** The budget row of one page: performance, usable time and CLS against the page's budget, one verdict for all. */
function budgetRow(page, figures, runCount) {
  const { minScore, maxUsableMs, maxCls } = page.budget;
  const usableOk = figures.usableMs !== null && figures.usableMs <= maxUsableMs;
  const ok = figures.score >= minScore && usableOk && figures.cls <= maxCls;
  return [
    `${page.key} (${page.path}): performance / usable / CLS, median of ${runCount}`,
    `${figures.score.toFixed(2)} / ${seconds(figures.usableMs)} / ${figures.cls}`,
    `≥ ${minScore.toFixed(2)} / ≤ ${(maxUsableMs / 1000).toFixed(1)} s / ≤ ${maxCls}`,
    ok,
  ];
}

/** Each metric's median over the runs (a page without a usable mark in some run keeps the runs that have one). */
export function medians(runs) {
  const figures = { ...medianRun(runs) };
  for (const metric of MEDIAN_METRICS) {
    const values = runs.map((r) => r[metric]).filter((v) => v !== null);
    figures[metric] = values.length ? middle(values) : null;
  }
  return figures;
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
  const product = await startProduct(root, port, bankidPort);
  const reference = await startReference(root).catch(async (error) => {
    await product.stop();
    throw error;
  });
  try {
    const cpu = await calibrate(root, `${reference.base}/`);
    const settings =
      `Lighthouse mobile, devtools throttling, CPU ${cpu.multiplier}× (benchmarkIndex ${cpu.benchmarkIndex}: ` +
      `${cpu.indexes.join(' ')}); median of ${runCount}; ` +
      (serverBelow ? `the product at autogroup niceness ${SERVER_NICENESS}` : "the product at the browser's priority");
    const results = { measuredAt: new Date().toISOString(), settings, cpu, pages: {} };
    rows.push(['settings', settings, '']);
    const measure = (url, headers) => measurePage(root, url, headers, cpu.multiplier);

    // What module federation itself costs: a host and one remote rendering a heading, served the same way.
    const referenceRuns = [];
    for (let run = 0; run < runCount; run += 1)
      referenceRuns.push(pageFigures(await measure(`${reference.base}/`, {}), new Set()));
    const base = medians(referenceRuns);
    results.reference = base;
    rows.push([
      `reference: federation host + one remote (scripts/bench/reference), performance / usable / LCP / TBT`,
      `${base.score.toFixed(2)} / ${seconds(base.usableMs)} / ${base.lcpMs} ms / ${base.tbtMs} ms`,
      '',
    ]);

    const remoteOwnShares = await remoteShareAssets(product.base);
    await homesThroughBrand(product.base);
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < runCount; run += 1) {
        // A fresh session per run: the answers, the BankID and the staff sign-in are made just before.
        const jar = await sessionFor(page.visitor, product);
        const report = await measure(`${product.base}${page.path}`, jar ? { Cookie: jar.header } : {});
        runs.push(pageFigures(report, remoteOwnShares));
      }
      // Lighthouse varies from run to run on a busy machine: medians say more than any single run.
      const figures = medians(runs);
      figures.scores = runs.map((r) => r.score);
      figures.usables = runs.map((r) => r.usableMs);
      const landed = new URL(figures.finalUrl).pathname;
      if (landed !== page.path)
        throw new Error(`${page.key}: Lighthouse ended on ${figures.finalUrl}, not ${page.path}`);
      results.pages[page.key] = { path: page.path, visitor: page.visitor, budget: page.budget, ...figures };
      rows.push(budgetRow(page, figures, runs.length));
      // Progress on stderr: a full run takes minutes per page on a loaded machine.
      process.stderr.write(`  ${rows.at(-1).slice(0, 2).join(': ')}\n`);
      const times = (value, of) => (value === null || !of ? '-' : `${(value / of).toFixed(1)}×`);
      rows.push([
        `${page.key}: runs (performance; usable ms) · LCP / TBT / SI · usable, LCP as × reference`,
        `${figures.scores.map((x) => x.toFixed(2)).join(' ')}; ${figures.usables.map((u) => u ?? '-').join(' ')} · ` +
          `${figures.lcpMs} / ${figures.tbtMs} / ${figures.speedIndexMs} ms · ` +
          `${times(figures.usableMs, base.usableMs)}, ${times(figures.lcpMs, base.lcpMs)}`,
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
    // The interactions and the first chart, tapped in a phone's context at 4× CPU (frontend-timing.mjs).
    const mainThread = await benchMainThread({ root, product, runCount, keys });
    rows.push(...mainThread.rows);
    results.mainThread = mainThread.results;
    return { rows, results };
  } finally {
    await reference.stop();
    await product.stop();
  }
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

/** The number after `--runs` on the command line, or undefined without one. */
export function runsArgument() {
  const at = process.argv.indexOf('--runs');
  return at > 0 ? Number(process.argv[at + 1]) : undefined;
}

/**
 * Run as a script (`moduleUrl` is the file node was started with): runs `bench()` and prints its rows, and its results
 * too with --json; a failure is printed as `bench <name>: …` and exits 1. Imported by another module, does nothing.
 */
export function runAsScript(moduleUrl, name, bench) {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  bench()
    .then(({ rows, results }) => {
      printTable(rows);
      if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
    })
    .catch((error) => {
      console.error(`bench ${name}: ${error.message}`);
      process.exit(1);
    });
}

runAsScript(import.meta.url, 'frontend', () =>
  benchFrontend({ root: ROOT, port: Number(process.env.BENCH_FRONTEND_PORT || 3600), runCount: runsArgument() }),
);
