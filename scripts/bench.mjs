// `npm run bench`: runs the benchmarks in scripts/bench/ in order, prints ONE table (metric | value | target | ok?) and
// writes bench-results/latest.json. Where a comparison exists the figure is a ratio measured in the same run (absolute
// times on a shared machine drift). Targets are judged, never enforced: this fails only when something cannot be
// measured.
//
//   npm run bench                              everything except the fresh-clone start-up (minutes)
//   npm run bench -- --only bff,engine         a subset: sizes, bff-startup, bff (throughput), engine, vitals,
//                                              privacy, leads, analytics, frontend, field, navigation, startup
//   npm run bench -- --with-clone              everything, plus fresh clone → npm ci → npm start (startup)
//   npm run bench -- --only startup --cold-cache   that start-up with npm ci on a new, empty npm cache (downloads all)
//   npm run bench -- --only frontend --runs 7  every page against its budget, median of 7 Lighthouse runs (default 3)
//   BENCH_DATABASE_URL=postgres://… npm run bench -- --only analytics
//                                              the analytics APIs at 1,000,000 properties
//   npm run bench -- --table [--markdown]      print the last figures of every bench (bench-results/latest.json)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './bench/lib.mjs';
import { REMOTES } from './bench/sizes.mjs';

const BENCHES = [
  { name: 'sizes', title: 'bundle sizes', load: async () => (await import('./bench/sizes.mjs')).benchSizes },
  {
    name: 'bff-startup',
    title: 'BFF cold start',
    load: async () => (await import('./bench/bff-startup.mjs')).benchBffStartup,
  },
  {
    name: 'bff',
    title: 'BFF throughput vs bare Express',
    load: async () => (await import('./bench/bff-throughput.mjs')).benchBffThroughput,
  },
  { name: 'engine', title: 'energy engine', load: async () => (await import('./bench/engine.mjs')).benchEngine },
  {
    name: 'vitals',
    title: "real users' speed at 1,000,000 reports",
    load: async () => (await import('./bench/vitals.mjs')).benchVitals,
  },
  {
    name: 'privacy',
    title: 'personal-data export (10 homes, 20 documents)',
    load: async () => (await import('./bench/privacy.mjs')).benchPrivacy,
  },
  {
    name: 'leads',
    title: "an installer's Requests page at 1,000 leads",
    load: async () => (await import('./bench/leads.mjs')).benchLeads,
  },
  {
    name: 'analytics',
    title: 'analytics at 1,000,000 properties',
    load: async () => (await import('./bench/analytics.mjs')).benchAnalytics,
  },
  {
    name: 'frontend',
    title: 'front end (Lighthouse)',
    optionalFile: 'bench/frontend.mjs',
    exportName: 'benchFrontend',
  },
  {
    name: 'field',
    title: 'the Speed view from a driven sample of every page',
    load: async () => (await import('./bench/field.mjs')).benchField,
  },
  {
    name: 'navigation',
    title: 'navigation after a preload intent',
    load: async () => (await import('./bench/navigation.mjs')).benchNavigation,
  },
  {
    name: 'startup',
    title: 'fresh clone → running product',
    onlyWhenAsked: true,
    load: async () => (await import('./bench/startup.mjs')).benchStartup,
  },
];
const ALIASES = { 'bff-throughput': 'bff', clone: 'startup' };

function parseArgs(argv) {
  const args = { only: null, withClone: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--with-clone') args.withClone = true;
    else if (arg === '--cold-cache') args.coldCache = true;
    else if (arg === '--table') args.table = true;
    else if (arg === '--markdown') args.table = args.markdown = true;
    else if (arg === '--runs' || arg.startsWith('--runs=')) {
      const count = arg.includes('=') ? arg.slice('--runs='.length) : argv[++i];
      args.runs = Number(count);
      if (!Number.isInteger(args.runs) || args.runs < 1)
        throw new Error(`--runs takes a whole number ≥ 1 (got "${count ?? ''}")`);
    } else if (arg === '--only' || arg.startsWith('--only=')) {
      const list = arg.includes('=') ? arg.slice('--only='.length) : argv[++i];
      args.only = new Set(
        (list ?? '')
          .split(',')
          .map((n) => ALIASES[n.trim()] ?? n.trim())
          .filter(Boolean),
      );
      const unknown = [...args.only].filter((n) => !BENCHES.some((b) => b.name === n));
      if (unknown.length || args.only.size === 0)
        throw new Error(
          `--only takes a comma-separated list of ${BENCHES.map((b) => b.name).join(', ')} (got "${list ?? ''}")`,
        );
    } else if (arg === '--help' || arg === '-h') {
      const lines = fs.readFileSync(new URL(import.meta.url), 'utf8').split('\n');
      console.log(
        lines
          .slice(
            0,
            lines.findIndex((l) => !l.startsWith('//')),
          )
          .map((l) => l.slice(3))
          .join('\n'),
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${arg} (try --help)`);
  }
  return args;
}

function ensureBuilds(selected) {
  const needsBuilds = selected.some((b) =>
    ['sizes', 'bff-startup', 'bff', 'frontend', 'field', 'navigation'].includes(b.name),
  );
  if (!needsBuilds) return;
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

// ---------- judging a figure against its target ----------

const UNIT_MS = { ms: 1, s: 1000 };

/** The first number of a cell and its unit ("1,234.5 ms" → {value: 1234.5, unit: 'ms'}). */
function quantity(text) {
  const match = String(text).match(/(-?\d[\d,]*(?:\.\d+)?)\s*(%|ms|s|KB|MB|\/s)?/);
  if (!match) return null;
  return { value: Number(match[1].replaceAll(',', '')), unit: match[2] ?? '' };
}

/**
 * Whether a value meets a target such as "≤ 3000 ms", "≥ 50 %", "yes"; null when there is nothing to judge.
 * Rows may carry their own verdict as a fourth cell (true/false/null), which wins.
 */
export function judge(value, target) {
  if (!target) return null;
  const comparison = target.match(/^\s*(≤|<=|<|≥|>=|>)\s*(.*)$/);
  if (!comparison)
    return /^(yes|no)$/i.test(target) ? String(value).trim().toLowerCase().startsWith(target.toLowerCase()) : null;
  const got = quantity(value);
  const want = quantity(comparison[2]);
  if (!got || !want) return null;
  const scale = (q) => (q.unit in UNIT_MS ? q.value * UNIT_MS[q.unit] : q.value);
  const [a, b] = [scale(got), scale(want)];
  return comparison[1].startsWith('≤') || comparison[1].startsWith('<=')
    ? a <= b
    : comparison[1] === '<'
      ? a < b
      : comparison[1] === '>'
        ? a > b
        : a >= b;
}

/** The whole table of bench-results/latest.json as Markdown (for docs/performance.md). */
function markdownTable(latest) {
  const rows = Object.entries(latest.benches).flatMap(([name, run]) =>
    run.rows.map((row) => tableRow(row, name, run.measuredAt)),
  );
  const escape = (text) => String(text).replaceAll('|', '\\|');
  const lines = ['| metric | value | target | ok? |', '|---|---|---|---|'];
  for (const row of rows)
    lines.push(
      `| ${escape(row.metric)} | ${escape(row.value)} | ${escape(row.target)} | ` +
        `${row.ok === true ? 'yes' : row.ok === false ? '**no**' : ''} |`,
    );
  return lines.join('\n');
}

function printTable(rows) {
  const header = ['metric', 'value', 'target', 'ok?'];
  const cells = rows.map(([metric, value, target, ok]) => {
    const verdict = ok === undefined ? judge(value, target) : ok;
    return [metric, String(value), target ?? '', verdict === true ? 'yes' : verdict === false ? 'NO' : ''];
  });
  const widths = header.map((_, col) => Math.max(...[header, ...cells].map((row) => row[col].length)));
  const line = (row) =>
    row
      .map((cell, col) => cell.padEnd(widths[col]))
      .join(' | ')
      .trimEnd();
  console.log(['', line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n'));
  return cells;
}

async function loadBench(bench) {
  if (!bench.optionalFile) return bench.load();
  const file = path.join(ROOT, 'scripts', bench.optionalFile);
  if (!fs.existsSync(file)) return null;
  const module = await import(pathToFileURL(file).href);
  if (typeof module[bench.exportName] !== 'function')
    throw new Error(`scripts/${bench.optionalFile} does not export ${bench.exportName}`);
  return module[bench.exportName];
}

const LATEST = path.join(ROOT, 'bench-results', 'latest.json');

/** The last figures of every bench, in bench order, each with when it was measured and on what. */
function readLatest() {
  try {
    const latest = JSON.parse(fs.readFileSync(LATEST, 'utf8'));
    return latest.benches ? latest : { benches: {} }; // an older format: start again
  } catch {
    return { benches: {} };
  }
}

/** Merges this run into bench-results/latest.json, so `--only` runs update their part of the table and no other. */
function writeLatest(byBench) {
  const latest = readLatest();
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
    node: process.version,
  };
  const measuredAt = new Date().toISOString();
  for (const [name, run] of Object.entries(byBench)) latest.benches[name] = { measuredAt, machine, ...run };
  const ordered = Object.fromEntries(
    BENCHES.filter((b) => latest.benches[b.name]).map((b) => [b.name, latest.benches[b.name]]),
  );
  const table = Object.entries(ordered).flatMap(([name, run]) =>
    run.rows.map((row) => tableRow(row, name, run.measuredAt)),
  );
  fs.mkdirSync(path.dirname(LATEST), { recursive: true });
  fs.writeFileSync(LATEST, `${JSON.stringify({ updatedAt: measuredAt, table, benches: ordered }, null, 2)}\n`);
  return LATEST;
}

function tableRow([metric, value, target, ok], bench, measuredAt) {
  const verdict = ok === undefined ? judge(value, target) : ok;
  return { bench, metric, value: String(value), target: target ?? '', ok: verdict, measuredAt };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.table) {
    const latest = readLatest();
    printTable(Object.values(latest.benches).flatMap((run) => run.rows));
    if (args.markdown) console.log(`\n${markdownTable(latest)}`);
    return;
  }
  const selected = BENCHES.filter((b) => (args.only ? args.only.has(b.name) : !b.onlyWhenAsked || args.withClone));
  ensureBuilds(selected);
  const rows = [];
  const failures = [];
  const byBench = {};
  for (const bench of selected) {
    console.log(`\n▸ ${bench.title} (${bench.name})`);
    const started = performance.now();
    try {
      const run = await loadBench(bench);
      if (!run) {
        const missing = [`${bench.title}`, `not measured: scripts/${bench.optionalFile} is missing`, '', null];
        rows.push(missing);
        byBench[bench.name] = { rows: [missing], results: { missing: `scripts/${bench.optionalFile}` } };
        continue;
      }
      // Our own benches take ports 3700–3749 (bench/lib.mjs); the front end's one port is 3750 unless
      // BENCH_FRONTEND_PORT says otherwise.
      const port = Number(process.env.BENCH_FRONTEND_PORT || 3750);
      const { rows: benchRows, results: benchResults } = await run({
        root: ROOT,
        port,
        runCount: args.runs,
        coldCache: args.coldCache,
      });
      rows.push(...benchRows);
      byBench[bench.name] = { rows: benchRows, results: benchResults };
    } catch (error) {
      failures.push(bench.name);
      const failed = [`${bench.title}`, `could not measure: ${String(error.message).split('\n')[0]}`, '', false];
      rows.push(failed);
      byBench[bench.name] = { rows: [failed], results: { error: error.message } };
      console.error(`${bench.name}: could not measure: ${error.message}`);
    } finally {
      console.log(`  (${bench.name}: ${Math.round((performance.now() - started) / 1000)} s)`);
    }
  }
  printTable(rows);
  const file = writeLatest(byBench);
  console.log(
    `\nWritten to ${path.relative(ROOT, file)} (benches not run this time keep their last figures there; ` +
      `\`node scripts/bench.mjs --table\` prints them all)`,
  );
  if (failures.length) {
    console.error(`bench: could not measure ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(`\nbench: ${error.message}`);
  process.exit(1);
});
