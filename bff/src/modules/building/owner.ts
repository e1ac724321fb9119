// Who a property profile belongs to: the signed-in homeowner, or before sign-in the browser session's visitor id.
import crypto from 'node:crypto';
import type { Request } from 'express';
import type { SessionData } from 'express-session';
import { homeownerIdOf } from '../homeowner/repository';

declare module 'express-session' {
  interface SessionData {
    /** Names an anonymous visitor's property profiles until they sign in with BankID and claim them. */
    visitorId?: string;
  }
}

export type Owner = { kind: 'homeowner'; homeownerId: number } | { kind: 'visitor'; visitorId: string };

/** The owner a signed-in user or a session's visitor id names, if any. */
export function ownerFrom(user: Express.User | undefined, session: Pick<SessionData, 'visitorId'>): Owner | null {
  const homeownerId = homeownerIdOf(user);
  if (homeownerId !== null) return { kind: 'homeowner', homeownerId };
  return session.visitorId ? { kind: 'visitor', visitorId: session.visitorId } : null;
}

/** The caller as a profile owner; `create` gives an anonymous session a visitor id (writes), reads do not. */
export function ownerOf(req: Request, create: boolean): Owner | null {
  if (create && homeownerIdOf(req.user) === null && !req.session.visitorId) req.session.visitorId = crypto.randomUUID();
  return ownerFrom(req.user, req.session);
}

/** An owner as a cache key part: one string per owner, none shared with another. */
export function ownerKeyOf(owner: Owner | null): string {
  return owner === null ? '-' : owner.kind === 'homeowner' ? `h${owner.homeownerId}` : `v${owner.visitorId}`;
}
