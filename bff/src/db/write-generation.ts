// The "write generation" of one database handle: a counter that moves whenever this instance may have changed data
// (any statement that is not a plain read, sent through the handle's pool), and, on PostgreSQL, whenever another
// instance announces a write with NOTIFY. Read caches (db/read-cache.ts) keep an entry only for the generation it
// was read in, so a cached session, user or building is never served after a write that could have changed it.
import crypto from 'node:crypto';
import pg from 'pg';

/** The NOTIFY channel on which BFF instances (and the CLI) announce that they committed a write. */
export const WRITES_CHANNEL = 'bff_writes';

export class WriteGeneration {
  private count = 0;
  /** Names this instance in its NOTIFY payloads, so it does not drop its caches for its own announcements. */
  readonly instance = crypto.randomUUID();
  /** False while this instance cannot hear other instances' writes (LISTEN connection down): caches stand aside. */
  listening = true;

  get value(): number {
    return this.count;
  }

  bump(): void {
    this.count++;
  }
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

type StatementKind = 'read' | 'begin' | 'end' | 'write';

/**
 * Writes of computed outputs only, which no cache reads: a building's labels kept on its profile, the analytics
 * facts (profile_insights) and the rate-limit counters. Reading a building writes them (and a limited request the
 * counters), so counting them would empty the caches on every read.
 */
const OUTPUTS_ONLY = [
  /^\s*update\s+"building_profiles"\s+set\s+"calculated_class"\s*=\s*\$1,\s*"calculated_ep"\s*=\s*\$2,\s*"measured_class"\s*=\s*\$3,\s*"computed_at"\s*=\s*now\(\)\s+where\b/i,
  /^\s*insert\s+into\s+"?profile_insights"?\s/i,
  /^\s*(insert\s+into|update|delete\s+from)\s+"rate_limit_hits"\s/i,
];

const READ = /^[\s(]*(select|with|show|values|explain|listen)\b/i;
// Words that make a read-looking statement write (data-modifying CTEs, sequences, settings, notifications).
const WRITES_INSIDE = /\b(insert|update|delete|merge|truncate|nextval|setval|set_config|pg_notify|lo_\w+)\b/i;
const BEGIN = /^\s*(begin|start\s+transaction|savepoint|release|set)\b/i;
const END = /^\s*(commit|rollback|end|abort)\b/i;

/** How a statement's text affects cached reads; anything unrecognised counts as a write. */
export function statementKind(text: string | null): StatementKind {
  if (text === null) return 'write';
  if (OUTPUTS_ONLY.some((outputs) => outputs.test(text))) return 'read';
  if (READ.test(text)) return WRITES_INSIDE.test(text) ? 'write' : 'read';
  if (END.test(text)) return 'end';
  if (BEGIN.test(text)) return 'begin';
  return 'write';
}

function textOf(first: unknown): string | null {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string') return (first as { text: string }).text;
  return null;
}

/**
 * Wraps every client of the pool so that writes move the generation: once when sent (so a read racing it is not
 * kept) and once when finished or, inside a transaction, when it commits or rolls back (so a read that saw the
 * data before the commit is not kept either). `announce` tells other instances, after the write is visible.
 */
export function trackWrites(pool: pg.Pool, options: { announce: boolean }): WriteGeneration {
  const generation = new WriteGeneration();
  generations.set(pool, generation);
  const notifyText = `select pg_notify('${WRITES_CHANNEL}', '${generation.instance}')`;
  const announce = () => {
    if (options.announce) pool.query(notifyText).catch(() => undefined);
  };

  pool.on('connect', (client) => {
    const query = client.query as (...args: unknown[]) => unknown;
    let inTransaction = false;
    let wroteInTransaction = false;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = function trackedQuery(this: pg.Client, ...args: unknown[]) {
      const text = textOf(args[0]);
      if (text === notifyText) return query.apply(this, args);
      const kind = statementKind(text);
      if (kind === 'read') return query.apply(this, args);
      if (kind === 'begin') {
        if (/^\s*(begin|start)/i.test(text!)) inTransaction = true;
        return query.apply(this, args);
      }
      let finished: () => void;
      if (kind === 'end') {
        const wrote = wroteInTransaction;
        inTransaction = false;
        wroteInTransaction = false;
        if (!wrote) return query.apply(this, args);
        finished = () => {
          generation.bump();
          announce();
        };
      } else {
        generation.bump();
        if (inTransaction) {
          wroteInTransaction = true;
          finished = () => generation.bump();
        } else {
          finished = () => {
            generation.bump();
            announce();
          };
        }
      }
      return callAndThen(query, this, args, finished);
    };
  });
  return generation;
}

/** Calls client.query and runs `finished` once the query (callback, promise or submittable) has completed. */
function callAndThen(query: (...args: unknown[]) => unknown, self: unknown, args: unknown[], finished: () => void): unknown {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    finished();
  };
  const last = args.at(-1);
  if (typeof last === 'function') {
    const callback = last as (...a: unknown[]) => unknown;
    const wrapped = [...args.slice(0, -1), (...results: unknown[]) => {
      once();
      return callback(...results);
    }];
    return query.apply(self, wrapped);
  }
  const result = query.apply(self, args) as { then?: unknown; on?: unknown } | undefined;
  if (result && typeof result.then === 'function') {
    (result as Promise<unknown>).then(once, once);
  } else if (result && typeof result.on === 'function') {
    const emitter = result as { on: (event: string, listener: () => void) => void };
    emitter.on('end', once);
    emitter.on('error', once);
  } else {
    once();
  }
  return result;
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
      if (message.channel === WRITES_CHANNEL && message.payload !== generation.instance) generation.bump();
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
