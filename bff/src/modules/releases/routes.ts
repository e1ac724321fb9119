import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { CachedAnswer } from '../../http/cached-answer';
import { noQuery } from '../../http/input-guards';
import { ipOf } from '../../http/write-limits';
import { REMOTES, type Registry } from '@home-energy/shared/remotes';
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
}

/**
 * GET /api/mfe/registry: where the shell finds each remote's release for this session (never cached), whether this
 * is the demo, and the share of page loads that report their speed (modules/vitals). A remote with a canary answers
 * the canary to the sessions in its audience (audience.ts), the active release to the others; while a remote has a
 * canary, which of its releases this session got is recorded, so that only its beacons count (served.ts). Entry URLs
 * use MFE_PUBLIC_URL (a CDN) when set, else PUBLIC_URL's /mfe (always set in production): the Host header is the
 * client's to choose.
 */
export function registryRoute(db: Db, options: RegistryOptions): RequestHandler[] {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  const filesBase = options.filesUrl?.replace(/\/+$/, '');
  // Read on every page load: kept until any write (this instance's, or another's NOTIFY) moves the generation.
  const served = new ReadCache<ReleaseRow[]>(writeGenerationOfDb(db), { name: 'registry', max: 1 });
  // Most page loads get one of a few answers (one per set of releases served, files base and demo flag): each is
  // serialised, and its ETag made, once (http/cached-answer.ts). Bounded: without PUBLIC_URL the base is the Host's.
  let answersOf: ReleaseRow[] | null = null;
  const answers = new LRUCache<string, CachedAnswer>({ max: 16 });
  const record = new ServedReleases(db, options.beaconsPerMinute);
  const answer: RequestHandler = async (req, res) => {
    const releases = await served.read('served', () => servedReleases(db));
    if (releases !== answersOf) {
      answers.clear();
      answersOf = releases;
    }
    const base = filesBase ?? `${publicOrigin ?? `${req.protocol}://${req.get('host')}`}/mfe`;
    const who = { brand: brandOf(req, options.defaultBrand), visitor: options.visitors.ensure(req, res) };
    // Of remotes with a canary, the release this session gets (canary or active) is recorded: beacons count for it.
    const watched: number[] = [];
    const chosen = REMOTES.flatMap((remote) => {
      const canary = releases.find((r) => r.remote === remote.package && r.canaryStartedAt !== null);
      const audience = canary ? audienceOf(canary) : null;
      const release =
        canary && audience && inAudience(audience, who, remote.package, canary.version)
          ? canary
          : releases.find((r) => r.remote === remote.package && r.active);
      if (release && canary) watched.push(release.id);
      return release ? [{ remote, version: release.version }] : [];
    });
    // Before the answer, so the page's beacons cannot arrive before the record; a page load without a canary writes
    // nothing, and a returning one nothing new (ServedReleases remembers what it wrote). A page never fails for the
    // health count: when the record cannot be written, this session's reports are refused instead.
    if (watched.length > 0) await record.record(visitorKey(who.visitor), watched, ipOf(req)).catch(() => false);
    const key = `${base}\n${chosen.map((c) => `${c.remote.package}@${c.version}`).join(' ')}`;
    let cached = answers.get(key);
    if (!cached) {
      const body: Registry = {
        remotes: chosen.map(({ remote, version }) => ({
          name: remote.name,
          package: remote.package,
          version,
          entry: `${base}/${remote.package}/${version}/mf-manifest.json`,
        })),
        ...(options.demo ? { demo: true } : {}),
        vitalsSample: options.vitalsSample,
      };
      cached = new CachedAnswer(() => body);
      answers.set(key, cached);
    }
    // The answer depends on this session's cookie and brand.
    cached.send(req, res, { 'Cache-Control': 'private, no-cache' });
  };
  return [noQuery, answer];
}
