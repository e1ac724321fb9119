import { Router } from 'express';
import {
  passwordChooseSchema,
  passwordForgotSchema,
  passwordLinkSchema,
  passwordLinkStateSchema,
  type PasswordLinkState,
} from '@home-energy/shared/schemas/mail';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { findStaffByEmail } from '../../auth/staff-repository';
import { requireStaff } from '../../auth/guards';
import { audit } from '../audit/record';
import { insertAudit } from '../audit/repository';
import { endStaffSessions } from '../admin/users/repository';
import type { Mailer } from '../mail/mailer';
import { passwordLinkMail } from './mails';
import {
  consumePasswordToken,
  findStaffPassword,
  issuePasswordToken,
  passwordTokenState,
  resetSentSince,
  retirePasswordTokens,
  setChosenPassword,
} from './repository';
import { mailLanguageOf } from '../mail/language';
import { sharedRateLimit } from '../../http/rate-limit-store';

/** However often "Forgot password?" is asked for one account, one mail per this window. */
const RESET_MAIL_INTERVAL_MS = 5 * 60 * 1000;

export interface PasswordLinkDeps {
  db: Db;
  mailer: Mailer;
  now?: () => number;
  /** "Forgot password?" requests per IP per hour. */
  forgotRateLimit: number;
  /**
   * Look-ups of a link's token (its state, or setting a password from it), per IP per 15 minutes (the app passes
   * sign-in's SIGNIN_RATE_LIMIT).
   */
  linkRateLimit: number;
}

/** The window of linkRateLimit. */
export const LINK_RATE_WINDOW_MS = 15 * 60 * 1000;

const LINK_INVALID = () =>
  new HttpError(
    400,
    'link_invalid',
    'This link has expired or has already been used. Ask for a new one with "Forgot password?".',
  );

/**
 * /api/password: "Forgot password?" (a reset link by mail), setting a password from an invitation or reset link, and
 * choosing one's own password after signing in with a one-time password.
 */
export function passwordLinkRoutes({
  db,
  mailer,
  now = Date.now,
  forgotRateLimit,
  linkRateLimit,
}: PasswordLinkDeps): Router {
  const router = Router();
  const forgotLimiter = sharedRateLimit(db, 'password-forgot', {
    windowMs: 60 * 60 * 1000,
    limit: forgotRateLimit,
    message: 'Too many password reset requests. Try again in an hour.',
  });

  // Setting a password from a link hashes it (scrypt, ~50 ms of a worker thread): per IP, counted in the database like
  // sign-in, so a flood of made-up tokens is refused before it costs anything (docs/security.md).
  const linkLimiter = sharedRateLimit(db, 'password-link', {
    windowMs: LINK_RATE_WINDOW_MS,
    limit: linkRateLimit,
    message: 'Too many attempts to set a password. Try again in a few minutes.',
  });

  // The same answer, at the same moment, whether or not the address has an account: the lookup and the link are
  // made after answering, so neither the body nor the time taken tells which addresses exist.
  router.post('/forgot', forgotLimiter, (req, res) => {
    const { email } = parse(passwordForgotSchema, req.body, 'body');
    const at = now();
    mailer.queueLater(async () => {
      const user = await findStaffByEmail(db, email);
      if (!user?.active || (await resetSentSince(db, user.id, at - RESET_MAIL_INTERVAL_MS))) return [];
      const token = await issuePasswordToken(db, user.id, 'reset', at);
      return passwordLinkMail(mailer, { ...user, language: mailLanguageOf(user) }, 'reset', token, at);
    });
    res
      .status(202)
      .json({ message: 'If the address belongs to a console account, a link to choose a new password is on its way.' });
  });

  // The page of a link asks first, so that a used or expired link says so before a password is typed. The same limit
  // as setting a password (both look a token up), and only the link's state: nothing about its account or purpose.
  // POST: the token stays out of URLs and request logs, as it stays in the page's address fragment.
  router.post('/link/state', linkLimiter, async (req, res) => {
    const { token } = parse(passwordLinkStateSchema, req.body, 'body');
    const state = await passwordTokenState(db, token, now());
    if (!state) throw new HttpError(404, 'not_found', 'This link is not one we sent. Open it from the mail again.');
    res.set('Cache-Control', 'no-store').json({ state } satisfies { state: PasswordLinkState });
  });

  // Cheapest first: the limit, the body's shape, the token looked up (one indexed read); only a usable link's password
  // is hashed. The link is used in the transaction below, so two uses at once still cannot both succeed.
  router.post('/link', linkLimiter, async (req, res) => {
    const { token, password } = parse(passwordLinkSchema, req.body, 'body');
    if ((await passwordTokenState(db, token, now())) !== 'valid') throw LINK_INVALID();
    const passwordHash = await hashPassword(password);
    const done = await db.transaction(async (tx) => {
      const link = await consumePasswordToken(tx, token, now());
      if (!link) return false;
      const user = await setChosenPassword(tx, link.userId, passwordHash);
      const sessionsEnded = await endStaffSessions(tx, user!.id);
      await insertAudit(tx, {
        actorId: user!.id,
        actorEmail: user!.email,
        impersonatedOrganisationId: null,
        organisationId: null,
        action: 'account.password_set',
        target: `user:${user!.email}`,
        details: { link: link.purpose, sessionsEnded },
      });
      return true;
    });
    if (!done) throw LINK_INVALID();
    res.status(204).end();
  });

  router.post('/choose', requireStaff, async (req, res) => {
    const { password } = parse(passwordChooseSchema, req.body, 'body');
    const userId = Number(req.user!.id);
    const user = await findStaffPassword(db, userId);
    if (!user?.mustChangePassword)
      throw new HttpError(409, 'conflict', 'Your password is your own already: change it on your account page.');
    if (await verifyPassword(password, user.passwordHash)) {
      throw new HttpError(
        400,
        'bad_request',
        'Invalid body.password: choose a password other than the one-time password',
        [{ path: 'body.password', message: 'choose a password other than the one-time password' }],
      );
    }
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await setChosenPassword(tx, userId, passwordHash);
      await retirePasswordTokens(tx, userId, now());
      const sessionsEnded = await endStaffSessions(tx, userId, req.sessionID);
      await audit(tx, req, res, {
        action: 'account.password_change',
        target: `user:${user.email}`,
        organisationId: null,
        details: { oneTimePassword: true, sessionsEnded },
      });
    });
    res.status(204).end();
  });

  return router;
}
