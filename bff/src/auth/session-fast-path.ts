// GET /api/auth/session is the busiest call there is: next-auth/react asks it on every page load and every time a tab
// regains focus. For its common case (a signed-in session, not impersonating, no query or body; the session row and
// user usually come from this instance's read cache) this answers it without the general /api chain (compression,
// express-session's Session and change hashing, passport's strategy plumbing, the auth router's body parsers), from
// the same store, the same passport deserializer and the same answer code (routes.ts authAnswers). Anything else goes
// on to that chain, which answers as it always has. The two answer alike: auth/__tests__/session-fast-path.test.ts.
import type { RequestHandler } from 'express';
import type session from 'express-session';
import type passport from 'passport';
import cookieParser from 'cookie-parser';
import type { AuthCookies } from './cookies';
import { sessionIdReader } from './session-cookie';
import type { authAnswers } from './routes';

type StoredSession = Omit<session.SessionData, 'cookie'> & {
  passport?: { user?: unknown };
  cookie?: Pick<
    session.CookieOptions,
    'path' | 'domain' | 'httpOnly' | 'secure' | 'sameSite' | 'priority' | 'partitioned'
  > & { originalMaxAge?: number | null };
};

export interface SessionFastPathOptions {
  /** The store express-session uses (auth/session.ts createSessionStore). */
  store: session.Store;
  passport: passport.PassportStatic;
  secret: string;
  cookies: AuthCookies;
  answers: ReturnType<typeof authAnswers>;
}

export function sessionFastPath({ store, passport, secret, cookies, answers }: SessionFastPathOptions): RequestHandler {
  const parseCookies = cookieParser();
  const sessionIdOf = sessionIdReader(secret);

  return (req, res, next) => {
    // A query or a body can name a callbackUrl (routes.ts init): the chain, with its parsers, answers those.
    if (
      req.url.includes('?') ||
      req.headers['content-length'] !== undefined ||
      req.headers['transfer-encoding'] !== undefined
    )
      return next();
    parseCookies(req, res, () => undefined);
    const value = req.cookies?.[cookies.session];
    const sid = typeof value === 'string' ? sessionIdOf(value) : null;
    if (sid === null) return next();
    store.get(sid, (error, found) => {
      if (error) return next(error);
      const stored = found as StoredSession | null | undefined;
      const cookie = stored?.cookie;
      // Signed out, impersonating (checked against the database on each request: impersonation.ts), a browser-session
      // cookie, or a Secure cookie over plain http (express-session would not send it): the chain decides.
      if (
        !stored ||
        stored.passport?.user === undefined ||
        stored.impersonating ||
        !cookie ||
        typeof cookie.originalMaxAge !== 'number'
      )
        return next();
      if ((cookie.secure === true && !req.secure) || cookie.priority !== undefined || cookie.partitioned !== undefined)
        return next();
      passport.deserializeUser(
        stored.passport.user as object,
        req,
        (error: unknown, user?: Express.User | false | null) => {
          if (error) return next(error);
          // A user gone or deactivated: the chain drops them from the session (passport) and answers signed out.
          if (!user) return next();
          // The sliding expiry, as express-session's rolling cookie and touch: the cookie on every answer, the row at
          // most once per SESSION_TOUCH_INTERVAL_MS (session.ts throttleTouch).
          const expires = new Date(Date.now() + cookie.originalMaxAge!);
          const rolled = { ...stored, cookie: { ...cookie, expires } } as unknown as session.SessionData;
          store.touch!(sid, rolled, (error?: unknown) => {
            if (error) return next(error);
            // The value it came with: the signature of this id under this secret (verified above) is the same string.
            res.cookie(cookies.session, value as string, {
              path: cookie.path,
              domain: cookie.domain,
              httpOnly: cookie.httpOnly,
              secure: cookie.secure === true,
              sameSite: cookie.sameSite,
              expires,
            });
            answers.answerSession(req, res, { user, expires });
          });
        },
      );
    });
  };
}
