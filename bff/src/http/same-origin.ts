import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Our own origin is whatever host the request was sent to (brands may be served on their own subdomains), as in Go's
 * net/http CrossOriginProtection; PUBLIC_URL, when set, also counts (a proxy may rewrite Host). req.host honours
 * X-Forwarded-Host only from a trusted proxy, and keeps the port.
 */
function isOwnOrigin(req: Request, origin: string, publicHost: string | null): boolean {
  const host = hostOf(origin);
  if (host === null) return false; // includes "null" (sandboxed frames, cross-origin redirects)
  return host === req.host?.toLowerCase() || host === publicHost;
}

/**
 * Defence in depth beside CSRF tokens: state-changing API calls must come from our own origin.
 * - Sec-Fetch-Site (all current browsers): only same-origin or none (typed URL, bookmark) passes; same-site (a sibling
 *   subdomain, e.g. another brand) and cross-site are refused.
 * - Otherwise Origin (older browsers): its host must be the request's host or PUBLIC_URL's.
 * - Neither header: allowed. Browsers always send one of them on cross-origin state-changing requests, so such a
 *   request is curl or server to server, which carries no victim's cookies; and the session cookie is SameSite=Lax,
 *   so a cross-site POST would not be signed in anyway (the second layer).
 */
export function sameOrigin(publicUrl?: string): RequestHandler {
  const publicHost = publicUrl ? hostOf(publicUrl) : null;
  return (req, _res, next) => {
    if (SAFE.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site === 'same-origin' || site === 'none') return next();
    if (site !== undefined) throw new HttpError(403, 'forbidden', 'Cross-site request refused.');
    const origin = req.get('origin');
    if (origin !== undefined && !isOwnOrigin(req, origin, publicHost))
      throw new HttpError(403, 'forbidden', 'Cross-origin request refused.');
    next();
  };
}
