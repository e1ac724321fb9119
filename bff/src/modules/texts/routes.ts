import { Router } from 'express';
import { z } from 'zod';
import { textNameSchema, type Text } from '@home-energy/shared/schemas/property-flow';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { findText } from './repository';

const query = z.object({ lng: z.enum(['en', 'sv']).default('en') }).strict();

/** GET /api/flow/texts/{name}?lng=en|sv (English when the language has no version). */
export function textRoutes(db: Db): Router {
  const router = Router();
  router.get('/:name', async (req, res) => {
    const name = parse(z.object({ name: textNameSchema }), req.params, 'params').name;
    const { lng } = parse(query, req.query, 'query');
    const row = (await findText(db, name, lng)) ?? (lng !== 'en' ? await findText(db, name, 'en') : undefined);
    if (!row) throw new HttpError(404, 'not_found', `No text named ${name}.`);
    const text: Text = {
      name: row.name,
      locale: row.locale as Text['locale'],
      title: row.title,
      body: row.body,
      updated_at: row.updatedAt.toISOString(),
    };
    res.set('Cache-Control', 'public, max-age=300').json(text);
  });
  return router;
}
