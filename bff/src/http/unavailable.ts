// When the database cannot be reached the caller gets a prompt 503 with a retry hint, not a 500 or a hung request.

/** Seconds a client should wait before retrying while the database is unavailable (the Retry-After header). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Socket errors of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs meaning "the server is going away, not there yet, or too slow", never "your query is wrong":
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 57014 query_canceled (statement timeout),
 * 53300 too_many_connections; and class 08, connection exceptions.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** node-postgres and pg-pool report a lost or never made connection with these messages (no code). */
const MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pool: no client within connectionTimeoutMillis
  /is not queryable$/, // a client whose connection already failed (e.g. the ROLLBACK after a lost transaction)
  /^Query read timeout$/,
];

function isUnavailableCause(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}

/** Whether an error (or what it wraps: drizzle puts the driver's error in `cause`) says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (isUnavailableCause(current)) return true;
    // AggregateError: a connection attempt to each address of a host name (e.g. localhost → ::1 and 127.0.0.1).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0 && errors.every(isUnavailableCause)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
