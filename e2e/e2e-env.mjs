import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the e2e product runs; shared by the Playwright config, serve.mjs and the tests that call the CLI. */
export const E2E_PORT = Number(process.env.E2E_PORT || 3300);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), `home-energy-e2e-${E2E_PORT}`);
/**
 * Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself runs headless tests in): the same
 * engine as the browser without its windows and toolbar, half the CPU a test costs on 2 cores. The full browser when
 * the shell is not installed.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ||
  '/usr/bin/chromium';
/**
 * The BFF's RP API timeout in the e2e product: tests/bankid-faults.spec.ts waits for it to pass, twice per slow order
 * (the default of 10 s is the BFF suite's).
 */
export const E2E_BANKID_TIMEOUT_MS = 3_000;
/** The bundled BankID simulator the e2e BFF talks to; tests drive its test-app page. */
export const E2E_BANKID_PORT = Number(process.env.E2E_BANKID_PORT || E2E_PORT + 10);
