// GET …/building/primary/recommendations and …/information are what the results dashboard reads, again on every
// visit. When the caller's building is already in this instance's cache (cached-building.ts), this answers from it
// without the general /api chain (compression, express-session's Session and change hashing, passport's strategy
// plumbing, the body parsers and the routers before the building's), resolving the session as the session fast path
// does (auth/session-fast-path.ts). Anything else (no cached building, a query, impersonation, no session) goes on to
// the chain, which computes and caches the building. The two answer alike: __tests__/building-fast-path.test.ts.
import type { RequestHandler } from 'express';
import type { ReadCache } from '../../db/read-cache';
import type { fastSession } from '../../auth/session-fast-path';
import { brandWithoutQuery } from '../flow/brand';
import {
  buildingKey,
  buildingParams,
  sendCachedAnswer,
  type CachedAnswerName,
  type CachedBuilding,
} from './cached-building';
import { ownerFrom } from './owner';

/** The answers it sends, each at its path (the building routes' paths under /api/flow/property). */
export const FAST_BUILDING_ANSWERS = {
  recommendations: '/api/flow/property/:id/building/:building/recommendations',
  information: '/api/flow/property/:id/building/:building/information',
} as const satisfies Record<CachedAnswerName, string>;

export function buildingFastPath(
  which: CachedAnswerName,
  options: {
    session: ReturnType<typeof fastSession>;
    buildings: ReadCache<CachedBuilding>;
    defaultBrand: string;
    now: () => number;
  },
): RequestHandler {
  return (req, res, next) => {
    const params = buildingParams.safeParse(req.params);
    if (!params.success) return next();
    options.session(
      req,
      res,
      next,
      ({ stored, user, roll }) => {
        const owner = ownerFrom(user ?? undefined, stored);
        const brand = brandWithoutQuery(req, user, stored, options.defaultBrand);
        const year = new Date(options.now()).getFullYear();
        const building = options.buildings.served(buildingKey(params.data.id, owner, brand, year));
        if (!building) return next();
        roll(() => sendCachedAnswer(req, res, building, which));
      },
      { signedIn: false },
    );
  };
}
