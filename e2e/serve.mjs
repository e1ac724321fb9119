// The product as e2e tests see it: the built shell, remotes and BFF on a throwaway data directory.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_BANKID_PORT, E2E_BANKID_TIMEOUT_MS, E2E_DATA_DIR, E2E_PORT } from './e2e-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
const env = {
  ...process.env,
  DATA_DIR: E2E_DATA_DIR,
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  DEMO_MODE: 'true',
  LOG_LEVEL: 'warn',
  RELEASED_BY: 'e2e',
  // Every test signs in; the per-IP sign-in limit is covered by the BFF suite.
  SIGNIN_RATE_LIMIT: '10000',
  BANKID_START_RATE_LIMIT: '10000',
  // One address sends every test's flow writes and uploads; their per-IP limits are covered by the BFF suite.
  FLOW_WRITE_RATE_LIMIT: '100000',
  DOCUMENT_RATE_LIMIT: '10000',
  BEACON_RATE_LIMIT: '100000',
  VITALS_RATE_LIMIT: '100000',
  // tests/canary.spec.ts judges a canary after a few browser sessions; the default of 50 is covered by the BFF suite.
  CANARY_SESSIONS: '3',
  // A test setting: every browser session of the e2e comes from 127.0.0.1, so all three count from that one network.
  // The default (2 per network, so a verdict takes sessions from 25 networks) is covered by the BFF suite
  // (bff/hardening/__tests__/attack-forged-canary-beacons.test.ts).
  CANARY_SESSIONS_PER_NETWORK: '3',
  BANKID_SIMULATOR_PORT: String(E2E_BANKID_PORT),
  BANKID_TIMEOUT_MS: String(E2E_BANKID_TIMEOUT_MS),
};
for (const file of ['shell/dist/index.html', 'bff/dist/server.js', 'mfe-results/dist/mf-manifest.json']) {
  if (!fs.existsSync(path.join(root, file))) {
    console.error(`e2e: ${file} is missing; run \`npm run build\` first (npm test does).`);
    process.exit(1);
  }
}
// The demo data as `npm start` loads it, journeys included, so the console's analytics show what a newcomer sees.
const seeded = spawnSync('node', ['bff/dist/cli.js', 'seed', '--journeys'], { cwd: root, env, stdio: 'inherit' });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
const published = spawnSync('node', ['bff/dist/cli.js', 'publish-local'], { cwd: root, env, stdio: 'inherit' });
if (published.status !== 0) process.exit(published.status ?? 1);
const server = spawn('node', ['bff/dist/server.js'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
