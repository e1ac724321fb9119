import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true, false, 1 or 0' })
  .transform((v) => v === 'true' || v === '1');

/** Every setting of the BFF, read from the environment once, with a clear message per bad variable. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  SHELL_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'shell', 'dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: z.string().default('loopback'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SECURE_COOKIES: booleanFlag.optional(),
});

export type Config = z.infer<typeof envSchema> & { logLevel: string; releasesDir: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    SHELL_DIST: path.resolve(config.SHELL_DIST),
    // spec §9: log level error outside production, info in production.
    logLevel: config.LOG_LEVEL ?? (config.NODE_ENV === 'production' ? 'info' : 'error'),
    releasesDir: path.join(path.resolve(config.DATA_DIR), 'releases'),
  };
}
