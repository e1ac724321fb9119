import type { TestRequest } from './setup-dom';
import { jsonResponse } from '@home-energy/shared/testing/json-response';

/** What a route answers: a JSON response, or no response at all (offline). */
export type FakeAnswer = { status: number; body?: unknown } | 'network-error';

export const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

export { jsonResponse };

interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Installs global.fetch as a fake BFF: each `METHOD /path` answers from its queue of answers, the last one
 * repeating (so a polled route can answer "pending" once and "complete" from then on); unknown routes answer 404.
 */
export function installFakeBff() {
  const routes = new Map<string, FakeAnswer[]>();
  const seen: SeenRequest[] = [];
  const fetchMock = jest.fn(async (request: TestRequest) => {
    const { pathname } = new URL(request.url);
    const body = typeof request.init.body === 'string' ? (JSON.parse(request.init.body) as unknown) : undefined;
    seen.push({ method: request.method, path: pathname, body });
    const queue = routes.get(`${request.method} ${pathname}`);
    const answer: FakeAnswer = queue ? (queue.length > 1 ? queue.shift()! : queue[0]) : { status: 404, body: { error: 'not_found' } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return jsonResponse(answer.status, answer.body);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetch: fetchMock,
    /** Replaces what `METHOD path` answers from now on. */
    answer(method: string, path: string, ...answers: FakeAnswer[]) {
      routes.set(`${method} ${path}`, answers);
    },
    /** The JSON bodies sent to `METHOD path`, in order. */
    bodies(method: string, path: string): unknown[] {
      return seen.filter((r) => r.method === method && r.path === path).map((r) => r.body);
    },
  };
}

export type FakeBff = ReturnType<typeof installFakeBff>;
