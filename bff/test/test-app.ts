import pino from 'pino';
import { createApp, type AppDeps } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

/** createApp with test defaults: silent logs, a fixed secret, no session pruning timer. */
export function createTestApp(database: DatabaseHandle, paths: { shellDist: string; releasesDir: string }, overrides: Partial<AppDeps['config']> = {}) {
  return createApp({
    config: {
      SHELL_DIST: paths.shellDist,
      releasesDir: paths.releasesDir,
      TRUST_PROXY: 'loopback',
      NODE_ENV: 'test',
      AUTH_BASE_PATH: '/api/auth',
      PUBLIC_URL: undefined,
      SIGNIN_RATE_LIMIT: 1000,
      secureCookies: false,
      ...overrides,
    },
    db: database.db,
    pool: database.pool,
    logger: pino({ level: 'silent' }),
    authSecret: TEST_SECRET,
    pruneSessions: false,
  });
}
