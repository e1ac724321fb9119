import { act, render, screen } from '@testing-library/react';
import {
  announceSession,
  authClientConfig,
  authNavigation,
  fetchSession,
  getCsrfToken,
  getProviders,
  getSession,
  signIn,
  signOut,
} from '../client';
import { SessionProvider, useSession } from '../session-provider';
import { ORIGIN, alice, createFakeBff, type FakeBff } from './fake-bff';

const PAGE = `${ORIGIN}/console/org/acme-energy?tab=users`;

let bff: FakeBff;
let navigate: jest.SpyInstance<void, [string]>;
let reload: jest.SpyInstance<void, []>;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  window.history.replaceState(null, '', '/console/org/acme-energy?tab=users');
  localStorage.clear();
  bff = createFakeBff();
  bff.install();
  navigate = jest.spyOn(authNavigation, 'navigate').mockImplementation(() => {});
  reload = jest.spyOn(authNavigation, 'reload').mockImplementation(() => {});
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  expect(bff.problems).toEqual([]);
  jest.restoreAllMocks();
});

function broadcastMessage() {
  const raw = localStorage.getItem('nextauth.message');
  return raw ? (JSON.parse(raw) as { event: string; data: { trigger: string }; timestamp: number }) : null;
}

function Status() {
  const { status, data } = useSession();
  return <output data-testid="status">{`${status}:${data?.user.name ?? ''}`}</output>;
}

describe('getSession, getCsrfToken, getProviders', () => {
  it('getSession GETs /api/auth/session as JSON and tells other tabs', async () => {
    bff.state.session = alice;
    jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_123);
    await expect(getSession()).resolves.toEqual(alice);
    const [req] = bff.requests;
    expect(req).toMatchObject({ method: 'GET', path: '/api/auth/session', credentials: 'same-origin' });
    expect(req.headers['content-type']).toBe('application/json');
    expect(broadcastMessage()).toEqual({ event: 'session', data: { trigger: 'getSession' }, timestamp: 1_700_000_000 });
  });

  it('getSession({ broadcast: false }) and fetchSession do not broadcast', async () => {
    await expect(getSession({ broadcast: false })).resolves.toBeNull();
    await expect(fetchSession()).resolves.toBeNull();
    expect(broadcastMessage()).toBeNull();
  });

  it('announceSession tells other tabs as getSession does, with no request (a session the shell fetched early)', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_123);
    announceSession();
    expect(broadcastMessage()).toEqual({ event: 'session', data: { trigger: 'getSession' }, timestamp: 1_700_000_000 });
    expect(bff.requests).toEqual([]);
  });

  it('turns {} into null and a failed answer into a logged null', async () => {
    await expect(getSession()).resolves.toBeNull();
    expect(consoleError).not.toHaveBeenCalled();

    bff.state.sessionFailure = 'http';
    await expect(getSession()).resolves.toBeNull();
    bff.state.sessionFailure = 'network';
    await expect(getSession()).resolves.toBeNull();
    expect(consoleError).toHaveBeenCalledTimes(2);
    expect(consoleError.mock.calls.map((call) => call[0])).toEqual([
      '[next-auth][error][CLIENT_FETCH_ERROR]',
      '[next-auth][error][CLIENT_FETCH_ERROR]',
    ]);
  });

  it('swallows localStorage errors when broadcasting', async () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    bff.state.session = alice;
    await expect(getSession()).resolves.toEqual(alice);
  });

  it('getCsrfToken returns the token and getProviders the provider map', async () => {
    await expect(getCsrfToken()).resolves.toBe(bff.state.csrfToken);
    await expect(getProviders()).resolves.toEqual(bff.state.providers);
    bff.state.providersDown = true;
    await expect(getProviders()).resolves.toBeNull();
    expect(bff.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/auth/csrf',
      'GET /api/auth/providers',
      'GET /api/auth/providers',
    ]);
  });
});

describe('signIn', () => {
  it('credentials with redirect:false posts the exact form to /callback/credentials, returns the result', async () => {
    const result = await signIn('credentials', {
      redirect: false,
      email: 'alice@example.se',
      password: 'correct horse',
    });

    expect(result).toEqual({ error: null, ok: true, status: 200, url: PAGE });
    const post = bff.requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/auth/callback/credentials');
    expect([...post.query.keys()]).toEqual([]);
    expect(post.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(post.form).toEqual({
      csrfToken: bff.state.csrfToken,
      callbackUrl: PAGE,
      json: 'true',
      redirect: 'false',
      email: 'alice@example.se',
      password: 'correct horse',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends an explicit callbackUrl and custom fields', async () => {
    await signIn('credentials', {
      redirect: false,
      callbackUrl: '/console/admin',
      email: 'alice@example.se',
      password: 'correct horse',
      locale: 'sv',
    });
    const post = bff.requests.find((r) => r.method === 'POST')!;
    expect(post.form).toMatchObject({ callbackUrl: '/console/admin', locale: 'sv' });
  });

  it('a 401 answer gives the error from the url and no url', async () => {
    const result = await signIn('credentials', { redirect: false, email: 'alice@example.se', password: 'wrong' });
    expect(result).toEqual({ error: 'CredentialsSignin', ok: false, status: 401, url: null });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a bad CSRF token answers like success (docs/auth.md §1.3)', async () => {
    bff.state.csrfToken = 'rotated';
    const fetchMock = bff.fetch;
    const original = fetchMock.getMockImplementation()!;
    // The page holds an old token: /csrf answers a stale one, the server expects another.
    fetchMock.mockImplementation(async (input, init) => {
      const res = await original(input, init);
      if (String(input).endsWith('/csrf')) return { ...res, json: async () => ({ csrfToken: 'stale' }) };
      return res;
    });
    const result = await signIn('credentials', {
      redirect: false,
      email: 'alice@example.se',
      password: 'correct horse',
    });
    expect(result).toEqual({ error: null, ok: true, status: 200, url: `${ORIGIN}/api/auth/signin?csrf=true` });
  });

  it('an unknown provider, or none, goes to the sign-in page with the callbackUrl', async () => {
    await expect(signIn('github', { callbackUrl: '/console/admin?x=1&y=2' })).resolves.toBeUndefined();
    await expect(signIn()).resolves.toBeUndefined();
    expect(navigate.mock.calls).toEqual([
      [`/api/auth/signin?callbackUrl=${encodeURIComponent('/console/admin?x=1&y=2')}`],
      [`/api/auth/signin?callbackUrl=${encodeURIComponent(PAGE)}`],
    ]);
    expect(bff.count('POST', 'callback/credentials')).toBe(0);
  });

  it('goes to the error page when the providers cannot be read', async () => {
    bff.state.providersDown = true;
    await expect(signIn('credentials', { redirect: false })).resolves.toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/api/auth/error');
    expect(bff.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('redirects by default to the answered url (and reloads for a hash url)', async () => {
    await expect(
      signIn('credentials', { email: 'alice@example.se', password: 'correct horse' }),
    ).resolves.toBeUndefined();
    expect(navigate).toHaveBeenLastCalledWith(PAGE);
    expect(reload).not.toHaveBeenCalled();
    expect(bff.requests.find((r) => r.method === 'POST')!.form).not.toHaveProperty('redirect');

    await signIn('credentials', {
      callbackUrl: `${ORIGIN}/console#users`,
      email: 'alice@example.se',
      password: 'correct horse',
    });
    expect(navigate).toHaveBeenLastCalledWith(`${ORIGIN}/console#users`);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('oauth providers post to /signin/{id} with authorizationParams and always redirect', async () => {
    const result = await signIn('idp', { redirect: false }, { prompt: 'login' });
    expect(result).toBeUndefined();
    const post = bff.requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/auth/signin/idp');
    expect(post.query.get('prompt')).toBe('login');
    expect(navigate).toHaveBeenCalledWith('https://idp.example/authorize?client_id=he&prompt=login');
  });

  it('uses the basePath of the provider', async () => {
    bff = createFakeBff({ basePath: '/auth' });
    bff.install();
    authClientConfig.basePath = '/auth';
    try {
      await signIn('nope');
      expect(navigate).toHaveBeenCalledWith(`/auth/signin?callbackUrl=${encodeURIComponent(PAGE)}`);
      expect(bff.count('GET', 'providers')).toBe(1);
    } finally {
      authClientConfig.basePath = '/api/auth';
    }
  });
});

describe('signIn and signOut with a mounted SessionProvider', () => {
  it('signIn(redirect:false) refreshes the provider without telling other tabs', async () => {
    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    expect(await screen.findByText('unauthenticated:')).toBeTruthy();
    localStorage.clear();

    await act(() => signIn('credentials', { redirect: false, email: 'alice@example.se', password: 'correct horse' }));

    expect(screen.getByTestId('status').textContent).toBe('authenticated:Alice Admin');
    expect(bff.count('GET', 'session')).toBe(2);
    expect(broadcastMessage()).toBeNull();
  });

  it('a failed signIn does not refetch the session', async () => {
    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    await screen.findByText('unauthenticated:');
    await act(() => signIn('credentials', { redirect: false, email: 'alice@example.se', password: 'nope' }));
    expect(bff.count('GET', 'session')).toBe(1);
  });

  it('signOut(redirect:false) posts to /signout and broadcasts signout; the provider is signed out', async () => {
    bff.state.session = alice;
    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    expect(await screen.findByText('authenticated:Alice Admin')).toBeTruthy();
    localStorage.clear();

    let result: unknown;
    await act(async () => {
      result = await signOut({ redirect: false, callbackUrl: '/' });
    });

    expect(result).toEqual({ url: '/' });
    const post = bff.requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/auth/signout');
    expect(post.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(post.form).toEqual({ csrfToken: bff.state.csrfToken, callbackUrl: '/', json: 'true' });
    expect(broadcastMessage()).toMatchObject({ event: 'session', data: { trigger: 'signout' } });
    expect(screen.getByTestId('status').textContent).toBe('unauthenticated:');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signOut() by default broadcasts and navigates to the answered url', async () => {
    bff.state.session = alice;
    await expect(signOut()).resolves.toBeUndefined();
    expect(bff.requests.find((r) => r.method === 'POST')!.form!.callbackUrl).toBe(PAGE);
    expect(broadcastMessage()).toMatchObject({ event: 'session', data: { trigger: 'signout' } });
    expect(navigate).toHaveBeenCalledWith(PAGE);
    expect(bff.state.session).toBeNull();
  });
});
