import type { Request, Response } from 'express';
import { HttpError } from '../../http/errors';
import type { AuditActionName } from '@home-energy/shared/schemas/activity-keys';
import { insertAudit, type AuditInsert, type DbOrTx } from './repository';

/**
 * What an admin or console write did: `action` such as organisation.update, `target` such as organisation:demo-bank.
 */
export interface AuditAction {
  /** One of AUDIT_ACTIONS, which the audit page has words for. */
  action: AuditActionName;
  target: string;
  /** The organisation the action concerns (null for platform-wide actions such as releases). */
  organisationId?: number | null;
  details?: Record<string, unknown>;
}

/** The audit row of a write by the signed-in staff user: always the real user, plus the organisation impersonated. */
export function auditRow(req: Request, entry: AuditAction): AuditInsert {
  if (req.user?.kind !== 'staff') throw new HttpError(401, 'unauthorized', 'Sign in to continue.');
  return {
    actorId: Number(req.user.id),
    actorEmail: req.user.email ?? '',
    impersonatedOrganisationId: req.impersonation?.organisationId ?? null,
    organisationId: entry.organisationId ?? null,
    action: entry.action,
    target: entry.target,
    details: entry.details ?? {},
  };
}

/**
 * Records a write in the audit log, in the caller's transaction when given one, and marks the response as audited so
 * the catch-all (middleware.ts) does not record it a second time.
 */
export async function audit(db: DbOrTx, req: Request, res: Response, entry: AuditAction): Promise<void> {
  await insertAudit(db, auditRow(req, entry));
  res.locals.audited = true;
}
