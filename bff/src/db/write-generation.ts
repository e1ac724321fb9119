// The "write generation" of one database handle: a counter that moves whenever this instance may have changed data
// (a write through the handle's drizzle database, db/tracked-db.ts, or the session store), and, on PostgreSQL,
// whenever another instance announces a write with NOTIFY. Read caches (db/read-cache.ts) keep an entry only for the
// generation it was read in, so a cached session, user or building is never served after a write that could have
// changed it.
import crypto from 'node:crypto';
import pg from 'pg';

/** The NOTIFY channel on which BFF instances (and the CLI) announce that they committed a write. */
export const WRITES_CHANNEL = 'bff_writes';

/**
 * What a write may have changed: `all` (any table; the drizzle handle, raw SQL, other processes) or `sessions` (the
 * session store's own writes, which touch only the `session` table). A cache that reads no session row ignores the
 * latter, so a session touch or sign-in does not empty the building cache.
 */
export type WriteScope = 'all' | 'sessions';

/** What a read cache reads: session rows only, or anything else (`data`). */
export type ReadScope = 'data' | 'sessions';

export class WriteGeneration {
  private count = 0;
  private dataCount = 0;
  /** Names this instance in its NOTIFY payloads, so it does not drop its caches for its own announcements. */
  readonly instance = crypto.randomUUID();
  /** False while this instance cannot hear other instances' writes (LISTEN connection down): caches stand aside. */
  listening = true;

  /** Moves on every write. */
  get value(): number {
    return this.count;
  }

  /** The generation a cache reading `reads` follows: session caches move on every write, others not on sessions'. */
  valueFor(reads: ReadScope): number {
    return reads === 'sessions' ? this.count : this.dataCount;
  }

  bump(scope: WriteScope = 'all'): void {
    this.count++;
    if (scope === 'all') this.dataCount++;
  }

  /** Tells other instances of a committed write (set on PostgreSQL by trackWrites). */
  announce: (scope: WriteScope) => void = () => undefined;

  /** A write of ours has committed: caches here drop what they read, and other instances hear of it. */
  wrote(scope: WriteScope = 'all'): void {
    this.bump(scope);
    this.announce(scope);
  }
}

/** A NOTIFY payload: the announcing instance, then ` sessions` for a session-only write. */
export const writesPayload = (instance: string, scope: WriteScope) =>
  scope === 'sessions' ? `${instance} sessions` : instance;

/** What another instance's NOTIFY says was written: our own (null), sessions only, or else (any other payload) all. */
export function scopeOfPayload(payload: string | undefined, instance: string): WriteScope | null {
  const [from, scope, ...more] = (payload ?? '').split(' ');
  if (from === instance) return null;
  return scope === 'sessions' && more.length === 0 ? 'sessions' : 'all';
}

/**
 * How another process of ours that wrote to an embedded database (the CLI attached to a running PGlite BFF) tells the
 * process serving it: PGlite delivers no NOTIFY between the connections of its socket server.
 */
export const WRITES_SIGNAL = 'SIGUSR2';

/** Moves the generation whenever an attached process signals that it wrote. Returns the stop. */
export function hearWriteSignals(generation: WriteGeneration): () => void {
  const listener = () => generation.bump();
  process.on(WRITES_SIGNAL, listener);
  return () => {
    process.off(WRITES_SIGNAL, listener);
  };
}

/** Tells the process serving an embedded database that this one wrote to it (nothing when that process is gone). */
export function signalWrites(pid: number): void {
  try {
    process.kill(pid, WRITES_SIGNAL);
  } catch {
    // Gone: nothing of ours is cached there any more.
  }
}

const generations = new WeakMap<pg.Pool, WriteGeneration>();

/** The generation behind a drizzle database (its pool). */
export function writeGenerationOfDb(db: object): WriteGeneration {
  const client = (db as { $client?: unknown }).$client;
  return writeGenerationOf((client ?? db) as pg.Pool);
}

/** The generation of a pool made by db/client.ts; a pool we do not track gets one that never lets a cache serve. */
export function writeGenerationOf(pool: pg.Pool): WriteGeneration {
  let generation = generations.get(pool);
  if (!generation) {
    generation = new WriteGeneration();
    generation.listening = false;
    generations.set(pool, generation);
  }
  return generation;
}

/**
 * Gives a pool of ours its generation; `announce` tells other instances (NOTIFY) after each committed write. The
 * writes themselves are reported by the database handle's drizzle wrapper (db/tracked-db.ts) and the session store.
 */
export function trackWrites(pool: pg.Pool, options: { announce: boolean }): WriteGeneration {
  const generation = new WriteGeneration();
  generations.set(pool, generation);
  if (options.announce) {
    const notify = `select pg_notify('${WRITES_CHANNEL}', $1)`;
    generation.announce = (scope) =>
      void pool.query(notify, [writesPayload(generation.instance, scope)]).catch(() => undefined);
  }
  return generation;
}

/**
 * Keeps one connection LISTENing on WRITES_CHANNEL and moves the generation on every other instance's write. While
 * that connection is down (and until it is back), `listening` is false, so caches serve nothing they could not hear
 * invalidated; on reconnect the generation moves once more, for whatever was missed meanwhile.
 */
export function listenForWrites(url: string, generation: WriteGeneration): { stop(): Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  generation.listening = false;

  const lost = (which: pg.Client) => {
    if (which !== client) return;
    client = null;
    generation.listening = false;
    generation.bump();
    which.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(connect, 500);
  };

  async function connect() {
    retry = null;
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel !== WRITES_CHANNEL) return;
      const scope = scopeOfPayload(message.payload, generation.instance);
      if (scope) generation.bump(scope);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${WRITES_CHANNEL}`);
      if (client !== next || stopped) return;
      generation.bump();
      generation.listening = true;
    } catch {
      lost(next);
    }
  }
  void connect();

  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      generation.listening = false;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
