import fc from 'fast-check';
import type { Response } from 'supertest';
import { listRoutes } from '../../test/route-table';
import { badRequestsFor, PDF_BYTES, validRequest } from '../bad-input/arbitraries';
import { describeRoutes } from '../bad-input/routes';
import { send } from '../bad-input/send';
import type { BadRequest, RouteInput } from '../bad-input/types';
import { clearLockouts, createWorld, type World } from '../bad-input/world';
import { tablesWritten } from '../../test/write-log';

/**
 * Bad input over every route: malformed JSON, wrong types, missing and unknown fields, over-long strings,
 * unicode, huge bodies, bad ids and bad query values. Every answer is a 4xx with a JSON `{ error, message }` that
 * leaks no internals, never a 5xx or a 2xx, and a refused request writes nothing (no row inserted, updated or deleted
 * in any table: bff/test/write-log.ts).
 *
 * Reproducible: a fixed seed (FUZZ_SEED to change it; a failure prints it), FUZZ_RUNS random requests per route on
 * top of the enumerated ones (default 3, e.g. FUZZ_RUNS=200 for a deeper local run). The enumerated cases run every
 * time and cover every kind of breakage (the prototype's names as every parameter and key, hosts, types, colours, paths
 * off this site), so few random ones keep `npm test` within its budget.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
/** FUZZ_COLLECT=1: go on after a bad answer and list every one of the route's (to survey a module, not for CI). */
const COLLECT = process.env.FUZZ_COLLECT === '1';
/** FUZZ_VERBOSE=1: print every request's label and status. */
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
fc.configureGlobal({ seed: SEED, numRuns: RUNS, endOnFailure: true });

/** What an answer must not show: a stack trace, SQL, or the database driver/ORM. */
const INTERNALS = /\n\s+at |select |insert |update .* set |postgres|drizzle|pglite|syntax error at/i;

let world: World;
let routes: RouteInput[];

beforeAll(async () => {
  world = await createWorld();
  routes = describeRoutes(world.ids);
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** Why the answer to a bad request is wrong, or null when it is a proper refusal. */
function problemWith(route: RouteInput, bad: BadRequest, res: Response): string | null {
  const text = res.text ?? '';
  if (res.status >= 500) return `answered ${res.status}`;
  if (INTERNALS.test(text)) return `answer shows internals: ${text.slice(0, 300)}`;
  // Body limits hold under /api whatever the route (NextAuth's included); the probes outside /api read no body.
  const exact = bad.status === 413 ? route.path.startsWith('/api') : bad.status !== undefined && !route.protocol;
  if (exact && res.status !== bad.status) return `answered ${res.status}, not ${bad.status}`;
  if (route.protocol) return null;
  if (res.status < 400) return `accepted (${res.status})`;
  if (!/application\/json/.test(String(res.headers['content-type'] ?? '')))
    return `answer is not JSON (${res.headers['content-type']})`;
  const body = res.body as { error?: unknown; message?: unknown };
  if (typeof body?.error !== 'string' || body.error === '') return 'no `error` in the answer';
  if (typeof body.message !== 'string' || body.message === '') return 'no `message` in the answer';
  if (
    bad.mustName !== undefined &&
    !text.includes(bad.mustName) &&
    !text.includes(JSON.stringify(bad.mustName).slice(1, -1))
  )
    return `the answer does not name ${JSON.stringify(bad.mustName)}`;
  return null;
}

function describeFailure(route: RouteInput, bad: BadRequest, res: Response, problem: string): string {
  const shown = typeof bad.body === 'string' ? bad.body.slice(0, 200) : bad.body ? `<${bad.body.length} bytes>` : '';
  return [
    `${key(route)} — ${bad.label}: ${problem}`,
    `  ${bad.method} ${bad.url.slice(0, 200)}`,
    `  headers ${JSON.stringify(bad.headers)}`,
    `  body ${JSON.stringify(shown)}`,
    `  answer ${res.status} ${(res.text ?? '').slice(0, 300)}`,
  ].join('\n');
}

it('describes the input of every route the app answers', () => {
  const described = new Set(routes.map(key));
  const missing = listRoutes(world.app)
    .map(key)
    .filter((r) => !described.has(r));
  expect(missing).toEqual([]);
  // And describes nothing that no longer exists (a renamed route would otherwise go untested).
  const answered = new Set(listRoutes(world.app).map(key));
  expect(routes.map(key).filter((r) => !answered.has(r))).toEqual([]);
});

describe('every bad request is refused with a 4xx, says why, and writes nothing', () => {
  // One test per route, so a failure names the route; the table is built once the world (and its ids) exists.
  const names = describeRoutes(placeholderIds()).map(key);
  it.each(names)('%s', async (name) => {
    const route = routes.find((r) => key(r) === name)!;
    const { examples, arbitrary } = badRequestsFor(route);
    let counts = await world.writes.counts();
    const collected: string[] = [];
    const fail = (message: string) => {
      if (!COLLECT) throw new Error(message);
      collected.push(message);
    };
    const check = async (bad: BadRequest) => {
      // Sign-in's lockouts and limits are tested on their own (attack-password-guessing.test.ts): forgotten before
      // each request here, so every one reaches the validation it is meant to break (the fuzz's clock stands still).
      if (route.path.startsWith('/api/auth/')) await clearLockouts(world);
      const res = await send(world, route, bad);
      if (VERBOSE) process.stdout.write(`${key(route)} | ${bad.label.slice(0, 120)} → ${res.status}\n`);
      const problem = problemWith(route, bad, res);
      if (problem) fail(describeFailure(route, bad, res, problem));
      const after = await world.writes.counts();
      const changed = tablesWritten(counts, after);
      counts = after;
      if (changed.length > 0) fail(describeFailure(route, bad, res, `refused but wrote rows: ${changed.join(', ')}`));
    };
    try {
      // fast-check counts the examples in numRuns: every enumerated case, then RUNS random ones.
      await fc.assert(fc.asyncProperty(arbitrary, check), {
        examples: examples.map((bad) => [bad] as [BadRequest]),
        numRuns: examples.length + RUNS,
      });
      if (collected.length > 0) throw new Error(`${collected.length} bad answers:\n${collected.join('\n')}`);
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      throw new Error(
        `${cause instanceof Error ? cause.message : ''}\n${(error as Error).message}\nReproduce with ` +
          `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}.`,
      );
    }
  });
});

it('refuses an upload over 10 MB with 413 and stores nothing', async () => {
  const before = await world.writes.counts();
  const big = Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
  const res = await world.agents.homeowner
    .post(`/api/flow/property/${world.ids.propertyId}/document`)
    .field('energy_class', 'C')
    .attach('file', big, { filename: 'big.pdf', contentType: 'application/pdf' });
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ error: 'payload_too_large', message: expect.any(String) });
  expect(tablesWritten(before, await world.writes.counts())).toEqual([]);
});

it('sees an insert, an update, a delete and a truncate in its write check', async () => {
  const { pool } = world.database;
  const steps = [
    "insert into app_secrets (name, value) values ('write-log-check', 'a')",
    "update app_secrets set value = 'b' where name = 'write-log-check'",
    "delete from app_secrets where name = 'write-log-check'",
    'truncate web_vitals_rolled',
  ];
  for (const sql of steps) {
    const before = await world.writes.counts();
    await pool.query(sql);
    expect({ sql, written: tablesWritten(before, await world.writes.counts()).length }).toEqual({ sql, written: 1 });
  }
});

it('refuses an unknown JSON field with a 400 that names it', async () => {
  const res = await world.agents.superAdmin
    .patch('/api/console/org/demo-energi/account')
    .send({ name: 'Super Admin', nickname: 'x' });
  expect(res.status).toBe(400);
  expect(JSON.stringify(res.body)).toContain('nickname');
});

/**
 * The other half of the proof: each route's valid request is not refused as bad input (400, 413, 415) and does not
 * fail, so the refusals above come from what the generators broke (and a wrong template or agent would show here).
 * Runs last (valid requests write: they sign the homeowner out and change the super admin's password at the end).
 */
it('accepts the valid request of every route it breaks', async () => {
  const order = (r: RouteInput) =>
    r.path.endsWith('/logout') ? 3 : r.method === 'DELETE' ? 2 : r.method === 'GET' ? 0 : 1;
  const refused: string[] = [];
  for (const route of [...routes].filter((r) => !r.protocol).sort((a, b) => order(a) - order(b))) {
    const res = await send(world, route, validRequest(route));
    if (VERBOSE) process.stdout.write(`${key(route)} | valid request → ${res.status}\n`);
    const expected = route.validAnswer?.status;
    if (expected !== undefined ? res.status !== expected : [400, 413, 415].includes(res.status) || res.status >= 500) {
      refused.push(`${key(route)}: ${res.status} ${res.text.slice(0, 200)}`);
    }
  }
  expect(refused).toEqual([]);
});

/** Ids good enough to list the routes' names before the world exists (jest collects tests synchronously). */
function placeholderIds() {
  return {
    propertyId: 1,
    profileId: 1,
    staffUserId: 1,
    messageId: 1,
    documentId: '00000000-0000-0000-0000-000000000000',
    leadId: 1,
    homeownerCsrf: '',
    anonymousCsrf: '',
    questions: [],
    outboxMailId: '',
    consentId: 1,
  };
}
