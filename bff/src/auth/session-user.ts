// Who a request's session cookie belongs to, read before the session chain: the release a visitor is served
// (modules/releases/servable.ts) and which of a page's API answers its HTML may preload (web/static.ts).
import type { Request } from 'express';
import type session from 'express-session';
import type passport from 'passport';
import cookieParser from 'cookie-parser';
import { safeCallbackUrl, signedInDestination } from '@home-energy/shared/console/sign-in-destination';
import type { AuthCookies } from './cookies';
import { sessionIdReader } from './session-cookie';

export interface SessionUserOptions {
  /** The store express-session uses (session.ts createSessionStore): its reads are cached. */
  store: session.Store;
  passport: passport.PassportStatic;
  secret: string;
  cookies: AuthCookies;
}

type StoredSession = Pick<session.SessionData, 'visitorId'> & { passport?: { user?: unknown } };

/** A request's stored session and its signed-in user (null: nobody signed in to it, an anonymous visitor's). */
export interface ReadSession {
  stored: StoredSession;
  user: Express.User | null;
}

/** Reads a request's session (sessionReader); one request's reads share one answer. */
export type SessionRead = (req: Request) => Promise<ReadSession | null>;

/**
 * A request's session, read outside the session chain (for answers served before it): a signed cookie of a stored
 * session, with its user when one signed in and is still there. Any doubt (a failing store included) answers null.
 * A request asked about more than once (an HTML page asks whose console, whose home and whose answers it shows) parses
 * its cookie and reads the store once.
 */
export function sessionReader({ store, passport, secret, cookies }: SessionUserOptions): SessionRead {
  const parseCookies = cookieParser();
  const sessionIdOf = sessionIdReader(secret);
  const storedSession = (sid: string) =>
    new Promise<StoredSession | null>((resolve) =>
      store.get(sid, (error, found) => resolve(error ? null : ((found as StoredSession | null | undefined) ?? null))),
    );
  const sessionUser = (stored: unknown, req: Request) =>
    new Promise<Express.User | null>((resolve) =>
      passport.deserializeUser(stored as object, req, (error: unknown, user?: Express.User | false | null) =>
        resolve(error || !user ? null : user),
      ),
    );
  const read = async (req: Request): Promise<ReadSession | null> => {
    parseCookies(req, req.res!, () => undefined);
    const value = req.cookies?.[cookies.session];
    const sid = typeof value === 'string' ? sessionIdOf(value) : null;
    if (sid === null) return null;
    const stored = await storedSession(sid);
    if (stored === null) return null;
    const signedIn = stored.passport?.user;
    return { stored, user: signedIn === undefined ? null : await sessionUser(signedIn, req) };
  };
  const answers = new WeakMap<Request, Promise<ReadSession | null>>();
  return (req) => {
    let answer = answers.get(req);
    if (answer === undefined) answers.set(req, (answer = read(req)));
    return answer;
  };
}

/**
 * Whether a request's session is one the console's APIs answer: a staff member who is still there and has chosen
 * their password (password-change-guard.ts). The HTML of a console page preloads its API answers only then
 * (web/static.ts): the browser hands a preloaded answer to the first matching request, so a 401 or 403 preloaded for
 * an expired or signed-out session would reach the page after the next sign-in. Any doubt answers false, which only
 * costs the preloads.
 */
export function consoleSession(read: SessionRead) {
  return async (req: Request): Promise<boolean> => {
    const user = (await read(req))?.user;
    return user?.kind === 'staff' && !user.mustChangePassword;
  };
}

/**
 * Whether a request's session is a signed-in homeowner's: the HTML preloads a homeowner's own answers (their profile)
 * only then, for the same reason as the console's. Any doubt answers false.
 */
export function homeownerSession(read: SessionRead) {
  return async (req: Request): Promise<boolean> => (await read(req))?.user?.kind === 'homeowner';
}

/**
 * Where a signed-in staff member who opens the staff sign-in page goes instead: the page's own rule
 * (shared/src/console/sign-in-destination.ts), so their page loads straight away instead of after the sign-in page has.
 * Null for a visitor, a homeowner, staff with nowhere to go, and any doubt: they get the page.
 */
export function staffSignInDestination(read: SessionRead, publicUrl: string | undefined) {
  const publicOrigin = publicUrl === undefined ? undefined : new URL(publicUrl).origin;
  return async (req: Request): Promise<string | null> => {
    const user = (await read(req))?.user;
    if (user?.kind !== 'staff') return null;
    const raw = req.query.callbackUrl;
    const origin = publicOrigin ?? `${req.protocol}://${req.get('host')}`;
    return signedInDestination(user, safeCallbackUrl(typeof raw === 'string' ? raw : null, origin));
  };
}
