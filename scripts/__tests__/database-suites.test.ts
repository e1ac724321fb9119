// The PostgreSQL pass of `npm test` (scripts/database-suites.mjs): every suite that reaches the database, none of the
// pure ones twice.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const listed = spawnSync('node', ['scripts/database-suites.mjs'], { cwd: root, encoding: 'utf8' });
const suites = listed.stdout.trim().split('\n');

test('lists the suites that open a database, directly or through the test helpers', () => {
  expect(listed.status).toBe(0);
  expect(suites).toEqual(
    expect.arrayContaining([
      'bff/src/db/__tests__/client.test.ts', // imports the client itself
      'bff/src/modules/releases/__tests__/canary.test.ts', // through bff/test's world
      'bff/hardening/__tests__/authorization.test.ts',
      // Starts BFF processes of its own on the server TEST_DATABASE_URL names.
      'bff/src/auth/__tests__/session-persistence.test.ts',
    ]),
  );
});

test('leaves out the pure suites, which the PGlite pass already ran', () => {
  expect(suites.filter((suite) => suite.startsWith('bff/src/energy/'))).toEqual([]);
  expect(suites).not.toContain('bff/src/bankid/simulator/__tests__/rp-api.test.ts');
  for (const suite of suites) expect(fs.existsSync(path.join(root, suite))).toBe(true);
});
