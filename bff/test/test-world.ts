import type { AppDeps } from '../src/app';
import type { Db, DatabaseHandle } from '../src/db/client';
import { RpClient } from '../src/bankid/rp-client';
import { startBankIdSimulator, type RunningBankIdSimulator } from '../src/bankid/simulator/app';
import { createTestDatabase } from './test-database';
import { makeBuildFixtures } from './fixtures';
import { createTestApp } from './test-app';

export type BuildFixtures = ReturnType<typeof makeBuildFixtures>;

/** What a BFF suite runs against: its own migrated database, a built-looking shell and release folder, the app. */
export interface TestWorld {
  database: DatabaseHandle;
  fixtures: BuildFixtures;
  app: ReturnType<typeof createTestApp>;
  close(): Promise<void>;
}

export interface TestWorldOptions {
  /** Seeds run in order on the new database before the app is made (seedDemoStaff, seedPlatformContent, ...). */
  seed?: ((db: Db) => Promise<unknown>)[];
  config?: Partial<AppDeps['config']>;
  now?: () => number;
  sessionFastPath?: boolean;
  /** The app's BankID RP client (startBankIdTestWorld's, or a test double); none reachable by default. */
  rp?: RpClient;
  /** The app's logger, for suites that check what is logged; silent by default. */
  logger?: AppDeps['logger'];
  /** Send mails through this SMTP server (a test's own) instead of writing them to the outbox. */
  smtpUrl?: string;
  /** The app's object stores (an S3 bucket, say); the world's folders by default. */
  stores?: AppDeps['stores'];
}

/** A suite's world; `close()` (in afterAll) closes the database and removes the fixtures. */
export async function startTestWorld(options: TestWorldOptions = {}): Promise<TestWorld> {
  const database = await createTestDatabase();
  for (const seed of options.seed ?? []) await seed(database.db);
  const fixtures = makeBuildFixtures();
  const app = createTestApp(database, fixtures, options.config, {
    rp: options.rp,
    now: options.now,
    sessionFastPath: options.sessionFastPath,
    logger: options.logger,
    smtpUrl: options.smtpUrl,
    stores: options.stores,
  });
  return {
    database,
    fixtures,
    app,
    async close() {
      await database.close();
      fixtures.cleanup();
    },
  };
}

export interface BankIdTestWorld extends TestWorld {
  simulator: RunningBankIdSimulator;
  rp: RpClient;
}

/** A suite's world whose app signs homeowners in against a BankID RP API simulator on a free loopback port. */
export async function startBankIdTestWorld(
  options: TestWorldOptions & { rpTimeoutMs?: number } = {},
): Promise<BankIdTestWorld> {
  const simulator = await startBankIdSimulator({ port: 0 });
  const rp = new RpClient({ baseUrl: simulator.rpApiUrl, timeoutMs: options.rpTimeoutMs ?? 5000 });
  const world = await startTestWorld({ ...options, rp });
  return {
    ...world,
    simulator,
    rp,
    async close() {
      rp.close();
      await simulator.close();
      await world.close();
    },
  };
}

export type TestApp = TestWorld['app'];
