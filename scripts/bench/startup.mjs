// Start-up as a new developer sees it: fresh clone → `npm ci` → `npm start` until /readyz answers 200, each phase
// timed; then the BFF's cold start on the data dir that run left behind. Slow (minutes: install and webpack builds),
// so only with `--with-clone` or `--only startup`. `npm ci` reads this machine's npm cache, or with `--cold-cache` a
// new empty one, downloading every package as a newcomer's first install does. `npm test`'s wall time comes from a CI
// log (BENCH_CI_LOG=path of a ci-fresh or .ci/run log), never from running the suite here.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { coldStarts } from './bff-startup.mjs';
import { freePort, getStatus, sleep } from './lib.mjs';

const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS ?? 30 * 60_000);
// scripts/start.mjs prints these as it goes: the time each appears splits `npm start` into its phases.
const START_PHASES = [
  ['install', /▸ Installing dependencies/],
  ['build', /▸ Building shell, remotes and BFF|▸ Build is up to date/],
  ['seed + publish', /▸ Demo mode: migrating the database/],
  ['BFF start', /▸ Starting the BFF/],
];

const seconds = (ms) => Math.round(ms / 100) / 10;

function timed(label, command, args, options) {
  console.log(`startup: ${label}…`);
  const started = performance.now();
  try {
    execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024, ...options });
  } catch (error) {
    throw new Error(`${label} failed (exit ${error.status}):\n${String(error.stderr).slice(-4000)}`);
  }
  const ms = performance.now() - started;
  console.log(`startup: ${label}: ${seconds(ms)} s`);
  return ms;
}

/** `npm start` in `dir` until /readyz is 200: total and per phase (ms), then stopped. */
async function npmStart(dir, env) {
  const port = await freePort();
  const started = performance.now();
  // Its own process group, so stopping it stops the server it spawned too.
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const marks = {};
  let output = '';
  const watch = (chunk) => {
    output = (output + chunk).slice(-200_000);
    for (const [phase, pattern] of START_PHASES)
      if (!(phase in marks) && pattern.test(output)) marks[phase] = performance.now() - started;
  };
  child.stdout.on('data', watch);
  child.stderr.on('data', watch);
  let exitInfo = null;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exitInfo = { code, signal }))));
  try {
    while ((await getStatus(`http://127.0.0.1:${port}/readyz`)) !== 200) {
      if (exitInfo)
        throw new Error(`npm start exited (${exitInfo.code ?? exitInfo.signal}) before ready:\n${output.slice(-4000)}`);
      if (performance.now() - started > START_TIMEOUT_MS)
        throw new Error(`npm start not ready within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-4000)}`);
      await sleep(100);
    }
    const totalMs = performance.now() - started;
    const order = START_PHASES.map(([phase]) => phase).filter((phase) => phase in marks);
    const phases = Object.fromEntries(
      order.map((phase, i) => [phase, seconds((i + 1 < order.length ? marks[order[i + 1]] : totalMs) - marks[phase])]),
    );
    return { totalS: seconds(totalMs), phasesS: phases };
  } finally {
    const reached = Object.fromEntries(Object.entries(marks).map(([phase, ms]) => [phase, `at ${seconds(ms)} s`]));
    console.log(`startup: npm start phases so far: ${JSON.stringify(reached)}`);
    if (!exitInfo) process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (!exitInfo) process.kill(-child.pid, 'SIGKILL');
  }
}

/** `npm test`'s wall time and steps from a CI log (scripts/test.mjs's summary, ci-fresh's last line). */
export function npmTestFromCiLog(file) {
  const text = fs.readFileSync(file, 'utf8');
  const steps = [...text.matchAll(/^([✔✖]) (.+) \((\d+(?:\.\d+)?) s\)$/gm)].map((m) => ({
    step: m[2],
    ok: m[1] === '✔',
    seconds: Number(m[3]),
  }));
  const whole = text.match(/ci-fresh: exit (\d+) after (\d+) s/);
  if (!steps.length && !whole)
    throw new Error(`${file} holds neither scripts/test.mjs's summary nor ci-fresh's last line`);
  const testSeconds = Math.round(steps.reduce((sum, s) => sum + s.seconds, 0));
  return {
    steps,
    npmTestSeconds: steps.length ? testSeconds : null,
    ciSeconds: whole ? Number(whole[2]) : null,
    ciExit: whole ? Number(whole[1]) : null,
  };
}

const loadNow = () => os.loadavg()[0].toFixed(1);

export async function benchStartup({ root, coldCache = false }) {
  const rows = [];
  const results = {};
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-clone-'));
  const dir = path.join(work, 'home-energy');
  const { NODE_ENV, DATA_DIR, DATABASE_URL, ...inherited } = process.env; // the clone runs on its own defaults
  const env = { ...inherited, BANKID_SIMULATOR_PORT: '0', HOST: '127.0.0.1' };
  // Warm: the npm cache this machine already has, so the install is timed without the network's weather.
  const cache = coldCache ? path.join(work, 'empty-npm-cache') : null;
  const ciEnv = cache ? { ...env, npm_config_cache: cache } : { ...env, npm_config_prefer_offline: 'true' };
  const install = cache ? 'npm ci (empty npm cache)' : 'npm ci (warm npm cache)';
  const loadBefore = loadNow();
  try {
    const cloneMs = timed('git clone', 'git', ['clone', '--quiet', root, dir], {});
    rows.push(['fresh clone: git clone (committed HEAD)', `${seconds(cloneMs)} s`, '']);
    const ciMs = timed(install, 'npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, env: ciEnv });
    rows.push([`fresh clone: ${install}`, `${seconds(ciMs)} s`, '']);
    results.freshClone = { coldCache, cloneS: seconds(cloneMs), npmCiS: seconds(ciMs) };
    let start;
    try {
      start = await npmStart(dir, env);
    } catch (error) {
      // What was measured stays in the table, with why the product did not come up.
      const reason =
        String(error.message).match(/✘ \[ERROR\] [^\n]+|Error: [^\n]+/)?.[0] ?? String(error.message).split('\n')[0];
      rows.push(['fresh clone: npm start → /readyz 200', `failed: ${reason}`, '', false]);
      results.freshClone.npmStartError = error.message.slice(-4000);
    }
    if (start) {
      // a sum of rounded figures, rounded again
      const totalS = Math.round((seconds(cloneMs + ciMs) + start.totalS) * 10) / 10;
      Object.assign(results.freshClone, { npmStart: start, totalS });
      for (const [phase, s] of Object.entries(start.phasesS))
        rows.push([`fresh clone: npm start, ${phase}`, `${s} s`, '']);
      rows.push([
        `fresh clone → running product (clone + ${install} + npm start → /readyz 200)`,
        `${totalS} s (load ${loadBefore} → ${loadNow()})`,
        '',
      ]);
      results.freshClone.loadAverage = { before: Number(loadBefore), after: Number(loadNow()) };

      // The data dir `npm start` left (seeded, remotes published): what every later start of the product opens.
      const cold = await coldStarts(
        dir,
        { ...env, DATA_DIR: path.join(dir, '.data'), NODE_ENV: 'production', DEMO_MODE: 'true' },
        'bff cold start, data dir of npm start',
      );
      rows.push(...cold.rows);
      results.coldStartExistingDataDir = cold.results;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  const ciLog = process.env.BENCH_CI_LOG;
  if (ciLog) {
    const ci = npmTestFromCiLog(ciLog);
    results.npmTest = { log: ciLog, ...ci };
    rows.push([
      `npm test wall time (from ${path.basename(ciLog)})`,
      ci.npmTestSeconds !== null ? `${ci.npmTestSeconds} s` : 'not in the log',
      '',
    ]);
    if (ci.ciSeconds !== null)
      rows.push(['CI run (ci-fresh: install + npm test)', `${ci.ciSeconds} s (exit ${ci.ciExit})`, '≤ 5400 s']);
  } else {
    results.npmTest = { seeCi: true };
    rows.push(['npm test wall time', 'see CI (≈ 10 min; BENCH_CI_LOG=ci.log to read it here)', '', null]);
  }
  return { rows, results };
}
