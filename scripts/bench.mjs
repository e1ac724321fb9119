// Prints bundle sizes (gzip), BFF cold-start times, the engine's throughput and (with BENCH_DATABASE_URL) the analytics
// APIs at 1,000,000 properties, and writes them to bench-results/latest.json.
// Targets are only printed next to the figures: this never fails on time, only when something cannot be measured.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['mfe-flow', 'mfe-results', 'mfe-console', 'mfe-admin'];
const START_RUNS = 3;
const POLL_MS = 25;
const READY_TIMEOUT_MS = 30_000;

const rows = []; // [metric, value, target] for the table
const results = { measuredAt: new Date().toISOString(), sizes: {}, bff: {} };

// ---------- builds ----------

function ensureBuilds() {
  const required = [
    'shell/dist/index.html',
    ...REMOTES.map((remote) => `${remote}/dist/mf-manifest.json`),
    'bff/dist/server.js',
  ];
  const missing = required.filter((file) => !fs.existsSync(path.join(ROOT, file)));
  if (missing.length === 0) return;
  console.log(`Missing build output (${missing.join(', ')}): running npm run build`);
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const stillMissing = missing.filter((file) => !fs.existsSync(path.join(ROOT, file)));
  if (stillMissing.length > 0) throw new Error(`Build did not produce: ${stillMissing.join(', ')}`);
}

// ---------- sizes ----------

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

function gzipBytes(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Gzip size of a set of files in a dist folder, each counted once. */
function gzipTotal(distDir, files) {
  const unique = [...new Set(files)];
  for (const file of unique) {
    if (!fs.existsSync(path.join(distDir, file))) throw new Error(`${path.relative(ROOT, distDir)}/${file} is referenced but missing`);
  }
  return { files: unique, gzipKB: kb(unique.reduce((sum, file) => sum + gzipBytes(path.join(distDir, file)), 0)) };
}

function readManifest(distDir) {
  return JSON.parse(fs.readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8'));
}

/** `<script src>` values of index.html as paths inside dist (publicPath and query stripped). */
function scriptFiles(indexHtml) {
  const srcs = [...indexHtml.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/gi)].map((m) => m[1]);
  return srcs.map((src) => new URL(src, 'http://x/').pathname.replace(/^\/+/, ''));
}

// The React singletons are shared chunks the shell must load before it can render anything.
const isReactShare = (name) => name === 'react' || name === 'react-dom' || name.startsWith('react/') || name.startsWith('react-dom/');

function allJs(distDir) {
  const files = fs.readdirSync(distDir, { recursive: true }).filter((file) => file.endsWith('.js'));
  return gzipTotal(distDir, files);
}

function measureShell() {
  const distDir = path.join(ROOT, 'shell', 'dist');
  const scripts = scriptFiles(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  const reactShares = readManifest(distDir).shared.filter((share) => isReactShare(share.name));
  const reactFiles = reactShares.flatMap((share) => share.assets.js.sync);
  const initial = gzipTotal(distDir, [...new Set([...scripts, ...reactFiles])]);
  const total = allJs(distDir);
  results.sizes.shell = { initialJs: { ...initial, shares: reactShares.map((s) => s.name) }, allJsGzipKB: total.gzipKB };
  rows.push(['shell + React initial JS', `${initial.gzipKB} KB gzip`, '≤ 120 KB gzip']);
  // What the shell really runs before its first paint: every shared singleton it provides (router, store, i18n, shared).
  const allShared = readManifest(distDir).shared.flatMap((share) => share.assets.js.sync);
  const firstRender = gzipTotal(distDir, [...new Set([...scripts, ...allShared])]);
  results.sizes.shell.firstRenderJsGzipKB = firstRender.gzipKB;
  rows.push(['shell first render JS (all singletons)', `${firstRender.gzipKB} KB gzip`, '']);
  rows.push(['shell all JS (context)', `${total.gzipKB} KB gzip`, '']);
}

function measureRemote(remote) {
  const distDir = path.join(ROOT, remote, 'dist');
  const manifest = readManifest(distDir);
  const { name: entryName, path: entryPath } = manifest.metaData.remoteEntry;
  const app = manifest.exposes.find((expose) => expose.name === 'App');
  if (!app) throw new Error(`${remote}/dist/mf-manifest.json exposes no App`);
  const js = gzipTotal(distDir, [path.posix.join(entryPath || '', entryName), ...app.assets.js.sync]);
  const css = gzipTotal(distDir, app.assets.css.sync);
  const total = allJs(distDir);
  results.sizes[remote] = { entryAndAppJs: js, appCss: css, allJsGzipKB: total.gzipKB };
  rows.push([`${remote} entry + ./App JS`, `${js.gzipKB} KB gzip`, '≤ 80 KB gzip']);
  rows.push([`${remote} ./App CSS`, `${css.gzipKB} KB gzip`, '']);
  rows.push([`${remote} all JS (context)`, `${total.gzipKB} KB gzip`, '']);
}

// ---------- BFF cold start ----------

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves with the status code, or null when nothing answers yet. */
function getStatus(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(null));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function runMigrate(env) {
  const started = performance.now();
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'bff/dist/cli.js'), 'migrate'], { cwd: ROOT, env, stdio: 'pipe' });
  } catch (error) {
    throw new Error(`bff cli migrate failed (exit ${error.status}):\n${error.stderr}${error.stdout}`);
  }
  return Math.round(performance.now() - started);
}

/** Starts the server once, returns wall time to a 200 from /readyz and the time the server reports itself. */
async function coldStart(env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'bff/dist/server.js')], {
    cwd: ROOT,
    // Any free port for the bundled BankID simulator, so a running product (on 3010) does not clash.
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', BANKID_SIMULATOR_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let exitInfo = null;
  exited.then((info) => (exitInfo = info));

  try {
    const url = `http://127.0.0.1:${port}/readyz`;
    while ((await getStatus(url)) !== 200) {
      if (exitInfo) throw new Error(`server exited (${exitInfo.code ?? exitInfo.signal}) before ready`);
      if (performance.now() - started > READY_TIMEOUT_MS) throw new Error(`/readyz not 200 within ${READY_TIMEOUT_MS} ms`);
      await sleep(POLL_MS);
    }
    const wallMs = Math.round(performance.now() - started);
    // The ready line may still be in the pipe when /readyz answers; give it a moment.
    for (let i = 0; i < 40 && !/ready in \d+ ms/.test(stdout); i++) await sleep(POLL_MS);
    const reported = stdout.match(/ready in (\d+) ms/);
    return { wallMs, reportedReadyMs: reported ? Number(reported[1]) : null };
  } catch (error) {
    throw new Error(`${error.message}\n--- server stderr ---\n${stderr}--- server stdout ---\n${stdout}`);
  } finally {
    if (!exitInfo) child.kill('SIGTERM');
    await exited;
  }
}

async function measureBff() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bff-'));
  const env = { ...process.env, DATA_DIR: dataDir };
  try {
    const initdbMs = runMigrate(env);
    rows.push(['bff first start (initdb)', `${initdbMs} ms`, '']);
    const runs = [];
    for (let i = 1; i <= START_RUNS; i++) {
      const run = await coldStart(env);
      runs.push(run);
      rows.push([`bff cold start run ${i}`, `${run.wallMs} ms (server says ready in ${run.reportedReadyMs ?? '?'} ms)`, '']);
    }
    const medianMs = median(runs.map((run) => run.wallMs));
    const reported = runs.map((run) => run.reportedReadyMs).filter((ms) => ms !== null);
    const medianReportedMs = reported.length ? median(reported) : null;
    rows.push(['bff cold start median (spawn → /readyz 200)', `${medianMs} ms`, '≤ 3 s']);
    rows.push(['bff "ready in" median (server log)', `${medianReportedMs ?? '?'} ms`, '']);
    results.bff = { initdbMs, runs, medianMs, medianReportedReadyMs: medianReportedMs };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------- energy engine ----------

/** Recommendations for every demo-register property, in-process on one core (bff/src/energy/bench.ts under tsx). */
function measureEngine() {
  const out = execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'bff/src/energy/bench.ts'], { cwd: ROOT, encoding: 'utf8' });
  const figures = JSON.parse(out.trim().split('\n').pop());
  results.engine = figures;
  rows.push(['engine: recommendations p50 (in-process)', `${figures.p50Ms.toFixed(2)} ms`, '']);
  rows.push(['engine: recommendations p99 (in-process)', `${figures.p99Ms.toFixed(2)} ms`, '≤ 2 ms']);
  rows.push(['engine: properties per second (one core)', `${figures.propertiesPerSecond} (${figures.properties} properties)`, '≥ 5,000']);
}

// ---------- analytics at scale ----------

/**
 * 1,000,000 properties with profiles in a fresh database on the PostgreSQL server of BENCH_DATABASE_URL, then each
 * analytics API's p50/p95 through the app (bff/src/modules/analytics/bench.ts under tsx). Skipped, with the reason
 * printed, when no server is given: PGlite is not what several BFF instances run on.
 */
function measureAnalytics() {
  if (!process.env.BENCH_DATABASE_URL) {
    const reason = 'BENCH_DATABASE_URL is not set (a PostgreSQL server, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres)';
    console.log(`\nanalytics at 1,000,000 properties: skipped: ${reason}`);
    rows.push(['analytics APIs at 1,000,000 properties', `skipped: ${reason}`, 'p95 ≤ 300 ms']);
    results.analytics = { skipped: reason };
    return;
  }
  console.log('\nanalytics: seeding 1,000,000 properties into a new database on BENCH_DATABASE_URL (a few minutes)…');
  const out = execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'bff/src/modules/analytics/bench.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  const figures = JSON.parse(out.trim().split('\n').pop());
  results.analytics = figures;
  rows.push([`analytics: seed ${figures.properties.toLocaleString('en')} properties (triggers on)`, `${figures.seedSeconds} s (${figures.summaryRows.toLocaleString('en')} summary rows)`, '']);
  for (const [api, f] of Object.entries(figures.apis)) {
    rows.push([`analytics: GET …/${api} (${figures.organisationHomes.toLocaleString('en')} homes)`, `p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms`, 'p95 ≤ 300 ms']);
  }
  rows.push(['analytics: summary = straightforward query', `${figures.check.matches ? 'yes' : 'NO'} (direct GROUP BY ${figures.check.directLabelQueryMs} ms)`, 'yes']);
}

// ---------- output ----------

function printTable() {
  const header = ['metric', 'value', 'target'];
  const widths = header.map((_, col) => Math.max(...[header, ...rows].map((row) => row[col].length)));
  const line = (row) => row.map((cell, col) => cell.padEnd(widths[col])).join('  ').trimEnd();
  console.log(['', line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'));
}

function writeJson() {
  const dir = path.join(ROOT, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(ROOT, file)}`);
}

async function main() {
  ensureBuilds();
  measureShell();
  for (const remote of REMOTES) measureRemote(remote);
  await measureBff();
  measureEngine();
  measureAnalytics();
  printTable();
  writeJson();
}

main().catch((error) => {
  // Whatever was measured before the failure is still worth seeing.
  if (rows.length) printTable();
  console.error(`\nbench: could not measure: ${error.message}`);
  process.exit(1);
});
