// Where the built BFF spends CPU on one route: starts bff/dist/server.js under `node --cpu-prof` as the throughput
// bench does (production, seeded), signs in, loads the route with autocannon, stops the server and prints the
// functions with the most self time, grouped by package. Use it to see what moved a bff-throughput figure.
//
//   node scripts/bench/bff-profile.mjs [session|recommendations|registry] [seconds]
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from './bff-startup.mjs';
import { BROWSER_HEADERS, signInWithProfile } from './bff-throughput.mjs';
import { demoServerEnv, ROOT, startServer } from './lib.mjs';

const route = process.argv[2] ?? 'session';
const seconds = Number(process.argv[3] ?? 5);
const require = createRequire(path.join(ROOT, 'bff', 'package.json'));
const autocannon = require('autocannon');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
const profileDir = path.join(dataDir, 'profile');
const env = demoServerEnv(dataDir);
runCli(ROOT, env, 'seed');
if (route === 'registry') runCli(ROOT, env, 'publish-local');
// PROFILE=0: no profiler (its sampling costs CPU too), only the req/s and CPU per request.
const profiling = process.env.PROFILE !== '0';
const args = [
  ...(profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
  path.join(ROOT, 'bff/dist/server.js'),
];
const bff = await startServer({ args, env, keepOutput: 64 * 1024 });
try {
  const base = `http://127.0.0.1:${bff.port}`;
  const signedIn = await signInWithProfile(base);
  let url = route === 'session' ? `${base}/api/auth/session` : `${base}${signedIn.recommendationsPath}`;
  let cookie = signedIn.cookie;
  if (route === 'registry') {
    // A returning browser: the release-session cookie its first registry answer signed for it.
    const first = await fetch(`${base}/api/mfe/registry`);
    cookie = first.headers
      .getSetCookie()
      .find((c) => /mfe-visitor=/.test(c))
      .split(';')[0];
    url = `${base}/api/mfe/registry`;
  }
  const cpuMs = () => {
    const fields = fs.readFileSync(`/proc/${bff.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const cpuBefore = cpuMs();
  const result = await new Promise((resolve, reject) =>
    autocannon({ url, headers: { ...BROWSER_HEADERS, cookie }, connections: 10, duration: seconds }, (error, r) =>
      error ? reject(error) : resolve(r),
    ),
  );
  const cpuPerRequest = (cpuMs() - cpuBefore) / result.requests.total;
  console.log(
    `${route}: ${Math.round(result.requests.total / result.duration)} req/s, server CPU ` +
      `${cpuPerRequest.toFixed(3)} ms/request, ${result.non2xx} non-2xx`,
  );
} finally {
  await bff.stop();
}

if (!profiling) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
// Only the load: the samples of the last `seconds` before the server stopped (start-up, seeding and sign-in left out).
const stamps = [];
for (let i = 0, t = profile.startTime; i < dt.length; i++) stamps.push((t += dt[i]));
const from = profile.endTime - seconds * 1e6 - 300_000;
for (let i = 0; i < profile.samples.length; i++) {
  if (stamps[i] < from) continue;
  const node = byId.get(profile.samples[i]);
  self.set(node.id, (self.get(node.id) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (url) => {
  if (!url) return '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.includes('bff/dist')) return 'bff';
  return url.startsWith('node:') ? 'node' : path.basename(url);
};
// Inclusive time: each sample counts once for every function on its stack (what a middleware costs with its callees,
// for the synchronous part of the chain; work resumed after an await is a new stack).
const parentOf = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
const label = (callFrame) =>
  `${callFrame.functionName || '(anonymous)'} ${where(callFrame.url)}:${callFrame.lineNumber + 1}`;
const inclusive = new Map();
for (const [id, us] of self) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) seen.add(label(byId.get(at).callFrame));
  for (const fn of seen) inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
}
const byFunction = new Map();
const byPackage = new Map();
for (const [id, us] of self) {
  const { callFrame } = byId.get(id);
  const fn = label(callFrame);
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const pkg = callFrame.url ? where(callFrame.url) : callFrame.functionName;
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}
const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => `  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
console.log(
  `self time by package (of ${(total / 1e6).toFixed(1)} s sampled):\n${top(byPackage, 20)}\n\nby ` +
    `function:\n${top(byFunction, 30)}\n\nwith callees ` +
    `(inclusive):\n${top(inclusive, Number(process.env.INCLUSIVE_ROWS ?? 45))}`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
