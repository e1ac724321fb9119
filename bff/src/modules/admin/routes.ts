import { Router } from 'express';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { requireSuperAdmin } from '../../auth/guards';
import type { BrandConfigStore } from '../brand/store';
import type { ReleaseSettings } from '../releases/service';
import { auditRoutes } from '../audit/routes';
import { organisationRoutes } from './organisations/routes';
import { platformUserRoutes } from './users/routes';
import { releaseRoutes } from './releases-routes';
import { speedRoutes } from '../vitals/admin-routes';
import { releaseTokenRoutes } from './release-token-routes';
import { impersonationRoutes } from './impersonation-routes';
import type { Mailer } from '../mail/mailer';
import { outboxRoutes } from '../mail/routes';

export interface AdminRouteDeps {
  db: Db;
  logger: Logger;
  brandStore: BrandConfigStore;
  releases: ReleaseSettings;
  mailer: Mailer;
  outboxDir: string;
  now?: () => number;
}

/** /api/admin/*: super admins only (401 signed out, 403 anyone else); every write is audited. */
export function adminRoutes({ db, logger, brandStore, releases, mailer, outboxDir, now }: AdminRouteDeps): Router {
  const router = Router();
  router.use(requireSuperAdmin);
  router.use('/organisations', organisationRoutes({ db, brandStore, logger }));
  router.use('/users', platformUserRoutes(db, mailer, now));
  router.use('/outbox', outboxRoutes({ outboxDir, mailer }));
  router.use('/releases', releaseRoutes(db, releases));
  router.use('/release-tokens', releaseTokenRoutes(db));
  router.use('/impersonation', impersonationRoutes(db));
  router.use('/audit', auditRoutes(db));
  router.use('/speed', speedRoutes(db));
  return router;
}
