// The mixed homeowner workload: visitors, each with their own session and a profile on a different property, who
// look at their session, search addresses, read and save answers, compute the building and read recommendations.
import autocannon from 'autocannon';
import pg from 'pg';
import { sleep } from './servers.mjs';

/** One cycle of a visitor's requests; the weights are how often each kind occurs (20 per cycle). */
export const MIX = [
  { kind: 'session', weight: 5 },
  { kind: 'suggestions', weight: 3 },
  { kind: 'address', weight: 1 },
  { kind: 'answers', weight: 3 },
  { kind: 'answer', weight: 3 },
  { kind: 'building', weight: 2 },
  { kind: 'recommendations', weight: 3 },
];

/** Properties the register knows enough about for the engine (construction year and area), in id order. */
export async function loadProperties(databaseUrl, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select id, street, postal_code from properties
       where building ? 'construction_year' and building ? 'atemp' order by id limit $1`,
      [count],
    );
    if (rows.length < count) throw new Error(`The register has ${rows.length} usable properties, ${count} needed`);
    return rows.map((r) => ({ id: r.id, street: r.street, postalCode: r.postal_code }));
  } finally {
    await client.end();
  }
}

export function sessionCookie(res) {
  const cookie = res.headers.getSetCookie().find((c) => /^(__Host-)?he\.session=/.test(c));
  return cookie ? cookie.split(';')[0] : null;
}

/** Visitor sessions made before the clock starts: each answers once on its own property (a profile and a cookie). */
export async function createVisitors(urls, properties, { concurrency = 8 } = {}) {
  const visitors = new Array(properties.length);
  let next = 0;
  async function worker() {
    while (next < properties.length) {
      const i = next++;
      const property = properties[i];
      const url = urls[i % urls.length];
      const res = await fetch(`${url}/api/flow/property/${property.id}/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ occupants: 1 + (i % 6), window_type: 'double' }),
      });
      const cookie = sessionCookie(res);
      if (res.status !== 200 || !cookie)
        throw new Error(`Creating visitor ${i} failed: ${res.status} ${await res.text()}`);
      visitors[i] = { cookie, property };
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return visitors;
}

const json = { 'content-type': 'application/json' };
const WINDOWS = ['double', 'triple', 'energy', 'single'];

/** The request of each kind for one visitor; `n` varies the values from cycle to cycle. */
export function requestFor(kind, visitor, n) {
  const { id, street, postalCode } = visitor.property;
  const headers = { cookie: visitor.cookie };
  switch (kind) {
    case 'session':
      return { method: 'GET', path: '/api/auth/session', headers };
    case 'suggestions':
      return {
        method: 'GET',
        path: `/api/flow/property-search/suggestions?q=${encodeURIComponent(street.slice(0, 3 + (n % 4)))}`,
        headers,
      };
    case 'address':
      return {
        method: 'GET',
        path:
          `/api/flow/property-search/geoengine-property` +
          `?street=${encodeURIComponent(street)}&postal_code=${postalCode}`,
        headers,
      };
    case 'answers':
      return { method: 'GET', path: `/api/flow/property/${id}/answers`, headers };
    case 'answer':
      return {
        method: 'POST',
        path: `/api/flow/property/${id}/answer`,
        headers: { ...headers, ...json },
        body: JSON.stringify({ occupants: 1 + (n % 6), attic_insulation_mm: 100 + (n % 300) }),
      };
    case 'building':
      return {
        method: 'POST',
        path: `/api/flow/property/${id}/building`,
        headers: { ...headers, ...json },
        body: JSON.stringify({ answers: { window_type: WINDOWS[n % WINDOWS.length] } }),
      };
    case 'recommendations':
      return { method: 'GET', path: `/api/flow/property/${id}/building/primary/recommendations`, headers };
    default:
      throw new Error(`unknown kind ${kind}`);
  }
}

/** The kinds of one cycle, spread out (not all searches in a row), the same for every visitor. */
export function cycle() {
  const slots = [];
  const remaining = MIX.map((m) => ({ ...m }));
  const total = MIX.reduce((s, m) => s + m.weight, 0);
  // Smooth weighted round robin: each kind appears as evenly as its weight allows.
  const current = MIX.map(() => 0);
  for (let i = 0; i < total; i++) {
    remaining.forEach((m, k) => (current[k] += m.weight));
    const best = current.indexOf(Math.max(...current));
    current[best] -= total;
    slots.push(MIX[best].kind);
  }
  return slots;
}

export function percentile(sorted, q) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** p50 / p97.5 / p99 / max of raw latencies (ms). */
export function summarise(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p975: percentile(sorted, 0.975),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : null,
  };
}

/**
 * Runs the mix at a fixed overall rate for `durationS` seconds against one or more BFF instances (connections are
 * spread evenly over `urls`). Each connection is one visitor sending one request per second, so the arrivals do not
 * wait for the answers (an open workload); the connections are split over `spread` autocannon instances started
 * 1/spread s apart, because autocannon releases each connection's per-second quota on the second.
 */
export async function runMix({ urls, visitors, rate, durationS, spread = 10, timeoutS = 10 }) {
  const kinds = cycle();
  const instances = Math.max(1, Math.min(spread, rate));
  const byKind = Object.fromEntries(MIX.map((m) => [m.kind, { latencies: [], non2xx: 0, statuses: {} }]));
  const all = [];
  const started = performance.now();
  /** p99 per 5 s of the run: shows whether latency holds steady or climbs (a queue building up, a stall). */
  const buckets = [];
  let assigned = 0;
  let sent = 0;
  const runs = [];
  for (let i = 0; i < instances; i++) {
    const share = Math.floor(rate / instances) + (i < rate % instances ? 1 : 0);
    const requests = kinds.map((kind, slot) => ({
      kind,
      method: 'GET',
      path: '/',
      setupRequest: (req, context) => {
        // autocannon builds the first request before setupClient has given the connection its visitor.
        if (!context.visitor) return { ...req, method: 'GET', path: '/healthz' };
        sent += 1;
        const own = requestFor(kind, context.visitor, sent + slot);
        return { ...req, ...own, headers: { ...req.headers, ...own.headers }, body: own.body ?? Buffer.alloc(0) };
      },
    }));
    runs.push(
      sleep((i * 1000) / instances).then(
        () =>
          new Promise((resolve, reject) => {
            const instance = autocannon(
              {
                url: urls.length === 1 ? urls[0] : urls,
                connections: share,
                overallRate: share,
                duration: durationS,
                timeout: timeoutS,
                ignoreCoordinatedOmission: true,
                requests,
                setupClient: (client) => {
                  // A visitor per connection, starting at its own place in the cycle so the kinds interleave.
                  const n = assigned++;
                  const iterator = client.requestIterator;
                  iterator.initialContext = { visitor: visitors[n % visitors.length] };
                  iterator.resetContext();
                  iterator.currentRequestIndex = n % kinds.length;
                  iterator.currentRequest = iterator.requests[iterator.currentRequestIndex];
                  iterator.rebuildRequest();
                },
              },
              (error, result) => (error ? reject(error) : resolve(result)),
            );
            instance.on('response', (client, statusCode, _bytes, responseTime) => {
              const stats = byKind[client.requestIterator.currentRequest.kind];
              stats.latencies.push(responseTime);
              all.push(responseTime);
              const b = Math.floor((performance.now() - started) / 5_000);
              (buckets[b] ??= []).push(responseTime);
              stats.statuses[statusCode] = (stats.statuses[statusCode] ?? 0) + 1;
              if (statusCode < 200 || statusCode > 299) stats.non2xx += 1;
            });
          }),
      ),
    );
  }
  const results = await Promise.all(runs);
  const sum = (key) => results.reduce((s, r) => s + (r[key] ?? 0), 0);
  const statuses = {};
  for (const r of results)
    for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {}))
      statuses[code] = (statuses[code] ?? 0) + count;
  return {
    rate,
    durationS,
    instances: urls.length,
    connections: assigned,
    achieved: all.length / durationS,
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
    statuses,
    sent,
    ...summarise(all),
    p99By5s: Array.from(buckets, (b) => (b ? Math.round(summarise(b).p99) : null)),
    kinds: Object.fromEntries(
      Object.entries(byKind).map(([kind, s]) => [
        kind,
        { ...summarise(s.latencies), non2xx: s.non2xx, statuses: s.statuses },
      ]),
    ),
  };
}

/** Whether a run meets the target: p99 ≤ 200 ms, no errors or timeouts, every answer 2xx. */
export function meetsTarget(result, p99Ms = 200) {
  return result.count > 0 && result.p99 <= p99Ms && result.errors === 0 && result.timeouts === 0 && result.non2xx === 0;
}

const ms = (v) => (v === null ? '–' : v < 10 ? v.toFixed(1) : String(Math.round(v)));

/** The figures as a table (overall row first, then one row per kind). */
export function formatResult(result, label = '') {
  const lines = [];
  const head = ['', 'req/s', 'done', 'p50 ms', 'p97.5 ms', 'p99 ms', 'max ms', 'errors', 'timeouts', 'non-2xx'];
  const rows = [
    [
      `all${label ? ` (${label})` : ''}`,
      `${result.rate} (got ${result.achieved.toFixed(1)})`,
      result.count,
      ms(result.p50),
      ms(result.p975),
      ms(result.p99),
      ms(result.max),
      result.errors,
      result.timeouts,
      result.non2xx,
    ],
    ...Object.entries(result.kinds).map(([kind, k]) => [
      `  ${kind}`,
      '',
      k.count,
      ms(k.p50),
      ms(k.p975),
      ms(k.p99),
      ms(k.max),
      '',
      '',
      k.non2xx,
    ]),
  ];
  const widths = head.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) =>
    r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  lines.push(line(head));
  for (const r of rows) lines.push(line(r));
  if (result.non2xx > 0) lines.push(`status codes: ${JSON.stringify(result.statuses)}`);
  if (result.p99By5s?.length > 2) lines.push(`p99 per 5 s: ${result.p99By5s.join(' ')} ms`);
  if (result.bffCpuMsPerRequest)
    lines.push(`BFF CPU: ${result.bffCpuMsPerRequest.toFixed(1)} ms per request (all instances)`);
  return lines.join('\n');
}
