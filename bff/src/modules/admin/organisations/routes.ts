import { Router } from 'express';
import { noQuery } from '../../../http/input-guards';
import {
  organisationCreateSchema,
  organisationUpdateSchema,
  type AdminOrganisationDetail,
  type AdminOrganisationList,
  type Installer,
} from '@home-energy/shared/schemas/admin';
import { organisationSlugSchema } from '@home-energy/shared/schemas/session';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { HttpError, parse } from '../../../http/errors';
import type { Logger } from '../../../logger';
import type { BrandConfigStore } from '../../brand/store';
import { seedQuestionSets } from '../../questions/repository';
import { audit } from '../../audit/record';
import { isUniqueViolation } from '../validate';
import {
  findOrganisationView,
  insertOrganisation,
  installersOf,
  listOrganisations,
  organisationSlugTaken,
  replaceInstallers,
  updateOrganisation,
} from './repository';

const slugParams = z.object({ slug: organisationSlugSchema });

/** 409 naming the field whose value is taken (code `taken`), so the form says so at the field. */
function slugTaken(slug: string): HttpError {
  const message = `An organisation with the slug "${slug}" already exists. Choose another slug.`;
  return new HttpError(409, 'conflict', message, [{ path: 'body.slug', code: 'taken', message }]);
}

/**
 * /api/admin/organisations: list, create, read, edit, deactivate and reactivate (super admins only, every write
 * audited).
 */
export function organisationRoutes({
  db,
  brandStore,
  logger,
}: {
  db: Db;
  brandStore: BrandConfigStore;
  logger: Logger;
}): Router {
  const router = Router();
  router.use(noQuery);

  async function detail(slug: string): Promise<AdminOrganisationDetail> {
    const found = await findOrganisationView(db, slug);
    if (!found) throw new HttpError(404, 'not_found', `No organisation "${slug}".`);
    let brandConfigFound = false;
    try {
      brandConfigFound = (await brandStore.read(found.row.brand)) !== null;
    } catch (err) {
      // A malformed brand file is the brand's problem; the organisation page still opens.
      logger.warn({ err, brand: found.row.brand }, 'brand config unreadable');
    }
    return { ...found.view, installerList: await installersOf(db, found.row.id), brandConfigFound };
  }

  router.get('/', async (_req, res) => {
    const body: AdminOrganisationList = { organisations: await listOrganisations(db) };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post('/', async (req, res) => {
    const input = parse(organisationCreateSchema, req.body, 'body');
    if (await organisationSlugTaken(db, input.slug)) throw slugTaken(input.slug);
    try {
      await db.transaction(async (tx) => {
        const { slug, name, brand, features, isInstaller } = input;
        const created = await insertOrganisation(tx, { slug, name, brand, features, isInstaller });
        await replaceInstallers(tx, created.id, input.installers);
        // Every organisation gets the platform question set when it is created (same transaction).
        await seedQuestionSets(tx as unknown as Db, created.id);
        await audit(tx, req, res, {
          action: 'organisation.create',
          target: `organisation:${created.slug}`,
          organisationId: created.id,
          details: {
            name: input.name,
            brand: input.brand,
            features: input.features,
            isInstaller: input.isInstaller,
            installers: input.installers.length,
          },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(input.slug);
      throw error;
    }
    res.status(201).json(await detail(input.slug));
  });

  router.get('/:slug', async (req, res) => {
    const { slug } = parse(slugParams, req.params, 'params');
    res.set('Cache-Control', 'no-store').json(await detail(slug));
  });

  router.patch('/:slug', async (req, res) => {
    const { slug } = parse(slugParams, req.params, 'params');
    const patch = parse(organisationUpdateSchema, req.body, 'body');
    await db.transaction(async (tx) => {
      const found = await findOrganisationView(tx, slug);
      if (!found) throw new HttpError(404, 'not_found', `No organisation "${slug}".`);
      const { row } = found;
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const fields = { name: patch.name, brand: patch.brand, features: patch.features, isInstaller: patch.isInstaller };
      for (const [key, value] of Object.entries(fields)) {
        const before = row[key as keyof typeof fields];
        if (value !== undefined && JSON.stringify(value) !== JSON.stringify(before))
          changes[key] = { from: before, to: value };
      }
      if (patch.installers) {
        const before: Installer[] = await installersOf(tx, row.id);
        if (JSON.stringify(before) !== JSON.stringify(patch.installers)) {
          await replaceInstallers(tx, row.id, patch.installers);
          changes.installers = { from: before, to: patch.installers };
        }
      }
      const update = Object.fromEntries(
        Object.keys(fields)
          .filter((key) => key in changes)
          .map((key) => [key, fields[key as keyof typeof fields]]),
      );
      if (patch.active !== undefined && patch.active !== row.active) Object.assign(update, { active: patch.active });
      if (Object.keys(update).length > 0) await updateOrganisation(tx, row.id, update);
      if (Object.keys(changes).length > 0) {
        await audit(tx, req, res, {
          action: 'organisation.update',
          target: `organisation:${slug}`,
          organisationId: row.id,
          details: { changes },
        });
      }
      if (patch.active !== undefined && patch.active !== row.active) {
        await audit(tx, req, res, {
          action: patch.active ? 'organisation.reactivate' : 'organisation.deactivate',
          target: `organisation:${slug}`,
          organisationId: row.id,
        });
      }
      // Nothing changed: nothing to audit (and nothing for the catch-all to record).
      res.locals.audited = true;
    });
    res.json(await detail(slug));
  });

  return router;
}
