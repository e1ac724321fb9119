import { Router } from 'express';
import { flowQueryOnly } from '../../http/input-guards';
import { interactionSchema, type QuestionsResponse } from '@home-energy/shared/schemas/property-flow';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { homeownerIdOf } from '../homeowner/repository';
import { findProperty } from '../building/repository';
import { questionSet } from '../questions/repository';
import { flowOrganisation } from './brand';
import { recordInteraction } from './repository';

/** /api/flow: the question set of the request's brand and the interaction log. */
export function flowRoutes(options: { db: Db; defaultBrand: string }): Router {
  const { db } = options;
  const router = Router();

  router.get('/questions', flowQueryOnly, async (req, res) => {
    const organisation = await flowOrganisation(db, req, options.defaultBrand);
    const body: QuestionsResponse = {
      organisation: organisation && { slug: organisation.slug, name: organisation.name },
      questions: await questionSet(db, organisation?.id ?? null),
    };
    // Read from the database on every request: an admin's change in the console reaches the next visitor at once.
    res.set('Cache-Control', 'private, no-cache').json(body);
  });

  // What people do (e.g. loan_type.change), counted by the console's analytics. No visitor id is created for it.
  router.post('/interaction', async (req, res) => {
    const interaction = parse(interactionSchema, req.body ?? {}, 'body');
    if (interaction.property_id != null && !(await findProperty(db, interaction.property_id))) {
      throw new HttpError(400, 'bad_request', 'property_id: no such property', [
        { path: 'body.property_id', message: 'unknown property' },
      ]);
    }
    const organisation = await flowOrganisation(db, req, options.defaultBrand);
    await recordInteraction(db, {
      action: interaction.action,
      object: interaction.object ?? null,
      propertyId: interaction.property_id ?? null,
      homeownerId: homeownerIdOf(req.user),
      visitorId: req.session.visitorId ?? null,
      organisationId: organisation?.id ?? null,
    });
    res.status(204).end();
  });
  return router;
}
