// Rate limits on what an anonymous browser can write (docs/security.md "Hardening and security"): every answer write
// can make a visitor profile and every upload a validation item, so both are limited per IP, and uploads per owner too.
// Counted in the database like every other limit (http/rate-limit-store.ts), so all instances share one count.
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Db } from '../db/client';
import { homeownerIdOf } from '../modules/homeowner/repository';
import { sharedRateLimit } from './rate-limit-store';

/** Signed-in homeowners (known by BankID) may write this many times the anonymous limit. */
export const HOMEOWNER_WRITE_FACTOR = 4;

/**
 * POSTs under /api/flow (answers, building, rates, consumption, documents, interactions, installer requests,
 * discounts), per IP per minute; a signed-in homeowner is counted on their own, with HOMEOWNER_WRITE_FACTOR × the
 * limit. /api/flow/user (BankID sign-in, profile) has its own limits.
 */
export function flowWriteLimiter(db: Db, anonymousPerMinute: number): RequestHandler {
  const limiter = sharedRateLimit(db, 'flow-write', {
    windowMs: 60_000,
    limit: (req: Request) =>
      homeownerIdOf(req.user) === null ? anonymousPerMinute : anonymousPerMinute * HOMEOWNER_WRITE_FACTOR,
    keyGenerator: (req: Request) => {
      const homeownerId = homeownerIdOf(req.user);
      return homeownerId === null ? `ip:${ipKeyGenerator(req.ip ?? '')}` : `homeowner:${homeownerId}`;
    },
    skip: (req: Request) => req.method !== 'POST' || req.path.startsWith('/user/'),
    message: 'Too many changes in a short time. Wait a minute and try again.',
  });
  // Reads pass straight on: the limiter's own skip would still resolve the client's address and wait a tick for each.
  return (req, res, next) => (req.method === 'POST' ? limiter(req, res, next) : next());
}

/** EPC uploads per hour, keyed by `key` (the IP, or the owner once known); `limiter` names the counter. */
export function documentUploadLimiter(
  db: Db,
  limiter: string,
  perHour: number,
  key: (req: Request, res: Response) => string,
): RequestHandler {
  return sharedRateLimit(db, limiter, {
    windowMs: 60 * 60_000,
    limit: perHour,
    keyGenerator: key,
    message: 'Too many documents uploaded. Try again in an hour.',
  });
}

export const ipOf = (req: Request) => ipKeyGenerator(req.ip ?? '');
