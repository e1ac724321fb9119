// A fake BFF for the remotes' page tests: answers queued per `METHOD /path` (see also fake-bff.ts, routed by pattern).
import type { TestRequest } from './setup-dom';
import { jsonResponse } from './json-response';

export { jsonResponse };

/** What a route answers: a JSON response, a function of the request body (and URL), or no response at all (offline). */
type Answered = { status: number; body?: unknown };
export type FakeAnswer = Answered | ((body: unknown, url: URL) => Answered | Promise<Answered>) | 'network-error';

export const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * global.fetch as a fake BFF: each `METHOD /path` answers from its queue (the last answer repeats); unknown routes
 * answer 404. Every request is recorded, so tests can assert what the page sent and how often it asked.
 */
export function installFakeBff() {
  const routes = new Map<string, FakeAnswer[]>();
  const seen: SeenRequest[] = [];
  const fetchMock = jest.fn(async (request: TestRequest) => {
    const url = new URL(request.url);
    const { pathname } = url;
    const body = typeof request.init.body === 'string' ? (JSON.parse(request.init.body) as unknown) : undefined;
    seen.push({ method: request.method, path: pathname, body });
    const queue = routes.get(`${request.method} ${pathname}`);
    const answer: FakeAnswer = queue
      ? queue.length > 1
        ? queue.shift()!
        : queue[0]
      : { status: 404, body: { error: 'not_found' } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const { status, body: responseBody } = typeof answer === 'function' ? await answer(body, url) : answer;
    return jsonResponse(status, responseBody);
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
    count(method: string, path: string): number {
      return seen.filter((r) => r.method === method && r.path === path).length;
    },
  };
}

export type FakeBff = ReturnType<typeof installFakeBff>;

/** An answer the test releases when it wants (to see what the page shows meanwhile). */
export function heldAnswer(answer: Answered) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { answer: async () => (await released, answer), release };
}
