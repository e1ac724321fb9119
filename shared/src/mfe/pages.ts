// The product's published addresses: pages that other packages, mails and bookmarks reach, so they cannot move with
// one release. Build such links with these, never by hand. Which remote renders a path, and its pattern, is that
// remote's route table (its src/app/routes.json, carried by its release); a release whose table no longer serves one of
// its remote's addresses below is refused (PUBLISHED_ADDRESSES).
import type { RemotePackage } from './remotes';

/** The results dashboard of a property's primary building (mfe-results' route table has its pattern). */
export function dashboardPath(propertyId: number | string): string {
  return `/property/${propertyId}/building/primary/results-dashboard`;
}

/** The flow's questions about a property, opened at one question when `question` is given. */
export function questionsPath(propertyId: number | string, question?: string): string {
  const path = `/flow/property/${propertyId}/questions`;
  return question === undefined ? path : `${path}?question=${encodeURIComponent(question)}`;
}

/** The staff sign-in page (the console's index route). */
export const CONSOLE_SIGN_IN_PATH = '/console';
/** The super admin's pages. */
export const CONSOLE_ADMIN_PATH = '/console/admin';

/** An organisation's console home, or one of its pages. */
export function organisationPath(slug: string, page?: string): string {
  return `/console/org/${encodeURIComponent(slug)}${page ? `/${page}` : ''}`;
}

/** The page an invitation or password-reset mail links to (with its token). */
export const SET_PASSWORD_PATH = '/console/set-password';
/** A homeowner's homes (the flow's profile page). */
export const MY_HOMES_PATH = '/flow/profile';
/** The page the mail that confirms a homeowner's contact email links to (its token in the fragment). */
export const CONFIRM_EMAIL_PATH = '/flow/confirm-email';
/** Where a homeowner lands once their account is deleted (signed out). */
export const ACCOUNT_DELETED_PATH = '/flow/account-deleted';
/** The homeowner sign-in page (BankID). */
export const SIGN_PATH = '/sign';
/** The privacy notice (the flow's page): linked from every homeowner page's footer and before anything is shared. */
export const PRIVACY_PATH = '/privacy';

/**
 * Each remote's published addresses, one example path of each: its release must still serve each (a page of its own, or
 * a redirect to one), or the release check refuses it (bff/src/modules/releases/release-check.ts). A team that moves
 * such a page keeps a route to it, or a redirect, at the old address.
 */
export const PUBLISHED_ADDRESSES: readonly { remote: RemotePackage; path: string }[] = [
  { remote: 'mfe-results', path: dashboardPath(1) },
  { remote: 'mfe-flow', path: questionsPath(1) },
  { remote: 'mfe-flow', path: MY_HOMES_PATH },
  { remote: 'mfe-flow', path: CONFIRM_EMAIL_PATH },
  { remote: 'mfe-flow', path: ACCOUNT_DELETED_PATH },
  { remote: 'mfe-flow', path: SIGN_PATH },
  { remote: 'mfe-flow', path: PRIVACY_PATH },
  { remote: 'mfe-console', path: CONSOLE_SIGN_IN_PATH },
  { remote: 'mfe-console', path: organisationPath('example') },
  { remote: 'mfe-console', path: SET_PASSWORD_PATH },
  { remote: 'mfe-admin', path: CONSOLE_ADMIN_PATH },
];

/** Paths the BFF serves itself (its API, release files, translations): never a page of a remote, nothing to preload. */
export const isServerPath = (pathname: string): boolean => /^\/(api|mfe|locales)(\/|$)/.test(pathname);
