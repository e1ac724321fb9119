// A small in-memory stand-in for the BFF's NextAuth REST routes docs/auth.md §1.2, §1.3), installed as
// global.fetch. It answers like next-auth 4.24.15 and records every protocol slip it sees (wrong method, header,
// body encoding, CSRF) in `problems`, which the tests assert to be empty.
import type { ClientSafeProvider, Session } from '../types';

export const ORIGIN = 'http://localhost';

export const alice: Session = {
  user: {
    kind: 'staff',
    id: 'u-alice',
    name: 'Alice Admin',
    email: 'alice@example.se',
    superAdmin: false,
    admin: true,
    organisations: [{ slug: 'acme-energy', name: 'Acme Energy', role: 'admin' }],
  },
  expires: '2030-01-01T00:00:00.000Z',
};

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  /** Parsed x-www-form-urlencoded body (POST forms). */
  form?: Record<string, string>;
  /** Parsed JSON body (POST /session). */
  json?: unknown;
}

interface FakeResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

function respond(status: number, body: unknown): FakeResponse {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

function lowerCaseHeaders(headers: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  const entries =
    typeof Headers !== 'undefined' && headers instanceof Headers
      ? [...headers.entries()]
      : Array.isArray(headers)
        ? headers
        : Object.entries(headers);
  for (const [key, value] of entries) out[key.toLowerCase()] = value;
  return out;
}

export interface FakeBffOptions {
  session?: Session | null;
  basePath?: string;
}

export function createFakeBff({ session = null, basePath = '/api/auth' }: FakeBffOptions = {}) {
  const base = `${ORIGIN}${basePath}`;
  const state = {
    session: session as Session | null,
    csrfToken: 'c5rf'.repeat(16),
    /** 'http': GET /session answers 500; 'network': fetch rejects. */
    sessionFailure: undefined as 'http' | 'network' | undefined,
    providersDown: false,
    providers: {
      credentials: {
        id: 'credentials',
        name: 'Staff',
        type: 'credentials',
        signinUrl: `${base}/signin/credentials`,
        callbackUrl: `${base}/callback/credentials`,
      },
      idp: {
        id: 'idp',
        name: 'Company IdP',
        type: 'oauth',
        signinUrl: `${base}/signin/idp`,
        callbackUrl: `${base}/callback/idp`,
      },
    } as Record<string, ClientSafeProvider>,
  };
  const requests: RecordedRequest[] = [];
  const problems: string[] = [];

  function expectHeader(req: RecordedRequest, name: string, value: string) {
    if (req.headers[name] !== value)
      problems.push(`${req.method} ${req.path}: ${name} is ${req.headers[name]}, expected ${value}`);
  }

  function readForm(req: RecordedRequest, body: BodyInit | null | undefined): Record<string, string> {
    expectHeader(req, 'content-type', 'application/x-www-form-urlencoded');
    if (!(body instanceof URLSearchParams) && typeof body !== 'string') {
      problems.push(`${req.method} ${req.path}: body is not form-encoded`);
      return {};
    }
    const params = new URLSearchParams(body);
    const form: Record<string, string> = {};
    for (const [key, value] of params) {
      if (key in form) problems.push(`${req.method} ${req.path}: duplicate form field ${key}`);
      form[key] = value;
    }
    if (form.json !== 'true')
      problems.push(`${req.method} ${req.path}: json is ${form.json}, expected the string "true"`);
    return form;
  }

  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<FakeResponse> => {
    const url = new URL(String(input), ORIGIN);
    const method = (init.method ?? 'GET').toUpperCase();
    const req: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: lowerCaseHeaders(init.headers),
      credentials: init.credentials,
    };
    requests.push(req);
    if (url.origin !== ORIGIN) problems.push(`request to another origin: ${url.href}`);
    if (req.credentials !== undefined && req.credentials !== 'same-origin')
      problems.push(`${method} ${req.path}: credentials ${req.credentials}`);
    if (!req.path.startsWith(`${basePath}/`)) {
      problems.push(`unexpected path ${req.path}`);
      return respond(404, {});
    }
    const action = req.path.slice(basePath.length + 1);

    if (method === 'GET') {
      expectHeader(req, 'content-type', 'application/json');
      if (req.credentials !== 'same-origin')
        problems.push(`GET ${req.path}: credentials ${req.credentials}, expected same-origin`);
      if (init.body != null) problems.push(`GET ${req.path} with a body`);
      switch (action) {
        case 'csrf':
          return respond(200, { csrfToken: state.csrfToken });
        case 'providers':
          return state.providersDown
            ? respond(500, { message: 'There is a problem with the server configuration.' })
            : respond(200, state.providers);
        case 'session':
          if (state.sessionFailure === 'network') throw new TypeError('Failed to fetch');
          if (state.sessionFailure === 'http') return respond(500, { message: 'boom' });
          return respond(200, state.session ?? {});
        default:
          problems.push(`GET ${req.path} is not a NextAuth route`);
          return respond(400, {});
      }
    }

    if (method !== 'POST') {
      problems.push(`${method} ${req.path}`);
      return respond(405, {});
    }

    if (action === 'session') {
      expectHeader(req, 'content-type', 'application/json');
      try {
        req.json = JSON.parse(String(init.body));
      } catch {
        problems.push('POST /session: body is not JSON');
        return respond(400, {});
      }
      const { csrfToken, data } = (req.json ?? {}) as { csrfToken?: string; data?: { name?: string } };
      if (csrfToken !== state.csrfToken) return respond(400, {});
      if (!state.session) return respond(200, {});
      if (data?.name) state.session = { ...state.session, user: { ...state.session.user, name: data.name } };
      return respond(200, state.session);
    }

    const form = readForm(req, init.body);
    req.form = form;
    const csrfOk = form.csrfToken === state.csrfToken;

    if (action === 'callback/credentials') {
      // A bad CSRF token looks like success (docs/auth.md §1.3).
      if (!csrfOk) return respond(200, { url: `${base}/signin?csrf=true` });
      if (form.email === alice.user.email && form.password === 'correct horse') {
        state.session = alice;
        return respond(200, { url: form.callbackUrl });
      }
      return respond(401, { url: `${base}/error?error=CredentialsSignin&provider=credentials` });
    }
    if (action.startsWith('signin/')) {
      if (!csrfOk) return respond(200, { url: `${base}/signin?csrf=true` });
      return respond(200, { url: `https://idp.example/authorize?client_id=he&${req.query}` });
    }
    if (action === 'signout') {
      if (!csrfOk) return respond(200, { url: `${base}/signout?csrf=true` });
      state.session = null;
      return respond(200, { url: form.callbackUrl });
    }
    problems.push(`POST ${req.path} is not a NextAuth route`);
    return respond(400, {});
  });

  return {
    state,
    requests,
    problems,
    fetch: fetchMock,
    /** Requests to one route, e.g. count('GET', 'session'). */
    count(method: string, action: string) {
      return requests.filter((r) => r.method === method && r.path === `${basePath}/${action}`).length;
    },
    install() {
      (globalThis as { fetch: unknown }).fetch = fetchMock;
    },
  };
}

export type FakeBff = ReturnType<typeof createFakeBff>;

/** What another tab's next-auth client writes, as this tab sees it. */
export function storageEventFromAnotherTab(trigger: 'getSession' | 'signout', key = 'nextauth.message') {
  const newValue = JSON.stringify({ event: 'session', data: { trigger }, timestamp: Math.floor(Date.now() / 1000) });
  window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
}
