import express, { Router, type Request } from 'express';
import { OTHER_ROUTE, vitalsReportSchema } from '@home-energy/shared/mfe/vitals';
import { routePatterns } from '@home-energy/shared/mfe/page-routes';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { jsonBodies, noQuery } from '../../http/input-guards';
import { sharedRateLimit } from '../../http/rate-limit-store';
import { ipOf } from '../../http/write-limits';
import type { Logger } from '../../logger';
import type { PagesFile } from '../releases/pages-file';
import { visitorKey, type VisitorCookies } from '../releases/audience';
import { recordSpeed, type CanaryRules } from '../releases/health';
import { findRelease } from '../releases/repository';
import { dayOf, recordVitals, routesOn } from './repository';

/** A report is eight short views at most; anything larger is not one. */
export const VITALS_MAX_BYTES = 2048;
/** Page patterns a day may hold; reports of others count under OTHER_ROUTE (the table cannot be grown at will). */
export const ROUTES_PER_DAY = 200;

/**
 * The page patterns of a release: every route its own route table can match (routePatterns over its pages.json),
 * worked out once per pages file, which the reader keeps per release version (web/release-pages.ts). A release
 * without a readable pages file has none.
 */
export function releasePatterns(
  pagesOf: (remote: string, version: string) => Promise<PagesFile | null>,
): (remote: string, version: string) => Promise<ReadonlySet<string>> {
  const patterns = new WeakMap<PagesFile, Set<string>>();
  return async (remote, version) => {
    const pages = await pagesOf(remote, version);
    if (!pages) return new Set();
    let found = patterns.get(pages);
    if (!found) patterns.set(pages, (found = routePatterns(pages)));
    return found;
  };
}

/**
 * POST /api/mfe/vitals: a tab's speed as its users felt it (docs/performance.md "Field vitals"), sent by the shell
 * when the tab is hidden. Anyone can send one, so it is bounded (size, views, values, rate per IP, page patterns per
 * day), carries no personal data (release, device class, connection type, numbers, and page patterns: a view's is
 * kept only if the route table of its release has it, else it counts as OTHER_ROUTE), needs the registry's visitor
 * cookie, and names only stored releases. While a remote has a canary, a session's figures on the
 * release the registry served it also go to the canary's speed verdict (releases/health.ts).
 */
export function vitalsRoutes(
  db: Db,
  options: {
    visitors: VisitorCookies;
    networkOf: (req: Request) => string;
    perMinute: number;
    rules: CanaryRules;
    logger: Logger;
    /** A release's pages file (web/release-pages.ts releasePagesReader): its route table holds its page patterns. */
    pagesOf: (remote: string, version: string) => Promise<PagesFile | null>;
    now?: () => number;
  },
): Router {
  const now = options.now ?? Date.now;
  const patternsOf = releasePatterns(options.pagesOf);
  // Today's page patterns (OTHER_ROUTE is none of them), read from the database at most once a minute per instance.
  let known: { day: string; read: number; routes: Set<string> } | null = null;
  const routeOf = async (route: string): Promise<string> => {
    const day = dayOf(now());
    if (!known || known.day !== day || now() - known.read > 60_000) {
      known = { day, read: now(), routes: await routesOn(db, day) };
      known.routes.delete(OTHER_ROUTE);
    }
    if (known.routes.has(route)) return route;
    if (known.routes.size >= ROUTES_PER_DAY) return OTHER_ROUTE;
    known.routes.add(route);
    return route;
  };

  const router = Router();
  router.post(
    '/vitals',
    sharedRateLimit(db, 'vitals', {
      windowMs: 60_000,
      limit: options.perMinute,
      keyGenerator: (req: Request) => `ip:${ipOf(req)}`,
      message: 'Too many speed reports in a short time. Wait a minute and try again.',
    }),
    noQuery,
    express.json({ limit: VITALS_MAX_BYTES }),
    jsonBodies,
    async (req, res) => {
      const report = parse(vitalsReportSchema, req.body, 'body');
      const visitor = options.visitors.read(req);
      if (!visitor) throw new HttpError(400, 'bad_request', 'No release session: load /api/mfe/registry first.');
      const releases = [];
      for (const view of report.views) {
        const release = await findRelease(db, view.remote, view.version);
        if (!release) throw new HttpError(404, 'not_found', `${view.remote} has no release ${view.version}.`);
        releases.push(release);
      }
      const views = [];
      for (const view of report.views) {
        const ofRelease = (await patternsOf(view.remote, view.version)).has(view.route);
        views.push({ ...view, route: ofRelease ? await routeOf(view.route) : OTHER_ROUTE });
      }
      await recordVitals(db, { ...report, views }, dayOf(now()));
      const session = { visitor: visitorKey(visitor), network: options.networkOf(req) };
      for (const [i, view] of report.views.entries()) {
        const outcome = await recordSpeed(db, releases[i]!, session, view, options.rules);
        if (outcome === 'rolled-back')
          options.logger.warn({ remote: view.remote, version: view.version }, 'slow canary rolled back automatically');
      }
      res.status(204).end();
    },
  );
  return router;
}
