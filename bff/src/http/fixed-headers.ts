// Security headers that are the same on every response (helmet's, with our CSP), worked out once at start-up and
// then set as they are: helmet runs a chain of a dozen small middlewares per request to set the same values.
import type { RequestHandler } from 'express';

/** The headers `middleware` sets on a response, found by running it once against a recording response. */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const headers = new Map<string, string | number | readonly string[]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, value);
      removed.delete(name.toLowerCase());
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name);
      removed.add(name.toLowerCase());
    },
    getHeader: (name: string) => headers.get(name),
  };
  let called = false;
  middleware(
    { headers: {}, method: 'GET', url: '/' } as never,
    recorder as never,
    ((error?: unknown) => {
      if (error) throw error;
      called = true;
    }) as never,
  );
  // A middleware that answers asynchronously or per request cannot be replayed like this.
  if (!called) throw new Error('fixedHeaders: the middleware did not finish synchronously');
  const entries = [...headers];
  return (_req, res, next) => {
    for (const [name, value] of entries) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
