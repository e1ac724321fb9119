import { Router } from 'express';
import { z } from 'zod';
import { outboxIdSchema, outboxQuerySchema, type OutboxMail, type OutboxPage } from '@home-energy/shared/schemas/mail';
import { requireConsoleItem } from '../../auth/guards';
import { HttpError, parse } from '../../http/errors';
import { noQuery } from '../../http/input-guards';
import type { Mailer } from './mailer';
import { outboxMail, outboxPage } from './outbox';

const idParams = z.object({ id: outboxIdSchema });

/** /api/admin/outbox (menu item `outbox`, super admins): the mails written to DATA_DIR/outbox, newest first. */
export function outboxRoutes({ outboxDir, mailer }: { outboxDir: string; mailer: Mailer }): Router {
  const router = Router();
  router.use(requireConsoleItem('outbox'));

  router.get('/', async (req, res) => {
    const { page, pageSize } = parse(outboxQuerySchema, req.query, 'query');
    const { mails, total } = await outboxPage(outboxDir, page, pageSize);
    const body: OutboxPage = { mails, total, page, pageSize, delivers: mailer.delivers };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.get('/:id', noQuery, async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    const mail: OutboxMail | undefined = await outboxMail(outboxDir, id);
    if (!mail) throw new HttpError(404, 'not_found', 'No such mail in the outbox.');
    res.set('Cache-Control', 'no-store').json(mail);
  });
  return router;
}
