import { SIGN_PATH } from '@home-energy/shared/mfe/pages';

function isSignPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === SIGN_PATH || path.startsWith(`${SIGN_PATH}/`);
}

/**
 * A path of this origin worth returning to, or null: one leading slash (`//host` and `/\host` are protocol-relative
 * in browsers), still this origin once parsed (the URL parser drops tabs and newlines), and not the sign page itself.
 */
export function safeReturnPath(raw: string | null | undefined, origin: string = window.location.origin): string | null {
  if (!raw || !/^\/(?![/\\])/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  // `/.//host` parses to the path `//host`: a protocol-relative URL again once navigated to.
  if (url.origin !== origin || url.pathname.startsWith('//') || isSignPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a homeowner goes once signed in: `asPath` (the full path, with its query, that a 401 sent here) when safe,
 * else `redirect` when safe, else the start page.
 */
export function signDestination(params: URLSearchParams, origin: string = window.location.origin): string {
  return safeReturnPath(params.get('asPath'), origin) ?? safeReturnPath(params.get('redirect'), origin) ?? '/';
}
