import { Router, type Request } from 'express';
import { noQuery } from '../../http/input-guards';
import type passport from 'passport';
import { z } from 'zod';
import { startSignSchema } from '@home-energy/shared/schemas/bankid';
import type { Db } from '../../db/client';
import { sharedRateLimit } from '../../http/rate-limit-store';
import { HttpError, parse } from '../../http/errors';
import { csrfVerified, readCsrf } from '../../auth/csrf';
import type { AuthCookies } from '../../auth/cookies';
import type { PersonalNumberVault } from '../../bankid/personal-number';
import { homeownerIdOf, homeownerSessionUser, loadHomeowner, upsertHomeowner } from './repository';
import type { OrderService } from './orders';
import { claimVisitorProfiles } from '../building/repository';
import { keepHomeownerBrand } from '../flow/brand';
import { mailLanguageOf, noteUsedLanguage, requestLanguage } from '../mail/language';
import type { MailLanguage } from '@home-energy/shared/schemas/mail-language';

export interface SignRouteOptions {
  db: Db;
  orders: OrderService;
  passport: passport.PassportStatic;
  vault: PersonalNumberVault;
  secret: string;
  cookies: AuthCookies;
  publicUrl?: string;
  startRateLimit: number;
  /** The brand of a request that names none (the organisation a homeowner without one is kept with). */
  defaultBrand: string;
  /** POST /fake-login signs in a demo homeowner; only when explicitly enabled, never in production. */
  fakeLogin: boolean;
}

const csrfBody = z.object({ csrfToken: z.string().max(200) }).strict();
const fakeLoginBody = z
  .object({
    personalNumber: z
      .string()
      .regex(/^(19|20)\d{10}$/, 'twelve digits, YYYYMMDDNNNN')
      .default('199001011239'),
    name: z.string().trim().min(1).max(100).default('Anna Andersson'),
  })
  .strict();

/**
 * /api/flow/user: homeowner sign-in with BankID (start, status, cancel, log in, log out). State-changing calls carry
 * the same CSRF token as /api/auth (double submit), on top of the same-origin check.
 */
export function signRoutes(options: SignRouteOptions): Router {
  const router = Router();
  router.use(noQuery);
  const claimAfterSignIn = async (req: Request, visitorId: string | undefined, user: Express.User) => {
    const homeownerId = homeownerIdOf(user);
    if (homeownerId === null) return;
    if (visitorId) await claimVisitorProfiles(options.db, visitorId, homeownerId);
    await keepHomeownerBrand(options.db, req, homeownerId, options.defaultBrand);
    await noteUsedLanguage(options.db, 'homeowner', homeownerId, requestLanguage(req));
  };

  if (options.fakeLogin) {
    // A POST with a JSON body, so the same-origin check applies and a link or <img> on another site cannot sign a
    // browser in (tests sign in more than one homeowner; the demo one by default).
    router.post('/fake-login', async (req, res, next) => {
      const { personalNumber, name } = parse(fakeLoginBody, req.body ?? {}, 'body');
      const [givenName = name, ...rest] = name.split(' ');
      const owner = await upsertHomeowner(options.db, options.vault, {
        personalNumber,
        name,
        givenName,
        surname: rest.join(' ') || name,
      });
      const visitorId = req.session.visitorId;
      const user = homeownerSessionUser(owner);
      req.login({ ...user }, (error) => {
        if (error) return next(error);
        claimAfterSignIn(req, visitorId, user).then(() => res.set('Cache-Control', 'no-store').json({ user }), next);
      });
    });
  }

  function requireCsrf(req: Request): void {
    if (!csrfVerified(readCsrf(req.cookies?.[options.cookies.csrf], options.secret), req.body?.csrfToken)) {
      throw new HttpError(403, 'csrf', 'Missing or invalid CSRF token: fetch /api/auth/csrf and send its csrfToken.');
    }
  }

  const startLimiter = sharedRateLimit(options.db, 'bankid-start', {
    windowMs: 60_000,
    limit: options.startRateLimit,
    message: 'Too many BankID attempts. Wait a minute and try again.',
  });

  router.post('/sign', startLimiter, async (req, res) => {
    const body = parse(startSignSchema, req.body, 'body');
    requireCsrf(req);
    const signedIn = homeownerIdOf(req.user);
    let validatePersonalNumber: string | undefined;
    let language: MailLanguage | undefined;
    if (body.identificationMode === 'validate') {
      const owner = signedIn ? await loadHomeowner(options.db, signedIn) : undefined;
      if (!owner) throw new HttpError(401, 'unauthorized', 'Sign in before confirming your identity.');
      validatePersonalNumber = options.vault.decrypt(owner.personalNumberEncrypted);
      language = requestLanguage(req) ?? mailLanguageOf(owner);
    }
    const origin = options.publicUrl ?? `${req.protocol}://${req.get('host')}`;
    const returnUrl = body.returnPath ? `${new URL(origin).origin}${body.returnPath}` : null;
    res
      .set('Cache-Control', 'no-store')
      .json(await options.orders.start(req, { ...body, returnUrl, validatePersonalNumber, language }));
  });

  // No order in this session is a normal answer (the page checks on arrival), not an error: 204.
  router.get('/sign', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!req.session.bankidOrderId) return res.status(204).end();
    res.json(await options.orders.status(req));
  });

  router.delete('/sign', async (req, res) => {
    parse(csrfBody, req.body ?? {}, 'body');
    requireCsrf(req);
    res.set('Cache-Control', 'no-store').json(await options.orders.cancel(req));
  });

  router.get('/auth', (req, res) => {
    res.set('Cache-Control', 'no-store').json(req.user?.kind === 'homeowner' ? { user: req.user } : {});
  });

  // Completes the sign-in: the passport 'bankid' strategy reads this session's completed order.
  router.post('/auth', (req, res, next) => {
    parse(csrfBody, req.body ?? {}, 'body');
    requireCsrf(req);
    options.passport.authenticate(
      'bankid',
      { session: false },
      (
        error: unknown,
        user: Express.User | false,
        info?: { status?: number; message?: string; validated?: boolean },
      ) => {
        if (error) return next(error);
        if (!user) {
          const status = info?.status ?? 409;
          return res.status(status).json({
            error: status === 404 ? 'not_found' : 'not_complete',
            message: info?.message ?? 'The BankID order is not complete.',
          });
        }
        // validate: the signed-in homeowner confirmed who they are; the session stays as it is.
        if (info?.validated) return res.json({ user: req.user, validated: true });
        // Regenerates the session: nothing from before the sign-in (the order included) is carried over, except that
        // the property profiles answered before signing in become the homeowner's.
        const visitorId = req.session.visitorId;
        req.login(user, (loginError) => {
          if (loginError) return next(loginError);
          claimAfterSignIn(req, visitorId, user).then(() => res.json({ user }), next);
        });
      },
    )(req, res, next);
  });

  router.post('/logout', (req, res, next) => {
    parse(csrfBody, req.body ?? {}, 'body');
    requireCsrf(req);
    if (!req.user) return res.json({});
    req.logout((error) =>
      error
        ? next(error)
        : req.session.destroy(() => res.clearCookie(options.cookies.session, options.cookies.options).json({})),
    );
  });

  return router;
}
