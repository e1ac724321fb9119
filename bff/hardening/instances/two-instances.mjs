// Several instances: two built BFFs with their own data dirs on one PostgreSQL, behind a round-robin proxy
// (instances/proxy.mjs), prove that nothing a client relies on lives in one instance:
//   - a staff session made through the proxy is signed in on A and on B, and signing out on B ends it on A;
//   - a homeowner's BankID order started on A is collected, and the sign-in completed, on B;
//   - the sign-in rate limit is one count: N attempts split over A and B reach it at N, not 2N;
//   - A gets SIGKILL under a 30 s mixed load through the proxy: B keeps serving, and every acknowledged write is
//     stored.
//
//   node bff/hardening/instances/two-instances.mjs [--duration 30]
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { PORTS, postgresAvailable, sleep, startBff, startPostgresCluster, tempDir } from '../load/servers.mjs';
import { allPropertyIds, answersOf, createWriters, storedAnswers } from '../faults/sigkill.mjs';
import { startRoundRobinProxy } from './proxy.mjs';

/** The sign-in limit the instances run with: small, so the shared count is seen in a few requests. */
const SIGNIN_LIMIT = 6;
const STAFF = { email: 'super@demo.test', password: 'energy-demo-2026' };
const PERSON = { personalNumber: '194211307364', name: 'Ottilia Brask', givenName: 'Ottilia', surname: 'Brask' };
/** BankID's collect interval (modules/homeowner/orders.ts): an order is asked again only after it. */
const COLLECT_INTERVAL_MS = 2_100;

/** A client with its own cookies, sending each request to the base URL it is given (an instance or the proxy). */
class Browser {
  jar = new Map();

  get cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async send(base, path, { method = 'GET', json, form, headers = {} } = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
      headers: {
        cookie: this.cookie,
        ...(method === 'GET' ? {} : { origin: base }),
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      body: json ? JSON.stringify(json) : form ? new URLSearchParams(form) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(pair.slice(0, eq).trim());
      else this.jar.set(pair.slice(0, eq).trim(), value);
    }
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, body, headers: res.headers };
  }

  async csrf(base) {
    return (await this.send(base, '/api/auth/csrf')).body.csrfToken;
  }
}

async function staffSessionAcrossInstances({ a, b, proxy, check }) {
  const browser = new Browser();
  const csrfToken = await browser.csrf(proxy.url);
  const signIn = await browser.send(proxy.url, '/api/auth/callback/credentials', {
    method: 'POST',
    form: { csrfToken, ...STAFF, json: 'true' },
  });
  check(
    signIn.status === 200,
    `staff sign-in through the proxy answers 200 (got ${signIn.status} ${JSON.stringify(signIn.body)})`,
  );
  for (const [name, bff] of [
    ['A', a],
    ['B', b],
    ['A', a],
  ]) {
    const session = await browser.send(bff.url, '/api/auth/session');
    check(
      session.body?.user?.email === STAFF.email,
      `the staff session is signed in on ${name} (got ${JSON.stringify(session.body)})`,
    );
  }
  const signedInCookie = browser.cookie;
  const signOut = await browser.send(b.url, '/api/auth/signout', {
    method: 'POST',
    form: { csrfToken: await browser.csrf(b.url), json: 'true' },
  });
  check(signOut.status === 200, `sign-out on B answers 200 (got ${signOut.status})`);
  // A read the session before (its read cache holds it): B's sign-out reaches A through NOTIFY.
  const afterSignOut = await new Browser().send(a.url, '/api/auth/session', { headers: { cookie: signedInCookie } });
  check(
    afterSignOut.body?.user === undefined,
    `after sign-out on B, A answers no user for that session (got ${JSON.stringify(afterSignOut.body)})`,
  );
}

async function bankIdOrderAcrossInstances({ a, b, simulatorUrl, check }) {
  const browser = new Browser();
  const started = await browser.send(a.url, '/api/flow/user/sign', {
    method: 'POST',
    json: { csrfToken: await browser.csrf(a.url), loginMethod: 'bankid.other_device', identificationMode: 'identify' },
  });
  check(started.status === 200, `BankID order started on A (got ${started.status} ${JSON.stringify(started.body)})`);
  if (started.status !== 200) return;
  const token = started.body.qrData.split('.')[1];
  const orders = (await (await fetch(`${simulatorUrl}/simulator/api/orders`)).json()).orders;
  const orderRef = orders.find((o) => o.qrStartToken === token)?.orderRef;
  check(Boolean(orderRef), 'the order is in the BankID simulator');
  if (!orderRef) return;
  const post = (path, body) =>
    fetch(`${simulatorUrl}/simulator/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/scan', { qrData: started.body.qrData });
  await post(`/orders/${orderRef}/approve`, PERSON);
  await sleep(COLLECT_INTERVAL_MS);
  const status = await browser.send(b.url, '/api/flow/user/sign');
  check(
    status.body?.requestStatus === 'complete',
    `the order is collected as complete on B (got ${status.status} ${JSON.stringify(status.body)})`,
  );
  const auth = await browser.send(b.url, '/api/flow/user/auth', {
    method: 'POST',
    json: { csrfToken: await browser.csrf(b.url) },
  });
  check(
    auth.status === 200 && auth.body?.user?.kind === 'homeowner',
    `the homeowner signs in on B (got ${auth.status} ${JSON.stringify(auth.body)})`,
  );
  const onA = await browser.send(a.url, '/api/flow/user/auth');
  check(
    onA.body?.user?.id === auth.body?.user?.id && onA.body?.user?.id !== undefined,
    `A sees the same signed-in homeowner (got ${JSON.stringify(onA.body)})`,
  );
}

/** Sign-in attempts from one client address, alternating A and B: the first SIGNIN_LIMIT pass, the next is 429. */
async function sharedSignInLimit({ a, b, check }) {
  const client = { 'x-forwarded-for': '203.0.113.77' };
  const statuses = [];
  for (let i = 0; i <= SIGNIN_LIMIT; i++) {
    const bff = i % 2 === 0 ? a : b;
    // No CSRF token: refused with NextAuth's redirect answer, and counted like any attempt.
    const res = await new Browser().send(bff.url, '/api/auth/signin/credentials', {
      method: 'POST',
      form: { json: 'true' },
      headers: client,
    });
    statuses.push(res.status);
  }
  const passed = statuses.slice(0, SIGNIN_LIMIT);
  check(
    passed.every((s) => s !== 429),
    `the first ${SIGNIN_LIMIT} attempts (split over A and B) are not limited (got ${statuses.join(', ')})`,
  );
  check(
    statuses[SIGNIN_LIMIT] === 429,
    `attempt ${SIGNIN_LIMIT + 1} is refused with 429 (got ${statuses[SIGNIN_LIMIT]})`,
  );
  return statuses;
}

/**
 * Writers through the proxy, each write to a property of its own and read back on the next request; A is killed with
 * SIGKILL at a third of the run. Returns every write and request made.
 */
async function killUnderLoad({ a, proxy, databaseUrl, durationS, writerCount = 8, check }) {
  const propertyIds = await allPropertyIds(databaseUrl);
  const writers = await createWriters(proxy.url, propertyIds, writerCount);
  const free = propertyIds.slice(0, propertyIds.length - writerCount);
  const writes = [];
  const requests = [];
  let next = 0;
  let killedAt = null;
  const ends = Date.now() + durationS * 1000;

  async function timed(kind, path, init) {
    const record = { kind, sentAt: Date.now(), status: null };
    requests.push(record);
    try {
      const res = await fetch(`${proxy.url}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
      record.status = res.status;
      return { res, body: await res.json().catch(() => null) };
    } catch (error) {
      record.error = error.cause?.code ?? error.name;
      return { res: null, body: null };
    }
  }

  async function writer(w) {
    while (Date.now() < ends && next < free.length) {
      const g = next++;
      const propertyId = free[g];
      const kind = g % 2 === 0 ? 'answer' : 'building';
      const answers = answersOf(g);
      const write = { sid: w.sid, propertyId, answers, acked: false };
      writes.push(write);
      const { res, body } = await timed(`write ${kind}`, `/api/flow/property/${propertyId}/${kind}`, {
        method: 'POST',
        headers: { cookie: w.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(kind === 'building' ? { answers } : answers),
      });
      write.acked = Boolean(res?.ok) && isDeepStrictEqual(body?.answers, answers);
      // Read it back, most often through the other instance.
      const read = await timed('read answers', `/api/flow/property/${propertyId}/answers`, {
        headers: { cookie: w.cookie },
      });
      if (write.acked && read.res?.ok)
        check(
          isDeepStrictEqual(read.body?.answers, answers),
          `write ${g} reads back as written (got ${JSON.stringify(read.body?.answers)})`,
        );
      await timed('session', '/api/auth/session', { headers: { cookie: w.cookie } });
      await sleep(50);
    }
  }

  const killer = (async () => {
    await sleep((durationS * 1000) / 3);
    killedAt = Date.now();
    await a.kill9();
  })();
  await Promise.all([...writers.map(writer), killer]);
  return { writers, writes, requests, killedAt };
}

/** Runs the suite; returns { ok, failures, figures }. `cluster` may be a running throwaway cluster to reuse. */
export async function twoInstancesScenario({ cluster, durationS = 30, log = console.log } = {}) {
  const failures = [];
  const check = (ok, message) => {
    if (!ok) failures.push(message);
  };
  const ownCluster = !cluster;
  const pg = cluster ?? (await startPostgresCluster({ port: PORTS.instancesPostgres }));
  const env = { SIGNIN_RATE_LIMIT: String(SIGNIN_LIMIT), BANKID_SIMULATOR_PORT: String(PORTS.instancesSimulator) };
  const simulatorUrl = `http://127.0.0.1:${PORTS.instancesSimulator}`;
  let a = null;
  let b = null;
  let proxy = null;
  try {
    // A seeds the database and runs the BankID simulator; B uses the same simulator, as the README tells.
    a = await startBff({
      port: PORTS.instancesBff[0],
      dataDir: tempDir('instance-a'),
      databaseUrl: pg.url,
      env: { ...env, METRICS_PORT: String(PORTS.instancesMetrics[0]) },
    });
    b = await startBff({
      port: PORTS.instancesBff[1],
      dataDir: tempDir('instance-b'),
      databaseUrl: pg.url,
      env: { ...env, BANKID_URL: `${simulatorUrl}/rp/v6.0`, METRICS_PORT: String(PORTS.instancesMetrics[1]) },
    });
    proxy = await startRoundRobinProxy({ port: PORTS.instancesProxy, targets: [a.url, b.url] });

    await staffSessionAcrossInstances({ a, b, proxy, check });
    await bankIdOrderAcrossInstances({ a, b, simulatorUrl, check });
    const limitStatuses = await sharedSignInLimit({ a, b, check });

    const servedBefore = [...proxy.served];
    const { writes, requests, killedAt } = await killUnderLoad({ a, proxy, databaseUrl: pg.url, durationS, check });
    const stored = await storedAnswers(pg.url, [...new Set(writes.map((w) => w.sid))]);
    const acked = writes.filter((w) => w.acked);
    const lost = acked.filter((w) => !isDeepStrictEqual(stored.get(`${w.sid}:${w.propertyId}`), w.answers));
    // A load balancer notices a dead instance at its first refused connection; allow the requests in flight then.
    const afterKill = requests.filter((r) => r.sentAt >= killedAt + 1_000);
    const failedAfterKill = afterKill.filter((r) => r.status === null || r.status < 200 || r.status >= 300);
    const inFlightAtKill = requests.filter(
      (r) => r.sentAt < killedAt + 1_000 && (r.status === null || r.status >= 300),
    ).length;
    check(
      servedBefore[0] > 0 && servedBefore[1] > 0,
      `both instances answered through the proxy before the kill (${servedBefore.join(' / ')})`,
    );
    check(acked.length > 0, 'writes were acknowledged');
    check(
      lost.length === 0,
      `every acknowledged write is stored (${lost.length} of ${acked.length} missing or different, e.g. ` +
        `${JSON.stringify(lost[0])})`,
    );
    // B's own count of the writes it answered, from its metrics port.
    const metrics = await (await fetch(`http://127.0.0.1:${PORTS.instancesMetrics[1]}/metrics`)).text();
    const answeredByB = [
      ...metrics.matchAll(
        new RegExp(
          String.raw`^http_request_duration_seconds_count\{method="POST",` +
            String.raw`route="/api/flow/property/:id/(?:answer|building)",status_class="2xx"\} (\d+)$`,
          'gm',
        ),
      ),
    ].reduce((sum, m) => sum + Number(m[1]), 0);
    check(answeredByB > 0, `B's /metrics counts the writes it answered under their route patterns (${answeredByB})`);
    check(
      afterKill.length > 0 && failedAfterKill.length === 0,
      `B answers every request from 1 s after the kill (${failedAfterKill.length} of ${afterKill.length} ` +
        `failed, e.g. ${JSON.stringify(failedAfterKill[0])})`,
    );
    const figures = {
      signInStatuses: limitStatuses,
      requests: requests.length,
      writes: writes.length,
      acked: acked.length,
      lost: lost.length,
      inFlightAtKill,
      afterKill: afterKill.length,
      failedAfterKill: failedAfterKill.length,
      served: [...proxy.served],
      answeredByB,
      durationS,
    };
    log(formatTwoInstances({ figures }));
    return { ok: failures.length === 0, failures, figures };
  } finally {
    await proxy?.close();
    await b?.stop();
    await a?.stop();
    if (ownCluster) pg.destroy();
  }
}

export function formatTwoInstances({ figures: f }) {
  return [
    `  sign-in attempts over A and B (limit ${SIGNIN_LIMIT}): ${f.signInStatuses.join(' ')}`,
    `  ${f.durationS} s mixed load through the proxy, A killed at a third: ${f.requests} requests (A ` +
      `${f.served[0]}, B ${f.served[1]}), ` +
      `${f.acked} of ${f.writes} writes acknowledged, ${f.lost} lost; ${f.inFlightAtKill} failed around the kill, ` +
      `${f.failedAfterKill} of ${f.afterKill} failed from 1 s after it; B's /metrics counted ${f.answeredByB} writes`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { duration: { type: 'string', default: '30' } } });
  if (!postgresAvailable()) {
    console.log('No PostgreSQL server here (.ci/run installs one): nothing to run.');
    process.exit(0);
  }
  const result = await twoInstancesScenario({ durationS: Number(values.duration) });
  for (const f of result.failures) console.log(`  ✖ ${f}`);
  console.log(result.ok ? '✔ two instances' : '✖ two instances');
  process.exit(result.ok ? 0 : 1);
}
