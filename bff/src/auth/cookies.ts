import type { CookieOptions } from 'express';

/**
 * Cookie names and flags: `__Host-`/`__Secure-` prefixes and Secure when served over https (as next-auth v4 names
 * them).
 */
export interface AuthCookies {
  session: string;
  csrf: string;
  callbackUrl: string;
  options: CookieOptions;
}

export function authCookies(secure: boolean): AuthCookies {
  return {
    session: secure ? '__Host-he.session' : 'he.session',
    csrf: secure ? '__Host-he.csrf-token' : 'he.csrf-token',
    callbackUrl: secure ? '__Secure-he.callback-url' : 'he.callback-url',
    options: { path: '/', httpOnly: true, sameSite: 'lax', secure },
  };
}
