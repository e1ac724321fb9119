// `npm test`: every check, in the order that fails fastest: lint (with the package rules), format, types, unit +
// integration (PGlite, and PostgreSQL when TEST_DATABASE_URL names a server), then the built product end to end in
// Chromium.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseSuites, eventLoopSuites } from './test-suites.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const results = [];
const started = Date.now();

function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: run.status === 0, seconds });
  if (run.status !== 0) {
    summary();
    console.error(`\n✖ ${name} failed (exit ${run.status}).`);
    process.exit(run.status ?? 1);
  }
}

/**
 * Steps that leave a core idle much of their time, run at once: prettier keeps to one core and the type check's
 * packages often leave one idle (on a busy 2-core machine 53 s one after the other, 48 s side by side). Each one's
 * output is printed whole, in order, once all have ended.
 */
async function stepsAtOnce(steps) {
  const runs = steps.map(([name, command, args]) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    return new Promise((resolve) =>
      child.on('close', (status) =>
        resolve({ name, status, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
      ),
    );
  });
  const ended = await Promise.all(runs);
  for (const { name, status, output, seconds } of ended) {
    console.log(`\n━━ ${name} ━━`);
    if (output) process.stdout.write(output);
    results.push({ name, ok: status === 0, seconds });
  }
  const failed = ended.find((r) => r.status !== 0);
  if (failed) {
    summary();
    console.error(`\n✖ ${failed.name} failed (exit ${failed.status}).`);
    process.exit(failed.status ?? 1);
  }
}

function summary() {
  console.log('\n━━ summary ━━');
  for (const r of results) console.log(`${r.ok ? '✔' : '✖'} ${r.name} (${r.seconds} s)`);
  console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// One jest worker per core: every BFF suite has its own database (bff/test/test-database.ts), so files run side by
// side (jest's default of cores − 1 would run them one after another on a 2-core machine).
const jestInBand = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--runInBand'];
const jest = [...jestInBand.slice(0, 2), `--maxWorkers=${os.availableParallelism()}`];

step('lint', 'npm', ['run', 'lint', '--silent']);
await stepsAtOnce([
  ['format', 'npm', ['run', 'format:check', '--silent']],
  ['type check', 'npm', ['run', 'typecheck', '--silent']],
]);
// The first run is on embedded PGlite even when a PostgreSQL server is configured for the second. The suites that
// time the event loop run after the rest, with no other jest worker beside them (scripts/test-suites.mjs).
const timed = eventLoopSuites(root);
const pglite = { CI: process.env.CI ?? 'true', TEST_DATABASE_URL: '' };
const exceptTimed = [
  '--testPathIgnorePatterns',
  '/node_modules/',
  '/dist/',
  ...timed.map((f) => path.relative(root, f)),
];
step('unit + integration (PGlite)', 'node', [...jest, ...exceptTimed], pglite);
step('event-loop suites (PGlite, on their own)', 'node', [...jestInBand, '--runTestsByPath', ...timed], pglite);
if (process.env.TEST_DATABASE_URL) {
  const suites = databaseSuites(root);
  console.log(`\n(${suites.length} BFF suites depend on the database; the pure ones ran once, above.)`);
  const postgres = { CI: process.env.CI ?? 'true' };
  const byPath = ['--selectProjects', 'bff', '--runTestsByPath'];
  const together = suites.filter((suite) => !timed.includes(suite));
  step('BFF integration (PostgreSQL)', 'node', [...jest, ...byPath, ...together], postgres);
  const alone = suites.filter((suite) => timed.includes(suite));
  step('event-loop suites (PostgreSQL, on their own)', 'node', [...jestInBand, ...byPath, ...alone], postgres);
} else {
  console.log(
    '\n(TEST_DATABASE_URL is not set: the BFF suite ran on PGlite only; .ci/run also runs it on PostgreSQL.)',
  );
}
step('build', 'npm', ['run', 'build']);
// The built BFF under load (p99 ≤ 200 ms) and faults (PostgreSQL stopped, SIGKILL mid-write); PostgreSQL parts
// when a throwaway cluster can be made here. bff/hardening/README.md.
step('load + faults', 'node', ['bff/hardening/run.mjs']);
step('end to end (Chromium)', 'npm', ['test', '-w', 'e2e']);
summary();
