// CI's "load + faults" step, against the built BFF (bff/dist/server.js):
//   faults: PostgreSQL stopped under load (503 + Retry-After within 1 s, recovery), SIGKILL during answer writes
//           (every acknowledged write kept, none partial) on PGlite and on PostgreSQL;
//   load:   the mixed homeowner workload for LOAD_DURATION s (60) at a fixed rate on PGlite (one BFF) and, at the
//           same time, on PostgreSQL (two BFFs), asserting p99 ≤ 200 ms with no errors and no non-2xx;
//   instances: two BFFs behind a round-robin proxy share sessions, BankID orders and rate limits, and one killed
//           under load loses no acknowledged write (instances/two-instances.mjs).
// The PostgreSQL parts run when a throwaway cluster can be made here (.ci/run installs the server); otherwise they
// are reported as skipped. Exits non-zero when anything fails.
//
// Rates: LOAD_RATE (both), or LOAD_RATE_PGLITE / LOAD_RATE_POSTGRES; the defaults are conservative figures
// measured on a busy 2-core machine (see bff/hardening/README.md; search the highest with load/run.mjs).
import { PORTS, assertBuilt, postgresAvailable, removeTemplate, startPostgresCluster } from './load/servers.mjs';
import { P99_TARGET_MS, fixedRate, startTarget } from './load/run.mjs';
import { formatResult, meetsTarget } from './load/workload.mjs';
import { formatPgStop, pgStopScenario } from './faults/pg-stop.mjs';
import { formatSigkill, sigkillScenario } from './faults/sigkill.mjs';
import { formatTwoInstances, twoInstancesScenario } from './instances/two-instances.mjs';

const DEFAULT_RATE = { pglite: 30, postgres: 60 };
const durationS = Number(process.env.LOAD_DURATION ?? 60);
const rateFor = (db) =>
  Number(process.env[`LOAD_RATE_${db.toUpperCase()}`] ?? process.env.LOAD_RATE ?? DEFAULT_RATE[db]);

const started = Date.now();
const outcomes = [];
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

async function part(name, run) {
  console.log(`\n▸ ${name} (at ${elapsed()})`);
  try {
    const { ok, lines, failures = [] } = await run();
    if (lines) console.log(lines);
    for (const f of failures) console.log(`  ✖ ${f}`);
    outcomes.push({ name, ok });
    console.log(`${ok ? '✔' : '✖'} ${name}`);
  } catch (error) {
    console.log(`  ✖ ${error.stack ?? error}`);
    outcomes.push({ name, ok: false });
    console.log(`✖ ${name}`);
  }
}

async function load(db, cluster) {
  const rate = rateFor(db);
  const target = await startTarget(db, { cluster });
  try {
    const state = { visitors: [] };
    await fixedRate(target, state, Math.min(rate, 20), 5); // warm-up
    const result = await fixedRate(target, state, rate, durationS);
    return {
      ok: meetsTarget(result, P99_TARGET_MS),
      lines:
        `  ${target.description}, ${durationS} s at ${rate} req/s, target p99 ≤ ${P99_TARGET_MS} ms, no ` +
        `errors, no non-2xx\n${formatResult(result)}`,
    };
  } finally {
    await target.stop();
  }
}

async function main() {
  assertBuilt();
  const withPostgres = postgresAvailable();
  console.log(
    `Load + faults on the built BFF; PostgreSQL parts ` +
      `${withPostgres ? 'on a throwaway cluster' : 'skipped (no PostgreSQL server here)'}`,
  );
  // One cluster for every PostgreSQL part: it is seeded once, by the first BFF that starts on it.
  const cluster = withPostgres ? await startPostgresCluster({ port: PORTS.loadPostgres }) : null;
  try {
    await part('SIGKILL during answer writes (PGlite)', async () => {
      const r = await sigkillScenario({ db: 'pglite', log: () => undefined });
      return { ...r, lines: formatSigkill(r) };
    });
    // The two loads run side by side: each keeps its own BFFs and rate, and together they use under one of the
    // machine's cores (8 and 5 ms of BFF CPU a request), so each p99 is taken with the other's load beside it.
    await Promise.all([
      part(`load on PGlite, 1 BFF`, () => load('pglite')).finally(removeTemplate),
      cluster ? part(`load on PostgreSQL, 2 BFFs`, () => load('postgres', cluster)) : undefined,
    ]);
    if (cluster) {
      await part('PostgreSQL stopped during load', async () => {
        const r = await pgStopScenario({ cluster, log: () => undefined });
        return { ...r, lines: formatPgStop(r) };
      });
      await part('SIGKILL during answer writes (PostgreSQL)', async () => {
        const r = await sigkillScenario({ db: 'postgres', cluster, rounds: 1, log: () => undefined });
        return { ...r, lines: formatSigkill(r) };
      });
      await part('two instances behind a proxy: sessions, BankID, rate limits, one killed under load', async () => {
        const r = await twoInstancesScenario({ cluster, log: () => undefined });
        return { ...r, lines: formatTwoInstances(r) };
      });
    }
  } finally {
    cluster?.destroy();
  }
  console.log(`\n━━ load + faults (${elapsed()}) ━━`);
  for (const o of outcomes) console.log(`${o.ok ? '✔' : '✖'} ${o.name}`);
  if (!withPostgres) console.log('– PostgreSQL parts skipped: no PostgreSQL server here (.ci/run installs one)');
  process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
