import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';
import { keepProtocolBatchesTogether } from './pglite-batches';
import { trackedDb } from './tracked-db';
import { hearWriteSignals, listenForWrites, signalWrites, trackWrites, writeGenerationOf } from './write-generation';

export type Db = NodePgDatabase<typeof schema>;

/**
 * The database behind the BFF. Both kinds are reached through one node-postgres pool, so every query, the
 * session store and the tools run the same code: a PostgreSQL server (DATABASE_URL), or embedded PGlite served
 * on a private Unix socket by this process (pglite-socket keeps each transaction on its own connection).
 */
export interface DatabaseHandle {
  kind: 'postgres' | 'pglite';
  db: Db;
  pool: pg.Pool;
  /** A postgres:// URL other processes on this machine can use while this handle is open. */
  url: string;
  close(): Promise<void>;
}

type PoolLimits = Pick<pg.PoolConfig, 'connectionTimeoutMillis' | 'statement_timeout'>;

/**
 * Serving on PostgreSQL: with the server down a request gets its 503 (http/unavailable.ts) within about a second
 * instead of waiting for a connection, and no statement holds a request (and its connection) for long.
 */
export const SERVING_POSTGRES_LIMITS: PoolLimits = { connectionTimeoutMillis: 1_000, statement_timeout: 15_000 };

function handleFor(
  kind: DatabaseHandle['kind'],
  url: string,
  poolMax: number,
  onClose: () => Promise<void>,
  limits: PoolLimits = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...limits,
  });
  // An idle client losing its server must not crash the process; the next query reports the error.
  pool.on('error', () => undefined);
  // Nor may a checked-out one (mid-transaction, between statements), which has no pool listener: its loss reaches
  // the query waiting on it ("not queryable", a 503) and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Read caches follow the writes made through this handle's database (db/tracked-db.ts). One embedded database has
  // one process writing to it; on PostgreSQL the instances announce their writes to each other
  // (db/write-generation.ts).
  const generation = trackWrites(pool, { announce: kind === 'postgres' });
  const listener = kind === 'postgres' ? listenForWrites(url, generation) : null;
  return {
    kind,
    db: trackedDb(drizzle(pool, { schema }), generation),
    pool,
    url,
    async close() {
      await listener?.stop();
      await pool.end();
      await onClose();
    },
  };
}

export function openPostgres(url: string, poolMax = 10, limits: PoolLimits = {}): DatabaseHandle {
  return handleFor('postgres', url, poolMax, async () => undefined, limits);
}

interface LockInfo {
  pid: number;
  /** The directory of the serving process's Unix socket (`.s.PGSQL.5432`), readable by this user only. */
  socketDir: string;
}

/** node-postgres reaches a Unix socket through `host` = its directory (the file is `.s.PGSQL.<port>`). */
const SOCKET_FILE = '.s.PGSQL.5432';
const socketUrl = (socketDir: string) => `postgres://postgres@/postgres?host=${encodeURIComponent(socketDir)}`;
/** Unix socket paths are limited to 107 bytes on Linux; a longer data dir gets a private directory under /tmp. */
const MAX_SOCKET_PATH = 100;

function readLock(lockFile: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as LockInfo;
    process.kill(info.pid, 0); // throws when that process is gone
    return typeof info.socketDir === 'string' ? info : null;
  } catch {
    return null;
  }
}

/** A directory only this user can enter (created 0700, or narrowed to it): other local users reach nothing inside. */
function privateDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  return dir;
}

export class DataDirInUseError extends Error {}

/**
 * Opens the embedded database in `dataDir` (created and initialised on first use). When another process of ours
 * already serves that directory, `attach: true` connects to it instead (the release CLI while the BFF runs);
 * otherwise that is an error, because PGlite allows one process per directory. The database is served on a Unix
 * socket in a directory only this user can enter (PGlite has no passwords): no TCP port, no other local user.
 */
export async function openPglite(options: {
  dataDir?: string;
  poolMax?: number;
  attach?: boolean;
}): Promise<DatabaseHandle> {
  const poolMax = options.poolMax ?? 10;
  const lockFile = options.dataDir ? path.join(options.dataDir, 'pglite.lock.json') : null;
  if (lockFile) {
    privateDir(options.dataDir!);
    const running = readLock(lockFile);
    if (running && running.pid !== process.pid) {
      if (options.attach) {
        // The serving process caches reads: after writing, tell it (db/write-generation.ts).
        const attached: DatabaseHandle = handleFor(
          'pglite',
          socketUrl(running.socketDir),
          Math.min(poolMax, 2),
          async () => {
            if (writeGenerationOf(attached.pool).value > 0) signalWrites(running.pid);
          },
        );
        return attached;
      }
      throw new DataDirInUseError(
        `The data directory ${options.dataDir} is in use by process ${running.pid}. Stop it, or use ` +
          `DATABASE_URL for several instances.`,
      );
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const pglite = await PGlite.create({
    dataDir: options.dataDir ? path.join(options.dataDir, 'pg') : undefined,
  });
  const fitsDataDir =
    options.dataDir && path.join(path.resolve(options.dataDir), SOCKET_FILE).length <= MAX_SOCKET_PATH;
  const ownSocketDir = !fitsDataDir;
  const socketDir = fitsDataDir
    ? path.resolve(options.dataDir!)
    : privateDir(fs.mkdtempSync(path.join(os.tmpdir(), 'home-energy-db-')));
  const socketPath = path.join(socketDir, SOCKET_FILE);
  // A process killed while serving leaves its socket file behind; the lock said nobody serves it now.
  fs.rmSync(socketPath, { force: true });
  const server = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: poolMax + 4 });
  keepProtocolBatchesTogether(server);
  await server.start();
  fs.chmodSync(socketPath, 0o600);
  if (lockFile)
    fs.writeFileSync(lockFile, JSON.stringify({ pid: process.pid, socketDir } satisfies LockInfo), { mode: 0o600 });
  let stopHearing = () => undefined as void;
  const handle = handleFor('pglite', socketUrl(socketDir), poolMax, async () => {
    stopHearing();
    await server.stop();
    await pglite.close();
    if (lockFile && readLock(lockFile)?.pid === process.pid) fs.rmSync(lockFile, { force: true });
    fs.rmSync(ownSocketDir ? socketDir : socketPath, { recursive: true, force: true });
  });
  // Other processes can attach only through the lock file: only then can they write behind this one's caches.
  if (lockFile) stopHearing = hearWriteSignals(writeGenerationOf(handle.pool));
  return handle;
}

export interface DatabaseSettings {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DATABASE_POOL_MAX: number;
}

export function openDatabase(config: DatabaseSettings, options: { attach?: boolean } = {}): Promise<DatabaseHandle> {
  if (config.DATABASE_URL)
    return Promise.resolve(openPostgres(config.DATABASE_URL, config.DATABASE_POOL_MAX, SERVING_POSTGRES_LIMITS));
  return openPglite({
    dataDir: path.join(config.DATA_DIR, 'db'),
    poolMax: config.DATABASE_POOL_MAX,
    attach: options.attach,
  });
}
