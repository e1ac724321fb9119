// GET /api/auth/session is the busiest call there is: next-auth/react asks it on every page load and every time a tab
// regains focus. For its common case (a signed-in session, not impersonating, no query or body; the session row and
// user usually come from this instance's read cache) this answers it without the general /api chain (compression,
// express-session's Session and change hashing, passport's strategy plumbing, the auth router's body parsers), from
// the same store, the same passport deserializer and the same answer code (routes.ts authAnswers). Anything else goes
// on to that chain, which answers as it always has. The two answer alike: auth/__tests__/session-fast-path.test.ts.
// Its session part (fastSession) also serves cached building answers (modules/building/fast-path.ts).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
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

export interface FastSessionOptions {
  /** The store express-session uses (auth/session.ts createSessionStore). */
  store: session.Store;
  passport: passport.PassportStatic;
  secret: string;
  cookies: AuthCookies;
}

/** A request's session as express-session and passport would give it, and how to roll its cookie as they would. */
export interface FastSession {
  /** The stored session (with its `visitorId`, `homeownerBrand`, …). */
  stored: session.SessionData;
  /** The deserialized user, or null for a session nobody signed in to (an anonymous visitor's). */
  user: Express.User | null;
  /** The session's new expiry, as express-session's rolling cookie sets it. */
  expires: Date;
  /** Touches the row (at most once per SESSION_TOUCH_INTERVAL_MS) and sets the rolled cookie, then calls `then`. */
  roll(then: () => void): void;
}

/**
 * Resolves the common case of a request's session without express-session and passport: a signed session cookie whose
 * session (and user, if signed in) this instance can read, not impersonating, no query or body. Calls `answer` with
 * it, or `next` for everything else, which the /api chain then answers as it always has.
 */
export function fastSession({ store, passport, secret, cookies }: FastSessionOptions) {
  const parseCookies = cookieParser();
  const sessionIdOf = sessionIdReader(secret);

  return (
    req: Request,
    res: Response,
    next: NextFunction,
    answer: (found: FastSession) => void,
    { signedIn }: { signedIn: boolean },
  ): void => {
    // A query or a body can change the answer (a callbackUrl, a brand): the chain, with its parsers, answers those.
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
        (signedIn && stored.passport?.user === undefined) ||
        stored.impersonating ||
        !cookie ||
        typeof cookie.originalMaxAge !== 'number'
      )
        return next();
      if ((cookie.secure === true && !req.secure) || cookie.priority !== undefined || cookie.partitioned !== undefined)
        return next();
      const withUser = (user: Express.User | null) => {
        // The sliding expiry, as express-session's rolling cookie and touch: the cookie on every answer, the row at
        // most once per SESSION_TOUCH_INTERVAL_MS (session.ts throttleTouch).
        const expires = new Date(Date.now() + cookie.originalMaxAge!);
        const rolled = { ...stored, cookie: { ...cookie, expires } } as unknown as session.SessionData;
        answer({
          stored: rolled,
          user,
          expires,
          roll: (then) =>
            store.touch!(sid, rolled, (error?: unknown) => {
              if (error) return next(error);
              // The value it came with: the signature of this id under this secret (verified above) is the same.
              res.cookie(cookies.session, value as string, {
                path: cookie.path,
                domain: cookie.domain,
                httpOnly: cookie.httpOnly,
                secure: cookie.secure === true,
                sameSite: cookie.sameSite,
                expires,
              });
              then();
            }),
        });
      };
      if (stored.passport?.user === undefined) return withUser(null);
      passport.deserializeUser(
        stored.passport.user as object,
        req,
        (error: unknown, user?: Express.User | false | null) => {
          if (error) return next(error);
          // A user gone or deactivated: the chain drops them from the session (passport) and answers signed out.
          if (!user) return next();
          withUser(user);
        },
      );
    });
  };
}

export interface SessionFastPathOptions extends FastSessionOptions {
  answers: ReturnType<typeof authAnswers>;
}

export function sessionFastPath(options: SessionFastPathOptions): RequestHandler {
  const resolve = fastSession(options);
  return (req, res, next) =>
    resolve(
      req,
      res,
      next,
      ({ user, expires, roll }) => roll(() => options.answers.answerSession(req, res, { user: user!, expires })),
      { signedIn: true },
    );
}
