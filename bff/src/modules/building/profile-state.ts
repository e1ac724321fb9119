// Which frame the HTML of a page about one property opens with (the `property-profile` rule of PAGE_STATES,
// shared/src/mfe/page-routes.tsx): a link to a dashboard nobody in this session has answered for shows, from its first
// paint, what the app will show (the way to the questions), not a "calculating" frame that turns into it later.
import type { Request } from 'express';
import type { PageState } from '@home-energy/shared/mfe/page-routes';
import { idParamSchema } from '@home-energy/shared/schemas/ids';
import type { Db } from '../../db/client';
import type { ReadSession } from '../../auth/session-user';
import { findProperty, readProfile } from './repository';
import { ownerFrom } from './owner';

/**
 * `no-property` when no property has the id, `no-profile` when the request's owner (its session's homeowner or
 * visitor) has no profile of it: the cases where the building routes answer 404 (routes.ts property, ownProfile).
 */
export function propertyProfileState(db: Db, readSession: (req: Request) => Promise<ReadSession | null>) {
  return async (req: Request, params: Readonly<Record<string, string>>): Promise<PageState | null> => {
    // An id the API refuses (400, not 404) keeps the page's own frame.
    const parsed = idParamSchema.safeParse(params.id);
    if (!parsed.success) return null;
    const id = parsed.data;
    if (!(await findProperty(db, id))) return 'no-property';
    const session = await readSession(req);
    const owner = session ? ownerFrom(session.user ?? undefined, session.stored) : null;
    return (await readProfile(db, owner, id)) ? null : 'no-profile';
  };
}
