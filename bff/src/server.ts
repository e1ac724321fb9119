import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { createLogger } from './logger';
import { loadAuthSecret } from './auth/secrets';
import { seedDemoStaff } from './seed/demo-staff';

/** Starts the BFF: config → database (migrated) → HTTP; stops gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const started = process.hrtime.bigint();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config);
  await runMigrations(database.db);
  if (config.SEED_DEMO) await seedDemoStaff(database.db);
  const authSecret = await loadAuthSecret(database.db, config.AUTH_SECRET);
  const app = createApp({ config, db: database.db, pool: database.pool, logger, authSecret });
  const server = app.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new ConfigError(`Port ${config.PORT} on ${config.HOST} is already in use: stop the other server or set PORT.`) : error),
    );
  });
  const { port } = server.address() as AddressInfo;
  const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
  const host = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  // Printed whatever the log level: it is how people (and scripts) know the product is up.
  console.log(`Home energy is running at http://${host}:${port} (database: ${database.kind}, ready in ${Math.round(readyMs)} ms)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: shutting down`);
    const force = setTimeout(() => {
      console.error('Shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close();
    server.closeIdleConnections();
    await new Promise((resolve) => server.once('close', resolve));
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
