import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  canMoveLead,
  leadIdSchema,
  leadListQuerySchema,
  leadUpdateSchema,
  LEAD_TRANSITIONS,
  type Lead,
  type LeadList,
} from '@home-energy/shared/schemas/installer-leads';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { requireConsoleItem } from '../../auth/guards';
import { audit } from '../audit/record';
import { findLead, homeownersShownOn, leadPage, moveLead, noteLead } from './repository';
import { recordAccess } from '../privacy/access-log';
import type { Mailer } from '../mail/mailer';
import { statusMail } from './mails';

const leadParams = z.object({ id: leadIdSchema });

function notFound(): HttpError {
  return new HttpError(404, 'not_found', 'No such request for this organisation.');
}

/**
 * /api/console/org/{org}/installer-requests (menu item "requests", installer organisations only): the homeowners'
 * requests addressed to this installer and their status, a page at a time (docs/api.md "Installer requests"). Other
 * organisations' requests are 404, never shown.
 */
export function leadRoutes(db: Db, mailer: Mailer): Router {
  const router = Router({ mergeParams: true });
  router.use(requireConsoleItem('requests'));

  /** The lead as the page shows it after a change, noted in the homeowner's access log when it shows their data. */
  async function shownLead(req: Request, id: number): Promise<Lead | undefined> {
    const lead = await findLead(db, req.organisation!.id, id);
    await recordAccess(db, req, await homeownersShownOn(db, lead ? [id] : []), 'lead');
    return lead;
  }

  router.get('/', async (req, res) => {
    const query = parse(leadListQuerySchema, req.query, 'query');
    const body: LeadList = await leadPage(db, req.organisation!.id, query);
    const shown = await homeownersShownOn(
      db,
      body.requests.map((r) => r.id),
    );
    await recordAccess(db, req, shown, 'lead_list');
    res.set('Cache-Control', 'private, no-store').json(body);
  });

  router.patch('/:id', async (req, res) => {
    const { id } = parse(leadParams, req.params, 'params');
    const update = parse(leadUpdateSchema, req.body, 'body');
    const lead = await findLead(db, req.organisation!.id, id);
    if (!lead) throw notFound();
    const note = update.note === undefined ? undefined : update.note === '' ? null : update.note;
    // A request the homeowner withdrew stays the installer's: it takes notes (its status and times unchanged), no move.
    if (lead.status === 'withdrawn' && update.status === 'withdrawn') {
      await db.transaction(async (tx) => {
        if (note !== undefined) await noteLead(tx, id, note);
        await audit(tx, req, res, {
          action: 'installer_request.note',
          target: `installer_request:${id}`,
          organisationId: req.organisation!.id,
          details: note !== undefined ? { note } : {},
        });
      });
      res.json({ request: await shownLead(req, id) });
      return;
    }
    if (!canMoveLead(lead.status, update.status)) {
      const allowed = LEAD_TRANSITIONS[lead.status];
      throw new HttpError(
        400,
        'bad_request',
        `Invalid body.status: a ${lead.status} request can move to ` +
          (lead.status === 'withdrawn'
            ? 'nothing (the homeowner withdrew it); send status withdrawn to change its note'
            : `${allowed.length ? allowed.join(', ') : 'nothing (it is final)'}`),
        [{ path: 'body.status', message: `cannot move from ${lead.status} to ${update.status}` }],
      );
    }
    await db.transaction(async (tx) => {
      if (!(await moveLead(tx, id, lead.status, update.status, note)))
        throw new HttpError(409, 'conflict', 'This request was changed meanwhile. Reload it.');
      await audit(tx, req, res, {
        action: 'installer_request.status',
        target: `installer_request:${id}`,
        organisationId: req.organisation!.id,
        details: { from: lead.status, to: update.status, ...(note !== undefined ? { note } : {}) },
      });
    });
    mailer.queueLater(() => statusMail(db, mailer, id, update.status, note));
    res.json({ request: await shownLead(req, id) });
  });

  return router;
}
