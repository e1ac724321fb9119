// Load: the mixed homeowner workload against the built BFF, on PGlite (one instance) or PostgreSQL (two instances on
// one database, the load split evenly). Without --rate it searches the highest rate with p99 ≤ 200 ms and no errors
// (short steps of increasing fixed rate), then confirms it for --duration seconds; with --rate it runs that rate once
// and exits non-zero when the target is missed.
//
//   node bff/hardening/load/run.mjs [--db pglite|postgres] [--rate N] [--duration 60] [--step 8] [--start 40]
//     [--json out.json]
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  PORTS,
  cpuMsOf,
  pgliteUrlOf,
  postgresAvailable,
  removeTemplate,
  seededPgliteDir,
  sleep,
  startBff,
  startPostgresCluster,
  tempDir,
} from './servers.mjs';
import { createVisitors, formatResult, loadProperties, meetsTarget, runMix } from './workload.mjs';

export const P99_TARGET_MS = 200;
const MAX_VISITORS = 4_000;

/**
 * Starts what one load scenario needs. `cluster` may be given (an already running throwaway PostgreSQL) so several
 * suites share one; otherwise one is made and removed at the end.
 */
export async function startTarget(db, { cluster } = {}) {
  if (db === 'pglite') {
    const dataDir = await seededPgliteDir();
    const bff = await startBff({ port: PORTS.loadPgliteBff, dataDir });
    return {
      urls: [bff.url],
      pids: [bff.child.pid],
      databaseUrl: pgliteUrlOf(dataDir),
      description: 'PGlite, 1 BFF instance',
      async stop() {
        await bff.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresAvailable())
    throw new Error('No PostgreSQL server can be made here (need /usr/lib/postgresql/*/bin and the postgres user)');
  const ownCluster = !cluster;
  const pgCluster = cluster ?? (await startPostgresCluster({ port: PORTS.loadPostgres }));
  const dataDirs = [];
  const bffs = [];
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    for (const port of PORTS.loadBff) {
      const dataDir = tempDir('pg-bff');
      dataDirs.push(dataDir);
      bffs.push(await startBff({ port, dataDir, databaseUrl: pgCluster.url }));
    }
  } catch (error) {
    for (const bff of bffs) await bff.stop();
    if (ownCluster) pgCluster.destroy();
    throw error;
  }
  return {
    urls: bffs.map((b) => b.url),
    pids: bffs.map((b) => b.child.pid),
    databaseUrl: pgCluster.url,
    description: `PostgreSQL, ${bffs.length} BFF instances`,
    async stop() {
      for (const bff of bffs) await bff.stop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
      if (ownCluster) pgCluster.destroy();
    },
  };
}

/** Visitors enough for `rate` connections (one request per second each), created before the clock starts. */
async function visitorsFor(target, state, rate) {
  const wanted = Math.min(MAX_VISITORS, Math.max(rate, 50));
  if (state.visitors.length >= wanted) return state.visitors;
  state.properties ??= await loadProperties(target.databaseUrl, MAX_VISITORS);
  const more = await createVisitors(target.urls, state.properties.slice(state.visitors.length, wanted));
  state.visitors.push(...more);
  return state.visitors;
}

const cpuOf = (pids) => pids.reduce((sum, pid) => sum + (cpuMsOf(pid) ?? NaN), 0);

/**
 * One fixed-rate run, with visitors prepared first. Also the BFF processes' CPU time per request: unlike latency it
 * hardly depends on what else the machine runs, so it tells the rate a quiet machine would sustain.
 */
export async function fixedRate(target, state, rate, durationS) {
  const visitors = await visitorsFor(target, state, rate);
  const cpuBefore = cpuOf(target.pids);
  const result = await runMix({ urls: target.urls, visitors, rate, durationS });
  const cpu = cpuOf(target.pids) - cpuBefore;
  return { ...result, bffCpuMsPerRequest: Number.isFinite(cpu) && result.count ? cpu / result.count : null };
}

/**
 * The highest rate meeting the target: steps of `stepS` seconds at increasing rates (×1.25) until one misses it;
 * then `durationS` seconds at the last good rate (one step lower again if that misses).
 */
export async function searchRate(target, state, { start, stepS, durationS, maxRate = 5_000, log = console.log }) {
  await fixedRate(target, state, start, 5); // warm-up: JIT, pools, caches
  let good = null;
  let rate = start;
  const steps = [];
  for (;;) {
    const result = await fixedRate(target, state, rate, stepS);
    const ok = meetsTarget(result, P99_TARGET_MS);
    steps.push(result);
    log(
      `  step ${String(rate).padStart(5)} req/s: p99 ${result.p99?.toFixed(1)} ms, errors ` +
        `${result.errors + result.timeouts}, non-2xx ${result.non2xx}, BFF CPU ` +
        `${result.bffCpuMsPerRequest?.toFixed(1)} ms/req → ${ok ? 'ok' : 'over'}`,
    );
    if (!ok) break;
    good = rate;
    if (rate >= maxRate) break;
    rate = Math.min(maxRate, Math.max(rate + 10, Math.round((rate * 1.25) / 10) * 10));
    await sleep(1_000);
  }
  if (good === null) return { steps, confirmed: null };
  for (const candidate of [good, Math.max(10, Math.round((good * 0.8) / 10) * 10)]) {
    await sleep(2_000);
    log(`  confirming ${candidate} req/s for ${durationS} s…`);
    const result = await fixedRate(target, state, candidate, durationS);
    if (meetsTarget(result, P99_TARGET_MS) || candidate !== good) return { steps, confirmed: result };
    log(formatResult(result, 'missed'));
  }
  return { steps, confirmed: null };
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'pglite' },
      rate: { type: 'string' },
      duration: { type: 'string', default: '60' },
      step: { type: 'string', default: '8' },
      start: { type: 'string', default: '40' },
      json: { type: 'string' },
    },
  });
  if (!['pglite', 'postgres'].includes(values.db)) throw new Error('--db must be pglite or postgres');
  const durationS = Number(values.duration);
  const target = await startTarget(values.db);
  const stopAll = async () => {
    await target.stop();
    removeTemplate();
  };
  const state = { visitors: [] };
  let result;
  try {
    console.log(
      `Load on ${target.description} (${target.urls.join(', ')}), target p99 ≤ ${P99_TARGET_MS} ms, 0 ` +
        `errors, 0 non-2xx`,
    );
    if (values.rate) {
      await fixedRate(target, state, Math.min(Number(values.rate), 40), 5); // warm-up
      result = await fixedRate(target, state, Number(values.rate), durationS);
    } else {
      const search = await searchRate(target, state, {
        start: Number(values.start),
        stepS: Number(values.step),
        durationS,
      });
      result = search.confirmed;
      if (!result) console.log('No rate met the target.');
    }
  } finally {
    await stopAll();
  }
  if (result) {
    console.log(
      `\n${target.description}, ${result.durationS} s at ${result.rate} req/s (${result.connections} ` +
        `visitors, one request per second each):`,
    );
    console.log(formatResult(result));
  }
  if (values.json && result)
    fs.writeFileSync(
      values.json,
      JSON.stringify({ db: values.db, measuredAt: new Date().toISOString(), ...result }, null, 2),
    );
  const ok = Boolean(result) && meetsTarget(result, P99_TARGET_MS);
  console.log(
    ok
      ? `✔ ${result.rate} req/s sustained: p99 ${result.p99.toFixed(1)} ms ≤ ${P99_TARGET_MS} ms, no errors`
      : '✖ target missed',
  );
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
