import { useSyncExternalStore } from 'react';
import type { Session, SessionContextValue } from '@home-energy/shared';

// A stand-in for the shell's <SessionProvider>: tests set the session (or 'loading') and every useSession() re-renders,
// as the real provider does when signIn/signOut refresh it.
type State = { data: Session | null; status: SessionContextValue['status'] };

let state: State = { data: null, status: 'unauthenticated' };
const listeners = new Set<() => void>();

export function setSession(session: Session | null | 'loading'): void {
  state =
    session === 'loading'
      ? { data: null, status: 'loading' }
      : session
        ? { data: session, status: 'authenticated' }
        : { data: null, status: 'unauthenticated' };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const update = async () => state.data;

export function useFakeSession(): SessionContextValue {
  const current = useSyncExternalStore(subscribe, () => state);
  return { ...current, update } as SessionContextValue;
}
