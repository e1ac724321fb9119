// Which suites `npm test` runs where (scripts/test-suites.mjs): the PostgreSQL pass gets every suite that reaches the
// configured database and none of the others twice; the suites timing the event loop run with nothing beside them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
function list(which: string): string[] {
  const listed = spawnSync('node', ['scripts/test-suites.mjs', which], { cwd: root, encoding: 'utf8' });
  expect(listed.status).toBe(0);
  return listed.stdout.trim().split('\n');
}

describe('the PostgreSQL pass', () => {
  const suites = list('database');

  test('has the suites that open the configured database through the test helpers or hand it to a process', () => {
    expect(suites).toEqual(
      expect.arrayContaining([
        'bff/src/modules/releases/__tests__/canary.test.ts', // through bff/test's world
        'bff/hardening/__tests__/authorization.test.ts',
        'bff/hardening/__tests__/attack-personal-number-in-logs.test.ts',
        'bff/hardening/__tests__/attack-production-registry-host.test.ts',
        // Starts BFF processes of its own on the server TEST_DATABASE_URL names.
        'bff/src/auth/__tests__/session-persistence.test.ts',
      ]),
    );
  });

  test('leaves out the pure suites, which the PGlite pass already ran', () => {
    expect(suites.filter((suite) => suite.startsWith('bff/src/energy/'))).toEqual([]);
    expect(suites).not.toContain('bff/src/bankid/simulator/__tests__/rp-api.test.ts');
    // Embedded PGlite whatever TEST_DATABASE_URL says: its pool, and old PGlite data directories migrated.
    expect(suites).not.toContain('bff/src/db/__tests__/client.test.ts');
    expect(suites).not.toContain('bff/src/db/__tests__/migration-bankid-completions.test.ts');
    // Copies of the run's migrated PGlite data directory (bff/test/pglite-data-dirs.ts), and BFF processes on one.
    expect(suites).not.toContain('bff/hardening/__tests__/attack-personal-number-on-disk.test.ts');
    expect(suites).not.toContain('bff/hardening/__tests__/attack-production-demo-defaults.test.ts');
    for (const suite of suites) expect(fs.existsSync(path.join(root, suite))).toBe(true);
  });
});

test('the suites that time the event loop are the ones run on their own', () => {
  expect(list('event-loop')).toEqual([
    'bff/hardening/__tests__/attack-date-range-stall.test.ts',
    'bff/hardening/__tests__/attack-password-link-flood.test.ts',
  ]);
});

test('names what it can list when asked for something else', () => {
  const listed = spawnSync('node', ['scripts/test-suites.mjs', 'nothing'], { cwd: root, encoding: 'utf8' });
  expect(listed.status).toBe(2);
  expect(listed.stderr).toContain('database|event-loop');
});
