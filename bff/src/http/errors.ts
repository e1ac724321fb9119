import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import type { Logger } from '../logger';
import { unstorableText } from './storable-text';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from './unavailable';
import { loggableUrl } from './request-log';

/** An error a route throws on purpose: its status and message reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Validates one part of a request with a zod schema: bad input → 400 naming what was wrong. */
export function parse<T extends z.ZodType>(schema: T, value: unknown, where: 'params' | 'query' | 'body'): z.infer<T> {
  refuseUnstorableText(value, where);
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: [where, ...i.path].join('.'), message: i.message }));
  const first = issues[0];
  throw new HttpError(
    400,
    'bad_request',
    first ? `Invalid ${first.path}: ${first.message}` : `Invalid ${where}`,
    issues,
  );
}

/** NUL or unpaired surrogates anywhere in an input: a 400 naming where, before any schema or database sees it. */
export function refuseUnstorableText(value: unknown, where: 'params' | 'query' | 'body'): void {
  const found = unstorableText(value, [where]);
  if (found) throw new HttpError(400, 'bad_request', `Invalid ${found.path}: ${found.message}`, [found]);
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: 'not_found', message: `No API route ${req.method} ${req.originalUrl.split('?')[0]}` });
};

/**
 * The one error middleware: known errors keep their status; anything else is a 500 with a request id, never a stack.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const requestId = String(req.id ?? '');
    if (err instanceof HttpError) {
      res
        .status(err.status)
        .json({ error: err.code, message: err.message, ...(err.details ? { issues: err.details } : {}) });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn({ err, requestId, url: loggableUrl(req.originalUrl) }, 'database unavailable');
      if (res.headersSent) return;
      res.status(503).set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S)).json({
        error: 'unavailable',
        message: 'The service is briefly unavailable. Try again in a few seconds.',
        requestId,
      });
      return;
    }
    // body-parser and friends mark client errors with a 4xx status (malformed JSON, body too large, ...).
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status < 500) {
      res.status(status).json({ error: err.type ?? 'bad_request', message: err.expose ? err.message : 'Bad request' });
      return;
    }
    logger.error({ err, requestId, url: loggableUrl(req.originalUrl) }, 'request failed');
    if (res.headersSent) return;
    res.status(500).json({ error: 'internal_error', message: 'Something went wrong on our side.', requestId });
  };
}
