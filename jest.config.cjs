// One jest run for every package: node projects (bff, shared's pure code) and jsdom (React components).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
];
// culori's tree-shakeable entry (culori/fn) is ES modules only: jest takes the package's CommonJS bundle for it.
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^culori/fn$': 'culori',
    '\\.css$': '<rootDir>/shared/test/style-stub.cjs',
    '\\.(svg|png|jpe?g)$': '<rootDir>/shared/test/file-stub.cjs',
  },
};

module.exports = {
  // A root option (jest ignores testTimeout inside a project): the BFF suites seed databases in their hooks.
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'shared',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/shared/**/__tests__/**/*.test.ts'],
    },
    // Every test file of the browser packages runs in jsdom; shared's plain *.test.ts run in node above.
    {
      ...common,
      displayName: 'ui',
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/shared/test/ui-setup.cjs'],
      testMatch: [
        '<rootDir>/shared/**/__tests__/**/*.test.tsx',
        '<rootDir>/{shell,mfe-*}/**/__tests__/**/*.test.{ts,tsx}',
      ],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    // Repository tooling: the lint rules (scripts/__tests__).
    {
      ...common,
      displayName: 'repo',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/scripts/**/__tests__/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'bff',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/bff/**/__tests__/**/*.test.ts'],
      globalSetup: '<rootDir>/bff/test/global-setup.ts',
      globalTeardown: '<rootDir>/bff/test/global-teardown.ts',
    },
  ],
};
