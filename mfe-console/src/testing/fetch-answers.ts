import type { TestRequest } from './setup-dom';

/** A JSON answer shaped like a fetch Response, as far as fetchBaseQuery reads one. */
export function jsonResponse(status: number, body: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const response = {
    status,
    ok: status >= 200 && status < 300,
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    clone: () => jsonResponse(status, body),
  };
  return response;
}

/**
 * Installs global.fetch answering GET /api/console/org/{org}/details from `organisations` (404 when missing,
 * or the given status). Returns the mock so tests can look at the calls.
 */
export function installDetailsFetch(organisations: Record<string, unknown | number>) {
  const mock = jest.fn(async (request: TestRequest) => {
    const { pathname } = new URL(request.url);
    const match = /^\/api\/console\/org\/([^/]+)\/details$/.exec(pathname);
    if (!match) return jsonResponse(404, { error: 'not_found' });
    const answer = organisations[decodeURIComponent(match[1])];
    if (answer === undefined) return jsonResponse(404, { error: 'not_found' });
    if (typeof answer === 'number') return jsonResponse(answer, { error: 'failed' });
    return jsonResponse(200, answer);
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}
