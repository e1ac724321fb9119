import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../base-api';
import { propertyApi } from '../property-api';
import { jsonResponse } from '../../../testing/json-response';

// fetchBaseQuery builds a Request from '/api/...'; Node's Request needs an absolute URL (a browser resolves it).
const NodeRequest = globalThis.Request;
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
  }
}

function storeWith(answer: (url: string, init: RequestInit | undefined) => ReturnType<typeof jsonResponse>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  globalThis.fetch = (async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const body = request.method === 'GET' ? undefined : await request.clone().text();
    calls.push({ url: request.url, method: request.method, body: body ? JSON.parse(body) : undefined });
    return answer(request.url, init);
  }) as typeof fetch;
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (d) => d().concat(baseApi.middleware),
  });
  return { store, calls };
}

const text = { name: 'terms', locale: 'sv', title: 'Villkor', body: 'Text', updated_at: '2026-11-23T00:00:00.000Z' };

describe('propertyApi', () => {
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    globalThis.Request = PageRequest as typeof Request;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  afterAll(() => {
    globalThis.Request = NodeRequest;
  });

  it('fetches a text by name and language', async () => {
    const { store, calls } = storeWith(() => jsonResponse(200, text));
    const result = await store.dispatch(propertyApi.endpoints.getText.initiate({ name: 'terms', lng: 'sv' }));
    expect(result.data).toEqual(text);
    expect(new URL(calls[0]!.url).pathname + new URL(calls[0]!.url).search).toBe('/api/flow/texts/terms?lng=sv');
  });

  it('rejects a text that does not match the schema (docs/product.md §5)', async () => {
    const { store } = storeWith(() => jsonResponse(200, { name: 'terms', title: 42 }));
    const result = await store.dispatch(propertyApi.endpoints.getText.initiate({ name: 'terms', lng: 'en' }));
    expect(result.data).toBeUndefined();
    expect(result.isError).toBe(true);
  });

  it('posts answers to the property and the building with the answers as the body', async () => {
    const { store, calls } = storeWith((url) =>
      jsonResponse(200, url.endsWith('/answer') ? { answers: { atemp: 120 } } : { id: 'primary' }),
    );
    await store.dispatch(propertyApi.endpoints.saveAnswers.initiate({ id: 7, answers: { atemp: 120 } }));
    await store.dispatch(propertyApi.endpoints.computeBuilding.initiate({ id: 7 }));
    expect(calls.map((c) => [new URL(c.url).pathname, c.method, c.body])).toEqual([
      ['/api/flow/property/7/answer', 'POST', { atemp: 120 }],
      ['/api/flow/property/7/building', 'POST', {}],
    ]);
  });
});
