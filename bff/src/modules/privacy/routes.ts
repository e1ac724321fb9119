import { Router, type Request, type Response } from 'express';
import { eq } from 'drizzle-orm';
import { accountErasureSchema, dataRequestSchema, exportQuerySchema } from '@home-energy/shared/schemas/privacy';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { homeowners } from '../../db/schema';
import { HttpError, parse } from '../../http/errors';
import { noQuery } from '../../http/input-guards';
import { sharedRateLimit } from '../../http/rate-limit-store';
import { csrfVerified, readCsrf } from '../../auth/csrf';
import type { AuthCookies } from '../../auth/cookies';
import { requireSuperAdmin } from '../../auth/guards';
import type { PersonalNumberVault } from '../../bankid/personal-number';
import { auditRow } from '../audit/record';
import { insertAudit } from '../audit/repository';
import { completedUserOf, type OrderService } from '../homeowner/orders';
import { consumeOrder, homeownerIdOf, loadHomeowner } from '../homeowner/repository';
import { mailLanguageOf, requestLanguage } from '../mail/language';
import type { Mailer } from '../mail/mailer';
import type { ObjectStore } from '../../storage/object-store';
import { recordAccess } from './access-log';
import { eraseHomeowner } from './erasure';
import { exportFileName, streamPersonalData, type ExportDeps } from './export';
import { auditTarget, personOf, type Person } from './personal-data';

export interface PrivacyRouteDeps {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  vault: PersonalNumberVault;
  /** The app's secret: CSRF tokens, and the pseudonyms of the audit log. */
  secret: string;
  cookies: AuthCookies;
  orders: OrderService;
  documentStore: ObjectStore | null;
  outboxDir: string;
  /** Archives one homeowner may download an hour. */
  exportsPerHour: number;
  now?: () => number;
}

/** Sends the person's archive as the response, streamed; a failure mid-way ends the download broken, never silent. */
async function sendArchive(deps: PrivacyRouteDeps, res: Response, person: Person, language: 'sv' | 'en') {
  const now = deps.now?.() ?? Date.now();
  res.set({
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${exportFileName(now)}"`,
    'Cache-Control': 'no-store',
  });
  const exportDeps: ExportDeps = { ...deps, documentStore: deps.documentStore };
  try {
    await streamPersonalData(exportDeps, person, language, res);
  } catch (error) {
    deps.logger.error({ err: error }, 'personal data export failed');
    res.destroy(error as Error);
  }
}

function signedInHomeowner(req: Request): number {
  const id = homeownerIdOf(req.user);
  if (id === null) throw new HttpError(401, 'unauthorized', 'Sign in with BankID to see your data.');
  return id;
}

/**
 * The homeowner's own rights (docs/privacy.md): GET /api/flow/user/export (the archive) and DELETE
 * /api/flow/user/account (erasure, confirmed by this session's BankID order of the same personal number).
 */
export function privacyRoutes(deps: PrivacyRouteDeps): Router {
  const router = Router();
  router.use('/account', noQuery);
  const exportLimiter = sharedRateLimit(deps.db, 'privacy-export', {
    windowMs: 60 * 60_000,
    limit: deps.exportsPerHour,
    message: 'You have downloaded your data several times this hour. Try again in an hour.',
    keyGenerator: (req) => `homeowner:${personOf(deps.secret, homeownerIdOf(req.user)!).pseudonym}`,
  });

  router.get(
    '/export',
    (req, _res, next) => {
      parse(exportQuerySchema, req.query, 'query');
      signedInHomeowner(req);
      next();
    },
    exportLimiter,
    async (req, res) => {
      const { lang } = parse(exportQuerySchema, req.query, 'query');
      const id = signedInHomeowner(req);
      const owner = await loadHomeowner(deps.db, id);
      if (!owner) throw new HttpError(401, 'unauthorized', 'Sign in with BankID to see your data.');
      const language = lang ?? requestLanguage(req) ?? mailLanguageOf(owner);
      await sendArchive(deps, res, personOf(deps.secret, id), language);
    },
  );

  router.delete('/account', async (req, res) => {
    const id = signedInHomeowner(req);
    parse(accountErasureSchema, req.body ?? {}, 'body');
    if (!csrfVerified(readCsrf(req.cookies?.[deps.cookies.csrf], deps.secret), req.body?.csrfToken))
      throw new HttpError(403, 'csrf', 'Missing or invalid CSRF token: fetch /api/auth/csrf and send its csrfToken.');
    const owner = await loadHomeowner(deps.db, id);
    if (!owner) throw new HttpError(401, 'unauthorized', 'Sign in with BankID to see your data.');
    await confirmedWithBankId(deps, req, owner.personalNumberHash);
    const erased = await eraseHomeowner(deps, personOf(deps.secret, id), { kind: 'homeowner' });
    if (!erased) throw new HttpError(404, 'not_found', 'The account is already deleted.');
    // Signed out: the session row went with the account, and the browser's cookie goes now.
    req.session.destroy(() =>
      res.clearCookie(deps.cookies.session, deps.cookies.options).json({ erased: true, ...erased }),
    );
  });
  return router;
}

/**
 * This session's BankID order confirms the erasure: a completed `validate` order started for the deletion (the app
 * said so; BankID asked for the account's personal number), not used before, whose signer is the account's owner.
 * It is used up here.
 */
async function confirmedWithBankId(deps: PrivacyRouteDeps, req: Request, personalNumberHash: string): Promise<void> {
  const refuse = (status: number, code: string, message: string) => new HttpError(status, code, message);
  if (!req.session.bankidOrderId || req.session.bankidOrderPurpose !== 'delete_account')
    throw refuse(
      409,
      'not_confirmed',
      'Confirm with BankID first: start an order with identificationMode validate and purpose delete_account.',
    );
  const order = await deps.orders.current(req);
  const signer = order.status === 'complete' && !order.consumedAt ? completedUserOf(deps.vault, order) : null;
  if (order.identificationMode !== 'validate' || !signer)
    throw refuse(409, 'not_confirmed', 'The BankID confirmation is not complete. Confirm with BankID first.');
  if (deps.vault.hash(signer.personalNumber) !== personalNumberHash)
    throw refuse(403, 'not_same_person', 'This BankID does not belong to the signed-in homeowner.');
  if (!(await consumeOrder(deps.db, order.id)))
    throw refuse(409, 'not_confirmed', 'The BankID confirmation was already used. Confirm again.');
}

/**
 * /api/admin/privacy (super admins): export or erase for someone who wrote in, found by personal number (in the body,
 * never a URL), through the same code as the homeowner's own; each request audited under the person's pseudonym.
 */
export function adminPrivacyRoutes(deps: PrivacyRouteDeps): Router {
  const router = Router();
  router.use(requireSuperAdmin, noQuery);

  async function personFor(req: Request) {
    const body = parse(dataRequestSchema, req.body ?? {}, 'body');
    const [owner] = await deps.db
      .select()
      .from(homeowners)
      .where(eq(homeowners.personalNumberHash, deps.vault.hash(body.personalNumber)));
    if (!owner) throw new HttpError(404, 'not_found', 'No homeowner has an account with that personal number.');
    return { owner, person: personOf(deps.secret, owner.id), reference: body.reference };
  }

  router.post('/export', async (req, res) => {
    const { owner, person, reference } = await personFor(req);
    await insertAudit(
      deps.db,
      auditRow(req, { action: 'privacy.export', target: auditTarget(person), details: { reference } }),
    );
    res.locals.audited = true;
    // An export is a look at the data: the homeowner's "who saw my data" says the service's administrators did.
    await recordAccess(deps.db, req, [owner.id], 'data_request');
    await sendArchive(deps, res, person, mailLanguageOf(owner));
  });

  router.post('/erase', async (req, res) => {
    const { person, reference } = await personFor(req);
    const {
      action: _a,
      target: _t,
      details: _d,
      ...audit
    } = auditRow(req, {
      action: 'privacy.erase',
      target: auditTarget(person),
    });
    const erased = await eraseHomeowner(deps, person, { kind: 'staff', audit, reference });
    if (!erased) throw new HttpError(404, 'not_found', 'No homeowner has an account with that personal number.');
    res.locals.audited = true;
    res.set('Cache-Control', 'no-store').json({ erased: true, ...erased });
  });
  return router;
}
