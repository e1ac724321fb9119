// Rate limits on what an anonymous browser can write (README "Hardening and security"): every answer write can make
// a visitor profile and every upload a validation item, so both are limited per IP, and uploads per owner too.
// Counted in this instance's memory, like the sign-in, BankID and search limits: with N instances behind one proxy
// a client gets up to N times the limit; the document quotas that bound storage are counted in the database instead.
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { homeownerIdOf } from '../modules/homeowner/repository';

/** Signed-in homeowners (known by BankID) may write this many times the anonymous limit. */
export const HOMEOWNER_WRITE_FACTOR = 4;

const tooMany = (message: string) => ({ error: 'too_many_requests', message });

/**
 * POSTs under /api/flow (answers, building, rates, consumption, documents, interactions, installer requests,
 * discounts), per IP per minute; a signed-in homeowner is counted on their own, with HOMEOWNER_WRITE_FACTOR × the
 * limit. /api/flow/user (BankID sign-in, profile) has its own limits.
 */
export function flowWriteLimiter(anonymousPerMinute: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: (req: Request) => (homeownerIdOf(req.user) === null ? anonymousPerMinute : anonymousPerMinute * HOMEOWNER_WRITE_FACTOR),
    keyGenerator: (req: Request) => {
      const homeownerId = homeownerIdOf(req.user);
      return homeownerId === null ? `ip:${ipKeyGenerator(req.ip ?? '')}` : `homeowner:${homeownerId}`;
    },
    skip: (req: Request) => req.method !== 'POST' || req.path.startsWith('/user/'),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: tooMany('Too many changes in a short time. Wait a minute and try again.'),
  });
}

/** EPC uploads per hour, keyed by `key` (the IP, or the owner once known). */
export function documentUploadLimiter(perHour: number, key: (req: Request, res: Response) => string): RequestHandler {
  return rateLimit({
    windowMs: 60 * 60_000,
    limit: perHour,
    keyGenerator: key,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: tooMany('Too many documents uploaded. Try again in an hour.'),
  });
}

export const ipOf = (req: Request) => ipKeyGenerator(req.ip ?? '');
