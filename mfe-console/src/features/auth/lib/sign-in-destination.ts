import { CONSOLE_SIGN_IN_PATH } from '@home-energy/shared/mfe/pages';

/** `/console?callbackUrl=…&error=SessionRequired`: where a page that needs a session sends a signed-out visitor. */
export function signInUrlFor(location: { pathname: string; search: string; hash: string }): string {
  const params = new URLSearchParams({
    callbackUrl: `${location.pathname}${location.search}${location.hash}`,
    error: 'SessionRequired',
  });
  return `${CONSOLE_SIGN_IN_PATH}?${params.toString()}`;
}
