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

// The two loads are measured over the same minute: both sets of BFFs are started (PostgreSQL's migrate and seed) and
// warmed first, then both measured, then both stopped, so neither p99 takes in the other's start-up or shutdown.
async function loadsSideBySide(dbs, cluster) {
  const started = await Promise.allSettled(dbs.map((db) => startTarget(db, { cluster })));
  const targets = started.map((s) => (s.status === 'fulfilled' ? s.value : null));
  try {
    const states = dbs.map(() => ({ visitors: [] }));
    await Promise.all(targets.map((t, i) => t && fixedRate(t, states[i], Math.min(rateFor(dbs[i]), 20), 5)));
    const measured = await Promise.allSettled(
      targets.map((t, i) => (t ? fixedRate(t, states[i], rateFor(dbs[i]), durationS) : null)),
    );
    return dbs.map((db, i) => async () => {
      if (started[i].status === 'rejected') throw started[i].reason;
      if (measured[i].status === 'rejected') throw measured[i].reason;
      const result = measured[i].value;
      return {
        ok: meetsTarget(result, P99_TARGET_MS),
        lines:
          `  ${targets[i].description}, ${durationS} s at ${rateFor(db)} req/s, target p99 ≤ ${P99_TARGET_MS} ms, no ` +
          `errors, no non-2xx\n${formatResult(result)}`,
      };
    });
  } finally {
    await Promise.all(targets.map((t) => t?.stop()));
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
    // machine's cores (~12 and ~7 ms of BFF CPU a request), so each p99 is taken with the other's load beside it.
    const dbs = cluster ? ['pglite', 'postgres'] : ['pglite'];
    const names = { pglite: 'load on PGlite, 1 BFF', postgres: 'load on PostgreSQL, 2 BFFs' };
    console.log(`\n▸ ${dbs.map((db) => names[db]).join(' and ')}, side by side (at ${elapsed()})`);
    const reports = await loadsSideBySide(dbs, cluster).finally(removeTemplate);
    for (const [i, db] of dbs.entries()) await part(names[db], reports[i]);
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
