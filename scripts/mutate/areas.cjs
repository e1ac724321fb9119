// The areas `npm run mutate` scores one by one (docs/testing.md#mutation-score): the files Stryker mutates and the
// only test files jest runs against them, fast ones first so a mutant killed early never waits for a database suite.
const TESTS = '**/__tests__/**';

const AREAS = {
  energy: {
    title: 'energy engine',
    mutate: ['bff/src/energy/**/*.ts', `!${TESTS}`],
    tests: ['bff/src/energy/__tests__/*.test.ts'],
  },
  finance: {
    title: 'money rules',
    mutate: ['shared/src/finance/**/*.ts', `!${TESTS}`],
    // Not the energy plan's suite: it killed no mutant here and builds houses while loading (~9 s per static mutant).
    tests: ['shared/src/finance/__tests__/*.test.ts'],
  },
  guards: {
    title: 'authorization guards and rules table',
    mutate: ['bff/src/auth/guards.ts', 'shared/src/console/menu-rules.ts'],
    // The guards have no unit test: every role against every console and admin route (PGlite) covers them.
    tests: [
      'shared/src/console/__tests__/menu-rules.test.ts',
      'bff/src/modules/admin/__tests__/access.test.ts',
      'bff/src/modules/console/__tests__/authorization.test.ts',
      'bff/src/modules/console/__tests__/console-access.test.ts',
    ],
    database: true,
  },
  schemas: {
    title: 'input schemas',
    mutate: ['shared/src/schemas/**/*.ts', `!${TESTS}`],
    // Unit tests only: the route suites that also parse with these schemas each need a database.
    tests: ['shared/src/schemas/__tests__/*.test.ts', 'shared/src/ui/__tests__/brand-variables.test.ts'],
  },
};

module.exports = { AREAS };
