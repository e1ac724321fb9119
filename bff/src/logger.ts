import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;
/** json: one JSON object per line, for log shippers. text: one short line per entry, for a terminal. */
export type LogFormat = 'json' | 'text';

interface RequestEntry {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** A request entry (http/request-log.ts) as "GET /api/x 200 12 ms"; any other entry keeps its message. */
export function textMessage(entry: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = entry as RequestEntry;
  const message = String(entry[messageKey] ?? '');
  if (!req?.method) return message;
  const line = `${req.method} ${req.url} ${res?.statusCode ?? '-'} ${responseTime ?? '-'} ms`;
  return message === 'request completed' ? line : `${line} (${message})`;
}

/**
 * Standard output written asynchronously and in batches: a request's line never blocks it, and lines go out in writes
 * of 4 KB or every half second, whichever comes first, instead of one write (and one wake-up of whoever reads the
 * log) per request. pino writes what is left when the process exits; a process killed outright loses at most that
 * half second (docs/operations.md, LOG_FORMAT).
 */
const STDOUT_BATCHED = { dest: 1, sync: false, minLength: 4096, periodicFlush: 500 } as const;

/** destination: where the lines go (standard output when not given). */
export function createLogger(level: string, format: LogFormat = 'json', destination?: NodeJS.WritableStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'bff' },
    redact: ['req.headers.cookie', 'req.headers.authorization'],
  };
  if (format === 'json') return pino(options, destination ?? pino.destination(STDOUT_BATCHED));
  const stream = pretty({
    singleLine: true,
    sync: true,
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service,req,res,responseTime',
    messageFormat: textMessage,
    ...(destination ? { destination } : {}),
  });
  return pino(options, stream);
}
