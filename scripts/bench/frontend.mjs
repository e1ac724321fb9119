// Front-end figures per page: Lighthouse (mobile, simulated throttling: its defaults) on Debian's Chromium against the
// production build served like the e2e suite does (e2e/serve.mjs), plus the gzip JS/CSS each page transferred and a
// check that no shared singleton was fetched twice or from a remote. Builds nothing: run `npm run build` first.
//
//   node scripts/bench/frontend.mjs            prints a table (PORT=3600 by default, BENCH_FRONTEND_PORT to change)
//   BENCH_RUNS=3 (default)                     Lighthouse runs per page; the run with the median score is reported
//   BENCH_PAGES="address search,results dashboard"   only these pages
//   benchFrontend({ root, port })              → { rows: [metric, value, target][], results } (scripts/bench.mjs)
//
// Scores are printed, never asserted: they depend on the machine (a loaded one gives a worse TBT).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const READY_TIMEOUT_MS = 90_000;
const LIGHTHOUSE_TIMEOUT_MS = 180_000;
const PROPERTY_ID = 42; // a demo-register property (e2e/tests/support.ts uses the same one)
const STAFF = { email: 'super@demo.test', password: 'energy-demo-2026' };
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

/** The pages the issue names, who visits them, and the Lighthouse performance score each must reach. */
const PAGES = [
  { key: 'address search', path: '/', visitor: 'anonymous', minScore: 0.95 },
  { key: 'questions', path: `/flow/property/${PROPERTY_ID}/questions`, visitor: 'anonymous' },
  { key: 'results dashboard', path: `/property/${PROPERTY_ID}/building/primary/results-dashboard`, visitor: 'homeowner-with-answers', minScore: 0.9 },
  { key: 'console analytics', path: '/console/org/demo-energi/properties', visitor: 'staff' },
];

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

/** e2e/serve.mjs on `port` (publishes the built remotes, starts the BFF on a throwaway data dir). */
export async function startProduct(root, port) {
  const base = `http://127.0.0.1:${port}`;
  if (await isReady(base)) throw new Error(`something already answers on ${base}; pick another port`);
  const child = spawn(process.execPath, [path.join(root, 'e2e', 'serve.mjs')], {
    cwd: path.join(root, 'e2e'),
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
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
  return { base, stop };
}

// ---------- visitors (cookie sessions handed to Lighthouse as a Cookie header) ----------

class CookieJar {
  cookies = new Map();
  take(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  async fetch(url, init = {}) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, ...(this.cookies.size ? { cookie: this.header } : {}) } });
    this.take(res);
    return res;
  }
}

async function expectOk(res, what) {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res;
}

/** A visitor who answered the questions for the property: the dashboard shows their results. */
async function visitorWithAnswers(base) {
  const jar = new CookieJar();
  await expectOk(
    await jar.fetch(`${base}/api/flow/property/${PROPERTY_ID}/building`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ occupants: 3, indoor_temperature: 21 }),
    }),
    'saving answers',
  );
  return jar;
}

/** The super admin, signed in through the NextAuth credentials protocol (as e2e/tests/support.ts signInStaff). */
export async function staffSession(base) {
  const jar = new CookieJar();
  const { csrfToken } = await (await expectOk(await jar.fetch(`${base}/api/auth/csrf`), 'csrf')).json();
  const form = new URLSearchParams({ csrfToken, email: STAFF.email, password: STAFF.password, callbackUrl: '/console', json: 'true' });
  await expectOk(
    await jar.fetch(`${base}/api/auth/callback/credentials`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }),
    `sign-in as ${STAFF.email}`,
  );
  return jar;
}

// ---------- Lighthouse ----------

// Lighthouse has its own locked install (scripts/bench/lighthouse), made on first use, so that npm ci and npm start
// neither fetch it nor warn about its Node >= 22 engines field (it runs on Node 20).
function lighthouseCli(root) {
  const dir = path.join(root, 'scripts', 'bench', 'lighthouse');
  const cli = path.join(dir, 'node_modules', 'lighthouse', 'cli', 'index.js');
  if (!fs.existsSync(cli)) {
    console.log('▸ Installing Lighthouse for the frontend bench (once)…');
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
    if (install.status !== 0 || !fs.existsSync(cli)) throw new Error(`npm ci in ${path.relative(root, dir)} failed`);
  }
  return cli;
}

function runLighthouse(root, url, headers) {
  const cli = lighthouseCli(root);
  const args = [cli, url, '--only-categories=performance', '--output=json', '--output-path=stdout', '--quiet', `--chrome-flags=${CHROME_FLAGS}`];
  if (Object.keys(headers).length) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' },
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

/** Every share's chunk URL path, per remote (from the manifests the registry names): a remote's own copies. */
async function remoteShareAssets(base) {
  const registry = await (await expectOk(await fetch(`${base}/api/mfe/registry`), 'registry')).json();
  const own = new Set();
  for (const remote of registry.remotes) {
    const manifest = await (await expectOk(await fetch(new URL(remote.entry, base)), `${remote.name} manifest`)).json();
    const dir = new URL('.', new URL(remote.entry, base)).pathname;
    for (const share of manifest.shared) for (const file of [...share.assets.js.sync, ...share.assets.js.async]) own.add(`${dir}${file}`);
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
  const sum = (type) => requests.filter((r) => r.resourceType === type).reduce((total, r) => total + (r.transferSize || 0), 0);
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
    longTasks: (audits['long-tasks']?.details?.items ?? []).map((t) => ({ url: t.url, startMs: ms(t.startTime), durationMs: ms(t.duration) })),
    bootupMs: (audits['bootup-time']?.details?.items ?? []).map((i) => ({ url: i.url, scriptingMs: ms(i.scripting), totalMs: ms(i.total) })),
    lcpElement: firstNode(audits['lcp-breakdown-insight']?.details) ?? firstNode(audits['largest-contentful-paint-element']?.details),
    jsTransferKB: kb(sum('Script')),
    cssTransferKB: kb(sum('Stylesheet')),
    scriptRequests: scripts.length,
    // Every script with its transfer size: what to look at when a page's JS grows.
    scriptTransfers: requests.filter((r) => r.resourceType === 'Script').map((r) => ({ path: new URL(r.url).pathname, kb: kb(r.transferSize || 0) })),
    singletonsOnce: fetchedTwice.length === 0 && remoteCopies.length === 0,
    fetchedTwice,
    remoteCopies,
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
    warnings: report.runWarnings ?? [],
  };
}

/** The run with the median performance score (the lower middle one for an even count). */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export async function benchFrontend({ root, port, runCount = Number(process.env.BENCH_RUNS || 3), only = process.env.BENCH_PAGES }) {
  const pages = only ? PAGES.filter((page) => only.split(',').map((k) => k.trim()).includes(page.key)) : PAGES;
  if (pages.length === 0) throw new Error(`BENCH_PAGES matches no page (pages: ${PAGES.map((p) => p.key).join(', ')})`);
  const rows = [];
  const results = { measuredAt: new Date().toISOString(), settings: 'lighthouse defaults: mobile, simulated throttling', pages: {} };
  const product = await startProduct(root, port);
  try {
    const remoteOwnShares = await remoteShareAssets(product.base);
    for (const page of pages) {
      // A fresh session per page: the dashboard visitor's answers and the staff session are made just before.
      const runs = [];
      for (let run = 0; run < runCount; run += 1) {
        const jar = page.visitor === 'staff' ? await staffSession(product.base) : page.visitor === 'homeowner-with-answers' ? await visitorWithAnswers(product.base) : null;
        const lighthouse = () => runLighthouse(root, `${product.base}${page.path}`, jar ? { Cookie: jar.header } : {});
        // Lighthouse now and then fails to record its trace (NO_NAVSTART, "run Lighthouse again"): one more try.
        const report = await lighthouse().catch((error) => (/run Lighthouse again/.test(error.message) ? lighthouse() : Promise.reject(error)));
        runs.push(pageFigures(report, remoteOwnShares));
      }
      // Lighthouse varies by ±0.05 from run to run on a busy machine: the median run says more than any single one.
      const figures = medianRun(runs);
      figures.scores = runs.map((r) => r.score);
      if (new URL(figures.finalUrl).pathname !== page.path) throw new Error(`${page.key}: Lighthouse ended on ${figures.finalUrl}, not ${page.path}`);
      results.pages[page.key] = { path: page.path, ...figures };
      const target = page.minScore ? `≥ ${page.minScore.toFixed(2)}` : '';
      rows.push([`${page.key}: Lighthouse performance (median of ${runs.length}: ${figures.scores.map((x) => x.toFixed(2)).join(' ')})`, figures.score.toFixed(2), target]);
      rows.push([`${page.key}: FCP / LCP / TBT / SI / CLS`, `${figures.fcpMs} / ${figures.lcpMs} / ${figures.tbtMs} / ${figures.speedIndexMs} ms / ${figures.cls}`, '']);
      rows.push([`${page.key}: JS / CSS transferred (gzip)`, `${figures.jsTransferKB} KB / ${figures.cssTransferKB} KB`, '']);
      rows.push([
        `${page.key}: shared singletons fetched once`,
        figures.singletonsOnce ? 'yes' : `NO (twice: ${figures.fetchedTwice.join(', ') || '-'}; remote copies: ${figures.remoteCopies.join(', ') || '-'})`,
        'yes',
      ]);
    }
  } finally {
    await product.stop();
  }
  return { rows, results };
}

function printTable(rows) {
  const header = ['metric', 'value', 'target'];
  const widths = header.map((_, col) => Math.max(...[header, ...rows].map((row) => String(row[col]).length)));
  const line = (row) => row.map((cell, col) => String(cell).padEnd(widths[col])).join('  ').trimEnd();
  console.log([line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const port = Number(process.env.BENCH_FRONTEND_PORT || 3600);
  benchFrontend({ root, port })
    .then(({ rows, results }) => {
      printTable(rows);
      if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
    })
    .catch((error) => {
      console.error(`bench frontend: ${error.message}`);
      process.exit(1);
    });
}
