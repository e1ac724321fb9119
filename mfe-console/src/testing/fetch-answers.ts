import type { TestRequest } from './setup-dom';
import { jsonResponse } from '@home-energy/shared/testing/json-response';

export { jsonResponse };

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
