// The NextAuth v4 browser client (`next-auth/react` 4.24.15: `react/index.tsx`, `client/_utils.ts`) for our BFF,
// which serves the NextAuth REST protocol under /api/auth docs/auth.md §1.2, §1.6, §1.7).
//
// Deliberate differences from upstream, all invisible to a conforming server:
// - no `process.env.NEXTAUTH_URL` (a browser-only SPA): the base path is always the relative `basePath`;
// - errors are logged to the console only (no sendBeacon to `/_log`);
// - navigation goes through `authNavigation` so tests can observe it;
// - `signIn` appends `?authorizationParams` only when there are any, skips `undefined` option values,
//   and resolves a relative `url` in the answer against the page instead of throwing (next-auth#6035);
// - its calls carry the page's UI language (`X-UI-Language`): a console user's mails are written in it.
import { withUiLanguage } from '../i18n/ui-language-header';
import type {
  BroadcastMessage,
  ClientSafeProvider,
  GetSessionParams,
  Session,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
} from './types';

/** Cross-tab channel key used by the NextAuth v4 client (a localStorage key, not the BroadcastChannel API). */
export const SESSION_BROADCAST_KEY = 'nextauth.message';

export const DEFAULT_BASE_PATH = '/api/auth';

/** Module-level client state, like next-auth's `__NEXTAUTH`. The mounted SessionProvider owns `_getSession`. */
export interface AuthClientConfig {
  basePath: string;
  /** Last session response: `undefined` = never fetched, `null` = signed out. */
  _session: Session | null | undefined;
  /** Unix seconds of the last sync. */
  _lastSync: number;
  /** The provider's session refresh, so signIn/signOut can refresh the mounted provider. */
  _getSession: (params?: { event?: string }) => Promise<void> | void;
}

export const authClientConfig: AuthClientConfig = {
  basePath: DEFAULT_BASE_PATH,
  _session: undefined,
  _lastSync: 0,
  _getSession: () => {},
};

/** Page changes made by the client. One object so tests can `jest.spyOn(authNavigation, 'navigate')`. */
export const authNavigation = {
  navigate(url: string): void {
    window.location.href = url;
  },
  reload(): void {
    window.location.reload();
  },
};

/** Navigate, and reload when the URL has a hash (the browser would otherwise only scroll). */
function navigateTo(url: string): void {
  authNavigation.navigate(url);
  if (url.includes('#')) authNavigation.reload();
}

/** The base of every request: the relative basePath (`/api/auth` unless the provider overrides it). */
export function apiBaseUrl(): string {
  return authClientConfig.basePath;
}

/** Unix seconds. */
export function now(): number {
  return Math.floor(Date.now() / 1000);
}

/** next-auth's client logger format: `[next-auth][error][CODE]`, the docs link, the message, the metadata. */
function logError(code: string, metadata: { error?: unknown; [key: string]: unknown }): void {
  const error = metadata.error;
  const message = error instanceof Error ? error.message : (error as { message?: unknown } | undefined)?.message;
  console.error(
    `[next-auth][error][${code}]`,
    `\nhttps://next-auth.js.org/errors#${code.toLowerCase()}`,
    message,
    metadata,
  );
}

/**
 * GET `${basePath}/${path}` as JSON (or POST a JSON body). A non-ok answer, a network error or a non-JSON body is
 * logged as CLIENT_FETCH_ERROR and gives `null`, as does an empty object `{}`.
 */
export async function fetchData<T>(path: string, { body }: { body?: unknown } = {}): Promise<T | null> {
  const url = `${apiBaseUrl()}/${path}`;
  try {
    const headers = withUiLanguage(new Headers({ 'Content-Type': 'application/json' }));
    const init: RequestInit = { headers, credentials: 'same-origin' };
    if (body) {
      init.method = 'POST';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(url, init);
    const data: unknown = await res.json();
    if (!res.ok) throw data;
    return data && typeof data === 'object' && Object.keys(data).length > 0 ? (data as T) : null;
  } catch (error) {
    logError('CLIENT_FETCH_ERROR', { error, url });
    return null;
  }
}

/**
 * The cross-tab channel (`client/_utils.ts` `BroadcastChannel()`), on localStorage because Safari lacked the real one.
 */
export const broadcast = {
  /** Tell other tabs. Storage errors (quota, privacy mode) are swallowed. */
  post(message: Omit<BroadcastMessage, 'timestamp'>): void {
    if (typeof window === 'undefined') return;
    try {
      localStorage.setItem(SESSION_BROADCAST_KEY, JSON.stringify({ ...message, timestamp: now() }));
    } catch {
      // ignored, as upstream
    }
  },
  /** Get notified by other tabs (the `storage` event fires only in the tabs that did not write). */
  receive(onReceive: (message: BroadcastMessage) => void): () => void {
    const handler = (event: StorageEvent) => {
      if (event.key !== SESSION_BROADCAST_KEY) return;
      let message: BroadcastMessage | null;
      try {
        message = JSON.parse(event.newValue ?? '{}') as BroadcastMessage | null;
      } catch {
        return;
      }
      if (message?.event !== 'session' || !message?.data) return;
      onReceive(message);
    };
    window.addEventListener('storage', handler);
    return () => window.removeEventListener('storage', handler);
  },
};

/** GET `/session`: the session, or `null` when signed out or on failure. Tells other tabs unless `broadcast: false`. */
export async function getSession(params?: GetSessionParams): Promise<Session | null> {
  const session = await fetchData<Session>('session');
  if (params?.broadcast ?? true) announceSession();
  return session;
}

/**
 * Tells other tabs that this one has just read the session (they fetch theirs), as getSession does after its request.
 * For a session read without getSession: the shell's early request, handed to the SessionProvider as its initial one.
 */
export function announceSession(): void {
  broadcast.post({ event: 'session', data: { trigger: 'getSession' } });
}

/** The session without telling other tabs (kept from the first, minimal client). */
export function fetchSession(): Promise<Session | null> {
  return getSession({ broadcast: false });
}

/** GET `/csrf` → the token every POST must carry (the cookie is HttpOnly, so this is the only way to read it). */
export async function getCsrfToken(): Promise<string | undefined> {
  const response = await fetchData<{ csrfToken: string }>('csrf');
  return response?.csrfToken;
}

/** GET `/providers` → `id → provider`, or `null` on failure. */
export async function getProviders(): Promise<Record<string, ClientSafeProvider> | null> {
  return fetchData<Record<string, ClientSafeProvider>>('providers');
}

function formBody(fields: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) body.append(key, String(value));
  }
  return body;
}

/**
 * Start a sign-in. Without a (known) provider it goes to the sign-in page. Credentials and email providers with
 * `redirect: false` resolve a {@link SignInResponse}; everything else navigates and resolves `undefined`.
 */
export async function signIn(
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | undefined> {
  const { callbackUrl = window.location.href, redirect = true } = options;
  const baseUrl = apiBaseUrl();
  const providers = await getProviders();

  if (!providers) {
    authNavigation.navigate(`${baseUrl}/error`);
    return undefined;
  }
  if (!provider || !Object.prototype.hasOwnProperty.call(providers, provider)) {
    authNavigation.navigate(`${baseUrl}/signin?${new URLSearchParams({ callbackUrl })}`);
    return undefined;
  }

  const { type } = providers[provider];
  const isCredentials = type === 'credentials';
  const isSupportingReturn = isCredentials || type === 'email';

  const query = authorizationParams ? new URLSearchParams(authorizationParams).toString() : '';
  const action = isCredentials ? 'callback' : 'signin';
  const signInUrl = `${baseUrl}/${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ''}`;

  const res = await fetch(signInUrl, {
    method: 'POST',
    headers: withUiLanguage(new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' })),
    credentials: 'same-origin',
    body: formBody({ ...options, csrfToken: await getCsrfToken(), callbackUrl, json: 'true' }),
  });
  const data = (await res.json()) as { url?: string };

  if (redirect || !isSupportingReturn) {
    navigateTo(data.url ?? callbackUrl);
    return undefined;
  }

  const error = data.url ? new URL(data.url, window.location.href).searchParams.get('error') : null;

  if (res.ok) {
    await authClientConfig._getSession({ event: 'storage' });
  }

  return { error, status: res.status, ok: res.ok, url: error ? null : (data.url ?? null) };
}

/**
 * Sign out (POST `/signout`), always telling other tabs. By default navigates to the answer's url; with
 * `redirect: false` it refreshes the session in place and resolves `{ url }`.
 */
export async function signOut<R extends boolean = true>(
  options?: SignOutParams<R>,
): Promise<R extends true ? undefined : SignOutResponse> {
  const { callbackUrl = window.location.href } = options ?? {};
  const res = await fetch(`${apiBaseUrl()}/signout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    credentials: 'same-origin',
    body: formBody({ csrfToken: await getCsrfToken(), callbackUrl, json: 'true' }),
  });
  const data = (await res.json()) as SignOutResponse;

  broadcast.post({ event: 'session', data: { trigger: 'signout' } });

  if (options?.redirect ?? true) {
    navigateTo(data.url ?? callbackUrl);
    return undefined as R extends true ? undefined : SignOutResponse;
  }

  await authClientConfig._getSession({ event: 'storage' });
  return data as R extends true ? undefined : SignOutResponse;
}

/**
 * After a sign-in that did not go through signIn() (BankID at /api/flow/user/auth): refresh this tab's session like
 * signIn(redirect:false) does, and tell the other tabs.
 */
export async function refreshSession(): Promise<void> {
  await authClientConfig._getSession({ event: 'storage' });
  broadcast.post({ event: 'session', data: { trigger: 'getSession' } });
}
