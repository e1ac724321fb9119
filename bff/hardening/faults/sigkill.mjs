// Fault: the BFF is killed with SIGKILL while homeowners save answers. Many writers save several answers at once
// (POST …/answer and POST …/building), each write to a property of its own, and record every write the BFF
// acknowledged (2xx). After `kill -9` and a restart on the same database, every acknowledged write must be there with
// exactly its answers, and no write may be there in part (all answers of one request, or none).
//
//   node bff/hardening/faults/sigkill.mjs [--db pglite|postgres] [--rounds 2] [--writers 16]
import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  PORTS,
  pgliteUrlOf,
  postgresAvailable,
  seededPgliteDir,
  sleep,
  startBff,
  startPostgresCluster,
  tempDir,
  removeTemplate,
} from '../load/servers.mjs';
import { sessionCookie } from '../load/workload.mjs';

const WINDOWS = ['double', 'triple', 'energy'];

/** Write number `g`'s answers: four at once, all different from any other write's. */
export function answersOf(g) {
  return {
    atemp: 50 + (g % 400),
    solar_panels_wp: g,
    attic_insulation_mm: g % 1_000,
    window_type: WINDOWS[g % WINDOWS.length],
  };
}

function sidOf(cookie) {
  const value = decodeURIComponent(cookie.split('=').slice(1).join('='));
  return value.slice(2, value.lastIndexOf('.'));
}

export async function allPropertyIds(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('select id from properties order by id')).rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** What is stored for the writers' sessions: Map "sid:property" → answers. */
export async function storedAnswers(databaseUrl, sids) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select s.sid, b.property_id, b.answers from building_profiles b
       join session s on (s.sess::jsonb ->> 'visitorId')::uuid = b.visitor_id where s.sid = any($1)`,
      [sids],
    );
    return new Map(rows.map((r) => [`${r.sid}:${r.property_id}`, r.answers]));
  } finally {
    await client.end();
  }
}

/**
 * Writers: a visitor session each, on the last `count` properties (its first answer makes the session and its
 * profile); their writes go to the other properties.
 */
export async function createWriters(url, propertyIds, count) {
  const writers = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/flow/property/${propertyIds[propertyIds.length - 1 - i]}/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ occupants: 2 }),
    });
    const cookie = sessionCookie(res);
    if (!res.ok || !cookie) throw new Error(`writer ${i}: ${res.status}`);
    writers.push({ index: i, cookie, sid: sidOf(cookie) });
  }
  return writers;
}

/**
 * Writers until `killAfterAcks` writes are acknowledged (at most `maxMs`), then SIGKILL while their requests are in
 * flight. Returns every write: acknowledged (2xx seen) or not (in flight when the process died).
 */
async function writeAndKill({ bff, writers, propertyIds, next, killAfterAcks, maxMs = 30_000 }) {
  const writes = [];
  let killed = false;
  async function writer(w) {
    while (!killed) {
      const g = next.value++;
      if (g >= propertyIds.length) return;
      const propertyId = propertyIds[g];
      const kind = g % 2 === 0 ? 'answer' : 'building';
      const answers = answersOf(g);
      const write = { writer: w.index, sid: w.sid, propertyId, kind, answers, acked: false, status: null };
      writes.push(write);
      try {
        const res = await fetch(`${bff.url}/api/flow/property/${propertyId}/${kind}`, {
          method: 'POST',
          headers: { cookie: w.cookie, 'content-type': 'application/json' },
          body: JSON.stringify(kind === 'building' ? { answers } : answers),
          signal: AbortSignal.timeout(10_000),
        });
        write.status = res.status;
        const body = await res.json();
        // Acknowledged: a 2xx whose body shows the answers saved.
        write.acked = res.ok && isDeepStrictEqual(body.answers, answers);
        if (res.ok && !write.acked)
          throw new Error(`write ${g} answered ${res.status} with other answers: ${JSON.stringify(body.answers)}`);
      } catch (error) {
        if (!killed) throw error;
        write.error = error.cause?.code ?? error.name;
      }
    }
  }
  const running = writers.map(writer);
  const deadline = Date.now() + maxMs;
  while (writes.filter((w) => w.acked).length < killAfterAcks && Date.now() < deadline) await sleep(10);
  killed = true;
  await bff.kill9();
  await Promise.all(running);
  return writes;
}

export async function sigkillScenario({
  db = 'pglite',
  rounds = 2,
  writers: writerCount = 16,
  acksPerRound = 60,
  cluster,
  log = console.log,
} = {}) {
  const failures = [];
  const check = (ok, message) => {
    if (!ok) failures.push(message);
  };
  const ownCluster = db === 'postgres' && !cluster;
  const pgCluster = db === 'postgres' ? (cluster ?? (await startPostgresCluster({ port: PORTS.killPostgres }))) : null;
  const dataDir = db === 'pglite' ? await seededPgliteDir() : tempDir('kill-bff');
  const start = () => startBff({ port: PORTS.killBff, dataDir, databaseUrl: pgCluster?.url });
  const databaseUrl = () => (db === 'pglite' ? pgliteUrlOf(dataDir) : pgCluster.url);
  let bff = null;
  try {
    bff = await start();
    const propertyIds = await allPropertyIds(databaseUrl());
    const writers = await createWriters(bff.url, propertyIds, writerCount);
    const next = { value: 0 };
    const all = [];
    const figures = { db, rounds: [] };
    for (let round = 1; round <= rounds; round++) {
      const writes = await writeAndKill({
        bff,
        writers,
        propertyIds: propertyIds.slice(0, propertyIds.length - writerCount),
        next,
        killAfterAcks: acksPerRound,
      });
      all.push(...writes);
      const acked = writes.filter((w) => w.acked).length;
      const inFlight = writes.filter((w) => !w.acked && w.status === null).length;
      log(`  round ${round}: ${acked} writes acknowledged, ${inFlight} in flight at SIGKILL`);
      const restartBegin = performance.now();
      bff = await start();
      const restartMs = Math.round(performance.now() - restartBegin);

      const stored = await storedAnswers(
        databaseUrl(),
        writers.map((w) => w.sid),
      );
      const missing = [];
      const partial = [];
      for (const write of all) {
        const found = stored.get(`${write.sid}:${write.propertyId}`);
        if (write.acked && !isDeepStrictEqual(found, write.answers)) missing.push({ ...write, found });
        if (!write.acked && found !== undefined && !isDeepStrictEqual(found, write.answers))
          partial.push({ ...write, found });
      }
      const inFlightStored = writes.filter(
        (w) => !w.acked && w.status === null && stored.has(`${w.sid}:${w.propertyId}`),
      ).length;
      // Anything else stored for these visitors must be one of their writes, whole (their first answer included).
      const expected = new Set(all.map((w) => `${w.sid}:${w.propertyId}`));
      const strays = [...stored.entries()].filter(
        ([key, answers]) => !expected.has(key) && !isDeepStrictEqual(answers, { occupants: 2 }),
      );
      // The same through the API, as the homeowner sees it: a sample of this round's acknowledged writes.
      const sample = writes
        .filter((w) => w.acked)
        .filter((_, i, list) => i % Math.max(1, Math.floor(list.length / 25)) === 0);
      let apiMismatches = 0;
      for (const write of sample) {
        const res = await fetch(`${bff.url}/api/flow/property/${write.propertyId}/answers`, {
          headers: { cookie: writers[write.writer].cookie },
        });
        const body = await res.json();
        if (!res.ok || !isDeepStrictEqual(body.answers, write.answers)) apiMismatches += 1;
      }
      figures.rounds.push({
        acked,
        inFlight,
        inFlightStored,
        restartMs,
        checked: all.filter((w) => w.acked).length,
        missing: missing.length,
        partial: partial.length + strays.length,
        apiSample: sample.length,
        apiMismatches,
      });
      check(acked > 0, `round ${round}: writes were acknowledged before the kill`);
      check(
        missing.length === 0,
        `round ${round}: every acknowledged write is there after the restart (${missing.length} missing or ` +
          `different, e.g. ${JSON.stringify(missing[0])})`,
      );
      check(
        partial.length + strays.length === 0,
        `round ${round}: no partial write (${partial.length} in-flight writes stored in part, ` +
          `${strays.length} other rows, e.g. ${JSON.stringify(partial[0] ?? strays[0])})`,
      );
      check(
        apiMismatches === 0,
        `round ${round}: the API shows the acknowledged answers (${apiMismatches} of ${sample.length} differ)`,
      );
    }
    return { ok: failures.length === 0, failures, figures };
  } finally {
    if (bff) await bff.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (ownCluster) pgCluster.destroy();
  }
}

export function formatSigkill({ figures }) {
  return figures.rounds
    .map(
      (r, i) =>
        `  ${figures.db} round ${i + 1}: ${r.acked} acknowledged, ${r.inFlight} in flight at SIGKILL ` +
        `(${r.inFlightStored} of them stored whole); restart ${r.restartMs} ms; ` +
        `${r.checked} acknowledged writes checked so far: ${r.missing} missing, ${r.partial} partial; API ` +
        `sample ${r.apiSample}, ${r.apiMismatches} differ`,
    )
    .join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'pglite' },
      rounds: { type: 'string', default: '2' },
      writers: { type: 'string', default: '16' },
    },
  });
  if (values.db === 'postgres' && !postgresAvailable()) {
    console.error('No PostgreSQL server can be made here.');
    process.exit(1);
  }
  console.log(`Fault: BFF killed with SIGKILL during answer writes (${values.db})`);
  const result = await sigkillScenario({
    db: values.db,
    rounds: Number(values.rounds),
    writers: Number(values.writers),
  });
  removeTemplate();
  console.log(formatSigkill(result));
  for (const f of result.failures) console.log(`  ✖ ${f}`);
  console.log(result.ok ? '✔ SIGKILL: every acknowledged write kept, none partial' : '✖ SIGKILL');
  process.exit(result.ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
