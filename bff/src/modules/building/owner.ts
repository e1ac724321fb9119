// Who a property profile belongs to: the signed-in homeowner, or before sign-in the browser session's visitor id.
import crypto from 'node:crypto';
import type { Request } from 'express';
import { homeownerIdOf } from '../homeowner/repository';

declare module 'express-session' {
  interface SessionData {
    /** Names an anonymous visitor's property profiles until they sign in with BankID and claim them. */
    visitorId?: string;
  }
}

export type Owner = { kind: 'homeowner'; homeownerId: number } | { kind: 'visitor'; visitorId: string };

/** The caller as a profile owner; `create` gives an anonymous session a visitor id (writes), reads do not. */
export function ownerOf(req: Request, create: boolean): Owner | null {
  const homeownerId = homeownerIdOf(req.user);
  if (homeownerId !== null) return { kind: 'homeowner', homeownerId };
  if (!req.session.visitorId) {
    if (!create) return null;
    req.session.visitorId = crypto.randomUUID();
  }
  return { kind: 'visitor', visitorId: req.session.visitorId };
}
