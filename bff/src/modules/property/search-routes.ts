import { Router } from 'express';
import { z } from 'zod';
import { addressSuggestionsQuerySchema } from '@home-energy/shared/schemas/property-flow';
import type { Db } from '../../db/client';
import { sharedRateLimit } from '../../http/rate-limit-store';
import type { Logger } from '../../logger';
import { HttpError, parse } from '../../http/errors';
import { normalizePostalCode, normalizeStreet } from '../../register/search';
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
    const prefix = normalizeStreet(query.q);
    // Punctuation alone normalises to nothing: no suggestions rather than the whole register.
    const rows = prefix ? await suggestByStreet(options.db, prefix, query.postal_code ?? null, 8) : [];
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
