// BFF throughput on loopback, side by side with a bare Express hello-world on the same machine in the same run:
// absolute requests/s drift on a shared machine, the ratio to bare Express does much less. Also checks that the
// remotes' static files are served compressed, with the caching releases rely on.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { runCli } from './bff-startup.mjs';
import { demoServerEnv, round, startServer } from './lib.mjs';

const settings = () => ({
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  durationS: Number(process.env.BENCH_DURATION ?? 5),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  warmupS: Number(process.env.BENCH_WARMUP ?? 3),
});

// The smallest Express app there is, from the same node_modules as the BFF: the machine's ceiling for Express.
const BARE_EXPRESS = `
const express = require('express');
const app = express();
app.get('/', (req, res) => res.send('Hello World!'));
app.listen(Number(process.env.PORT), '127.0.0.1');
`;

// What Chromium sends: the BFF's answers are measured as browsers get them (compressed where they are large).
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: '*/*' };

const DEMO_STAFF = { email: 'super@demo.test', password: 'energy-demo-2026' };

/** Cookie header value from Set-Cookie headers, merged over the cookies we already hold. */
function mergeCookies(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function expectOk(response, what) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * Signs in a console user through the NextAuth credentials flow (csrf → callback/credentials), then gives the
 * session a property profile with answers, as the flow does. Returns the cookie header and the recommendations path.
 */
export async function signInWithProfile(base) {
  const jar = new Map();
  const csrf = await expectOk(await fetch(`${base}/api/auth/csrf`), 'GET /api/auth/csrf');
  const { csrfToken } = await csrf.json();
  let cookie = mergeCookies(jar, csrf);
  const signIn = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: base },
    body: new URLSearchParams({ csrfToken, ...DEMO_STAFF, json: 'true' }),
  });
  if (signIn.status >= 400) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  cookie = mergeCookies(jar, signIn);
  const session = await (
    await expectOk(await fetch(`${base}/api/auth/session`, { headers: { cookie } }), 'GET /api/auth/session')
  ).json();
  if (session.user?.email !== DEMO_STAFF.email)
    throw new Error(`sign-in did not give a session: ${JSON.stringify(session)}`);

  // Any register property with the two answers the estimate needs; the flow's own POST creates the profile.
  const propertyId = 1;
  const answers = { construction_year: 1975, atemp: 140 };
  const building = await fetch(`${base}/api/flow/property/${propertyId}/building`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ answers }),
  });
  await expectOk(building, `POST /api/flow/property/${propertyId}/building`);
  // Read to the end: express-session holds the end of the body until the session (with the visitor id) is saved.
  await building.arrayBuffer();
  cookie = mergeCookies(jar, building);
  const recommendationsPath = `/api/flow/property/${propertyId}/building/primary/recommendations`;
  const recommendations = await (
    await expectOk(await fetch(`${base}${recommendationsPath}`, { headers: { cookie } }), `GET ${recommendationsPath}`)
  ).json();
  if (!recommendations.recommendations?.length)
    throw new Error(`no recommendations for property ${propertyId}: ${JSON.stringify(recommendations)}`);
  return {
    cookie,
    user: session.user.email,
    recommendationsPath,
    recommendationCount: recommendations.recommendations.length,
  };
}

function cannon(autocannon, { url, headers, connections, durationS }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: durationS }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU time (user + system) a process has used, in ms; null where /proc is not there. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * One autocannon run, with the server's own CPU time per request: on a machine shared with other work the wall-clock
 * req/s move with the neighbours, the CPU a request costs the server (PGlite runs inside it) much less.
 */
async function measure(autocannon, target, options) {
  const before = cpuMs(target.pid);
  const result = await cannon(autocannon, { ...target, ...options });
  const after = cpuMs(target.pid);
  const figures = summary(result);
  figures.serverCpuMsPerRequest =
    before === null || after === null ? null : round((after - before) / Math.max(1, result.requests.total), 3);
  return figures;
}

const summary = (result) => ({
  requestsPerSecond: round(result.requests.total / result.duration),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
});

const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// ---------- static files ----------

/**
 * A plain GET with node:http, as a browser's cache would send it: fetch() adds `Cache-Control: no-cache` to conditional
 * requests, which makes every server answer 200 instead of 304.
 */
function headersOf(url, { headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.once('end', () =>
          resolve({ status: res.statusCode, headers: { get: (name) => res.headers[name.toLowerCase()] ?? null } }),
        );
      })
      .once('error', reject);
  });
}

/**
 * What a browser gets for a remote's files: JS/CSS as the build's compressed siblings, entry files revalidated, hashed
 * chunks immutable.
 */
async function checkStaticFiles(base) {
  const problems = [];
  const checked = [];
  const registry = await (await expectOk(await fetch(`${base}/api/mfe/registry`), 'GET /api/mfe/registry')).json();
  if (!registry.remotes.length) problems.push('no active releases in /api/mfe/registry');
  const accept = { 'accept-encoding': 'br, gzip' };
  for (const remote of registry.remotes) {
    const manifestUrl = new URL(remote.entry, base).href.replace(/^https?:\/\/[^/]+/, base);
    const dir = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
    const manifestResponse = await fetch(manifestUrl, { headers: accept });
    const manifest = await manifestResponse.json();
    const app = manifest.exposes.find((e) => e.name === 'App');
    const entry = path.posix.join(manifest.metaData.remoteEntry.path || '', manifest.metaData.remoteEntry.name);
    const files = [
      { file: 'mf-manifest.json', revalidate: true },
      { file: entry, revalidate: true, compressed: true },
      ...app.assets.js.sync.map((file) => ({ file, compressed: true })),
      ...app.assets.css.sync.map((file) => ({ file, compressed: true })),
    ];
    for (const { file, revalidate, compressed } of files) {
      const url = `${dir}${file}`;
      const res = await headersOf(url, { headers: accept });
      const where = `${remote.package}/${file}`;
      checked.push(where);
      const cacheControl = res.headers.get('cache-control') ?? '';
      const etag = res.headers.get('etag');
      if (res.status !== 200) problems.push(`${where}: ${res.status}`);
      if (revalidate) {
        if (!/no-cache/.test(cacheControl))
          problems.push(`${where}: Cache-Control "${cacheControl}", expected no-cache`);
        if (!etag) problems.push(`${where}: no ETag to revalidate with`);
        else if ((await headersOf(url, { headers: { ...accept, 'if-none-match': etag } })).status !== 304)
          problems.push(`${where}: If-None-Match did not answer 304`);
      } else if (cacheControl !== 'public, max-age=31536000, immutable')
        problems.push(`${where}: Cache-Control "${cacheControl}", expected immutable for a year`);
      // Compression only pays off above ~1 KB (compression's threshold); smaller files may come as they are.
      if (
        compressed &&
        Number(res.headers.get('content-length') ?? 2048) > 1024 &&
        !/^(br|gzip)$/.test(res.headers.get('content-encoding') ?? '')
      ) {
        problems.push(`${where}: not compressed (Content-Encoding ${res.headers.get('content-encoding') ?? 'none'})`);
      }
      // The build's sibling has its length; a file compressed as it is sent has none (and costs CPU on every request).
      if (compressed && res.headers.get('content-encoding') && !res.headers.get('content-length'))
        problems.push(`${where}: compressed per request, not sent as the build's .br/.gz sibling`);
    }
  }
  const shell = await headersOf(`${base}/`, { headers: { ...accept, accept: 'text/html' } });
  checked.push('shell index.html');
  if (!/no-cache/.test(shell.headers.get('cache-control') ?? ''))
    problems.push(`shell index.html: Cache-Control "${shell.headers.get('cache-control')}"`);
  return { checked: checked.length, problems };
}

// ---------- the run ----------

export async function benchBffThroughput({ root }) {
  const { connections, durationS, rounds, warmupS } = settings();
  const require = createRequire(path.join(root, 'bff', 'package.json'));
  const autocannon = require('autocannon');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-throughput-'));
  const quietDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-throughput-quiet-'));
  // As production runs it: NODE_ENV production, its JSON request log at info (the default), seeded, the built
  // remotes published. A second instance logs warnings only: the difference is what the request log costs.
  const env = { ...demoServerEnv(dataDir), LOG_FORMAT: 'json', LOG_LEVEL: 'info' };
  const quietEnv = { ...demoServerEnv(quietDir), LOG_FORMAT: 'json', LOG_LEVEL: 'warn' };
  const servers = [];
  try {
    for (const each of [env, quietEnv]) {
      runCli(root, each, 'seed');
      runCli(root, each, 'publish-local');
    }
    const bff = await startServer({
      args: [path.join(root, 'bff/dist/server.js')],
      cwd: root,
      env,
      keepOutput: 64 * 1024,
    });
    servers.push(bff);
    const quiet = await startServer({
      args: [path.join(root, 'bff/dist/server.js')],
      cwd: root,
      env: quietEnv,
      keepOutput: 64 * 1024,
    });
    servers.push(quiet);
    const bare = await startServer({ args: ['-e', BARE_EXPRESS], cwd: root, env: { ...process.env }, readyPath: '/' });
    servers.push(bare);
    const base = `http://127.0.0.1:${bff.port}`;
    const signedIn = await signInWithProfile(base);
    const quietBase = `http://127.0.0.1:${quiet.port}`;
    const quietSignedIn = await signInWithProfile(quietBase);
    const staticCheck = await checkStaticFiles(base);
    const asBrowser = { ...BROWSER_HEADERS, cookie: signedIn.cookie };
    const recommendationsAnswer = await headersOf(`${base}${signedIn.recommendationsPath}`, { headers: asBrowser });
    const recommendationsEncoding = recommendationsAnswer.headers.get('content-encoding') ?? 'identity';
    // A returning browser's release-session cookie is the one the registry signed for it on its first page load.
    const firstLoad = await expectOk(await fetch(`${base}/api/mfe/registry`), 'GET /api/mfe/registry');
    const visitorCookie = firstLoad.headers
      .getSetCookie()
      .find((c) => /^(__Secure-)?he\.mfe-visitor=/.test(c))
      ?.split(';')[0];
    if (!visitorCookie) throw new Error('GET /api/mfe/registry handed out no release-session cookie');

    const targets = [
      {
        key: 'bareExpress',
        label: 'bare Express hello-world',
        url: `http://127.0.0.1:${bare.port}/`,
        headers: BROWSER_HEADERS,
        pid: bare.child.pid,
      },
      {
        key: 'session',
        label: 'GET /api/auth/session (signed in)',
        url: `${base}/api/auth/session`,
        headers: asBrowser,
        pid: bff.child.pid,
      },
      {
        key: 'sessionQuiet',
        label: 'GET /api/auth/session (signed in), log at warn',
        url: `${quietBase}/api/auth/session`,
        headers: { ...BROWSER_HEADERS, cookie: quietSignedIn.cookie },
        pid: quiet.child.pid,
      },
      {
        key: 'recommendations',
        label: 'GET …/building/primary/recommendations',
        url: `${base}${signedIn.recommendationsPath}`,
        headers: asBrowser,
        pid: bff.child.pid,
      },
      // Every page load asks it; a returning browser, with its release-session cookie.
      {
        key: 'registry',
        label: 'GET /api/mfe/registry',
        url: `${base}/api/mfe/registry`,
        headers: { ...BROWSER_HEADERS, cookie: visitorCookie },
        pid: bff.child.pid,
      },
    ];
    console.log(
      `bff throughput: ${connections} connections, warm-up ${warmupS} s, then ${rounds} rounds of ` +
        `${durationS} s per target, alternating`,
    );
    for (const target of targets) await cannon(autocannon, { ...target, connections, durationS: warmupS });
    const runs = Object.fromEntries(targets.map((t) => [t.key, []]));
    for (let r = 0; r < rounds; r++) {
      for (const target of targets) {
        const figures = await measure(autocannon, target, { connections, durationS });
        if (figures.non2xx || figures.errors)
          throw new Error(
            `${target.label}: ${figures.non2xx} non-2xx answers, ${figures.errors} errors: the figures would ` +
              `not be of the real route`,
          );
        runs[target.key].push(figures);
        console.log(
          `  round ${r + 1} ${target.label}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, ` +
            `p99 ${figures.p99Ms} ms, server CPU ${figures.serverCpuMsPerRequest ?? '?'} ms/request`,
        );
      }
    }
    // Ratios within each round (the same minute of machine weather), then the median over rounds.
    const ratio = (key) =>
      round(
        medianOf(runs[key].map((run, i) => run.requestsPerSecond / runs.bareExpress[i].requestsPerSecond)) * 100,
        1,
      );
    const perTarget = Object.fromEntries(
      targets.map((t) => {
        const of = (field) => medianOf(runs[t.key].map((x) => x[field]));
        return [
          t.key,
          {
            requestsPerSecond: of('requestsPerSecond'),
            p50Ms: of('p50Ms'),
            p99Ms: of('p99Ms'),
            serverCpuMsPerRequest: of('serverCpuMsPerRequest'),
            runs: runs[t.key],
          },
        ];
      }),
    );
    // The same comparison by CPU: what bare Express spends on a request over what the BFF spends on this one.
    const cpuRatio = (key) =>
      perTarget.bareExpress.serverCpuMsPerRequest && perTarget[key].serverCpuMsPerRequest
        ? round((perTarget.bareExpress.serverCpuMsPerRequest / perTarget[key].serverCpuMsPerRequest) * 100, 1)
        : null;
    const sessionRatio = ratio('session');
    // The request log's share of the session route: how much throughput logging each request at info takes away.
    const logCost = round(
      (1 - medianOf(runs.session.map((run, i) => run.requestsPerSecond / runs.sessionQuiet[i].requestsPerSecond))) *
        100,
      1,
    );
    const recommendationsRatio = ratio('recommendations');
    const registryRatio = ratio('registry');
    const line = (key) =>
      `${perTarget[key].requestsPerSecond} req/s, p50 ${perTarget[key].p50Ms} ms, p99 ` +
      `${perTarget[key].p99Ms} ms, CPU ${perTarget[key].serverCpuMsPerRequest ?? '?'} ms/req`;
    const rows = [
      ['bff: bare Express hello-world (reference)', line('bareExpress'), ''],
      ['bff: GET /api/auth/session (staff signed in)', line('session'), ''],
      ['bff: session req/s ÷ bare Express', `${sessionRatio} %`, '≥ 50 %'],
      ['bff: session, log at warn (the same BFF without its request log)', line('sessionQuiet'), ''],
      ['bff: the request log JSON at info costs the session route', `${logCost} %`, '≤ 10 %', logCost <= 10],
      ['bff: session, bare Express CPU/request ÷ BFF CPU/request (context)', `${cpuRatio('session') ?? '?'} %`, ''],
      [
        `bff: GET recommendations (${signedIn.recommendationCount} measures, sent ${recommendationsEncoding})`,
        line('recommendations'),
        '',
      ],
      ['bff: recommendations req/s ÷ bare Express', `${recommendationsRatio} %`, '≥ 25 %'],
      [
        'bff: recommendations, bare Express CPU/request ÷ BFF CPU/request (context)',
        `${cpuRatio('recommendations') ?? '?'} %`,
        '',
      ],
      ['bff: recommendations p99', `${perTarget.recommendations.p99Ms} ms`, '≤ 50 ms'],
      ['bff: GET /api/mfe/registry (release session cookie)', line('registry'), ''],
      ['bff: registry req/s ÷ bare Express', `${registryRatio} %`, '≥ 50 %'],
      [
        'bff: remote static files (compression, caching)',
        staticCheck.problems.length
          ? `${staticCheck.problems.length} problems: ${staticCheck.problems.slice(0, 3).join('; ')}`
          : `ok (${staticCheck.checked} files)`,
        'br/gzip, immutable/no-cache+ETag',
        staticCheck.problems.length === 0,
      ],
    ];
    return {
      rows,
      results: {
        connections,
        durationS,
        rounds,
        warmupS,
        signedInAs: signedIn.user,
        requestHeaders: Object.keys(BROWSER_HEADERS),
        recommendationsEncoding,
        ...perTarget,
        sessionRatioPercent: sessionRatio,
        requestLogCostPercent: logCost,
        recommendationsRatioPercent: recommendationsRatio,
        registryRatioPercent: registryRatio,
        cpuRatioPercent: {
          session: cpuRatio('session'),
          recommendations: cpuRatio('recommendations'),
          registry: cpuRatio('registry'),
        },
        staticFiles: staticCheck,
      },
    };
  } finally {
    for (const server of servers) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(quietDir, { recursive: true, force: true });
  }
}
