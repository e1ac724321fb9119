import type { RequestHandler } from 'express';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';

declare module 'express-session' {
  interface SessionData {
    /** Set by POST /api/admin/impersonation: the organisation a super admin works in. Only the id is stored. */
    impersonating?: { organisationId: number };
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The organisation the signed-in super admin is impersonating, checked on this request. */
      impersonation?: { organisationId: number; slug: string; name: string };
    }
  }
}

/**
 * Runs after passport.session(): a super admin's session may name an organisation they impersonate. It is checked on
 * every request (still a super admin, organisation still active) and shown on the session user, so
 * GET /api/auth/session answers `user.impersonating: { slug, name }`. Anything stale is dropped from the session.
 * The user stays who they are: every write is audited with the real user id (modules/audit).
 */
export function impersonation(db: Db): RequestHandler {
  return async (req, _res, next) => {
    const stored = req.session?.impersonating;
    if (!stored) return next();
    if (req.user?.kind !== 'staff' || !req.user.superAdmin) {
      delete req.session.impersonating;
      return next();
    }
    const organisation = await db.query.organisations.findFirst({
      columns: { id: true, slug: true, name: true },
      where: and(eq(organisations.id, stored.organisationId), eq(organisations.active, true)),
    });
    if (!organisation) {
      delete req.session.impersonating;
      return next();
    }
    req.impersonation = { organisationId: organisation.id, slug: organisation.slug, name: organisation.name };
    req.user.impersonating = { slug: organisation.slug, name: organisation.name };
    next();
  };
}
