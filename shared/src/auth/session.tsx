import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** The session user as the BFF's /api/auth/session returns it (auth-protocols.md §1). */
export interface SessionUser {
  name?: string | null;
  email?: string | null;
  superAdmin?: boolean;
  admin?: boolean;
  organisations?: string[];
}
export interface Session {
  user?: SessionUser;
  expires?: string;
}
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface SessionContextValue {
  data: Session | null;
  status: SessionStatus;
  update: () => Promise<Session | null>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Cross-tab channel key used by the NextAuth v4 client. */
export const SESSION_BROADCAST_KEY = 'nextauth.message';

export async function fetchSession(): Promise<Session | null> {
  try {
    const res = await fetch('/api/auth/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as Session;
    return body && Object.keys(body).length > 0 ? body : null;
  } catch (error) {
    // spec §8: a failed session fetch is logged and treated as no session.
    console.error('[session] fetch failed', error);
    return null;
  }
}

export function SessionProvider({ children, refetchOnWindowFocus = true }: { children: ReactNode; refetchOnWindowFocus?: boolean }) {
  const [data, setData] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);

  const update = useCallback(async () => {
    const session = await fetchSession();
    setData(session);
    setLoading(false);
    return session;
  }, []);

  useEffect(() => {
    void update();
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_BROADCAST_KEY) void update();
    };
    const onVisible = () => {
      if (refetchOnWindowFocus && document.visibilityState === 'visible') void update();
    };
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [update, refetchOnWindowFocus]);

  const value = useMemo<SessionContextValue>(
    () => ({ data, status: loading ? 'loading' : data ? 'authenticated' : 'unauthenticated', update }),
    [data, loading, update],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The one auth context shared by every remote (the shared package is a federation singleton). */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider> (the shell or the dev harness supplies it)');
  return value;
}
