import { SIGN_PATH } from '../mfe/pages';

/**
 * Where a 401 sends the browser: /sign with the current path, plus the full as-path when it differs (docs/product.md
 * §2).
 */
export function signRedirectUrl(location: { pathname: string; search: string; hash: string }): string | null {
  if (location.pathname === SIGN_PATH || location.pathname.startsWith(`${SIGN_PATH}/`)) return null;
  const params = new URLSearchParams({ redirect: location.pathname });
  const asPath = `${location.pathname}${location.search}${location.hash}`;
  if (asPath !== location.pathname) params.set('asPath', asPath);
  return `${SIGN_PATH}?${params.toString()}`;
}
