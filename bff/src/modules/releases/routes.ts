import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { CachedAnswer } from '../../http/cached-answer';
import { noQuery } from '../../http/input-guards';
import { ipOf } from '../../http/write-limits';
import { REMOTES, type Registry, type RegistryPageRoute } from '@home-energy/shared/remotes';
import type { PageRoute } from '@home-energy/shared/mfe/page-routes';
import type { PagesFile } from './pages-file';
import type { ServedRemote } from '../../web/release-pages';
import type { Db } from '../../db/client';
import { ReadCache } from '../../db/read-cache';
import { writeGenerationOfDb } from '../../db/write-generation';
import { brandOf } from '../flow/brand';
import { audienceOf, inAudience, visitorKey, type VisitorCookies } from './audience';
import { servedReleases, type ReleaseRow } from './repository';
import { ServedReleases } from './served';

export interface RegistryOptions {
  publicUrl?: string;
  /** MFE_PUBLIC_URL: where browsers fetch remote files (a CDN); the BFF's /mfe otherwise. */
  filesUrl?: string;
  demo: boolean;
  /** The signed visitor cookies (audience.ts). */
  visitors: VisitorCookies;
  /** BEACON_RATE_LIMIT: new sessions recorded per address and minute (served.ts). */
  beaconsPerMinute: number;
  defaultBrand: string;
  /** VITALS_SAMPLE_RATE: the share of page loads that report their speed (modules/vitals). */
  vitalsSample: number;
  /** A release's pages (web/release-pages.ts): the registry names where the shell mounts each remote. */
  pagesOf: (remote: string, version: string) => Promise<PagesFile | null>;
}

type Remote = (typeof REMOTES)[number];

/** The rows every answer is chosen from (the active releases and canaries), kept until a write moves the generation. */
export function servedReleaseRows(db: Db, name: string): () => Promise<ReleaseRow[]> {
  const served = new ReadCache<ReleaseRow[]>(writeGenerationOfDb(db), { name, max: 1 });
  return () => served.read('served', () => servedReleases(db));
}

/**
 * The release of each remote a visitor is served: the canary to a visitor in its audience (audience.ts), else the
 * active one; `watched` when the remote has a canary (its health counts this session: served.ts). A visitor without
 * the cookie is in no share of sessions.
 */
export function chooseReleases(
  releases: readonly ReleaseRow[],
  who: { brand: string; visitor: string | null },
): { remote: Remote; release: ReleaseRow; watched: boolean }[] {
  return REMOTES.flatMap((remote) => {
    const canary = releases.find((r) => r.remote === remote.package && r.canaryStartedAt !== null);
    const audience = canary ? audienceOf(canary) : null;
    const inIt =
      canary &&
      audience &&
      (audience.kind === 'brand' || who.visitor !== null) &&
      inAudience(audience, { brand: who.brand, visitor: who.visitor ?? '' }, remote.package, canary.version);
    const release = inIt ? canary : releases.find((r) => r.remote === remote.package && r.active);
    return release ? [{ remote, release, watched: !!canary }] : [];
  });
}

/** Whether a remote has a canary for a share of sessions: only then does a visitor's id decide what they get. */
const sharesSessions = (releases: readonly ReleaseRow[]) =>
  releases.some((r) => r.canaryStartedAt !== null && r.audiencePercent !== null);

export interface ServedRemotesOptions {
  visitors: VisitorCookies;
  defaultBrand: string;
  pagesOf: (remote: string, version: string) => Promise<PagesFile | null>;
}

/**
 * The remotes a page request is served, as the registry will answer this visitor, with each release's pages (the BFF
 * writes the page's frame and hints from them: web/static.ts). While a canary goes to a share of sessions, a visitor
 * without the cookie gets it here, so that the registry answers them the same releases.
 */
export function servedRemotes(
  db: Db,
  { visitors, defaultBrand, pagesOf }: ServedRemotesOptions,
): (req: Request, res: Response) => Promise<ServedRemote[]> {
  const rows = servedReleaseRows(db, 'page-releases');
  return async (req, res) => {
    const releases = await rows();
    const visitor = sharesSessions(releases) ? visitors.ensure(req, res) : visitors.read(req);
    const chosen = chooseReleases(releases, { brand: brandOf(req, defaultBrand), visitor });
    return Promise.all(
      chosen.map(async ({ remote, release }) => ({
        name: remote.name,
        package: remote.package,
        version: release.version,
        pages: await pagesOf(remote.package, release.version),
      })),
    );
  };
}

/** The shell's routes to a remote, from its release's pages: its mounts, and the paths that redirect to it. */
function shellRoutes(pages: PagesFile | null): { path: string; redirect?: string }[] {
  if (!pages) return [];
  return [...pages.mount.map((path) => ({ path })), ...pages.redirects.map((r) => ({ path: r.path, redirect: r.to }))];
}

/** The remote's routes below its mount: patterns and page ids (not the pages' frames, data or params). */
function pageRoutes(routes: readonly PageRoute[]): RegistryPageRoute[] {
  return routes.map(({ path, index, page, children }) => ({
    ...(path === undefined ? {} : { path }),
    ...(index ? { index } : {}),
    ...(page === undefined ? {} : { page }),
    ...(children ? { children: pageRoutes(children) } : {}),
  }));
}

/**
 * GET /api/mfe/registry: where the shell finds each remote's release for this session (never cached), that release's
 * routes (the shell's to it, and its own below them: the speed reports name pages by them), whether this is the demo,
 * and the share of page loads that report their speed (modules/vitals). A remote with a canary answers the canary to
 * the sessions in its audience (audience.ts), the active release to the others; while a remote has a canary, which of
 * its releases this session got is recorded, so that only its beacons count (served.ts). Entry URLs use
 * MFE_PUBLIC_URL (a CDN) when set, else PUBLIC_URL's /mfe (always set in production): the Host header is the client's
 * to choose.
 */
export function registryRoute(db: Db, options: RegistryOptions): RequestHandler[] {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  const filesBase = options.filesUrl?.replace(/\/+$/, '');
  // Read on every page load: kept until any write (this instance's, or another's NOTIFY) moves the generation.
  const served = servedReleaseRows(db, 'registry');
  // Most page loads get one of a few answers (one per set of releases served, files base and demo flag): each is
  // serialised, and its ETag made, once (http/cached-answer.ts). Bounded: without PUBLIC_URL the base is the Host's.
  let answersOf: ReleaseRow[] | null = null;
  const answers = new LRUCache<string, CachedAnswer>({ max: 16 });
  const record = new ServedReleases(db, options.beaconsPerMinute);
  const answer: RequestHandler = async (req, res) => {
    const releases = await served();
    if (releases !== answersOf) {
      answers.clear();
      answersOf = releases;
    }
    const base = filesBase ?? `${publicOrigin ?? `${req.protocol}://${req.get('host')}`}/mfe`;
    const who = { brand: brandOf(req, options.defaultBrand), visitor: options.visitors.ensure(req, res) };
    // Of remotes with a canary, the release this session gets (canary or active) is recorded: beacons count for it.
    const chosen = chooseReleases(releases, who).map(({ remote, release, watched }) => ({
      remote,
      version: release.version,
      id: release.id,
      watched,
    }));
    const watched = chosen.filter((c) => c.watched).map((c) => c.id);
    // Visitors whose cookie was handed out for /api/mfe only (before pages read it too) have two: that one goes.
    if ((req.headers.cookie ?? '').split(`${options.visitors.name}=`).length > 2)
      res.clearCookie(options.visitors.name, { path: '/api/mfe' });
    // Before the answer, so the page's beacons cannot arrive before the record; a page load without a canary writes
    // nothing, and a returning one nothing new (ServedReleases remembers what it wrote). A page never fails for the
    // health count: when the record cannot be written, this session's reports are refused instead.
    if (watched.length > 0) await record.record(visitorKey(who.visitor), watched, ipOf(req)).catch(() => false);
    const key = `${base}\n${chosen.map((c) => `${c.remote.package}@${c.version}`).join(' ')}`;
    let cached = answers.get(key);
    if (!cached) {
      const pages = await Promise.all(chosen.map(({ remote, version }) => options.pagesOf(remote.package, version)));
      const body: Registry = {
        remotes: chosen.map(({ remote, version }, i) => {
          const release = pages[i] ?? null;
          return {
            name: remote.name,
            package: remote.package,
            version,
            entry: `${base}/${remote.package}/${version}/mf-manifest.json`,
            routes: shellRoutes(release),
            ...(release ? { pageRoutes: pageRoutes(release.routes) } : {}),
          };
        }),
        ...(options.demo ? { demo: true } : {}),
        vitalsSample: options.vitalsSample,
      };
      cached = new CachedAnswer(() => body);
      // A release whose pages could not be read now is asked for them again by the next answer.
      if (pages.every(Boolean)) answers.set(key, cached);
    }
    // The answer depends on this session's cookie and brand.
    cached.send(req, res, { 'Cache-Control': 'private, no-cache' });
  };
  return [noQuery, answer];
}
