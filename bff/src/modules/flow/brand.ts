// Which brand (organisation) a flow request comes through (spec §5): the `owner` query parameter, then the `owner`
// cookie, then the host's first subdomain, then the default brand.
import type { Request } from 'express';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';

const BRAND = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Subdomains that name the service, not a brand. */
const NOT_BRANDS = new Set(['www', 'app', 'localhost']);

export function brandOf(req: Request, defaultBrand: string): string {
  const fromQuery = typeof req.query.owner === 'string' ? req.query.owner.toLowerCase() : undefined;
  if (fromQuery && BRAND.test(fromQuery)) return fromQuery;
  const fromCookie = typeof req.cookies?.owner === 'string' ? String(req.cookies.owner).toLowerCase() : undefined;
  if (fromCookie && BRAND.test(fromCookie)) return fromCookie;
  const host = req.hostname ?? '';
  const labels = host.split('.');
  // brand.example.se → brand; an IP address or a bare host has no brand.
  if (labels.length > 2 && !/^\d+$/.test(labels.at(-1) ?? '') && BRAND.test(labels[0]!) && !NOT_BRANDS.has(labels[0]!)) return labels[0]!;
  return defaultBrand;
}

export interface FlowOrganisation {
  id: number;
  slug: string;
  name: string;
}

/** The active organisation of the request's brand, else the default brand's, else none. */
export async function flowOrganisation(db: Db, req: Request, defaultBrand: string): Promise<FlowOrganisation | null> {
  for (const brand of new Set([brandOf(req, defaultBrand), defaultBrand])) {
    const org = await db.query.organisations.findFirst({ where: eq(organisations.brand, brand), columns: { id: true, slug: true, name: true, active: true } });
    if (org?.active) return { id: org.id, slug: org.slug, name: org.name };
  }
  return null;
}
