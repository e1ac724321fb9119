// Who gets a canary release before everyone (docs/releases.md "Progressive releases"): the sessions of one brand, or a
// sticky share of sessions. A session is the random visitor cookie the registry hands out; its bucket is a hash of the
// cookie, the remote and the version, so the same person keeps the same version and widening the share keeps them in.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';

/** The release-session cookie: random, http-only, read by /api/mfe only. */
export function visitorCookieName(secure: boolean): string {
  return secure ? '__Secure-he.mfe-visitor' : 'he.mfe-visitor';
}

const VISITOR = /^[A-Za-z0-9_-]{22}$/;
const VISITOR_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** The request's visitor id, or null when it has none (or a malformed one). */
export function visitorOf(req: Request, secure: boolean): string | null {
  const value: unknown = req.cookies?.[visitorCookieName(secure)];
  return typeof value === 'string' && VISITOR.test(value) ? value : null;
}

/** The request's visitor id, handing out a new one (set on the response) when it has none. */
export function ensureVisitor(req: Request, res: Response, secure: boolean): string {
  const existing = visitorOf(req, secure);
  if (existing) return existing;
  const visitor = crypto.randomBytes(16).toString('base64url');
  res.cookie(visitorCookieName(secure), visitor, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/api/mfe',
    maxAge: VISITOR_MAX_AGE_MS,
  });
  return visitor;
}

/** 0–99, the same for the same visitor, remote and version. */
export function bucketOf(visitor: string, remote: string, version: string): number {
  return crypto.createHash('sha256').update(`${remote}\n${version}\n${visitor}`).digest().readUInt32BE(0) % 100;
}

/** What the release-session table stores instead of the cookie itself. */
export function visitorKey(visitor: string): string {
  return crypto.createHash('sha256').update(`mfe-visitor\n${visitor}`).digest('base64url').slice(0, 22);
}

export type Audience = { kind: 'brand'; brand: string } | { kind: 'percent'; percent: number };

export function audienceOf(row: { audienceBrand: string | null; audiencePercent: number | null }): Audience | null {
  if (row.audienceBrand !== null) return { kind: 'brand', brand: row.audienceBrand };
  if (row.audiencePercent !== null) return { kind: 'percent', percent: row.audiencePercent };
  return null;
}

export function inAudience(
  audience: Audience,
  who: { brand: string; visitor: string },
  remote: string,
  version: string,
): boolean {
  return audience.kind === 'brand'
    ? audience.brand === who.brand
    : bucketOf(who.visitor, remote, version) < audience.percent;
}
