import type { SessionUser } from '@home-energy/shared';
import { CONSOLE_ADMIN_PATH, CONSOLE_SIGN_IN_PATH, organisationPath } from '@home-energy/shared/mfe/pages';

/**
 * A `callbackUrl` worth following: same origin, path under /console/ (after normalising `..`), else null.
 * Absolute same-origin URLs are accepted because NextAuth-style clients send `window.location.href`.
 */
export function safeCallbackUrl(
  raw: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  // A path with one leading slash (`//host` and `/\host` are protocol-relative in browsers) or an absolute http(s) URL.
  if (!raw || !/^(\/(?![/\\])|https?:\/\/)/i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !url.pathname.startsWith('/console/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a signed-in staff user lands: their organisation's home, the organisation picker when they have several,
 * the super admin pages when they have none. Null when there is nowhere to go (staff without organisations).
 */
export function homeForUser(user: Pick<SessionUser, 'superAdmin' | 'organisations'>): string | null {
  const [first] = user.organisations;
  if (!first) return user.superAdmin ? CONSOLE_ADMIN_PATH : null;
  const home = organisationPath(first.slug);
  if (user.organisations.length === 1 || user.superAdmin) return home;
  return `${home}/org-select`;
}

/** `/console?callbackUrl=…&error=SessionRequired`: where a page that needs a session sends a signed-out visitor. */
export function signInUrlFor(location: { pathname: string; search: string; hash: string }): string {
  const params = new URLSearchParams({
    callbackUrl: `${location.pathname}${location.search}${location.hash}`,
    error: 'SessionRequired',
  });
  return `${CONSOLE_SIGN_IN_PATH}?${params.toString()}`;
}
