/**
 * Runs the BankID RP API v6.0 simulator on its own (dev and demo):
 *   npx tsx bff/src/bankid/simulator/main.ts
 * Env: BANKID_SIMULATOR_PORT (default 3010, as when bundled), BANKID_SIMULATOR_HOST (default 127.0.0.1),
 * BANKID_SIMULATOR_ORDER_LIFETIME_MS (default 180000), BANKID_SIMULATOR_START_WINDOW_MS (default 30000).
 */
import { startBankIdSimulator } from './app';
import { DEFAULT_SIMULATOR_PORT } from './defaults';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got ${JSON.stringify(raw)}`);
  return value;
}

async function main(): Promise<void> {
  const running = await startBankIdSimulator({
    port: intFromEnv('BANKID_SIMULATOR_PORT', DEFAULT_SIMULATOR_PORT),
    host: process.env.BANKID_SIMULATOR_HOST || '127.0.0.1',
    orderLifetimeMs: intFromEnv('BANKID_SIMULATOR_ORDER_LIFETIME_MS', 180_000),
    startWindowMs: intFromEnv('BANKID_SIMULATOR_START_WINDOW_MS', 30_000),
  });
  process.stdout.write(
    `BankID simulator (NOT BankID): RP API ${running.rpApiUrl}, test app ${running.url}/simulator/\n`,
  );
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
