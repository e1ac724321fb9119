import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  accessLogQuerySchema,
  consentParamsSchema,
  privacyNoticeQuerySchema,
  type AccessLog,
  type ConsentList,
  type StaffAccessEntry,
} from '@home-energy/shared/schemas/privacy';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { HttpError, parse } from '../../http/errors';
import { noQuery } from '../../http/input-guards';
import { requireConsoleItem } from '../../auth/guards';
import { brandOf } from '../flow/brand';
import type { BrandConfigStore } from '../brand/store';
import { homeownerIdOf } from '../homeowner/repository';
import { homeownerAccessPage, organisationAccessPage } from './access-log';
import { listFor, withdrawConsent } from './consents';
import { currentNotice, type NoticeSettings } from './notice';

export interface PrivacyRouteDeps {
  db: Db;
  store: BrandConfigStore;
  settings: NoticeSettings;
  defaultBrand: string;
  logger: Logger;
  now: () => number;
}

function homeownerId(req: Request): number {
  const id = homeownerIdOf(req.user);
  if (id === null) throw new HttpError(401, 'unauthorized', 'Sign in with BankID to see your data.');
  return id;
}

/**
 * /api/flow: the privacy notice (public) and, for the signed-in homeowner, the consents they gave installers (with
 * withdrawal) and who among staff saw their data (docs/privacy.md).
 */
export function privacyFlowRoutes(deps: PrivacyRouteDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/privacy-notice', async (req, res) => {
    const { lng } = parse(privacyNoticeQuerySchema, req.query, 'query');
    const notices = await currentNotice(deps, brandOf(req, deps.defaultBrand));
    res.set('Cache-Control', 'private, no-cache').json(notices[lng]);
  });

  router.get('/user/consents', noQuery, async (req, res) => {
    const body: ConsentList = { consents: await listFor(db, homeownerId(req)) };
    res.set('Cache-Control', 'private, no-store').json(body);
  });

  router.post('/user/consents/:id/withdraw', async (req, res) => {
    const id = homeownerId(req);
    const { id: consentId } = parse(consentParamsSchema, req.params, 'params');
    parse(z.object({}).strict(), req.body ?? {}, 'body');
    res.json({ consent: await withdrawConsent(db, id, consentId, deps.now()) });
  });

  router.get('/user/access-log', async (req, res) => {
    const id = homeownerId(req);
    const query = parse(accessLogQuerySchema, req.query, 'query');
    const body: AccessLog = await homeownerAccessPage(db, id, query);
    res.set('Cache-Control', 'private, no-store').json(body);
  });

  return router;
}

/**
 * /api/console/org/{org}/data-access (menu item "data-access": the organisation's admins): each time its staff were
 * shown a homeowner's personal data, newest first.
 */
export function dataAccessRoutes(db: Db): Router {
  const router = Router({ mergeParams: true });
  router.use(requireConsoleItem('data-access'));
  router.get('/', async (req, res) => {
    const query = parse(accessLogQuerySchema, req.query, 'query');
    const body: AccessLog<StaffAccessEntry> = await organisationAccessPage(db, req.organisation!.id, query);
    res.set('Cache-Control', 'private, no-store').json(body);
  });
  return router;
}
