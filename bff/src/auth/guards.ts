import type { RequestHandler } from 'express';
import {
  isItemAllowed,
  isOrganisationMember,
  menuItem,
  type MenuContext,
} from '@home-energy/shared/console/menu-rules';
import { organisationSlugSchema, type OrganisationDetails } from '@home-energy/shared/schemas/session';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { findOrganisation } from './staff-repository';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      organisation?: OrganisationDetails & { id: number };
    }
  }
}

export const requireStaff: RequestHandler = (req, _res, next) => {
  if (req.user?.kind !== 'staff') throw new HttpError(401, 'unauthorized', 'Sign in to continue.');
  next();
};

export const requireSuperAdmin: RequestHandler = (req, _res, next) => {
  if (req.user?.kind !== 'staff') throw new HttpError(401, 'unauthorized', 'Sign in to continue.');
  if (!req.user.superAdmin) throw new HttpError(403, 'forbidden', 'Only super admins may do this.');
  next();
};

/**
 * Loads /:org for a signed-in member (or super admin). Unknown organisations and ones the user does not belong to
 * answer the same 404, so the API never confirms which organisations exist.
 */
export function requireOrganisation(db: Db): RequestHandler {
  return async (req, _res, next) => {
    if (req.user?.kind !== 'staff') throw new HttpError(401, 'unauthorized', 'Sign in to continue.');
    const slug = organisationSlugSchema.safeParse(req.params.org);
    const row = slug.success ? await findOrganisation(db, slug.data) : undefined;
    const organisation = row
      ? {
          id: row.id,
          slug: row.slug,
          name: row.name,
          features: row.features as OrganisationDetails['features'],
          isInstaller: row.isInstaller,
        }
      : null;
    if (!organisation || !isOrganisationMember({ user: req.user, organisation })) {
      throw new HttpError(404, 'not_found', 'No such organisation.');
    }
    req.organisation = organisation;
    next();
  };
}

export function menuContext(req: Express.Request): MenuContext {
  return { user: req.user ?? null, organisation: req.organisation ?? null };
}

/** The same rule that shows or hides a console menu item guards its API (docs/product.md §6, one table in shared). */
export function requireConsoleItem(itemId: string): RequestHandler {
  const item = menuItem(itemId);
  return (req, _res, next) => {
    if (!isItemAllowed(item, menuContext(req)))
      throw new HttpError(403, 'forbidden', `You do not have access to ${itemId}.`);
    next();
  };
}
