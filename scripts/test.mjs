// `npm test`: every check, in the order that fails fastest: lint (with the package rules), format, types, unit +
// integration (PGlite, and PostgreSQL when TEST_DATABASE_URL names a server), then the built product end to end in
// Chromium.
import { spawnSync } from 'node:child_process';
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
step('format', 'npm', ['run', 'format:check', '--silent']);
step('type check', 'npm', ['run', 'typecheck', '--silent']);
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
