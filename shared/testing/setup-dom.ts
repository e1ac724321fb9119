// What jsdom lacks for the remotes' tests. Import it first: react-router needs TextEncoder while loading, and
// RTK Query's fetchBaseQuery builds a `Request` for every call (jsdom has `Headers` but neither Request nor fetch).

/** Node's TextEncoder/TextDecoder (the DOM types describe them; the project has no node types). */
function nodeUtil() {
  const { TextEncoder, TextDecoder } =
    jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('node:util');
  return { TextEncoder, TextDecoder };
}

/** Just enough of `Request` for fetchBaseQuery: url (resolved against the page, as in a browser), method, headers. */
class TestRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly credentials: RequestCredentials | undefined;
  readonly init: RequestInit;

  constructor(input: string, init: RequestInit = {}) {
    this.url = new URL(input, window.location.href).href;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.credentials = init.credentials;
    this.init = init;
  }

  clone(): TestRequest {
    return new TestRequest(this.url, this.init);
  }
}

Object.assign(globalThis, nodeUtil(), { Request: TestRequest, fetch: jest.fn() });

export type { TestRequest };
