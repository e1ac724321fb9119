// Who gets a canary release before everyone (docs/releases.md "Progressive releases"): the sessions of one brand, or a
// sticky share of sessions. A session is the signed, random visitor cookie the registry hands out; its bucket is a
// hash of the visitor id, the remote and the version, so the same person keeps the same version and widening the
// share keeps them in.
import crypto from 'node:crypto';
import signature from 'cookie-signature';
import type { Request, Response } from 'express';

/**
 * The release-session cookie: a random id signed by the server, http-only, read by /api/mfe and by page requests
 * (the page's first paint is the visitor's release's: web/static.ts).
 */
export function visitorCookieName(secure: boolean): string {
  return secure ? '__Secure-he.mfe-visitor' : 'he.mfe-visitor';
}

const VISITOR = /^[A-Za-z0-9_-]{22}$/;
const VISITOR_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * A key of its own, derived from the server's secret (auth/secrets.ts): no other cookie's signature is one of these.
 */
export function derivedKey(secret: string, purpose: string): string {
  return crypto.createHmac('sha256', secret).update(purpose).digest('base64url');
}

/**
 * The registry's visitor cookies: `<id>.<HMAC of the id>` (cookie-signature), so only an id the registry handed out
 * counts (docs/releases.md "Health beacon"). A cookie that is not one (an unsigned id of an earlier version, a forged
 * one) is no visitor: the registry replaces it with a new, signed one.
 */
export class VisitorCookies {
  private readonly key: string;
  readonly name: string;

  constructor(
    secret: string,
    readonly secure: boolean,
  ) {
    this.key = derivedKey(secret, 'mfe-visitor');
    this.name = visitorCookieName(secure);
  }

  /** The request's visitor id, or null when it has none (or one this server did not sign). */
  read(req: Request): string | null {
    const value: unknown = req.cookies?.[this.name];
    if (typeof value !== 'string' || value.length > 100) return null;
    const visitor = signature.unsign(value, this.key);
    return visitor !== false && VISITOR.test(visitor) ? visitor : null;
  }

  /** The request's visitor id, handing out a new one (set on the response) when it has none. */
  ensure(req: Request, res: Response): string {
    const existing = this.read(req);
    if (existing) return existing;
    const visitor = crypto.randomBytes(16).toString('base64url');
    res.cookie(this.name, this.sign(visitor), {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      maxAge: VISITOR_MAX_AGE_MS,
    });
    return visitor;
  }

  /** The cookie value of a visitor id. */
  sign(visitor: string): string {
    return signature.sign(visitor, this.key);
  }
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
