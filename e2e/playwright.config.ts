import os from 'node:os';
import { defineConfig } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { CHROMIUM_PATH, E2E_PORT } from './e2e-env.mjs';

// Specs that change what every visitor sees: releases and canaries, an organisation's brand, questions, installers
// and users, the BankID simulator's fault switch, and the analytics totals a spec counts. They run one at a time,
// after the rest; every other spec keeps to its own session and data, so those can run side by side.
const ONE_AT_A_TIME = [
  'bankid-faults',
  'canary',
  'console',
  'knowledge-base-brand',
  'mail',
  'releases',
  'staff-auth',
  'super-admin',
].map((name) => `**/${name}.spec.ts`);

// Debian's Chromium (no browser download on this network); flags keep it off the network and sandbox-free as root.
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // A browser for each core but one (E2E_WORKERS to choose): the product's server and Chromium's own processes need
  // the rest. On 2 cores two browsers took as long as one and left pages starved past their waits.
  workers: Number(process.env.E2E_WORKERS ?? Math.max(1, os.availableParallelism() - 1)),
  // A failure is a failure: a test that passes on its second try waited for the wrong thing, and is fixed at that.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    { name: 'side by side', testIgnore: ONE_AT_A_TIME },
    { name: 'one at a time', testMatch: ONE_AT_A_TIME, workers: 1, dependencies: ['side by side'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // CI keeps only the log, where a trace is never read, and recording one for every test took a quarter of the
    // run's CPU; locally a failing test keeps its trace (npx playwright show-trace).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node serve.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    // serve.mjs loads the demo journeys first (≈ 15 s alone, a minute on a busy 2-core machine).
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
