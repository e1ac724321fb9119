// Types of the NextAuth v4 client (`next-auth/react` 4.24.15, `react/types.ts`), narrowed to what our BFF serves.
// The session shape itself is the contract in ../schemas/session.ts.
import type { ReactNode } from 'react';
import type { Session, SessionUser } from '../schemas/session';

export type { Session, SessionUser };

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/**
 * Provider types NextAuth v4 knows about; only `credentials` and `email` can return to the caller without a redirect.
 */
export type ProviderType = 'oauth' | 'email' | 'credentials';

/** One entry of GET `/providers`. */
export interface ClientSafeProvider {
  id: string;
  name: string;
  type: ProviderType;
  signinUrl: string;
  callbackUrl: string;
}

export interface SignInOptions extends Record<string, unknown> {
  /** Where to go after signing in. Default: `window.location.href`. */
  callbackUrl?: string;
  /** Set to `false` (credentials/email providers only) to get a {@link SignInResponse} instead of a page change. */
  redirect?: boolean;
}

/** What `signIn(…, { redirect: false })` resolves to for credentials and email providers. */
export interface SignInResponse {
  error: string | null;
  status: number;
  ok: boolean;
  url: string | null;
}

/** Extra query parameters for the provider's authorization request (`?…` on POST `/signin/{id}`). */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams;

export interface SignOutParams<R extends boolean = true> {
  /** Where to go after signing out. Default: `window.location.href`. */
  callbackUrl?: string;
  /** Default `true`; `false` resolves with {@link SignOutResponse} and refreshes the session in place. */
  redirect?: R;
}

/** What `signOut({ redirect: false })` resolves to: the body of POST `/signout`. */
export interface SignOutResponse {
  url: string;
}

export interface GetSessionParams {
  /** Why the session is read (informational, as in next-auth). */
  event?: 'storage' | 'timer' | 'hidden' | string;
  /** Default `true`: tell other tabs (`nextauth.message`) that the session was read. */
  broadcast?: boolean;
}

/** The message other tabs see under the `nextauth.message` localStorage key. */
export interface BroadcastMessage {
  event?: 'session';
  data?: { trigger?: 'signout' | 'getSession' };
  clientId?: string;
  timestamp: number;
}

export interface UseSessionOptions<R extends boolean = boolean> {
  /** Redirect (or call `onUnauthenticated`) when there is no session; status stays `loading` meanwhile. */
  required?: R;
  /** Called instead of the redirect to the sign-in page when `required` and unauthenticated. */
  onUnauthenticated?: () => void;
}

/**
 * Re-read the session through POST `/session` (`{csrfToken, data}`), letting the server's session callback see `data`.
 * Resolves `undefined` (no-op) while loading or signed out, `null` when the request failed, else the new session.
 */
export type UpdateSession = (data?: unknown) => Promise<Session | null | undefined>;

/**
 * What `useSession()` returns. While an `update()` is in flight the status is `loading` but `data` keeps the
 * previous session (next-auth's own type claims `null` there, which is not what it does).
 */
export type SessionContextValue<R extends boolean = false> = R extends true
  ? | { update: UpdateSession; data: Session; status: 'authenticated' }
    | { update: UpdateSession; data: Session | null; status: 'loading' }
  : | { update: UpdateSession; data: Session; status: 'authenticated' }
    | { update: UpdateSession; data: null; status: 'unauthenticated' }
    | { update: UpdateSession; data: Session | null; status: 'loading' };

export interface SessionProviderProps {
  children: ReactNode;
  /** An already known session (or `null` for "known to be signed out"): skips the initial loading state. */
  session?: Session | null;
  /** Where the NextAuth routes live. Default `/api/auth`. */
  basePath?: string;
  /** Poll `/session` every this many seconds while signed in. `0` (default) = off. */
  refetchInterval?: number;
  /** Refetch when the tab becomes visible again (only while signed in). Default `true`. */
  refetchOnWindowFocus?: boolean;
  /** `false` pauses polling while `navigator.onLine` is false. Default `true`: poll offline too. */
  refetchWhenOffline?: boolean;
}
