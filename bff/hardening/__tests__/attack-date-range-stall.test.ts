import { monitorEventLoopDelay } from 'node:perf_hooks';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { EARLIEST_DAY, latestDay } from '@home-energy/shared/schemas/dates';
import { badRequestsFor } from '../bad-input/arbitraries';
import { describeRoutes } from '../bad-input/routes';
import { EXTREME_DATES, isDateValue } from '../bad-input/samples';
import { send } from '../bad-input/send';
import type { BadRequest, RouteInput } from '../bad-input/types';
import { createWorld, type World } from '../bad-input/world';

/**
 * The attack: one request with an extreme date (?to=9999-12-31, ?from=0000-01-01, a span of millennia, one end left
 * out) can make a server loop per day or per month until JavaScript's Date overflows, blocking every other request for
 * minutes, or hand PostgreSQL a day it cannot store (a 500). Here every route that takes a date gets those values, and
 * every route gets the whole bad-input fuzz (bad-input/README.md), while Node's event-loop delay is watched: no answer
 * may be a 5xx, and the loop may never be blocked for more than STALL_LIMIT_MS.
 */
const STALL_LIMIT_MS = 200;
/** A request whose answer does not come at all is abandoned (a stall inside the handler is caught by the delay). */
const DEADLINE_MS = 30_000;
/**
 * Room for a stall to end and fail with its measured delay rather than a jest timeout (a blocked loop cannot be
 * interrupted).
 */
const STALLED_TEST_TIMEOUT_MS = 600_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

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
const enc = encodeURIComponent;

/** Event-loop delay around each request; the first request that blocks the loop too long ends the test. */
class Watch {
  private readonly histogram = monitorEventLoopDelay({ resolution: 10 });
  /** The longest delay seen, in ms, and the request it came with. */
  worst = { ms: 0, label: '' };
  serverErrors: string[] = [];

  async request(route: RouteInput, bad: BadRequest): Promise<Response> {
    this.histogram.reset();
    this.histogram.enable();
    const label = `${key(route)} — ${bad.label} (${bad.method} ${bad.url.slice(0, 160)})`;
    let res: Response;
    try {
      res = await send(world, route, bad, DEADLINE_MS);
    } catch (error) {
      // After a long stall supertest's own deadline timer fires first: say how long the loop was blocked.
      throw new Error(
        `no answer to ${label}: ${(error as Error).message}; the event loop was blocked for ` +
          `${Math.round(this.histogram.max / 1e6)} ms`,
      );
    } finally {
      this.histogram.disable();
    }
    const ms = this.histogram.max / 1e6;
    if (ms > this.worst.ms) this.worst = { ms, label };
    if (res.status >= 500) this.serverErrors.push(`${label} → ${res.status} ${res.text.slice(0, 200)}`);
    if (ms > STALL_LIMIT_MS) {
      throw new Error(
        `the event loop was blocked for ${Math.round(ms)} ms (limit ${STALL_LIMIT_MS} ms) by ${label} → ` +
          `${res.status}; 5xx so far: ${this.serverErrors.length}`,
      );
    }
    return res;
  }
}

/** A request on a route: its path with the valid params, these query pairs, and its valid body (none for a GET). */
function get(route: RouteInput, query: [string, string][], label: string): BadRequest {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => enc(route.params?.[name]?.valid ?? name));
  const search = query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  return { label, method: route.method, url: search ? `${path}?${search}` : path, headers: {} };
}

const dateQueryKeys = (route: RouteInput) =>
  Object.entries(route.query ?? {})
    .filter(([, spec]) => spec.kind === 'date')
    .map(([name]) => name);
const otherQuery = (route: RouteInput): [string, string][] =>
  Object.entries(route.query ?? {})
    .filter(([, spec]) => spec.kind !== 'date')
    .map(([name, spec]) => [name, spec.valid]);
const route = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)!;
const ANALYTICS = '/api/console/org/:org/analytics';

function expectRefusalNaming(res: Response, name: string, label: string): void {
  expect({ label, status: res.status, names: res.text.includes(name) }).toEqual({ label, status: 400, names: true });
}

it(
  'a far-future `to` on analytics activities does not stall the server',
  async () => {
    const watch = new Watch();
    const res = await watch.request(
      route('GET', `${ANALYTICS}/activities`),
      get(route('GET', `${ANALYTICS}/activities`), [['to', '9999-12-31']], 'to=9999-12-31'),
    );
    expectRefusalNaming(res, 'query.to', 'activities ?to=9999-12-31');
    expect(watch.worst.ms).toBeLessThanOrEqual(STALL_LIMIT_MS);
  },
  STALLED_TEST_TIMEOUT_MS,
);

it(
  'a far-future `to` on analytics users does not stall the server',
  async () => {
    const watch = new Watch();
    const res = await watch.request(
      route('GET', `${ANALYTICS}/users`),
      get(route('GET', `${ANALYTICS}/users`), [['to', '9999-12-31']], 'to=9999-12-31'),
    );
    expectRefusalNaming(res, 'query.to', 'users ?to=9999-12-31');
    expect(watch.worst.ms).toBeLessThanOrEqual(STALL_LIMIT_MS);
  },
  STALLED_TEST_TIMEOUT_MS,
);

it(
  'year 0 on analytics and the audit log, or year 9999 on the audit log, is a 400 naming the parameter, not ' +
    'a database error',
  async () => {
    const watch = new Watch();
    const cases: [RouteInput, [string, string][], string][] = [
      [route('GET', `${ANALYTICS}/activities`), [['from', '0000-01-01']], 'query.from'],
      [route('GET', `${ANALYTICS}/transition`), [['from', '0000-01-01']], 'query.from'],
      [route('GET', '/api/admin/audit'), [['from', '0000-01-01']], 'query.from'],
      [route('GET', '/api/admin/audit'), [['to', '9999-12-31']], 'query.to'],
    ];
    for (const [target, query, name] of cases) {
      const label = `${key(target)} ?${query.map((p) => p.join('=')).join('&')}`;
      expectRefusalNaming(await watch.request(target, get(target, query, label)), name, label);
    }
    expect(watch.serverErrors).toEqual([]);
  },
  STALLED_TEST_TIMEOUT_MS,
);

it(
  'extreme dates, impossible days, huge spans and a missing end on every route that takes a date answer ' +
    'without a 5xx or a stall',
  async () => {
    const watch = new Watch();
    const wrong: string[] = [];
    const refused = (res: Response, name: string, label: string) => {
      if (res.status !== 400 || !res.text.includes(name))
        wrong.push(`${label}: ${res.status} ${res.text.slice(0, 160)}, expected 400 naming ${name}`);
    };
    let dated = 0;
    for (const target of routes) {
      const dates = dateQueryKeys(target);
      const others = otherQuery(target);
      if (dates.length > 0) dated += 1;
      for (const name of dates) {
        const valid = dates.filter((k) => k !== name).map((k): [string, string] => [k, target.query![k]!.valid]);
        for (const bad of EXTREME_DATES) {
          // The other end as it is, and left out.
          for (const query of [
            [...others, ...valid, [name, bad]],
            [...others, [name, bad]],
          ] as [string, string][][]) {
            const label = `${key(target)} ?${query.map((p) => p.join('=')).join('&')}`;
            refused(await watch.request(target, get(target, query, label)), `query.${name}`, label);
          }
        }
      }
      if (dates.includes('from') && dates.includes('to')) {
        // In-bounds ends: the widest span, each end alone, nothing: an answer or a 400, never a 5xx or a stall.
        const latest = latestDay();
        const spans: [string, string][][] = [
          [
            ['from', EARLIEST_DAY],
            ['to', latest],
          ],
          [['from', EARLIEST_DAY]],
          [['to', latest]],
          [['to', EARLIEST_DAY]],
          [],
        ];
        for (const span of spans) {
          const label = `${key(target)} ?${span.map((p) => p.join('=')).join('&')}`;
          await watch.request(target, get(target, [...others, ...span], label));
        }
      }
      // Dates in bodies: each extreme in each date field of the valid body (JSON or upload fields).
      const body = target.body;
      if (
        body?.kind === 'json' &&
        body.template &&
        typeof body.template === 'object' &&
        !Array.isArray(body.template)
      ) {
        const template = body.template as Record<string, unknown>;
        const fields = Object.keys(template).filter((k) => isDateValue(template[k]));
        if (fields.length > 0) dated += 1;
        for (const field of fields) {
          for (const bad of EXTREME_DATES) {
            const request = {
              ...get(target, [], `${field}=${bad}`),
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ ...template, [field]: bad }),
            };
            refused(await watch.request(target, request), `body.${field}`, `${key(target)} body ${field}=${bad}`);
          }
        }
      }
      if (body?.kind === 'multipart') {
        const fields = Object.keys(body.fields).filter((k) => isDateValue(body.fields[k]));
        if (fields.length > 0) dated += 1;
        for (const field of fields) {
          for (const bad of EXTREME_DATES) {
            // The upload's own fuzz builds the multipart body; take its case for this field and value.
            const request = badRequestsForUpload(target, field, bad);
            refused(await watch.request(target, request), `body.${field}`, `${key(target)} upload ${field}=${bad}`);
          }
        }
      }
    }
    // Five analytics pages, the audit log, a message's date, an approval's and an upload's issued_at (both routes).
    expect(dated).toBeGreaterThanOrEqual(9);
    expect(wrong).toEqual([]);
    expect(watch.serverErrors).toEqual([]);
    expect(watch.worst.ms).toBeLessThanOrEqual(STALL_LIMIT_MS);
  },
  STALLED_TEST_TIMEOUT_MS,
);

it(
  'the whole bad-input fuzz, extreme dates included, gets no 5xx on any route and never blocks the event loop',
  async () => {
    const watch = new Watch();
    let sent = 0;
    for (const target of routes) {
      const { examples, arbitrary } = badRequestsFor(target);
      for (const bad of [...examples, ...fc.sample(arbitrary, { numRuns: RUNS, seed: SEED })]) {
        await watch.request(target, bad);
        sent += 1;
      }
    }
    process.stdout.write(
      `attack-date-range-stall: ${sent} requests over ${routes.length} routes, max event-loop delay ` +
        `${watch.worst.ms.toFixed(1)} ms (${watch.worst.label.slice(0, 160)})\n`,
    );
    expect(watch.serverErrors).toEqual([]);
    expect(watch.worst.ms).toBeLessThanOrEqual(STALL_LIMIT_MS);
  },
  STALLED_TEST_TIMEOUT_MS,
);

/** The upload's request with one field replaced, from the bad-input generators (they own the multipart framing). */
function badRequestsForUpload(target: RouteInput, field: string, value: string): BadRequest {
  const { examples } = badRequestsFor(target);
  const found = examples.find((bad) => bad.label === `upload: ${field} ${value}`);
  if (!found) throw new Error(`no upload case for ${field}=${value} in bad-input/arbitraries.ts`);
  return found;
}
