// The jest run Stryker starts for one area (MUTATE_AREA, scripts/mutate/areas.cjs): the root config's transform in a
// single node project, because Stryker swaps in its own test environment only at the top level of a config.
const path = require('node:path');
const { AREAS } = require('./areas.cjs');
const root = require('../../jest.config.cjs');

const area = AREAS[process.env.MUTATE_AREA];
if (!area) throw new Error(`MUTATE_AREA must be one of ${Object.keys(AREAS).join(', ')}`);
const shared = root.projects.find((project) => project.displayName === 'shared');

module.exports = {
  rootDir: path.join(__dirname, '..', '..'),
  roots: ['<rootDir>/bff', '<rootDir>/shared'],
  testTimeout: root.testTimeout,
  transform: shared.transform,
  moduleNameMapper: shared.moduleNameMapper,
  // jest's node environment, writing down each file's test names for the sequencer (test-environment.cjs).
  testEnvironment: path.join(__dirname, 'test-environment.cjs'),
  testMatch: area.tests.map((glob) => `<rootDir>/${glob}`),
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testSequencer: '<rootDir>/scripts/mutate/test-sequencer.cjs',
  resolver: '<rootDir>/scripts/mutate/resolver.cjs',
  // The first failing suite kills the mutant: the slower ones after it need not run.
  bail: 1,
  ...(area.database ? { globalSetup: '<rootDir>/bff/test/global-setup-once.ts' } : {}),
};
