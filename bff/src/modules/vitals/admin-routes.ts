import { Router } from 'express';
import { speedQuerySchema } from '@home-energy/shared/schemas/admin';
import type { Db } from '../../db/client';
import { parse } from '../../http/errors';
import { speedView } from './speed';

/** GET /api/admin/speed?days=7|28|90: real users' speed per page, release, device and day (the Speed view). */
export function speedRoutes(db: Db, now: () => number = Date.now): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const { days } = parse(speedQuerySchema, req.query, 'query');
    res.set('Cache-Control', 'no-store').json(await speedView(db, days, now()));
  });
  return router;
}
