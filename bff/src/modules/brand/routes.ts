import { Router } from 'express';
import { flowQueryOnly } from '../../http/input-guards';
import type { BrandConfig, BrandConfigResponse } from '@home-energy/shared/schemas/brand';
import type { Logger } from '../../logger';
import { brandOf } from '../flow/brand';
import type { BrandConfigStore } from './store';

declare module 'express-session' {
  interface SessionData {
    brandConfig?: BrandConfigResponse;
  }
}

const OWNER_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * GET /api/flow/brand-config: the brand of the request (query owner, cookie owner, subdomain, default) and its config.
 * Cached in the session when there is one; `Cache-Control: no-cache` on the request reads the store again. A brand
 * without a config file: warning, the default brand's, else an empty config (spec §8).
 */
export function brandRoutes(options: { store: BrandConfigStore; defaultBrand: string; logger: Logger; secureCookies: boolean }): Router {
  const router = Router();
  router.get('/brand-config', flowQueryOnly, async (req, res) => {
    const brand = brandOf(req, options.defaultBrand);
    if (typeof req.query.owner === 'string' && req.query.owner.toLowerCase() === brand) {
      // The brand a visitor arrived with stays theirs on later pages (spec §5: query owner, then cookie owner).
      // Read only by the BFF (brandOf), so scripts get no access to it.
      res.cookie('owner', brand, { httpOnly: true, sameSite: 'lax', secure: options.secureCookies, maxAge: OWNER_COOKIE_MAX_AGE_MS, path: '/' });
    }
    const noCache = /no-cache/i.test(req.get('cache-control') ?? '') || /no-cache/i.test(req.get('pragma') ?? '');
    const cached = req.session.brandConfig;
    if (!noCache && cached?.brand === brand) {
      res.set('Cache-Control', 'private, no-cache').json(cached);
      return;
    }
    const read = async (name: string): Promise<BrandConfig | null> => {
      try {
        return await options.store.read(name);
      } catch (error) {
        options.logger.error({ err: error, brand: name }, 'brand config unreadable');
        return null;
      }
    };
    let config = await read(brand);
    if (!config) {
      options.logger.warn({ brand }, 'brand config missing; trying the default brand');
      config = brand === options.defaultBrand ? null : await read(options.defaultBrand);
    }
    const body: BrandConfigResponse = { brand, config: config ?? {} };
    // Only a session that already exists carries the cache: a first visit does not create one for it.
    if (req.session.visitorId || req.user) req.session.brandConfig = body;
    res.set('Cache-Control', 'private, no-cache').json(body);
  });
  return router;
}
