import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import type { AuthCookies } from './cookies';
import { ReadCache } from '../db/read-cache';
import { writeGenerationOf } from '../db/write-generation';

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How often one instance writes a session's sliding expiry back to its row. The cookie still rolls on every response;
 * the row's expiry lags it by at most this (against 30 days), instead of one UPDATE (a commit) per API request.
 */
export const SESSION_TOUCH_INTERVAL_MS = 10 * 60 * 1000;
const TOUCHES_REMEMBERED = 50_000;

/** The store's touch, skipped when this instance wrote the session's expiry within SESSION_TOUCH_INTERVAL_MS. */
function throttleTouch(store: session.Store, now: () => number = Date.now): session.Store {
  const written = new LRUCache<string, number>({ max: TOUCHES_REMEMBERED });
  const remember = (sid: string) => {
    written.set(sid, now());
  };
  const { touch, set, destroy } = store;
  store.touch = (sid, sess, callback) => {
    const last = written.get(sid);
    if (last !== undefined && now() - last < SESSION_TOUCH_INTERVAL_MS) return callback?.();
    remember(sid);
    touch!.call(store, sid, sess, callback);
  };
  store.set = (sid, sess, callback) => {
    remember(sid);
    set.call(store, sid, sess, callback);
  };
  store.destroy = (sid, callback) => {
    written.delete(sid);
    destroy.call(store, sid, callback);
  };
  return store;
}

const SESSIONS_CACHED = 50_000;

/**
 * The store's get, answered from memory while nothing was written since (db/read-cache.ts): a session row is read
 * once, not on every API request. Kept as JSON (express-session changes the object it gets); never past its cookie's
 * expiry, which is at or before the row's.
 */
function cacheSessions(store: session.Store, pool: pg.Pool): session.Store {
  const generation = writeGenerationOf(pool);
  const cache = new ReadCache<string | null>(generation, {
    name: 'session',
    max: SESSIONS_CACHED,
    reads: 'sessions',
  });
  const { get, set, destroy } = store;
  const load = (sid: string) =>
    new Promise<string | null>((resolve, reject) =>
      get.call(store, sid, (error, sess) => (error ? reject(error) : resolve(sess ? JSON.stringify(sess) : null))),
    );
  const expiryOf = (json: string | null) => {
    const expires = json ? (JSON.parse(json) as session.SessionData).cookie?.expires : undefined;
    return expires ? new Date(expires).getTime() : Infinity;
  };
  store.get = (sid, callback) => {
    cache
      .read(sid, () => load(sid), { keep: (json) => json !== null, until: expiryOf })
      .then(
        (json) => callback(null, json ? JSON.parse(json) : null),
        (error) => callback(error),
      );
  };
  // The store writes through the pool, not the tracked database: it reports its own writes (db/tracked-db.ts), which
  // change only the session table, so caches of other tables keep their entries.
  const reported = (callback?: (error?: unknown) => void) => (error?: unknown) => {
    generation.wrote('sessions');
    callback?.(error);
  };
  const { touch } = store;
  store.set = (sid, sess, callback) => {
    cache.delete(sid);
    set.call(store, sid, sess, reported(callback));
  };
  store.destroy = (sid, callback) => {
    cache.delete(sid);
    destroy.call(store, sid, reported(callback));
  };
  store.touch = (sid, sess, callback) => touch!.call(store, sid, sess, reported(callback));
  return store;
}

/** Sessions live in PostgreSQL (the `session` table of our migrations), so restarts and other instances see them. */
export function createSessionStore(options: { pool: pg.Pool; pruneExpired: boolean }): session.Store {
  const PgStore = connectPgSimple(session);
  return throttleTouch(
    cacheSessions(
      new PgStore({
        pool: options.pool,
        tableName: 'session',
        createTableIfMissing: false,
        pruneSessionInterval: options.pruneExpired ? 15 * 60 : false,
      }),
      options.pool,
    ),
  );
}

/** express-session over the store; the session fast path (session-fast-path.ts) reads the same store. */
export function sessionMiddleware(options: { store: session.Store; secret: string; cookies: AuthCookies }) {
  return session({
    name: options.cookies.session,
    secret: options.secret,
    store: options.store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { ...options.cookies.options, maxAge: SESSION_MAX_AGE_MS },
  });
}
