import { Router } from 'express';
import { and, eq } from 'drizzle-orm';
import { impersonationStartSchema } from '@home-energy/shared/schemas/admin';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import { HttpError, parse } from '../../http/errors';
import { audit } from '../audit/record';

declare module 'express-session' {
  interface SessionData {
    /** Who is signed in, as passport keeps it ({ user: id }); carried over when the session id is renewed. */
    passport?: { user?: unknown };
  }
}

/**
 * /api/admin/impersonation: a super admin starts (POST) or stops (DELETE) working in an organisation's console.
 * The session remembers the organisation (auth/impersonation.ts shows it as `user.impersonating`); both are audited.
 */
export function impersonationRoutes(db: Db): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const { organisation: slug } = parse(impersonationStartSchema, req.body, 'body');
    const organisation = await db.query.organisations.findFirst({
      where: and(eq(organisations.slug, slug), eq(organisations.active, true)),
    });
    if (!organisation) throw new HttpError(404, 'not_found', `No active organisation "${slug}".`);
    await audit(db, req, res, {
      action: 'impersonation.start',
      target: `organisation:${slug}`,
      organisationId: organisation.id,
    });
    // A new session id for the wider access (no fixation), keeping who is signed in.
    const signedIn = req.session.passport;
    await new Promise<void>((resolve, reject) =>
      req.session.regenerate((error) => (error ? reject(error) : resolve())),
    );
    req.session.passport = signedIn;
    req.session.impersonating = { organisationId: organisation.id };
    res.json({ impersonating: { slug: organisation.slug, name: organisation.name } });
  });

  router.delete('/', async (req, res) => {
    const current = req.impersonation;
    if (current) {
      await audit(db, req, res, {
        action: 'impersonation.stop',
        target: `organisation:${current.slug}`,
        organisationId: current.organisationId,
      });
    }
    res.locals.audited = true;
    delete req.session.impersonating;
    res.status(204).end();
  });

  return router;
}
