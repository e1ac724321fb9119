// Fault: PostgreSQL stops under load. Proves that while the database is down every request is answered within 1 s
// with 503 {error: 'unavailable'} and a Retry-After hint (none hangs, none is a 500), /readyz says not ready, and
// that once PostgreSQL is back requests succeed again within a few seconds, with no BFF restart.
//
//   node bff/hardening/faults/pg-stop.mjs [--rate 20] [--down 6]
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { PORTS, postgresAvailable, sleep, startBff, startPostgresCluster, tempDir } from '../load/servers.mjs';
import { createVisitors, loadProperties } from '../load/workload.mjs';
import { isOk, latencies, startTraffic } from './traffic.mjs';

const UNAVAILABLE_WITHIN_MS = 1_000;
const RECOVERY_WITHIN_MS = 5_000;

async function readiness(url) {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
    return { status: res.status, retryAfter: res.headers.get('retry-after') };
  } catch (error) {
    return { status: null, error: error.name };
  }
}

/** Runs the scenario; returns { ok, failures, figures }. `cluster` may be a running throwaway cluster to reuse. */
export async function pgStopScenario({ rate = 20, downS = 6, cluster, log = console.log } = {}) {
  const ownCluster = !cluster;
  const pg = cluster ?? (await startPostgresCluster({ port: PORTS.faultPostgres }));
  const dataDir = tempDir('fault-bff');
  const failures = [];
  const check = (ok, message) => {
    if (!ok) failures.push(message);
  };
  let bff;
  try {
    bff = await startBff({ port: PORTS.faultBff, dataDir, databaseUrl: pg.url });
    const visitors = await createVisitors([bff.url], await loadProperties(pg.url, 40));
    const traffic = startTraffic({ urls: [bff.url], visitors, rate });
    await sleep(3_000);

    const stopBegin = traffic.now();
    await pg.stop('fast');
    const stopDone = traffic.now();
    log(`  PostgreSQL stopped (pg_ctl stop -m fast took ${Math.round(stopDone - stopBegin)} ms)`);
    await sleep(500);
    const readyWhileDown = await readiness(bff.url);
    await sleep(downS * 1_000 - 500);

    const startBegin = traffic.now();
    await pg.start();
    const startDone = traffic.now();
    log(`  PostgreSQL started again (pg_ctl start took ${Math.round(startDone - startBegin)} ms)`);
    let readyAgainAt = null;
    while (traffic.now() - startDone < 10_000) {
      if ((await readiness(bff.url)).status === 200) {
        readyAgainAt = traffic.now();
        break;
      }
      await sleep(100);
    }
    await sleep(5_000);
    log(`  stopping the traffic (${traffic.pending()} requests pending)…`);
    const records = await traffic.stop();

    const before = records.filter((r) => r.end < stopBegin);
    // Sent after the server was gone and before it was asked to start: the outage proper.
    const down = records.filter((r) => r.start >= stopDone && r.start < startBegin);
    const firstGoodAfterStart = (() => {
      // The moment from which every request answers 2xx again.
      const after = records.filter((r) => r.start >= startBegin);
      let from = null;
      for (const r of after) {
        if (!isOk(r)) from = null;
        else from ??= r;
      }
      return from;
    })();
    const recoveryMs = firstGoodAfterStart ? firstGoodAfterStart.start - startDone : null;
    const statuses = {};
    for (const r of records) {
      const key = r.status ?? r.error;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    const downLatency = latencies(down);
    const figures = {
      rate,
      requests: records.length,
      statuses,
      before: latencies(before),
      down: { ...downLatency, count503: down.filter((r) => r.status === 503).length },
      readyWhileDown,
      recoveryMs: recoveryMs === null ? null : Math.max(0, Math.round(recoveryMs)),
      readyAgainMs: readyAgainAt === null ? null : Math.round(readyAgainAt - startDone),
      stopMs: Math.round(stopDone - stopBegin),
      startMs: Math.round(startDone - startBegin),
    };

    check(
      before.length > 0 && before.every(isOk),
      `before the stop every request succeeds (${before.filter((r) => !isOk(r)).length} of ${before.length} did not)`,
    );
    check(down.length >= rate * (downS - 1), `requests kept coming while PostgreSQL was down (${down.length})`);
    const wrong = down.filter((r) => r.status !== 503 || r.body?.error !== 'unavailable' || !r.retryAfter);
    check(
      wrong.length === 0,
      `while down every answer is 503 {error:'unavailable'} with Retry-After (${wrong.length} were not, e.g. ` +
        `${JSON.stringify(wrong[0])})`,
    );
    check(
      downLatency.max !== null && downLatency.max <= UNAVAILABLE_WITHIN_MS,
      `while down every answer comes within ${UNAVAILABLE_WITHIN_MS} ms (max ${downLatency.max?.toFixed(0)} ms)`,
    );
    const hungOrBroken = records.filter((r) => r.error || (r.status >= 500 && r.status !== 503));
    check(
      hungOrBroken.length === 0,
      `no request hangs (> 2 s), fails its connection or answers another 5xx (${hungOrBroken.length}, e.g. ` +
        `${JSON.stringify(hungOrBroken[0])})`,
    );
    check(
      readyWhileDown.status === 503 && Boolean(readyWhileDown.retryAfter),
      `/readyz answers 503 with Retry-After while down (got ${JSON.stringify(readyWhileDown)})`,
    );
    check(readyAgainAt !== null, '/readyz answers 200 again after PostgreSQL is back');
    check(
      recoveryMs !== null && recoveryMs <= RECOVERY_WITHIN_MS,
      `every request succeeds again within ${RECOVERY_WITHIN_MS} ms of PostgreSQL being back ` +
        `(${recoveryMs === null ? 'never' : `${Math.round(recoveryMs)} ms`})`,
    );
    const retryAfter = new Set(down.map((r) => r.retryAfter));
    figures.retryAfter = [...retryAfter].join(',');
    return { ok: failures.length === 0, failures, figures };
  } finally {
    if (bff) {
      const output = bff.output();
      await bff.stop();
      if (failures.length && output.trim())
        console.log(`  BFF output (last lines):\n${output.split('\n').slice(-15).join('\n')}`);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (ownCluster) pg.destroy();
  }
}

export function formatPgStop({ figures: f }) {
  return [
    `  ${f.requests} requests at ${f.rate} req/s; statuses ${JSON.stringify(f.statuses)}`,
    `  before the stop: p50 ${f.before.p50?.toFixed(1)} ms, p99 ${f.before.p99?.toFixed(1)} ms`,
    `  while down: ${f.down.count} requests, ${f.down.count503} × 503 (Retry-After ${f.retryAfter}), p50 ` +
      `${f.down.p50?.toFixed(1)} ms, p99 ${f.down.p99?.toFixed(1)} ms, max ${f.down.max?.toFixed(1)} ms; ` +
      `/readyz ${f.readyWhileDown.status}`,
    `  recovery: every request 2xx from ${f.recoveryMs} ms after PostgreSQL was back; /readyz ready after ` +
      `${f.readyAgainMs} ms`,
  ].join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: { rate: { type: 'string', default: '20' }, down: { type: 'string', default: '6' } },
  });
  if (!postgresAvailable()) {
    console.error('No PostgreSQL server can be made here (need /usr/lib/postgresql/*/bin and the postgres user).');
    process.exit(1);
  }
  console.log('Fault: PostgreSQL stopped during load');
  const result = await pgStopScenario({ rate: Number(values.rate), downS: Number(values.down) });
  console.log(formatPgStop(result));
  for (const f of result.failures) console.log(`  ✖ ${f}`);
  console.log(result.ok ? '✔ PostgreSQL stop: 503 with Retry-After while down, full recovery' : '✖ PostgreSQL stop');
  process.exit(result.ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
