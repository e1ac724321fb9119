import { jsonResponse } from './json-response';

/** One request as the fake BFF saw it (from RTK Query's Request or a plain fetch(url, init)). */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeAnswer = [status: number, body?: unknown];
export type FakeRoute = (request: SeenRequest, match: RegExpExecArray) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Installs global.fetch as a small in-memory BFF for component tests: routes are "METHOD /path/regex" → handler;
 * anything unrouted answers 404 and is listed in `unrouted` (tests assert it stays empty). `requests` records every
 * call.
 */
export function installFakeBff(routes: Record<string, FakeRoute>) {
  const requests: SeenRequest[] = [];
  const unrouted: string[] = [];
  const table = Object.entries(routes).map(([key, handler]) => {
    const [method, pattern] = key.split(' ');
    return { method, pattern: new RegExp(`^${pattern}$`), handler };
  });
  const mock = jest.fn(async (input: unknown, init?: RequestInit) => {
    const request = input as { url?: string; method?: string; init?: RequestInit };
    const url = new URL(typeof input === 'string' ? input : (request.url ?? ''), 'http://localhost');
    const options = typeof input === 'string' ? (init ?? {}) : (request.init ?? {});
    const method = (typeof input === 'string' ? (init?.method ?? 'GET') : (request.method ?? 'GET')).toUpperCase();
    const raw = options.body;
    const seen: SeenRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof raw === 'string' && raw ? JSON.parse(raw) : undefined,
    };
    requests.push(seen);
    for (const route of table) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (match) {
        const [status, body] = await route.handler(seen, match);
        return jsonResponse(status, body);
      }
    }
    unrouted.push(`${method} ${url.pathname}`);
    return jsonResponse(404, { error: 'not_found', message: 'No such route in the fake BFF' });
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return {
    requests,
    unrouted,
    mock,
    /** The requests with this method to paths matching `path`. */
    calls(method: string, path: RegExp | string) {
      return requests.filter(
        (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      );
    },
  };
}
