import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { mailerFromConfig } from './modules/mail/mailer';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { createLogger } from './logger';
import { loadAuthSecret } from './auth/secrets';
import { loadDataKey } from './bankid/data-key-store';
import { seedDemoStaff } from './seed/demo-staff';
import { seedDemoRegister } from './seed/demo-register';
import { seedPlatformContent } from './seed/platform-content';
import { seedDemoBrands } from './seed/demo-brands';
import { seedDemoInstallers } from './seed/demo-installers';
import { brandConfigStore } from './modules/brand/store';
import { productStores } from './storage/from-config';
import { runPeriodically } from './periodic';
import { ORPHAN_SWEEP_INTERVAL_MS, retentionEraser, sweepOrphanDocuments } from './modules/privacy/erasure';
import { RpClient } from './bankid/rp-client';
import { startBankIdSimulator } from './bankid/simulator/app';
import { startOrderSweep } from './modules/homeowner/order-sweep';
import { productionDatabaseProblems } from './production-checklist';
import { startVisitorSweep } from './modules/building/visitor-sweep';
import { startRateLimitSweep } from './http/rate-limit-store';
import { startServedSweep } from './modules/releases/served';
import { startVitalsSweep } from './modules/vitals/repository';
import { retentionSettings, startRetentionSweep } from './modules/privacy/retention';
import { Metrics, serveMetrics } from './http/metrics';
import { activeReleases } from './modules/releases/repository';

/** Starts the BFF: config → database (migrated) → HTTP; stops gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const started = process.hrtime.bigint();
  const config = loadConfig();
  const logger = createLogger(config.logLevel, config.LOG_FORMAT);
  const database = await openDatabase(config);
  await runMigrations(database.db);
  const stores = productStores(config);
  if (config.SEED_DEMO) {
    await seedDemoStaff(database.db);
    await seedDemoRegister(database.db);
    await seedDemoInstallers(database.db);
    await seedDemoBrands(brandConfigStore(stores.brandConfig));
  }
  await seedPlatformContent(database.db);
  if (!config.demo) {
    const problems = await productionDatabaseProblems(database.db);
    if (problems.length > 0)
      throw new ConfigError(
        `Production start refused:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`,
      );
  }
  const authSecret = await loadAuthSecret(database.db, config.AUTH_SECRET);
  const dataKey = await loadDataKey(database.db, config.DATA_ENCRYPTION_KEY, { legacyAuthSecret: authSecret, logger });
  // Real BankID is one setting away (BANKID_URL + certificate); in demo mode otherwise the bundled simulator on
  // loopback.
  const simulator = config.BANKID_URL
    ? null
    : await startBankIdSimulator({ port: config.BANKID_SIMULATOR_PORT, host: '127.0.0.1' }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EADDRINUSE') throw error;
          throw new ConfigError(
            `The BankID simulator's port ${config.BANKID_SIMULATOR_PORT} is in use: set ` +
              `BANKID_SIMULATOR_PORT (0 = any free port), or BANKID_URL to use a running simulator or BankID.`,
          );
        },
      );
  const rp = new RpClient({
    baseUrl: config.BANKID_URL ?? `${simulator!.url}/rp/v6.0`,
    pfxPath: config.BANKID_PFX_PATH,
    passphrase: config.BANKID_PFX_PASSPHRASE,
    caPath: config.BANKID_CA_PATH,
    timeoutMs: config.BANKID_TIMEOUT_MS,
  });
  const mailer = mailerFromConfig(config, logger);
  const metrics =
    config.METRICS_PORT === undefined
      ? undefined
      : new Metrics({
          pool: database.pool,
          poolMax: config.DATABASE_POOL_MAX,
          activeReleases: () => activeReleases(database.db),
        });
  const app = createApp({
    config,
    db: database.db,
    pool: database.pool,
    logger,
    authSecret,
    dataKey,
    rp,
    bankIdTestAppUrl: simulator ? `${simulator.url}/simulator/` : undefined,
    mailer,
    metrics,
    stores,
  });
  const metricsServer = metrics
    ? await serveMetrics(metrics, {
        port: config.METRICS_PORT!,
        host: config.METRICS_HOST,
        token: config.METRICS_TOKEN,
      }).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EADDRINUSE'
          ? new ConfigError(
              `METRICS_PORT ${config.METRICS_PORT} on ${config.METRICS_HOST} is already in use: pick another port.`,
            )
          : error;
      })
    : null;
  const stopOrderSweep = startOrderSweep(database.db, (error) =>
    logger.warn({ err: error }, 'BankID order sweep failed'),
  );
  const stopVisitorSweep = startVisitorSweep(database.db, (error) =>
    logger.warn({ err: error }, 'visitor profile sweep failed'),
  );
  const stopRateLimitSweep = startRateLimitSweep(database.db, (error) =>
    logger.warn({ err: error }, 'rate-limit sweep failed'),
  );
  const stopServedSweep = startServedSweep(database.db, (error) =>
    logger.warn({ err: error }, 'served releases sweep failed'),
  );
  const stopRetentionSweep = startRetentionSweep(
    {
      db: database.db,
      settings: retentionSettings(config),
      mailer,
      outboxDir: config.outboxDir,
      // The same erasure as "Delete my account" (modules/privacy/erasure.ts), audited as the sweep's.
      eraser: retentionEraser(
        { db: database.db, logger, mailer, documentStore: stores.documents, outboxDir: config.outboxDir },
        authSecret,
        config.RETENTION_INACTIVE_MONTHS,
      ),
    },
    (error) => logger.warn({ err: error }, 'retention sweep failed'),
    config.RETENTION_SWEEP_MINUTES * 60 * 1000,
  );
  const stopVitalsSweep = startVitalsSweep(database.db, config.VITALS_KEPT_DAYS, (error) =>
    logger.warn({ err: error }, 'speed reports sweep failed'),
  );
  const stopOrphanSweep = runPeriodically(
    () => sweepOrphanDocuments(database.db, stores.documents),
    (error) => logger.warn({ err: error }, 'orphan document sweep failed'),
    ORPHAN_SWEEP_INTERVAL_MS,
  );
  const server = app.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new ConfigError(
              `Port ${config.PORT} on ${config.HOST} is already in use: stop the other server or set PORT.`,
            )
          : error,
      ),
    );
  });
  const { port } = server.address() as AddressInfo;
  const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
  const host = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  // Printed whatever the log level: it is how people (and scripts) know the product is up.
  console.log(
    `Home energy is running at http://${host}:${port} (database: ${database.kind}, ready in ${Math.round(readyMs)} ms)`,
  );
  if (metricsServer)
    console.log(`Metrics (Prometheus): ${metricsServer.url}${config.METRICS_TOKEN ? ' (bearer token)' : ''}`);
  if (simulator) console.log(`BankID simulator (test app, not real BankID): ${simulator.url}/simulator/`);
  if (config.demo) {
    console.log(
      'Demo mode: demo data, the BankID simulator and fake login are allowed; not for real homeowners. A ' +
        'production start: docs/operations.md "Production start".',
    );
  }

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
    stopOrderSweep();
    stopVisitorSweep();
    stopRateLimitSweep();
    stopServedSweep();
    stopVitalsSweep();
    stopOrphanSweep();
    stopRetentionSweep();
    await metricsServer?.close();
    rp.close();
    // Mails queued by the last requests are handed over before the process ends.
    await mailer.idle();
    await simulator?.close();
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
