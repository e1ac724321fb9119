// Read caches (db/read-cache.ts) must hear of every write. The drizzle database of a handle is wrapped so that its
// query builder reports them: `insert`, `update` and `delete` (given a table), raw `execute` (tables unknown, so
// always a write), and transactions, whose writes count when the transaction ends. Nothing reads SQL text.
import type { WriteGeneration } from './write-generation';

/** Where a write is reported: straight to the generation, or to the transaction it runs in. */
interface Writes {
  readonly transaction: boolean;
  /** A write is about to be sent: a read running meanwhile must not be kept. */
  sent(): void;
  /** It has finished (outside a transaction: committed). */
  done(): void;
}

type Method = (...args: unknown[]) => unknown;

const WRITES = new Set<PropertyKey>(['insert', 'update', 'delete', 'execute', 'refreshMaterializedView']);
const untracked = new WeakMap<object, object>();

/** A builder (or prepared query) that calls `settled` once its statement has finished, whether it failed or not. */
function untilSettled<T extends object>(builder: T, settled: () => void): T {
  const proxy: T = new Proxy(builder, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as Method;
      if (prop === 'then') {
        return (onFulfilled?: Method, onRejected?: Method) =>
          new Promise((resolve, reject) => method.call(target, resolve, reject))
            .finally(settled)
            .then(onFulfilled, onRejected);
      }
      if (prop === 'catch') return (onRejected: Method) => (proxy as PromiseLike<unknown>).then(undefined, onRejected);
      if (prop === 'finally') return (onFinally: () => void) => Promise.resolve(proxy).finally(onFinally);
      if (prop === 'execute')
        return (...args: unknown[]) => Promise.resolve(method.apply(target, args)).finally(settled);
      return (...args: unknown[]) => {
        const result = method.apply(target, args);
        if (result === target) return proxy;
        const chained =
          result && typeof result === 'object' && typeof (result as { execute?: unknown }).execute === 'function';
        return chained ? untilSettled(result as object, settled) : result;
      };
    },
  });
  return proxy;
}

function track<T extends object>(db: T, writes: Writes, generation: WriteGeneration): T {
  const proxy = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as Method;
      if (WRITES.has(prop)) {
        return (...args: unknown[]) => {
          writes.sent();
          return untilSettled(method.apply(target, args) as object, () => writes.done());
        };
      }
      // `db.with(cte)` offers insert, update and delete of its own.
      if (prop === 'with')
        return (...args: unknown[]) => track(method.apply(target, args) as object, writes, generation);
      if (prop === 'transaction') {
        return (run: (tx: object) => unknown, config?: unknown) => {
          if (writes.transaction)
            return method.call(target, (tx: object) => run(track(tx, writes, generation)), config);
          let wrote = false;
          const inside: Writes = {
            transaction: true,
            sent: () => {
              wrote = true;
              generation.bump();
            },
            done: () => undefined,
          };
          const ended = () => {
            if (wrote) generation.wrote();
          };
          return (
            method.call(target, (tx: object) => run(track(tx, inside, generation)), config) as Promise<unknown>
          ).finally(ended);
        };
      }
      return method;
    },
  });
  untracked.set(proxy, db);
  return proxy;
}

/** The handle's database, reporting its writes to `generation`. */
export function trackedDb<T extends object>(db: T, generation: WriteGeneration): T {
  const writes: Writes = { transaction: false, sent: () => generation.bump(), done: () => generation.wrote() };
  return track(db, writes, generation);
}

/**
 * The same database (or transaction) without reporting: for writes of computed outputs that no cache reads (a
 * building's stored labels, analytics facts, rate-limit counters). Reporting them would empty the caches on every
 * read, since reading a building writes them. The guard test (db/__tests__/tracked-db.test.ts) lists every caller.
 */
export function outputsOnly<T extends object>(db: T): T {
  return (untracked.get(db) as T | undefined) ?? db;
}

/** The same database for a raw SQL read (`execute` cannot tell a read from a write, so it assumes a write). */
export const readsOnly = outputsOnly;
