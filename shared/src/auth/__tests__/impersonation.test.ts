import { authClientConfig } from '../client';
import { ImpersonationError, startImpersonating, stopImpersonating } from '../impersonation';

type Call = [string, RequestInit];

function answer(status: number, body?: unknown) {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

let calls: Call[];
let refreshed: { event?: string }[];

beforeEach(() => {
  calls = [];
  refreshed = [];
  authClientConfig._getSession = async (params) => {
    refreshed.push(params ?? {});
  };
});

function fetchAnswering(status: number, body?: unknown) {
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return answer(status, body);
  }) as unknown as typeof fetch;
}

describe('impersonation client', () => {
  it('starts: POSTs the organisation as JSON, then re-reads the session', async () => {
    fetchAnswering(200, { impersonating: { slug: 'demo-bank', name: 'Demo Bank' } });
    await expect(startImpersonating('demo-bank')).resolves.toEqual({ slug: 'demo-bank', name: 'Demo Bank' });
    expect(calls).toEqual([
      [
        '/api/admin/impersonation',
        expect.objectContaining({ method: 'POST', credentials: 'same-origin', body: '{"organisation":"demo-bank"}' }),
      ],
    ]);
    expect(calls[0][1].headers).toEqual({ 'Content-Type': 'application/json' });
    expect(refreshed).toEqual([{ event: 'storage' }]);
  });

  it('stops: DELETE, then re-reads the session', async () => {
    fetchAnswering(204);
    await stopImpersonating();
    expect(calls.map(([url, init]) => [url, init.method])).toEqual([['/api/admin/impersonation', 'DELETE']]);
    expect(refreshed).toHaveLength(1);
  });

  it("rejects with the server's message and status, leaving the session alone", async () => {
    fetchAnswering(404, { error: 'not_found', message: 'No active organisation "gone".' });
    const error = await startImpersonating('gone').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImpersonationError);
    expect(error).toMatchObject({ message: 'No active organisation "gone".', status: 404 });
    expect(refreshed).toEqual([]);
  });
});
