// <SessionProvider> and useSession(), as in `next-auth/react` 4.24.15 docs/auth.md §1.6, §1.7).
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { authClientConfig, authNavigation, broadcast, fetchData, getCsrfToken, getSession, now } from './client';
import type { Session, SessionContextValue, SessionProviderProps, UpdateSession, UseSessionOptions } from './types';

export const SessionContext = createContext<SessionContextValue | undefined>(undefined);

function useOnline(): boolean {
  const [isOnline, setIsOnline] = useState(() => (typeof navigator !== 'undefined' ? navigator.onLine : false));
  useEffect(() => {
    const setOnline = () => setIsOnline(true);
    const setOffline = () => setIsOnline(false);
    window.addEventListener('online', setOnline);
    window.addEventListener('offline', setOffline);
    return () => {
      window.removeEventListener('online', setOnline);
      window.removeEventListener('offline', setOffline);
    };
  }, []);
  return isOnline;
}

/**
 * Makes the session available to `useSession()`. Fetches it on mount (telling other tabs), refetches on another
 * tab's `nextauth.message`, on the tab becoming visible and on `refetchInterval` (the last two only while signed in).
 * The shell supplies one; remotes share it because the shared package is a federation singleton.
 */
export function SessionProvider(props: SessionProviderProps) {
  const { children, basePath, refetchInterval, refetchWhenOffline, refetchOnWindowFocus = true } = props;

  if (basePath) authClientConfig.basePath = basePath;

  /** `session={null}` counts as a known value too: "fetched, signed out". */
  const hasInitialSession = props.session !== undefined;

  /** A passed session counts as just synced. */
  authClientConfig._lastSync = hasInitialSession ? now() : 0;

  const [session, setSession] = useState<Session | null | undefined>(() => {
    if (hasInitialSession) authClientConfig._session = props.session;
    return props.session;
  });
  const [loading, setLoading] = useState(!hasInitialSession);

  useEffect(() => {
    // Answers can arrive out of order (a slow mount fetch after another tab's sign-out): only the newest counts.
    let fetches = 0;
    const fetchSession = async (params: { broadcast?: boolean }) => {
      const fetch = ++fetches;
      authClientConfig._lastSync = now();
      const answer = await getSession(params);
      if (fetch !== fetches) return;
      authClientConfig._session = answer;
      setSession(answer);
    };
    authClientConfig._getSession = async ({ event } = {}) => {
      try {
        const storageEvent = event === 'storage';
        // Always fetch when there is no client session yet, or when another tab (or signIn/signOut here) says so.
        if (storageEvent || authClientConfig._session === undefined) {
          await fetchSession({ broadcast: !storageEvent });
          return;
        }
        // No event: keep what we have. Signed out: a sign-in elsewhere arrives as a storage event, so don't ask.
        // (`now() < _lastSync` never holds; it is kept from upstream, so every focus/poll event refetches.)
        if (!event || authClientConfig._session === null || now() < authClientConfig._lastSync) {
          return;
        }
        await fetchSession({});
      } catch (error) {
        console.error(
          '[next-auth][error][CLIENT_SESSION_ERROR]',
          '\nhttps://next-auth.js.org/errors#client_session_error',
          error,
        );
      } finally {
        setLoading(false);
      }
    };

    void authClientConfig._getSession();

    return () => {
      authClientConfig._lastSync = 0;
      authClientConfig._session = undefined;
      authClientConfig._getSession = () => {};
    };
  }, []);

  useEffect(
    // Another tab read or dropped the session: fetch our own copy, without broadcasting (no echo loops).
    () => broadcast.receive(() => void authClientConfig._getSession({ event: 'storage' })),
    [],
  );

  useEffect(() => {
    const visibilityHandler = () => {
      if (refetchOnWindowFocus && document.visibilityState === 'visible') {
        void authClientConfig._getSession({ event: 'visibilitychange' });
      }
    };
    document.addEventListener('visibilitychange', visibilityHandler, false);
    return () => document.removeEventListener('visibilitychange', visibilityHandler, false);
  }, [refetchOnWindowFocus]);

  const isOnline = useOnline();
  const shouldRefetch = refetchWhenOffline !== false || isOnline;

  useEffect(() => {
    if (!refetchInterval || !shouldRefetch) return undefined;
    const timer = setInterval(() => {
      if (authClientConfig._session) void authClientConfig._getSession({ event: 'poll' });
    }, refetchInterval * 1000);
    return () => clearInterval(timer);
  }, [refetchInterval, shouldRefetch]);

  const value = useMemo<SessionContextValue>(() => {
    const update: UpdateSession = async (data) => {
      if (loading || !session) return undefined;
      setLoading(true);
      const newSession = await fetchData<Session>('session', { body: { csrfToken: await getCsrfToken(), data } });
      setLoading(false);
      if (newSession) {
        authClientConfig._session = newSession;
        setSession(newSession);
        broadcast.post({ event: 'session', data: { trigger: 'getSession' } });
      }
      return newSession;
    };
    if (loading) return { data: session ?? null, status: 'loading', update };
    return session
      ? { data: session, status: 'authenticated', update }
      : { data: null, status: 'unauthenticated', update };
  }, [session, loading]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session of the nearest <SessionProvider>: `{ data, status, update }`. With `required`, an unauthenticated
 * user is sent to `${basePath}/signin?error=SessionRequired&callbackUrl=…` (or `onUnauthenticated` is called) and
 * the status stays `loading` meanwhile.
 */
export function useSession<R extends boolean = false>(options?: UseSessionOptions<R>): SessionContextValue<R> {
  const value = useContext(SessionContext);
  if (!value) {
    throw new Error(
      '[next-auth]: `useSession` must be wrapped in a <SessionProvider /> (the shell or the dev harness supplies it)',
    );
  }
  const { required, onUnauthenticated } = options ?? {};
  const requiredAndNotLoading = Boolean(required) && value.status === 'unauthenticated';

  useEffect(() => {
    if (!requiredAndNotLoading) return;
    if (onUnauthenticated) {
      onUnauthenticated();
      return;
    }
    // Upstream hard-codes /api/auth here (next-auth#2316); we honour the provider's basePath.
    const callbackUrl = encodeURIComponent(window.location.href);
    authNavigation.navigate(`${authClientConfig.basePath}/signin?error=SessionRequired&callbackUrl=${callbackUrl}`);
  }, [requiredAndNotLoading, onUnauthenticated]);

  if (requiredAndNotLoading) {
    return { data: null, status: 'loading', update: value.update } as SessionContextValue<R>;
  }
  return value as SessionContextValue<R>;
}
