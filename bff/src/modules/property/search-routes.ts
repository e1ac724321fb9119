import { Router } from 'express';
import { z } from 'zod';
import { addressSuggestionsQuerySchema } from '@home-energy/shared/schemas/property-flow';
import type { Db } from '../../db/client';
import { sharedRateLimit } from '../../http/rate-limit-store';
import type { Logger } from '../../logger';
import { HttpError, parse } from '../../http/errors';
import { normalizeCity, normalizePostalCode, normalizeStreet, splitAddressQuery } from '../../register/search';
import { findByAddress, suggestByStreet } from './repository';

const postalCode = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const normalised = normalizePostalCode(v);
    if (!normalised)
      ctx.addIssue({ code: 'custom', message: 'must be a Swedish postal code: five digits, e.g. 123 45' });
    return normalised ?? '';
  });
const addressQuery = z.object({ street: z.string().trim().min(1).max(255), postal_code: postalCode }).strict();
const suggestionQuery = addressSuggestionsQuerySchema.extend({ postal_code: postalCode.optional() });
const streetViewQuery = z.object({ address: z.string().trim().min(1).max(500) }).strict();

const SUGGESTIONS = 8;
/** Rows read to pick a town's suggestions from when only the town (not its postal code) was typed. */
const TOWN_CANDIDATES = 200;

/**
 * Suggestions for what was typed in the one address field: the street's, narrowed by the postal code or town typed
 * after it ("Syrenvägen 63, 832 44 Frösön"). When that narrowing finds nothing, the whole text is tried as a street,
 * as a house letter ("63 B") reads like the start of a town. Punctuation alone normalises to no street: no
 * suggestions rather than the whole register.
 */
async function suggestionsFor(db: Db, q: string, postalCode: string | null) {
  const typed = splitAddressQuery(q);
  const streetOnly = async () => {
    const prefix = normalizeStreet(q);
    return prefix ? suggestByStreet(db, prefix, postalCode, SUGGESTIONS) : [];
  };
  const prefix = normalizeStreet(typed.street);
  if (!prefix || (typed.postalCode === null && typed.city === null)) return streetOnly();
  const code = postalCode ?? typed.postalCode;
  const town = typed.city === null ? null : normalizeCity(typed.city);
  const rows = await suggestByStreet(db, prefix, code, town === null ? SUGGESTIONS : TOWN_CANDIDATES);
  const inTown = town === null ? rows : rows.filter((row) => normalizeCity(row.postalCity).startsWith(town));
  return inTown.length > 0 ? inTown.slice(0, SUGGESTIONS) : streetOnly();
}

export interface SearchRouteOptions {
  db: Db;
  logger: Logger;
  /** Google Street View Static API key; without it the client shows its generic picture. */
  streetViewKey?: string;
  searchRateLimit: number;
}

/** /api/flow/property-search: find a property by address, suggestions as you type, and the street-view picture. */
export function propertySearchRoutes(options: SearchRouteOptions): Router {
  const router = Router();
  router.use(
    sharedRateLimit(options.db, 'search', {
      windowMs: 60_000,
      limit: options.searchRateLimit,
      message: 'Too many searches. Wait a minute and try again.',
    }),
  );

  router.get('/geoengine-property', async (req, res) => {
    const query = parse(addressQuery, req.query, 'query');
    const property = await findByAddress(options.db, normalizeStreet(query.street), query.postal_code);
    if (!property) throw new HttpError(404, 'not_found', 'No property at that address.');
    res.set('Cache-Control', 'private, max-age=60').json({ id: property.id, name: property.name });
  });

  router.get('/suggestions', async (req, res) => {
    const query = parse(suggestionQuery, req.query, 'query');
    const rows = await suggestionsFor(options.db, query.q, query.postal_code ?? null);
    res.set('Cache-Control', 'private, max-age=60').json({
      suggestions: rows.map((r) => ({
        id: r.id,
        name: r.name,
        street: r.street,
        postal_code: r.postalCode,
        postal_city: r.postalCity,
      })),
    });
  });

  // No key, no imagery, or Google unreachable: 204, and the page shows its generic picture without a fuss.
  router.get('/google-streetview', async (req, res) => {
    const { address } = parse(streetViewQuery, req.query, 'query');
    res.set('Cache-Control', 'private, max-age=86400');
    if (!options.streetViewKey) return res.status(204).end();
    const base = 'https://maps.googleapis.com/maps/api/streetview';
    const params = new URLSearchParams({
      location: address,
      size: '640x360',
      key: options.streetViewKey,
      source: 'outdoor',
    });
    try {
      const meta = await fetch(`${base}/metadata?${params}`, { signal: AbortSignal.timeout(3000) });
      if (!meta.ok || ((await meta.json()) as { status?: string }).status !== 'OK') return res.status(204).end();
      const image = await fetch(`${base}?${params}`, { signal: AbortSignal.timeout(5000) });
      if (!image.ok) return res.status(204).end();
      res.type(image.headers.get('content-type') ?? 'image/jpeg').send(Buffer.from(await image.arrayBuffer()));
    } catch (error) {
      options.logger.warn({ err: error }, 'street view unavailable');
      res.status(204).end();
    }
  });
  return router;
}
