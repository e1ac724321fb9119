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

/** destination: where the lines go (standard output when not given). */
export function createLogger(level: string, format: LogFormat = 'json', destination?: NodeJS.WritableStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'bff' },
    redact: ['req.headers.cookie', 'req.headers.authorization'],
  };
  // Standard output written asynchronously: a line waits for the previous write instead of blocking the request that
  // logged it, and lines logged meanwhile go out together (pino flushes what is left when the process exits).
  if (format === 'json') return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
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
