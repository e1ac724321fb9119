import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type pg from 'pg';
import type { AuthCookies } from './cookies';

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How often one instance writes a session's sliding expiry back to its row. The cookie still rolls on every response;
 * the row's expiry lags it by at most this (against 30 days), instead of one UPDATE (a commit) per API request.
 */
export const SESSION_TOUCH_INTERVAL_MS = 10 * 60 * 1000;
const TOUCHES_REMEMBERED = 50_000;

/** The store's touch, skipped when this instance wrote the session's expiry within SESSION_TOUCH_INTERVAL_MS. */
function throttleTouch(store: session.Store, now: () => number = Date.now): session.Store {
  const written = new Map<string, number>();
  const remember = (sid: string) => {
    if (written.size >= TOUCHES_REMEMBERED) written.clear();
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

/** Sessions live in PostgreSQL (the `session` table of our migrations), so restarts and other instances see them. */
export function sessionMiddleware(options: { pool: pg.Pool; secret: string; cookies: AuthCookies; pruneExpired: boolean }) {
  const PgStore = connectPgSimple(session);
  return session({
    name: options.cookies.session,
    secret: options.secret,
    store: throttleTouch(
      new PgStore({ pool: options.pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: options.pruneExpired ? 15 * 60 : false }),
    ),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { ...options.cookies.options, maxAge: SESSION_MAX_AGE_MS },
  });
}
