import { Router } from 'express';
import { flowQueryOnly } from '../../http/input-guards';
import { brandConfigSchema, type BrandConfig, type BrandConfigResponse } from '@home-energy/shared/schemas/brand';
import type { Logger } from '../../logger';
import { brandOf } from '../flow/brand';
import type { BrandConfigStore } from './store';

declare module 'express-session' {
  interface SessionData {
    /** The brand config last answered, with the store's versions it was read at. */
    brandConfig?: BrandConfigResponse & { version?: string };
  }
}

const OWNER_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * GET /api/flow/brand-config: the brand of the request (query owner, cookie owner, subdomain, default) and its config.
 * Cached in the session when there is one; `Cache-Control: no-cache` on the request reads the store again, and so
 * does a save since (the cache holds the store's version of the brand and of the default brand it may fall back to).
 * A brand without a config file: warning, the default brand's, else an empty config (docs/product.md §8).
 */
export function brandRoutes(options: {
  store: BrandConfigStore;
  defaultBrand: string;
  logger: Logger;
  secureCookies: boolean;
}): Router {
  const router = Router();
  /**
   * The store's versions of the brand and the default brand; undefined when the store cannot tell (nothing cached
   * then).
   */
  async function versionOf(brand: string): Promise<string | undefined> {
    try {
      const own = await options.store.version(brand);
      return brand === options.defaultBrand ? `${own}` : `${own}|${await options.store.version(options.defaultBrand)}`;
    } catch (error) {
      options.logger.error({ err: error, brand }, 'brand config version unreadable');
      return undefined;
    }
  }
  router.get('/brand-config', flowQueryOnly, async (req, res) => {
    const brand = brandOf(req, options.defaultBrand);
    if (typeof req.query.owner === 'string' && req.query.owner.toLowerCase() === brand) {
      // The brand a visitor arrived with stays theirs on later pages (docs/product.md §5: query owner, then cookie
      // owner). Read only by the BFF (brandOf), so scripts get no access to it.
      res.cookie('owner', brand, {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: OWNER_COOKIE_MAX_AGE_MS,
        path: '/',
      });
    }
    const noCache = /no-cache/i.test(req.get('cache-control') ?? '') || /no-cache/i.test(req.get('pragma') ?? '');
    const cached = req.session.brandConfig;
    const version = await versionOf(brand);
    // A cached answer is checked like a stored one (sessions outlive a rule change): a bad one is read afresh.
    if (
      !noCache &&
      version !== undefined &&
      cached?.brand === brand &&
      cached.version === version &&
      brandConfigSchema.safeParse(cached.config).success
    ) {
      res
        .set('Cache-Control', 'private, no-cache')
        .json({ brand: cached.brand, config: cached.config } satisfies BrandConfigResponse);
      return;
    }
    const read = async (name: string): Promise<BrandConfig | null> => {
      try {
        const stored = await options.store.read(name);
        if (stored === null) return null;
        // Served publicly: checked here too, whatever the store is, so a javascript: lender URL is never sent.
        const checked = brandConfigSchema.safeParse(stored);
        if (!checked.success)
          throw new Error(
            `brand/${name}/config.json: ` +
              `${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
          );
        return checked.data;
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
    if ((req.session.visitorId || req.user) && version !== undefined) req.session.brandConfig = { ...body, version };
    res.set('Cache-Control', 'private, no-cache').json(body);
  });
  return router;
}
