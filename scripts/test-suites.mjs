// Which jest suites `npm test` (scripts/test.mjs) runs where, one path a line: `node scripts/test-suites.mjs database`
// lists the BFF suites of the PostgreSQL pass, `node scripts/test-suites.mjs event-loop` those that run on their own.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every test file under `dir` whose text includes `needle`. */
function suitesMentioning(dir, needle) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const skip = entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.');
      if (!skip) found.push(...suitesMentioning(file, needle));
    } else if (/\.test\.tsx?$/.test(entry.name) && fs.readFileSync(file, 'utf8').includes(needle)) {
      found.push(file);
    }
  }
  return found;
}

/**
 * The BFF suites that run on the database TEST_DATABASE_URL names: those that open theirs through bff/test's
 * createTestDatabase (found by jest's dependency graph) and those that hand TEST_DATABASE_URL to a process of their
 * own. The rest would only repeat themselves: the pure ones (the energy engine, the BankID simulator, parsers) and
 * those that open embedded PGlite whatever is configured (its pool, its files on disk, the migrations of old PGlite
 * data directories).
 */
export function databaseSuites(root) {
  const related = spawnSync(
    'node',
    [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--selectProjects',
      'bff',
      '--findRelatedTests',
      'bff/test/test-database.ts',
      '--listTests',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (related.status !== 0) throw new Error(`jest --listTests failed:\n${related.stderr}`);
  const suites = new Set(related.stdout.split('\n').filter((line) => line.endsWith('.test.ts')));
  for (const suite of suitesMentioning(path.join(root, 'bff'), 'TEST_DATABASE_URL')) suites.add(suite);
  return [...suites].sort();
}

/**
 * The suites that measure how long the event loop is blocked (monitorEventLoopDelay): beside another jest worker on
 * the same cores, the time the process waits for a core would count as blocked, so they run with nothing else.
 */
export function eventLoopSuites(root) {
  return suitesMentioning(root, 'monitorEventLoopDelay').sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const which = { database: databaseSuites, 'event-loop': eventLoopSuites }[process.argv[2]];
  if (!which) {
    console.error('usage: node scripts/test-suites.mjs database|event-loop');
    process.exit(2);
  }
  for (const suite of which(root)) console.log(path.relative(root, suite));
}
