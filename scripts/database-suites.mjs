// The BFF suites the PostgreSQL pass of `npm test` runs (scripts/test.mjs): `node scripts/database-suites.mjs` lists
// them, one path per line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The BFF suites whose behaviour depends on the database: those that open one (every database is opened through
 * bff/src/db/client.ts, which jest's dependency graph finds) and those that hand TEST_DATABASE_URL to a process of
 * their own. The rest (the energy engine, the BankID simulator, parsers) would only repeat themselves on PostgreSQL.
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
      'bff/src/db/client.ts',
      '--listTests',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (related.status !== 0) throw new Error(`jest --listTests failed:\n${related.stderr}`);
  const suites = new Set(related.stdout.split('\n').filter((line) => line.endsWith('.test.ts')));
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
      } else if (entry.name.endsWith('.test.ts') && fs.readFileSync(file, 'utf8').includes('TEST_DATABASE_URL')) {
        suites.add(file);
      }
    }
  };
  walk(path.join(root, 'bff'));
  return [...suites].sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  for (const suite of databaseSuites(root)) console.log(path.relative(root, suite));
}
