import type { RequestHandler } from 'express';
import { HttpError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Defence in depth beside CSRF tokens: state-changing API calls must come from our own origin. */
export function sameOrigin(publicUrl?: string): RequestHandler {
  return (req, _res, next) => {
    if (SAFE.has(req.method)) return next();
    if (req.get('sec-fetch-site') === 'cross-site') throw new HttpError(403, 'forbidden', 'Cross-site request refused.');
    const origin = req.get('origin');
    if (origin && origin !== 'null') {
      const own = publicUrl ? new URL(publicUrl).origin : `${req.protocol}://${req.get('host')}`;
      if (origin !== own) throw new HttpError(403, 'forbidden', 'Cross-origin request refused.');
    }
    next();
  };
}
