import { Router } from 'express';
import { noQuery } from '../../http/input-guards';
import type { OrganisationDetails } from '@home-energy/shared/schemas/session';
import type { Db } from '../../db/client';
import type { GeoTables } from '../../energy/geo-data';
import type { Logger } from '../../logger';
import { requireOrganisation } from '../../auth/guards';
import { analyticsRoutes, overviewRoute } from '../analytics/routes';
import type { BrandConfigStore } from '../brand/store';
import { configurationRoutes } from '../configuration/routes';
import { messageRoutes } from '../messages/routes';
import { validationRoutes } from '../validation/routes';
import type { ObjectStore } from '../../storage/object-store';
import { accountRoutes } from './account';
import { PasswordGuard } from '../../auth/password-guard';
import { propertyLookupRoutes } from './property-lookup';
import { leadRoutes } from '../installer-requests/console-routes';
import type { Mailer } from '../mail/mailer';
import { dataAccessRoutes } from '../privacy/privacy-routes';

export interface ConsoleRouteDeps {
  db: Db;
  geo: GeoTables;
  brandStore: BrandConfigStore;
  logger: Logger;
  now?: () => number;
  /** Lockouts after wrong current passwords (auth/password-guard.ts); one of its own when not given. */
  passwordGuard?: PasswordGuard;
  mailer: Mailer;
  /** Where uploaded EPC documents' bytes are when not in their rows (S3). */
  documentStore?: ObjectStore | null;
}

/**
 * /api/console/org/:org/*: every route is scoped to an organisation the user belongs to (or a super admin; others get
 * 404), and each feature's routes are guarded by the same rule that shows its menu item (shared console/menu-rules).
 */
export function consoleRoutes({
  db,
  geo,
  brandStore,
  logger,
  now = Date.now,
  passwordGuard = new PasswordGuard(db, now),
  mailer,
  documentStore = null,
}: ConsoleRouteDeps): Router {
  const router = Router();
  router.use('/org/:org', requireOrganisation(db));
  router.get('/org/:org/details', noQuery, (req, res) => {
    const { slug, name, features, isInstaller } = req.organisation!;
    const body: OrganisationDetails = { slug, name, features, isInstaller };
    res.set('Cache-Control', 'private, no-cache').json(body);
  });
  router.use('/org/:org/overview', overviewRoute({ db, now }));
  router.use('/org/:org/analytics', analyticsRoutes({ db, now }));
  router.use('/org/:org/property-lookup', propertyLookupRoutes({ db, geo, now }));
  router.use('/org/:org/configuration', configurationRoutes({ db, brandStore, logger }));
  router.use('/org/:org/validation', validationRoutes(db, documentStore));
  router.use('/org/:org/messages', messageRoutes(db));
  router.use('/org/:org/account', accountRoutes(db, passwordGuard));
  router.use('/org/:org/installer-requests', leadRoutes(db, mailer));
  router.use('/org/:org/data-access', dataAccessRoutes(db));
  return router;
}
