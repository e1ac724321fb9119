import { useSyncExternalStore } from 'react';
import type { Session, SessionContextValue } from '@home-energy/shared';

// A stand-in for the shell's <SessionProvider>: tests set the session (or 'loading') and every useSession() re-renders.
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

/** A homeowner signed in with BankID, as GET /api/auth/session shows one. */
export const homeownerSession: Session = {
  user: {
    kind: 'homeowner',
    id: 'h-anna',
    name: 'Anna Andersson',
    personalNumberMasked: '19900101-****',
    superAdmin: false,
    admin: false,
    organisations: [],
  },
  expires: '2030-01-01T00:00:00.000Z',
};
