import express, { Router, type Request, type Response } from 'express';
import { LRUCache } from 'lru-cache';
import type passport from 'passport';
import type { Logger } from '../logger';
import { safeCallbackUrl } from './callback-url';
import type { AuthCookies } from './cookies';
import { csrfVerified, readCsrf, type CsrfState } from './csrf';
import { recordSignIn } from './staff-repository';
import { rememberStoredLanguage, requestLanguage } from '../modules/mail/language';
import type { Db } from '../db/client';
import { sharedRateLimit } from '../http/rate-limit-store';
import { HttpError } from '../http/errors';
import { accountKey, ipKey, PasswordLocked, type PasswordGuard } from './password-guard';

export interface AuthRouteOptions {
  db: Db;
  logger: Logger;
  passport: passport.PassportStatic;
  secret: string;
  cookies: AuthCookies;
  basePath: string;
  /** Absolute public origin (https://…) when behind a proxy; otherwise taken from the request. */
  publicUrl?: string;
  /** The product page that signs staff in (NextAuth `pages.signIn` / `pages.error`). */
  signInPage: string;
  signInRateLimit: number;
  /** Growing lockouts after wrong passwords, per account and per IP (password-guard.ts). */
  passwordGuard: PasswordGuard;
}

const PROVIDERS = { credentials: { id: 'credentials', name: 'Email and password', type: 'credentials' } } as const;
/** A provider this server has: its own key only (`toString`, `constructor`, `__proto__` are the object's, not ours). */
const isProvider = (name: string): name is keyof typeof PROVIDERS => Object.hasOwn(PROVIDERS, name);
// GET /error with one of these goes back to the sign-in page with the error (next-auth v4's error page contract).
const SIGNIN_ERRORS = new Set([
  'Signin',
  'OAuthSignin',
  'OAuthCallback',
  'OAuthCreateAccount',
  'EmailCreateAccount',
  'Callback',
  'OAuthAccountNotLinked',
  'EmailSignin',
  'CredentialsSignin',
  'SessionRequired',
]);
const NO_CACHE = { 'Cache-Control': 'private, no-cache, no-store', Pragma: 'no-cache', Expires: '0' };

interface AuthRequestState {
  baseUrl: string;
  url: string;
  csrf: CsrfState;
  callbackUrl: string;
}

export type AuthAnswerOptions = Pick<AuthRouteOptions, 'secret' | 'cookies' | 'basePath' | 'publicUrl'>;

/** What a signed-in GET /session answers with: the session user and when the session cookie expires. */
export interface SignedIn {
  user: Express.User;
  expires: Date;
}

/** NextAuth's session body: `{ user, expires }`, or `{}` when signed out. */
function sessionJson(signedIn: SignedIn | null) {
  return signedIn ? { user: signedIn.user, expires: signedIn.expires.toISOString() } : {};
}

/**
 * The per-request state every /api/auth answer starts from (origin, CSRF and callback-url cookies), and the session
 * answer: shared by the routes below and the session fast path (session-fast-path.ts), so both answer alike.
 */
export function authAnswers(options: AuthAnswerOptions) {
  // The origin each Host header names, parsed once (a handful of hosts in practice; bounded, as Host is the client's).
  const origins = new LRUCache<string, string>({ max: 256 });
  const originOf = (origin: string) => {
    let parsed = origins.get(origin);
    if (parsed === undefined) {
      // app.ts refuses such a Host first (http/input-guards.ts validHost); kept a 400 wherever this is mounted.
      if (!URL.canParse(origin)) throw new HttpError(400, 'bad_request', 'Invalid Host header: it names no host');
      parsed = new URL(origin).origin;
      origins.set(origin, parsed);
    }
    return parsed;
  };

  function init(req: Request, res: Response): AuthRequestState {
    const baseUrl = originOf(options.publicUrl ?? `${req.protocol}://${req.get('host')}`);
    const url = `${baseUrl}${options.basePath}`;
    const csrf = readCsrf(req.cookies?.[options.cookies.csrf], options.secret);
    if (csrf.cookie) res.cookie(options.cookies.csrf, csrf.cookie, options.cookies.options);
    const requested = safeCallbackUrl(req.body?.callbackUrl ?? req.query.callbackUrl, baseUrl);
    const fromCookie = safeCallbackUrl(req.cookies?.[options.cookies.callbackUrl], baseUrl);
    const callbackUrl = requested ?? fromCookie ?? baseUrl;
    if (callbackUrl !== req.cookies?.[options.cookies.callbackUrl])
      res.cookie(options.cookies.callbackUrl, callbackUrl, options.cookies.options);
    return { baseUrl, url, csrf, callbackUrl };
  }

  /** GET /session: the user and the session's expiry when signed in, `{}` otherwise; never cached. */
  function answerSession(req: Request, res: Response, signedIn: SignedIn | null): void {
    init(req, res);
    // Sent as is: an answer no cache may keep has no use for an ETag (res.json would hash every answer for one).
    const body = JSON.stringify(sessionJson(signedIn));
    res
      .set(NO_CACHE)
      .set({ 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) });
    res.end(body);
  }

  return { init, answerSession };
}

/** The signed-in user and session expiry on a request that went through express-session and passport. */
function signedInOf(req: Request): SignedIn | null {
  if (!req.user) return null;
  return {
    user: req.user,
    expires: req.session.cookie.expires ?? new Date(Date.now() + (req.session.cookie.maxAge ?? 0)),
  };
}

/** POST /_log bodies (NextAuth's client sends level, code and a short message) are at most this large. */
export const CLIENT_LOG_MAX_BYTES = 2048;
/** Client log reports per IP per minute; more are answered 429 and not logged. */
export const CLIENT_LOG_RATE_LIMIT = 30;

// Line breaks, other control characters and bidi overrides: a report cannot forge or disguise log lines.
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu;
const reportText = (v: unknown) => (typeof v === 'string' ? v.replace(UNPRINTABLE, ' ').slice(0, 500) : undefined);

function clientLogLimiter(db: Db, logger: Logger) {
  return sharedRateLimit(db, 'client-log', {
    windowMs: 60_000,
    limit: CLIENT_LOG_RATE_LIMIT,
    message: 'Too many log reports. Try again in a minute.',
    handler: (req, res) => {
      logger.debug({ ip: req.ip }, 'client log rate limit reached');
      res.status(429).json({ error: 'too_many_requests', message: 'Too many log reports. Try again in a minute.' });
    },
  });
}

/**
 * POST /_log: NextAuth's client reports its own errors. Anyone can send one, so it is what a visitor says, not a
 * server fault: logged at warn at most (docs/security.md "Hardening and security"), as printable text, never at error.
 */
function clientLog(logger: Logger) {
  return (req: Request, res: Response) => {
    const { level, code, message } = req.body ?? {};
    logger[level === 'error' || level === 'warn' ? 'warn' : 'debug'](
      { client: true, code: reportText(code), message: reportText(message) },
      'client auth log',
    );
    res.status(200).end();
  };
}

/**
 * /api/auth: the NextAuth v4 REST protocol on passport + express-session, with its quirks kept so an unchanged
 * next-auth/react client works (next-auth v4's REST API): json compared as the string "true", absolute urls,
 * CSRF failure answered as a redirect to signin?csrf=true, silent callbackUrl fallback.
 */
export function authRoutes(options: AuthRouteOptions): Router {
  const router = Router();
  // Before the other routes' parsers: client logs have a smaller body limit of their own.
  router.post(
    '/_log',
    clientLogLimiter(options.db, options.logger),
    express.urlencoded({ extended: false, limit: CLIENT_LOG_MAX_BYTES }),
    express.json({ limit: CLIENT_LOG_MAX_BYTES }),
    clientLog(options.logger),
  );
  router.use(express.urlencoded({ extended: false, limit: '10kb' }), express.json({ limit: '10kb' }));
  const { init, answerSession } = authAnswers(options);

  /** NextAuth's redirect answer: JSON {url} (keeping the status) when the body says json=true, else a 302. */
  function redirect(req: Request, res: Response, url: string, status = 200): void {
    if (req.body?.json === 'true') res.status(status).json({ url });
    else res.redirect(302, url);
  }

  const signInLimiter = sharedRateLimit(options.db, 'sign-in', {
    windowMs: 15 * 60 * 1000,
    limit: options.signInRateLimit,
    message: 'Too many sign-in attempts. Try again in a few minutes.',
    handler: (req, res) => {
      const { url } = init(req, res);
      options.logger.warn({ ip: req.ip }, 'sign-in rate limit reached');
      if (req.body?.json === 'true') res.status(429).json({ url: `${url}/error?error=TooManyRequests` });
      else res.status(429).type('text/plain').send('Too many sign-in attempts. Try again in a few minutes.');
    },
  });

  router.get('/csrf', (req, res) => {
    const { csrf } = init(req, res);
    res.set(NO_CACHE).json({ csrfToken: csrf.token });
  });

  router.get('/providers', (req, res) => {
    const { url } = init(req, res);
    res.json(
      Object.fromEntries(
        Object.values(PROVIDERS).map((p) => [
          p.id,
          { ...p, signinUrl: `${url}/signin/${p.id}`, callbackUrl: `${url}/callback/${p.id}` },
        ]),
      ),
    );
  });

  router.get('/session', (req, res) => answerSession(req, res, signedInOf(req)));

  // Session update: CSRF checked from the JSON body; answers the (refreshed) session.
  router.post('/session', (req, res) => {
    const { csrf } = init(req, res);
    if (!csrfVerified(csrf, req.body?.csrfToken)) {
      res.status(400).json({});
      return;
    }
    res.json(sessionJson(signedInOf(req)));
  });

  router.post('/signin/:provider', signInLimiter, (req, res) => {
    const { url, csrf } = init(req, res);
    if (!isProvider(String(req.params.provider))) {
      res.status(400).type('text/plain').send('Error: This action with HTTP POST is not supported by NextAuth.js');
      return;
    }
    if (!csrfVerified(csrf, req.body?.csrfToken)) return redirect(req, res, `${url}/signin?csrf=true`);
    // Credentials are posted to /callback; NextAuth answers /signin here.
    redirect(req, res, `${url}/signin`);
  });

  router.post('/callback/:provider', signInLimiter, async (req, res, next) => {
    const state = init(req, res);
    const provider = String(req.params.provider);
    if (!isProvider(provider)) {
      res.status(400).type('text/plain').send('Error: This action with HTTP POST is not supported by NextAuth.js');
      return;
    }
    if (!csrfVerified(state.csrf, req.body?.csrfToken)) return redirect(req, res, `${state.url}/signin?csrf=true`);
    // Cheapest first: a body that is not two strings is refused before any lockout is counted or password checked
    // (the NextAuth client posts a form, so only a hand-made JSON body can send a number, an array or an object).
    for (const field of ['email', 'password'] as const) {
      const value: unknown = req.body?.[field];
      if (value !== undefined && typeof value !== 'string')
        throw new HttpError(400, 'bad_request', `Invalid body.${field}: expected a string`, [
          { path: `body.${field}`, message: 'expected a string' },
        ]);
    }
    const keys = [accountKey(String(req.body?.email ?? '')), ipKey(req.ip)];
    const wait = await options.passwordGuard.begin(keys);
    if (wait > 0) {
      // Answered like the sign-in limiter: the NextAuth client reads {url} and shows TooManyRequests.
      options.logger.warn({ ip: req.ip }, 'sign-in locked after wrong passwords');
      res.set('Retry-After', String(wait));
      if (req.body?.json === 'true') res.status(429).json({ url: `${state.url}/error?error=TooManyRequests` });
      else res.status(429).type('text/plain').send(new PasswordLocked(wait).message);
      return;
    }
    options.passport.authenticate(provider, { session: false }, (error: unknown, user: Express.User | false) => {
      if (error) return next(error);
      if (!user) {
        options.logger.info({ provider }, 'sign-in refused');
        return redirect(
          req,
          res,
          `${state.url}/error?error=CredentialsSignin&provider=${encodeURIComponent(provider)}`,
          401,
        );
      }
      // req.login regenerates the session (no fixation), then stores only the user id.
      req.login(user, (loginError) => {
        if (loginError) return next(loginError);
        const language = requestLanguage(req);
        rememberStoredLanguage(req, language);
        // Recorded before the answer: a language switch right after signing in must not be overwritten by it.
        const recorded = recordSignIn(options.db, Number(user.id), language).catch((recordError: unknown) =>
          options.logger.warn({ err: recordError }, 'sign-in not recorded'),
        );
        void Promise.all([recorded, options.passwordGuard.passed(keys[0]!, keys.slice(1))]).then(
          () => redirect(req, res, state.callbackUrl),
          next,
        );
      });
    })(req, res, next);
  });

  router.post('/signout', (req, res, next) => {
    const { url, csrf, callbackUrl } = init(req, res);
    if (!csrfVerified(csrf, req.body?.csrfToken)) return redirect(req, res, `${url}/signout?csrf=true`);
    const done = () => {
      res.clearCookie(options.cookies.session, options.cookies.options);
      redirect(req, res, callbackUrl);
    };
    if (!req.user) return done();
    req.logout((error) => {
      if (error) return next(error);
      // logout regenerated the session; drop the fresh one too, so no row is left behind.
      req.session.destroy(() => done());
    });
  });

  router.get('/signin', (req, res) => {
    const { callbackUrl } = init(req, res);
    const error = typeof req.query.error === 'string' ? req.query.error : undefined;
    let target = `${options.signInPage}?callbackUrl=${encodeURIComponent(callbackUrl)}`;
    if (error) target += `&error=${encodeURIComponent(error)}`;
    res.redirect(302, target);
  });

  router.get('/error', (req, res) => {
    const { url } = init(req, res);
    const error = typeof req.query.error === 'string' ? req.query.error : 'Default';
    if (SIGNIN_ERRORS.has(error)) return res.redirect(302, `${url}/signin?error=${encodeURIComponent(error)}`);
    res.redirect(302, `${options.signInPage}?error=${encodeURIComponent(error)}`);
  });

  router.get('/signout', (_req, res) => res.redirect(302, options.signInPage));

  router.all('/{*rest}', (req, res) => {
    res
      .status(400)
      .type('text/plain')
      .send(`Error: This action with HTTP ${req.method} is not supported by NextAuth.js`);
  });
  return router;
}
