import type { z } from 'zod';
import { HttpError, refuseUnstorableText } from '../../http/errors';

/**
 * Validates one part of a request: bad input → 400 `{ error: 'bad_request', message, issues }`, the message naming
 * the first field that was wrong (e.g. "Invalid body.installers.0.url: must be an http(s) URL").
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, where: 'params' | 'query' | 'body'): z.infer<T> {
  refuseUnstorableText(value, where);
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: [where, ...i.path].join('.'), message: i.message }));
  const first = issues[0];
  throw new HttpError(400, 'bad_request', first ? `Invalid ${first.path}: ${first.message}` : `Invalid ${where}`, issues);
}

/** Postgres unique_violation, through drizzle's wrapping (the driver error is the cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
