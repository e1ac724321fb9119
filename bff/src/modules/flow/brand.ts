// Which brand (organisation) a flow request comes through (docs/product.md §5): the `owner` query parameter, then the
// signed-in homeowner's organisation (kept in the session at sign-in), then the `owner` cookie, then the host's first
// subdomain, then the default brand.
import type { Request } from 'express';
import type { SessionData } from 'express-session';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { homeowners, organisations } from '../../db/schema';

declare module 'express-session' {
  interface SessionData {
    /** The brand of the signed-in homeowner's organisation. */
    homeownerBrand?: string;
  }
}

const BRAND = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Subdomains that name the service, not a brand. */
const NOT_BRANDS = new Set(['www', 'app', 'localhost']);

export function brandOf(req: Request, defaultBrand: string): string {
  const fromQuery = typeof req.query.owner === 'string' ? req.query.owner.toLowerCase() : undefined;
  if (fromQuery && BRAND.test(fromQuery)) return fromQuery;
  return brandWithoutQuery(req, req.user, req.session, defaultBrand);
}

/** The brand of a request that has no query, from its user and session (which the caller may have read itself). */
export function brandWithoutQuery(
  req: Pick<Request, 'cookies' | 'hostname'>,
  user: Express.User | null | undefined,
  session: Pick<SessionData, 'homeownerBrand'> | undefined,
  defaultBrand: string,
): string {
  const fromSession = user?.kind === 'homeowner' ? session?.homeownerBrand : undefined;
  if (fromSession) return fromSession;
  const fromCookie = typeof req.cookies?.owner === 'string' ? String(req.cookies.owner).toLowerCase() : undefined;
  if (fromCookie && BRAND.test(fromCookie)) return fromCookie;
  const host = req.hostname ?? '';
  const labels = host.split('.');
  // brand.example.se → brand; an IP address or a bare host has no brand.
  if (labels.length > 2 && !/^\d+$/.test(labels.at(-1) ?? '') && BRAND.test(labels[0]!) && !NOT_BRANDS.has(labels[0]!))
    return labels[0]!;
  return defaultBrand;
}

export interface FlowOrganisation {
  id: number;
  slug: string;
  name: string;
  brand: string;
}

/** The active organisation of the request's brand, else the default brand's, else none. */
export async function flowOrganisation(db: Db, req: Request, defaultBrand: string): Promise<FlowOrganisation | null> {
  for (const brand of new Set([brandOf(req, defaultBrand), defaultBrand])) {
    const org = await db.query.organisations.findFirst({
      where: eq(organisations.brand, brand),
      columns: { id: true, slug: true, name: true, active: true },
    });
    if (org?.active) return { id: org.id, slug: org.slug, name: org.name, brand };
  }
  return null;
}

/**
 * At a homeowner's sign-in: the organisation they came through is kept on them the first time (the request's brand),
 * and the session takes its brand from then on, whichever link or device they sign in from later.
 */
export async function keepHomeownerBrand(
  db: Db,
  req: Request,
  homeownerId: number,
  defaultBrand: string,
): Promise<void> {
  const owner = await db.query.homeowners.findFirst({
    where: eq(homeowners.id, homeownerId),
    columns: { organisationId: true },
  });
  let kept =
    owner?.organisationId != null
      ? await db.query.organisations.findFirst({
          where: eq(organisations.id, owner.organisationId),
          columns: { brand: true, active: true },
        })
      : undefined;
  if (!kept) {
    const arrived = await flowOrganisation(db, req, defaultBrand);
    if (!arrived) return;
    await db.update(homeowners).set({ organisationId: arrived.id }).where(eq(homeowners.id, homeownerId));
    kept = { brand: arrived.brand, active: true };
  }
  // A deactivated organisation's homeowners see the brand they arrive with.
  if (kept?.active) req.session.homeownerBrand = kept.brand;
}
