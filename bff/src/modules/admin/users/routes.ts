import { Router, type Request } from 'express';
import { noQuery } from '../../../http/input-guards';
import { z } from 'zod';
import {
  consoleUserCreateSchema,
  consoleUserFilterSchema,
  consoleUserIdSchema,
  consoleUserUpdateSchema,
  membershipUpdateSchema,
  organisationUserCreateSchema,
  organisationUserUpdateSchema,
  type ConsoleUserList,
} from '@home-energy/shared/schemas/admin';
import { organisationSlugSchema } from '@home-energy/shared/schemas/session';
import type { Db } from '../../../db/client';
import { UserService, type UserScope } from './service';
import { parse } from '../../../http/errors';
import type { Mailer } from '../../mail/mailer';

const idParams = z.object({ id: consoleUserIdSchema });
const membershipParams = z.object({ id: consoleUserIdSchema, org: organisationSlugSchema });

/** /api/admin/users: console users across organisations (super admins only). */
export function platformUserRoutes(db: Db, mailer: Mailer, now?: () => number): Router {
  const router = Router();
  const users = new UserService(db, mailer, now);
  const platform: UserScope = { kind: 'platform' };

  router.get('/', async (req, res) => {
    const filters = parse(consoleUserFilterSchema, req.query, 'query');
    const body: ConsoleUserList = { users: await users.list(platform, filters) };
    res.set('Cache-Control', 'no-store').json(body);
  });
  router.post('/', async (req, res) => {
    const input = parse(consoleUserCreateSchema, req.body, 'body');
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(await users.create(platform, input, req, res));
  });
  router.patch('/:id', async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    const patch = parse(consoleUserUpdateSchema, req.body, 'body');
    res.json(await users.update(platform, id, patch, req, res));
  });
  router.put('/:id/memberships/:org', async (req, res) => {
    const { id, org } = parse(membershipParams, req.params, 'params');
    const { role } = parse(membershipUpdateSchema, req.body, 'body');
    res.json(await users.setMembership(id, org, role, req, res));
  });
  router.delete('/:id/memberships/:org', async (req, res) => {
    const { id, org } = parse(membershipParams, req.params, 'params');
    res.json(await users.removeMembership(platform, id, org, req, res));
  });
  router.post('/:id/reset-password', async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    res.set('Cache-Control', 'no-store').json(await users.resetPassword(platform, id, req, res));
  });
  return router;
}

function organisationScope(req: Request): UserScope {
  const { id, slug, name } = req.organisation!;
  return { kind: 'organisation', organisationId: id, slug, name };
}

/**
 * /api/console/org/{org}/users: the organisation's own console users, for its admins (and super admins). Mounted
 * behind requireOrganisation and the rules table's user-management item, like every console route.
 */
export function organisationUserRoutes(db: Db, mailer: Mailer, now?: () => number): Router {
  const router = Router();
  router.use(noQuery);
  const users = new UserService(db, mailer, now);

  router.get('/', async (req, res) => {
    const body: ConsoleUserList = { users: await users.list(organisationScope(req)) };
    res.set('Cache-Control', 'no-store').json(body);
  });
  router.post('/', async (req, res) => {
    const { email, name, role } = parse(organisationUserCreateSchema, req.body, 'body');
    const scope = organisationScope(req);
    const memberships = [{ organisation: req.organisation!.slug, role }];
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(await users.create(scope, { email, name, memberships }, req, res));
  });
  router.patch('/:id', async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    const patch = parse(organisationUserUpdateSchema, req.body, 'body');
    res.json(await users.update(organisationScope(req), id, patch, req, res));
  });
  router.delete('/:id', async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    res.json(await users.removeMembership(organisationScope(req), id, undefined, req, res));
  });
  router.post('/:id/reset-password', async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    res.set('Cache-Control', 'no-store').json(await users.resetPassword(organisationScope(req), id, req, res));
  });
  return router;
}
