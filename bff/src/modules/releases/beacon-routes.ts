import express, { Router, type Request } from 'express';
import { releaseBeaconSchema } from '@home-energy/shared/remotes';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { jsonBodies, noQuery } from '../../http/input-guards';
import { ipOf } from '../../http/write-limits';
import type { Logger } from '../../logger';
import { visitorKey, type VisitorCookies } from './audience';
import { recordBeacon, type CanaryRules } from './health';
import { sharedRateLimit } from '../../http/rate-limit-store';

/** A beacon is a few short fields; anything larger is not one. */
export const BEACON_MAX_BYTES = 512;

/**
 * POST /api/mfe/beacon: the shell reports that a release loaded in this session, or failed to load or render
 * (health.ts). Anyone can send one, so it is bounded (size, rate per IP), carries no personal data (remote, version,
 * kind, a coarse error class), needs the registry's signed visitor cookie, counts only for a release the registry
 * served that session (served.ts), and counts a session once per release (docs/releases.md "Health beacon").
 */
export function beaconRoutes(
  db: Db,
  options: {
    visitors: VisitorCookies;
    /** The keyed hash of a request's network (served.ts networkHasher). */
    networkOf: (req: Request) => string;
    perMinute: number;
    rules: CanaryRules;
    logger: Logger;
  },
): Router {
  const router = Router();
  router.post(
    '/beacon',
    sharedRateLimit(db, 'beacon', {
      windowMs: 60_000,
      limit: options.perMinute,
      keyGenerator: (req: Request) => `ip:${ipOf(req)}`,
      message: 'Too many release reports in a short time. Wait a minute and try again.',
    }),
    noQuery,
    express.json({ limit: BEACON_MAX_BYTES }),
    jsonBodies,
    async (req, res) => {
      const beacon = parse(releaseBeaconSchema, req.body, 'body');
      const visitor = options.visitors.read(req);
      // Without the registry's (signed) cookie there is no session to count it for.
      if (!visitor) throw new HttpError(400, 'bad_request', 'No release session: load /api/mfe/registry first.');
      const session = { visitor: visitorKey(visitor), network: options.networkOf(req) };
      const outcome = await recordBeacon(db, beacon, session, options.rules);
      if (outcome === 'unknown-release')
        throw new HttpError(404, 'not_found', `${beacon.remote} has no release ${beacon.version}.`);
      if (outcome === 'not-served') {
        const message =
          `${beacon.remote} ${beacon.version} was not served to this release session, so its report is not ` +
          'counted: report only the version /api/mfe/registry answered.';
        throw new HttpError(409, 'conflict', message);
      }
      if (beacon.kind !== 'loaded')
        options.logger.info(
          { remote: beacon.remote, version: beacon.version, kind: beacon.kind, errorClass: beacon.errorClass },
          'release error reported',
        );
      if (outcome === 'rolled-back')
        options.logger.warn({ remote: beacon.remote, version: beacon.version }, 'canary rolled back automatically');
      res.status(204).end();
    },
  );
  return router;
}
