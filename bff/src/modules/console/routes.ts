import { Router } from 'express';
import type { OrganisationDetails } from '@home-energy/shared/schemas/session';
import type { Db } from '../../db/client';
import { requireOrganisation } from '../../auth/guards';

/** /api/console/org/:org/*: every route is scoped to an organisation the user belongs to (or a super admin). */
export function consoleRoutes(db: Db): Router {
  const router = Router();
  router.use('/org/:org', requireOrganisation(db));
  router.get('/org/:org/details', (req, res) => {
    const { slug, name, features, isInstaller } = req.organisation!;
    const body: OrganisationDetails = { slug, name, features, isInstaller };
    res.set('Cache-Control', 'private, no-cache').json(body);
  });
  return router;
}
