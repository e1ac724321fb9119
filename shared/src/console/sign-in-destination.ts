// Where the staff sign-in page sends someone already signed in: the console's sign-in page navigates there once the
// app is in, and the BFF answers a request for that page with the same redirect before any of it loads.
import { CHOOSE_PASSWORD_PATH } from '../api/password-change';
import type { SessionUser } from '../schemas/session';
import { CONSOLE_ADMIN_PATH, organisationPath } from '../mfe/pages';

type StaffLanding = Pick<SessionUser, 'superAdmin' | 'organisations' | 'mustChangePassword'>;

/**
 * A `callbackUrl` worth following: same origin, path under /console/ (after normalising `..`), else null.
 * Absolute same-origin URLs are accepted because NextAuth-style clients send `window.location.href`.
 */
export function safeCallbackUrl(raw: string | null | undefined, origin: string): string | null {
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
export function homeForUser(user: Pick<StaffLanding, 'superAdmin' | 'organisations'>): string | null {
  const [first] = user.organisations;
  if (!first) return user.superAdmin ? CONSOLE_ADMIN_PATH : null;
  const home = organisationPath(first.slug);
  if (user.organisations.length === 1 || user.superAdmin) return home;
  return `${home}/org-select`;
}

/**
 * Where a signed-in staff user who opens the sign-in page goes: "Choose your password" while their one-time password
 * stands, else the page they were sent to sign in for (already checked: safeCallbackUrl), else their home. Null: they
 * stay (staff without organisations are told so there).
 */
export function signedInDestination(user: StaffLanding, callbackUrl: string | null): string | null {
  return user.mustChangePassword ? CHOOSE_PASSWORD_PATH : (callbackUrl ?? homeForUser(user));
}
