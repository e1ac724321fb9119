// A team's CI speaks to /api/releases/<remote> with `Authorization: Bearer <release token>` of that remote
// (docs/releases.md "From a team's own CI"); every use, refused or not, is in the audit log with the token as actor.
import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { remotePackageSchema } from '@home-energy/shared/remotes';
import type { AuditActionName } from '@home-energy/shared/schemas/activity-keys';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { sharedRateLimit } from '../../http/rate-limit-store';
import { insertAudit, type DbOrTx } from '../audit/repository';
import type { ReleaseActor } from './control';
import { findReleaseToken, type ReleaseTokenRow } from './tokens';

const REFUSALS_PER_15_MINUTES = 60;

const remoteParamSchema = z.object({ remote: remotePackageSchema });

export const actorOf = (token: ReleaseTokenRow | null) =>
  token ? `release-token:${token.id} (${token.label})` : 'release-token:unknown';

/** One audit row for a use of a release token (actor: the token, never a staff user). */
export async function auditTokenUse(
  db: DbOrTx,
  req: Request,
  token: ReleaseTokenRow | null,
  remote: string,
  action: AuditActionName,
  details: Record<string, unknown>,
  target = `release-token:${token?.id ?? 'unknown'}`,
): Promise<void> {
  const actorEmail = actorOf(token);
  await insertAudit(db, { actorId: null, actorEmail, action, target, details: { remote, ip: req.ip, ...details } });
}

/** The token as the actor of a release change made through the API. */
export const tokenActor = (req: Request, token: ReleaseTokenRow): ReleaseActor => ({
  by: actorOf(token),
  record: (tx, entry) => auditTokenUse(tx, req, token, token.remote, entry.action, entry.details ?? {}, entry.target),
});

/**
 * The middleware before every release-token route: refused requests with a token are limited per IP (each writes an
 * audit row; a CI that succeeds is never slowed by this), then the token must be known, unrevoked and of the URL's
 * remote. It leaves the token in res.locals.releaseToken.
 */
export function releaseTokenGuard(db: Db): RequestHandler[] {
  const refusals = sharedRateLimit(db, 'release-token-refusals', {
    windowMs: 15 * 60_000,
    limit: REFUSALS_PER_15_MINUTES,
    skipSuccessfulRequests: true,
    skip: (req) => !req.get('authorization'),
    message: 'Too many refused release requests from this address. Try again in 15 minutes.',
  });

  const authenticate: RequestHandler = async (req, res, next) => {
    const { remote } = parse(remoteParamSchema, { remote: req.params.remote }, 'params');
    const presented = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!presented) {
      res.set('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, 'unauthorized', 'Send a release token: Authorization: Bearer <token>.');
    }
    const token = await findReleaseToken(db, presented);
    if (!token || token.revokedAt) {
      const reason = token ? 'revoked' : 'unknown token';
      await auditTokenUse(db, req, token, remote, 'release.token_refused', { reason });
      res.set('WWW-Authenticate', 'Bearer error="invalid_token"');
      const message = token ? 'This release token was revoked.' : 'This release token is not known.';
      throw new HttpError(401, 'unauthorized', message);
    }
    if (token.remote !== remote) {
      await auditTokenUse(db, req, token, remote, 'release.token_refused', { reason: `token of ${token.remote}` });
      throw new HttpError(403, 'forbidden', `This release token is for ${token.remote}, not ${remote}.`);
    }
    res.locals.releaseToken = token;
    next();
  };
  return [refusals, authenticate];
}
