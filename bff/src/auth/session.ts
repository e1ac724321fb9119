import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type pg from 'pg';
import type { AuthCookies } from './cookies';

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Sessions live in PostgreSQL (the `session` table of our migrations), so restarts and other instances see them. */
export function sessionMiddleware(options: { pool: pg.Pool; secret: string; cookies: AuthCookies; pruneExpired: boolean }) {
  const PgStore = connectPgSimple(session);
  return session({
    name: options.cookies.session,
    secret: options.secret,
    store: new PgStore({ pool: options.pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: options.pruneExpired ? 15 * 60 : false }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { ...options.cookies.options, maxAge: SESSION_MAX_AGE_MS },
  });
}
