import path from 'node:path';
import pino from 'pino';
import { createApp, type AppDeps } from '../src/app';
import { Mailer } from '../src/modules/mail/mailer';
import { createMailTransport } from '../src/modules/mail/transport';
import type { DatabaseHandle } from '../src/db/client';
import { RpClient } from '../src/bankid/rp-client';
import { parseDataKey, type DataKey } from '../src/bankid/data-key';
import type { GeoTables } from '../src/energy/geo-data';
import { loadGeoTables } from '../src/register/geo-tables';
import { GEO_DIR } from '../src/paths';
import { settingDefaults } from '../src/config';
import { NOTICE_CONFIG_KEYS } from '../src/modules/privacy/notice';

let geo: GeoTables | undefined;

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';
/** The vault's data key in tests (32 fixed bytes, version 1). */
export const TEST_DATA_KEY: DataKey = parseDataKey(`v1:${Buffer.alloc(32, 7).toString('base64')}`);

/**
 * createApp with test defaults: silent logs (unless a suite passes a logger to read), a fixed secret, no session
 * pruning timer.
 */
export function createTestApp(
  database: DatabaseHandle,
  paths: { shellDist: string; releasesDir: string },
  overrides: Partial<AppDeps['config']> = {},
  extra: {
    rp?: RpClient;
    bankIdTestAppUrl?: string;
    now?: () => number;
    sessionFastPath?: boolean;
    buildingFastPath?: boolean;
    buildings?: AppDeps['buildings'];
    authSecret?: string;
    dataKey?: DataKey;
    logger?: AppDeps['logger'];
    smtpUrl?: string;
    metrics?: AppDeps['metrics'];
    stores?: AppDeps['stores'];
  } = {},
) {
  const logger = extra.logger ?? pino({ level: 'silent' });
  const outboxDir = overrides.outboxDir ?? path.join(path.dirname(paths.releasesDir), 'outbox');
  // Links in mails point at the test's own origin; the clock is the app's, so link lifetimes follow `now`.
  const mailer = new Mailer(
    createMailTransport({
      smtpUrl: extra.smtpUrl,
      from: 'Home Energy <no-reply@home-energy.test>',
      outboxDir,
      now: extra.now,
    }),
    logger,
    'http://127.0.0.1:3000',
  );
  const app = createApp({
    config: {
      SHELL_DIST: paths.shellDist,
      releasesDir: paths.releasesDir,
      TRUST_PROXY: 'loopback',
      NODE_ENV: 'test',
      demo: true,
      AUTH_BASE_PATH: '/api/auth',
      PUBLIC_URL: undefined,
      SIGNIN_RATE_LIMIT: 1000,
      secureCookies: false,
      BANKID_START_RATE_LIMIT: 1000,
      FAKE_LOGIN: false,
      STREETVIEW_API_KEY: undefined,
      SEARCH_RATE_LIMIT: 1000,
      FLOW_WRITE_RATE_LIMIT: 100_000,
      BEACON_RATE_LIMIT: 100_000,
      CANARY_SESSIONS: 50,
      CANARY_ERROR_MARGIN: 0.1,
      CANARY_SESSIONS_PER_NETWORK: 2,
      CANARY_SPEED_MARGIN: 0.25,
      VITALS_SAMPLE_RATE: 1,
      VITALS_RATE_LIMIT: 100_000,
      DOCUMENT_RATE_LIMIT: 1000,
      EXPORT_RATE_LIMIT: 1000,
      DOCUMENTS_PER_PROPERTY: 1000,
      DOCUMENT_MB_PER_DAY: 10_000,
      ...settingDefaults(NOTICE_CONFIG_KEYS),
      DEFAULT_BRAND: 'demo-energi',
      CONFIG_BUCKET_NAME: 'brand-config',
      bucketsDir: path.join(path.dirname(paths.releasesDir), 'buckets'),
      outboxDir,
      PASSWORD_RESET_RATE_LIMIT: 1000,
      s3: null,
      MFE_PUBLIC_URL: undefined,
      RELEASE_UPLOAD_MB: 50,
      RELEASE_UPLOAD_FILES: 500,
      ...overrides,
    },
    db: database.db,
    pool: database.pool,
    logger,
    authSecret: extra.authSecret ?? TEST_SECRET,
    dataKey: extra.dataKey ?? TEST_DATA_KEY,
    pruneSessions: false,
    // Tests that sign homeowners in pass an RpClient pointed at a running simulator.
    rp: extra.rp ?? new RpClient({ baseUrl: 'http://127.0.0.1:9/rp/v6.0', timeoutMs: 1000 }),
    bankIdTestAppUrl: extra.bankIdTestAppUrl,
    now: extra.now,
    sessionFastPath: extra.sessionFastPath,
    buildingFastPath: extra.buildingFastPath,
    buildings: extra.buildings,
    metrics: extra.metrics,
    geo: (geo ??= loadGeoTables(GEO_DIR)),
    mailer,
    stores: extra.stores,
  });
  return Object.assign(app, { mailer });
}
