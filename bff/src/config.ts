import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';
import { DEMO_PRIVACY_OPERATOR, productionConfigProblems } from './production-checklist';
import { dataKeySchema } from './bankid/data-key';
import { DEFAULT_SIMULATOR_PORT } from './bankid/simulator/defaults';
import type { S3Settings } from './storage/s3-store';

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
  /** Serve Prometheus metrics at /metrics on this port (http/metrics.ts); unset: no metrics. */
  METRICS_PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).optional(),
  /** Where the metrics port listens; any address other than loopback needs METRICS_TOKEN. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** When set, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
  SHELL_DIST: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, 'shell', 'dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** json (default): one JSON object per line; text: one short line per entry (npm start sets it). */
  LOG_FORMAT: z.enum(['json', 'text'], { message: 'must be json or text' }).default('json'),
  TRUST_PROXY: z.string().default('loopback'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SECURE_COOKIES: booleanFlag.optional(),
  /** The public origin (e.g. https://energy.example.se) when behind a proxy; absolute auth URLs use it. */
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://energy.example.se' }).optional(),
  AUTH_BASE_PATH: z
    .string()
    .regex(/^\/[a-z0-9/_-]*[a-z0-9_-]$/i, 'must be a path such as /api/auth')
    .default('/api/auth'),
  /** Signs sessions and CSRF tokens; when unset one is generated once and kept in the database. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The personal-number vault's key: base64 of 32 random bytes, or v<N>:<base64>; unset: generated once and kept in the
   * database.
   */
  DATA_ENCRYPTION_KEY: dataKeySchema.optional(),
  /** Sign-in attempts per IP per 15 minutes. */
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** The BankID RP API v6.0 base URL, e.g. https://appapi2.test.bankid.com/rp/v6.0. Unset: the bundled simulator. */
  BANKID_URL: z.url({ message: 'must be the RP API base URL, e.g. https://appapi2.bankid.com/rp/v6.0' }).optional(),
  BANKID_PFX_PATH: z.string().min(1).optional(),
  BANKID_PFX_PASSPHRASE: z.string().optional(),
  BANKID_CA_PATH: z.string().min(1).optional(),
  /** How long a call to the RP API may take before the homeowner is told it failed (docs/auth.md §3.1). */
  BANKID_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  /**
   * Where the bundled BankID simulator listens on loopback when BANKID_URL is unset (its test-app page is at
   * /simulator/).
   */
  BANKID_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SIMULATOR_PORT),
  /** BankID starts per IP per minute. */
  BANKID_START_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** POST /api/flow/user/fake-login signs in a demo homeowner without BankID (tests, demos). Demo mode only. */
  FAKE_LOGIN: booleanFlag.default(false),
  /** Google Street View Static API key for the property picture; unset: the flow's generic picture. */
  STREETVIEW_API_KEY: z.string().min(1).optional(),
  /** Address searches per IP per minute. */
  /**
   * The brand (organisation) of flow requests that name none (docs/product.md §5: query owner, cookie owner, subdomain,
   * default).
   */
  DEFAULT_BRAND: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be a brand id such as demo-energi')
    .default('demo-energi'),
  /** The bucket holding brand/{brand}/config.json; a local folder under BUCKETS_DIR (DATA_DIR/buckets by default). */
  CONFIG_BUCKET_NAME: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name such as brand-config')
    .default('brand-config'),
  BUCKETS_DIR: z.string().min(1).optional(),
  /**
   * An S3-compatible endpoint (https://s3.eu-north-1.amazonaws.com, http://minio:9000); with S3_BUCKET it replaces the
   * local folders.
   */
  S3_ENDPOINT: z
    .url({ message: 'must be the http(s) URL of an S3-compatible endpoint' })
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name such as home-energy-objects')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region such as eu-north-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (MinIO, most self-hosted stores) rather than in the host name. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  /**
   * Where browsers fetch remote files (a CDN in front of the bucket's releases/ prefix); the registry's entries point
   * there.
   */
  MFE_PUBLIC_URL: z
    .url({ message: 'must be an absolute URL such as https://cdn.example.se/mfe' })
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  /** Largest release a team's CI may upload, in MB, and most files in one. */
  RELEASE_UPLOAD_MB: z.coerce.number().int().min(1).max(1024).default(50),
  RELEASE_UPLOAD_FILES: z.coerce.number().int().min(1).max(10_000).default(500),
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** Anonymous /api/flow writes per IP per minute (signed-in homeowners: four times this, per homeowner). */
  FLOW_WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Release health beacons (POST /api/mfe/beacon) per IP per minute. */
  BEACON_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** A canary release is judged once this many sessions loaded it. */
  CANARY_SESSIONS: z.coerce.number().int().min(1).max(100_000).default(50),
  /** A canary is rolled back when its error rate exceeds the active release's by more than this (0–1). */
  CANARY_ERROR_MARGIN: z.coerce.number().min(0).max(1).default(0.1),
  /**
   * Sessions of one network (/24 IPv4, /48 IPv6) that count towards a release's error rate: a verdict takes sessions
   * from at least CANARY_SESSIONS ÷ this many networks (docs/releases.md "Health beacon").
   */
  CANARY_SESSIONS_PER_NETWORK: z.coerce.number().int().min(1).max(100_000).default(2),
  /**
   * A canary is rolled back when its users' p75 usable time or p75 INP is worse than the active release's by more than
   * this share (0.25 = 25 %) over its first CANARY_SESSIONS sessions that reported their speed.
   */
  CANARY_SPEED_MARGIN: z.coerce.number().min(0).max(10).default(0.25),
  /** Share of page loads (0–1) whose browser reports its speed (POST /api/mfe/vitals); 0 turns the reports off. */
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  /** Speed reports per IP per minute. */
  VITALS_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Days of speed reports kept (the field view's longest window). */
  // At least the Speed view's longest window (modules/vitals/rollup.ts takes each day off it before it goes).
  VITALS_KEPT_DAYS: z.coerce.number().int().min(90).max(400).default(90),
  /** EPC document uploads per IP, and per owner, per hour. */
  DOCUMENT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Archives of their data ("Download my data") one homeowner may download per hour. */
  EXPORT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** EPC documents pending validation per owner and property. */
  DOCUMENTS_PER_PROPERTY: z.coerce.number().int().min(1).default(5),
  /** MB of EPC documents one owner may upload per 24 hours. */
  DOCUMENT_MB_PER_DAY: z.coerce.number().int().min(1).default(50),
  /**
   * The SMTP server mails go through, e.g. smtps://user:pass@smtp.example.se:465; unset: every mail is written to
   * DATA_DIR/outbox.
   */
  SMTP_URL: z
    .url({ message: 'must be a URL such as smtps://user:password@smtp.example.se:465' })
    .refine((url) => /^smtps?:\/\//.test(url), 'must start with smtp:// or smtps://')
    .optional(),
  /** The sender of every mail. */
  MAIL_FROM: z.string().trim().min(3).max(254).default('Home Energy <no-reply@home-energy.invalid>'),
  /** "Forgot password?" requests per IP per hour. */
  PASSWORD_RESET_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /**
   * Who runs the service (the controller), as the privacy notice names it. The demo's is made up: a production start
   * refuses it (production-checklist.ts).
   */
  PRIVACY_OPERATOR_NAME: z.string().trim().min(2).max(200).default(DEMO_PRIVACY_OPERATOR.PRIVACY_OPERATOR_NAME),
  /** The controller's organisation number, address and where people write about their data (demo's refused too). */
  PRIVACY_OPERATOR_ORG_NUMBER: z
    .string()
    .trim()
    .min(2)
    .max(40)
    .default(DEMO_PRIVACY_OPERATOR.PRIVACY_OPERATOR_ORG_NUMBER),
  PRIVACY_OPERATOR_ADDRESS: z.string().trim().min(2).max(300).default(DEMO_PRIVACY_OPERATOR.PRIVACY_OPERATOR_ADDRESS),
  PRIVACY_CONTACT_EMAIL: z
    .email({ message: 'must be an email address' })
    .default(DEMO_PRIVACY_OPERATOR.PRIVACY_CONTACT_EMAIL),
  /** Months without a sign-in after which a homeowner's account is erased (docs/privacy.md "Retention"). */
  RETENTION_INACTIVE_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** Days before that erasure the homeowner is mailed. */
  RETENTION_NOTICE_DAYS: z.coerce.number().int().min(1).max(180).default(30),
  /** Months after a lead's final status (won, lost, declined, withdrawn) its personal data is removed. */
  RETENTION_LEAD_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /** Days a copy of a sent mail is kept in the outbox. */
  RETENTION_MAIL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** How often the retention sweep runs, in minutes. */
  RETENTION_SWEEP_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /**
   * Load the demo organisations and staff accounts at start (demo data, never in a real deployment). Default: the
   * mode's.
   */
  SEED_DEMO: booleanFlag.optional(),
  /**
   * The demo (what `npm start` runs): demo data, the BankID simulator and fake login allowed. Default: on outside
   * NODE_ENV=production; a production start without it must pass the checklist in production-checklist.ts.
   */
  DEMO_MODE: booleanFlag.optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'SEED_DEMO' | 'DEMO_MODE'> & {
  /** Demo mode (see DEMO_MODE); false means the production checklist was passed. */
  demo: boolean;
  SEED_DEMO: boolean;
  logLevel: string;
  releasesDir: string;
  bucketsDir: string;
  secureCookies: boolean;
  /** Where mails are written without SMTP_URL (and where failed deliveries are kept). */
  outboxDir: string;
  /** The object store's bucket when S3_ENDPOINT and S3_BUCKET are set; null: local folders. */
  s3: S3Settings | null;
};

export class ConfigError extends Error {}

/** These settings as they are when nothing sets them (tests and benches that build a config by hand). */
export function settingDefaults<K extends keyof z.infer<typeof envSchema>>(
  keys: readonly K[],
): Pick<z.infer<typeof envSchema>, K> {
  const defaults = envSchema.parse({});
  return Object.fromEntries(keys.map((key) => [key, defaults[key]])) as Pick<z.infer<typeof envSchema>, K>;
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
/** The S3 variables only make sense together: an endpoint with a bucket, both keys or neither. */
function s3ConfigProblems(config: {
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}): string[] {
  const problems: string[] = [];
  if (config.S3_ENDPOINT && !config.S3_BUCKET) problems.push('S3_BUCKET: required with S3_ENDPOINT');
  if (config.S3_BUCKET && !config.S3_ENDPOINT) problems.push('S3_ENDPOINT: required with S3_BUCKET');
  if (!!config.S3_ACCESS_KEY_ID !== !!config.S3_SECRET_ACCESS_KEY) {
    problems.push(
      config.S3_ACCESS_KEY_ID
        ? 'S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID'
        : 'S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY',
    );
  }
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { DEMO_MODE, SEED_DEMO, ...config } = parsed.data;
  if (config.METRICS_PORT !== undefined && !isLoopback(config.METRICS_HOST) && !config.METRICS_TOKEN) {
    throw new ConfigError(
      `Invalid configuration:\n  METRICS_TOKEN: required when METRICS_HOST (${config.METRICS_HOST}) is not a ` +
        `loopback address`,
    );
  }
  const s3Problems = s3ConfigProblems(config);
  if (s3Problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${s3Problems.map((line) => `  ${line}`).join('\n')}`);
  const demo = DEMO_MODE ?? config.NODE_ENV !== 'production';
  const problems = demo ? [] : productionConfigProblems({ ...config, SEED_DEMO: SEED_DEMO ?? false });
  if (problems.length > 0) {
    const lines = problems.map((p) => `  ${p.variable}: ${p.message}`);
    throw new ConfigError(
      `Production start refused (NODE_ENV=production without DEMO_MODE=true):\n${lines.join('\n')}`,
    );
  }
  return {
    ...config,
    demo,
    SEED_DEMO: SEED_DEMO ?? demo,
    DATA_DIR: path.resolve(config.DATA_DIR),
    SHELL_DIST: path.resolve(config.SHELL_DIST),
    // docs/product.md §9: log level error outside production, info in production.
    logLevel: config.LOG_LEVEL ?? (config.NODE_ENV === 'production' ? 'info' : 'error'),
    releasesDir: path.join(path.resolve(config.DATA_DIR), 'releases'),
    bucketsDir: path.resolve(config.BUCKETS_DIR ?? path.join(config.DATA_DIR, 'buckets')),
    outboxDir: path.join(path.resolve(config.DATA_DIR), 'outbox'),
    // __Host-/Secure cookies whenever the public URL is https (docs/auth.md §1.4), or when told so.
    secureCookies: config.SECURE_COOKIES ?? config.PUBLIC_URL?.startsWith('https://') ?? false,
    s3:
      config.S3_ENDPOINT && config.S3_BUCKET
        ? {
            endpoint: config.S3_ENDPOINT,
            bucket: config.S3_BUCKET,
            region: config.S3_REGION,
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            forcePathStyle: config.S3_FORCE_PATH_STYLE,
          }
        : null,
  };
}
