import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { authClientConfig, authNavigation } from '../client';
import { SessionProvider, useSession } from '../session-provider';
import type { SessionContextValue, SessionProviderProps, UseSessionOptions } from '../types';
import { ORIGIN, alice, createFakeBff, storageEventFromAnotherTab, type FakeBff } from './fake-bff';

let bff: FakeBff;
let navigate: jest.SpyInstance<void, [string]>;
let consoleError: jest.SpyInstance;
let latest: SessionContextValue | undefined;
/** Every status rendered, in order. */
let seen: string[];

beforeEach(() => {
  window.history.replaceState(null, '', '/console/admin');
  localStorage.clear();
  latest = undefined;
  seen = [];
  bff = createFakeBff();
  bff.install();
  navigate = jest.spyOn(authNavigation, 'navigate').mockImplementation(() => {});
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  expect(bff.problems).toEqual([]);
  jest.restoreAllMocks();
  jest.useRealTimers();
  authClientConfig.basePath = '/api/auth';
});

function Status(options: UseSessionOptions) {
  const session = useSession(options);
  latest = session as SessionContextValue;
  if (seen.at(-1) !== session.status) seen.push(session.status);
  return <output data-testid="status">{`${session.status}:${session.data?.user.name ?? ''}`}</output>;
}

function renderProvider(props: Omit<SessionProviderProps, 'children'> = {}, options: UseSessionOptions = {}) {
  return render(
    <SessionProvider {...props}>
      <Status {...options} />
    </SessionProvider>,
  );
}

const loggedCodes = () => consoleError.mock.calls.map((call) => call[0] as unknown);

const status = () => screen.getByTestId('status').textContent;

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  // Restore jsdom's own getter (defined on Document.prototype).
  delete (document as { visibilityState?: unknown }).visibilityState;
});

/** Let pending fetch promises and the React updates they cause settle. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

describe('SessionProvider: first load', () => {
  it('goes loading → authenticated and broadcasts the mount fetch', async () => {
    bff.state.session = alice;
    renderProvider();
    expect(status()).toBe('loading:');
    expect(await screen.findByText('authenticated:Alice Admin')).toBeTruthy();
    expect(seen).toEqual(['loading', 'authenticated']);
    expect(latest?.data).toEqual(alice);
    expect(latest?.data?.user.organisations).toEqual([{ slug: 'acme-energy', name: 'Acme Energy', role: 'admin' }]);
    expect(bff.count('GET', 'session')).toBe(1);
    expect(JSON.parse(localStorage.getItem('nextauth.message')!)).toMatchObject({
      event: 'session',
      data: { trigger: 'getSession' },
    });
  });

  it('goes loading → unauthenticated when /session answers {}', async () => {
    renderProvider();
    expect(status()).toBe('loading:');
    expect(await screen.findByText('unauthenticated:')).toBeTruthy();
    expect(latest?.data).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it.each(['http', 'network'] as const)(
    'a failed session fetch (%s) is logged and counts as signed out',
    async (failure) => {
      bff.state.sessionFailure = failure;
      renderProvider();
      expect(await screen.findByText('unauthenticated:')).toBeTruthy();
      expect(loggedCodes()).toEqual(['[next-auth][error][CLIENT_FETCH_ERROR]']);
    },
  );

  it('an initial session skips loading and the mount fetch', async () => {
    renderProvider({ session: alice });
    expect(status()).toBe('authenticated:Alice Admin');
    await flush();
    expect(seen).toEqual(['authenticated']);
    expect(bff.count('GET', 'session')).toBe(0);
  });

  it('uses the basePath prop for its requests', async () => {
    bff = createFakeBff({ basePath: '/bff/auth', session: alice });
    bff.install();
    renderProvider({ basePath: '/bff/auth' });
    expect(await screen.findByText('authenticated:Alice Admin')).toBeTruthy();
    expect(bff.requests.map((r) => r.path)).toEqual(['/bff/auth/session']);
  });
});

describe('SessionProvider: refetching', () => {
  it('refetches, without broadcasting, when another tab posts a session message', async () => {
    renderProvider();
    await screen.findByText('unauthenticated:');
    localStorage.clear();

    bff.state.session = alice; // signed in in another tab
    act(() => storageEventFromAnotherTab('getSession'));
    expect(await screen.findByText('authenticated:Alice Admin')).toBeTruthy();
    expect(bff.count('GET', 'session')).toBe(2);
    expect(localStorage.getItem('nextauth.message')).toBeNull();

    bff.state.session = null; // signed out in another tab
    act(() => storageEventFromAnotherTab('signout'));
    expect(await screen.findByText('unauthenticated:')).toBeTruthy();
    expect(bff.count('GET', 'session')).toBe(3);
  });

  it('keeps the newest answer: a slow mount fetch does not undo a sign-out another tab reported after it', async () => {
    bff.state.session = alice;
    const original = bff.fetch.getMockImplementation()!;
    let answerMountFetch = () => {};
    const mountFetchHeld = new Promise<void>((resolve) => (answerMountFetch = resolve));
    let sessionFetches = 0;
    bff.fetch.mockImplementation(async (input, init) => {
      const res = await original(input, init); // the server answers now: still signed in for the first
      if (String(input).endsWith('/session') && ++sessionFetches === 1) await mountFetchHeld;
      return res;
    });
    renderProvider();

    bff.state.session = null; // signed out in another tab while the mount fetch is on its way
    act(() => storageEventFromAnotherTab('signout'));
    expect(await screen.findByText('unauthenticated:')).toBeTruthy();
    answerMountFetch();
    await flush();
    expect(status()).toBe('unauthenticated:');
    expect(seen).not.toContain('authenticated');
  });

  it('ignores other keys and messages that are not session events with data', async () => {
    renderProvider();
    await screen.findByText('unauthenticated:');
    act(() => {
      storageEventFromAnotherTab('getSession', 'some.other.key');
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'nextauth.message', newValue: JSON.stringify({ event: 'session' }) }),
      );
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'nextauth.message', newValue: JSON.stringify({ event: 'x', data: {} }) }),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: 'nextauth.message', newValue: 'not json' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'nextauth.message', newValue: null }));
    });
    await flush();
    expect(bff.count('GET', 'session')).toBe(1);
  });

  it('refetches (and broadcasts) when the tab becomes visible while signed in', async () => {
    bff.state.session = alice;
    renderProvider();
    await screen.findByText('authenticated:Alice Admin');
    localStorage.clear();

    bff.state.session = { ...alice, user: { ...alice.user, name: 'Alice Renamed' } };
    act(() => setVisibility('hidden'));
    await flush();
    expect(bff.count('GET', 'session')).toBe(1);

    act(() => setVisibility('visible'));
    expect(await screen.findByText('authenticated:Alice Renamed')).toBeTruthy();
    expect(bff.count('GET', 'session')).toBe(2);
    expect(localStorage.getItem('nextauth.message')).not.toBeNull();
  });

  it('does not refetch on visibility while signed out', async () => {
    renderProvider();
    await screen.findByText('unauthenticated:');
    bff.state.session = alice;
    act(() => setVisibility('visible'));
    await flush();
    expect(bff.count('GET', 'session')).toBe(1);
    expect(status()).toBe('unauthenticated:');
  });

  it('does not refetch on visibility with refetchOnWindowFocus={false}', async () => {
    bff.state.session = alice;
    renderProvider({ refetchOnWindowFocus: false });
    await screen.findByText('authenticated:Alice Admin');
    act(() => setVisibility('visible'));
    await flush();
    expect(bff.count('GET', 'session')).toBe(1);
  });

  it('polls every refetchInterval seconds while signed in, and stops when the session is gone', async () => {
    jest.useFakeTimers();
    bff.state.session = alice;
    renderProvider({ refetchInterval: 60 });
    await flush();
    expect(status()).toBe('authenticated:Alice Admin');
    expect(bff.count('GET', 'session')).toBe(1);

    await act(async () => {
      jest.advanceTimersByTime(59_000);
    });
    expect(bff.count('GET', 'session')).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(1_000);
    });
    await flush();
    expect(bff.count('GET', 'session')).toBe(2);
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    await flush();
    expect(bff.count('GET', 'session')).toBe(3);

    bff.state.session = null; // expired on the server
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    await flush();
    expect(status()).toBe('unauthenticated:');
    expect(bff.count('GET', 'session')).toBe(4);

    await act(async () => {
      jest.advanceTimersByTime(600_000);
    });
    await flush();
    expect(bff.count('GET', 'session')).toBe(4);
  });

  it('does not poll without a refetchInterval', async () => {
    jest.useFakeTimers();
    bff.state.session = alice;
    renderProvider();
    await flush();
    await act(async () => {
      jest.advanceTimersByTime(3_600_000);
    });
    await flush();
    expect(bff.count('GET', 'session')).toBe(1);
  });

  it('pauses polling offline with refetchWhenOffline={false}', async () => {
    jest.useFakeTimers();
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    bff.state.session = alice;
    renderProvider({ refetchInterval: 10, refetchWhenOffline: false });
    await flush();

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    await flush();
    expect(bff.count('GET', 'session')).toBe(1);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    await flush();
    expect(bff.count('GET', 'session')).toBe(2);
  });
});

describe('useSession', () => {
  it('throws a clear error outside a SessionProvider', () => {
    expect(() => renderHook(() => useSession())).toThrow(/must be wrapped in a <SessionProvider \/>/);
  });

  it('required: sends an unauthenticated user to the sign-in page and reports loading meanwhile', async () => {
    renderProvider({}, { required: true });
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const target = new URL(navigate.mock.calls[0][0], ORIGIN);
    expect(target.pathname).toBe('/api/auth/signin');
    expect(target.searchParams.get('error')).toBe('SessionRequired');
    expect(target.searchParams.get('callbackUrl')).toBe(`${ORIGIN}/console/admin`);
    expect(navigate.mock.calls[0][0]).toBe(
      `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(`${ORIGIN}/console/admin`)}`,
    );
    expect(status()).toBe('loading:');
  });

  it('required: honours the provider basePath', async () => {
    bff = createFakeBff({ basePath: '/bff/auth' });
    bff.install();
    renderProvider({ basePath: '/bff/auth' }, { required: true });
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(navigate.mock.calls[0][0]).toMatch(/^\/bff\/auth\/signin\?error=SessionRequired&/);
  });

  it('required: calls onUnauthenticated instead of navigating', async () => {
    const onUnauthenticated = jest.fn();
    renderProvider({}, { required: true, onUnauthenticated });
    await waitFor(() => expect(onUnauthenticated).toHaveBeenCalled());
    expect(navigate).not.toHaveBeenCalled();
    expect(status()).toBe('loading:');
  });

  it('required: a signed-in user is simply authenticated', async () => {
    bff.state.session = alice;
    renderProvider({}, { required: true });
    expect(await screen.findByText('authenticated:Alice Admin')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('update()', () => {
  it('posts JSON {csrfToken, data} to /session, sets the new session and broadcasts', async () => {
    bff.state.session = alice;
    renderProvider();
    await screen.findByText('authenticated:Alice Admin');
    localStorage.clear();

    let result: unknown;
    await act(async () => {
      result = await latest!.update({ name: 'Alice Updated' });
    });

    const post = bff.requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/auth/session');
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.json).toEqual({ csrfToken: bff.state.csrfToken, data: { name: 'Alice Updated' } });
    expect(result).toEqual({ ...alice, user: { ...alice.user, name: 'Alice Updated' } });
    expect(status()).toBe('authenticated:Alice Updated');
    expect(JSON.parse(localStorage.getItem('nextauth.message')!)).toMatchObject({ data: { trigger: 'getSession' } });
  });

  it('reports loading while the update is in flight', async () => {
    bff.state.session = alice;
    renderProvider();
    await screen.findByText('authenticated:Alice Admin');
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = latest!.update();
    });
    expect(status()).toBe('loading:Alice Admin');
    await act(async () => {
      await pending;
    });
    expect(status()).toBe('authenticated:Alice Admin');
  });

  it('is a no-op while signed out', async () => {
    renderProvider();
    await screen.findByText('unauthenticated:');
    await expect(latest!.update({ name: 'x' })).resolves.toBeUndefined();
    expect(bff.requests.filter((r) => r.method === 'POST' || r.path.endsWith('/csrf'))).toEqual([]);
  });

  it('keeps the session when the server refuses the update (bad CSRF → 400 {})', async () => {
    bff.state.session = alice;
    renderProvider();
    await screen.findByText('authenticated:Alice Admin');
    bff.state.csrfToken = 'x'.repeat(64);
    const original = bff.fetch.getMockImplementation()!;
    bff.fetch.mockImplementation(async (input, init) => {
      const res = await original(input, init);
      return String(input).endsWith('/csrf') ? { ...res, json: async () => ({ csrfToken: 'stale' }) } : res;
    });
    let result: unknown;
    await act(async () => {
      result = await latest!.update({ name: 'nope' });
    });
    expect(result).toBeNull();
    expect(status()).toBe('authenticated:Alice Admin');
    expect(loggedCodes()).toEqual(['[next-auth][error][CLIENT_FETCH_ERROR]']);
  });
});

describe('the shell contract', () => {
  it('a provider without props works for the shell', async () => {
    bff.state.session = alice;
    const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider>{children}</SessionProvider>;
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
  });
});
