import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Consent, SharedDetail } from '@home-energy/shared/schemas/privacy';
import { WITHDRAWABLE_STATUSES, type LeadStatus } from '@home-energy/shared/schemas/installer-leads';
import type { Db } from '../../db/client';
import { installerRequests, privacyConsents } from '../../db/schema';
import type { DbOrTx } from '../audit/repository';
import { HttpError } from '../../http/errors';

/** One share of contact details with an installer, as the installer-request step makes it. */
export interface Share {
  installerRequestId: number;
  organisationId: number | null;
  recipient: string;
  key: string;
  shared: SharedDetail[];
}

/** Records shares under the notice version the homeowner was shown, in the caller's transaction. */
export async function recordShares(
  tx: DbOrTx,
  homeownerId: number,
  shares: Share[],
  noticeVersion: string,
  at: Date,
): Promise<void> {
  if (shares.length === 0) return;
  await tx.insert(privacyConsents).values(
    shares.map((s) => ({
      homeownerId,
      installerRequestId: s.installerRequestId,
      organisationId: s.organisationId,
      recipient: s.recipient,
      shared: s.shared,
      activityKey: s.key,
      noticeVersion,
      givenAt: at,
    })),
  );
}

/** Marks the open consents of these requests withdrawn (the homeowner took the requests back). */
export async function withdrawConsentsOf(tx: DbOrTx, requestIds: number[], at: Date): Promise<void> {
  if (requestIds.length === 0) return;
  await tx
    .update(privacyConsents)
    .set({ withdrawnAt: at })
    .where(and(inArray(privacyConsents.installerRequestId, requestIds), isNull(privacyConsents.withdrawnAt)));
}

function consentView(row: typeof privacyConsents.$inferSelect): Consent {
  return {
    id: row.id,
    recipient: row.recipient,
    key: row.activityKey,
    shared: row.shared as SharedDetail[],
    given_at: row.givenAt.toISOString(),
    notice_version: row.noticeVersion,
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
  };
}

/** Every consent the homeowner gave, newest first (My homes; the export and erasure: personal-data.ts). */
export async function listFor(db: DbOrTx, userId: number): Promise<Consent[]> {
  const rows = await db
    .select()
    .from(privacyConsents)
    .where(eq(privacyConsents.homeownerId, userId))
    .orderBy(desc(privacyConsents.givenAt), desc(privacyConsents.id));
  return rows.map(consentView);
}

/**
 * Withdraws one consent: the installer no longer gets the homeowner's name or contact details on that request (its
 * lead, lists, search and mails), and an open request becomes `withdrawn`; a won, lost or declined one keeps its
 * outcome. 404 for a consent that is not the homeowner's; withdrawing twice changes nothing.
 */
export async function withdrawConsent(db: Db, homeownerId: number, consentId: number, now: number): Promise<Consent> {
  const at = new Date(now);
  return db.transaction(async (tx) => {
    const [consent] = await tx
      .select()
      .from(privacyConsents)
      .where(and(eq(privacyConsents.id, consentId), eq(privacyConsents.homeownerId, homeownerId)))
      .for('update');
    if (!consent) throw new HttpError(404, 'not_found', 'No such consent.');
    if (consent.withdrawnAt) return consentView(consent);
    if (consent.installerRequestId !== null) {
      const [request] = await tx
        .select({ id: installerRequests.id, status: installerRequests.status })
        .from(installerRequests)
        .where(eq(installerRequests.id, consent.installerRequestId))
        .for('update');
      if (request) {
        const open = WITHDRAWABLE_STATUSES.includes(request.status as LeadStatus);
        await tx
          .update(installerRequests)
          .set({
            contactEmail: null,
            contactMobile: null,
            personalDataRemovedAt: at,
            ...(open ? { status: 'withdrawn', withdrawnFrom: request.status, withdrawnAt: at } : {}),
          })
          .where(eq(installerRequests.id, request.id));
      }
      // Every share of that request ends with it: the installer holds none of the details any more.
      await withdrawConsentsOf(tx, [consent.installerRequestId], at);
    } else {
      await tx.update(privacyConsents).set({ withdrawnAt: at }).where(eq(privacyConsents.id, consent.id));
    }
    const [after] = await tx.select().from(privacyConsents).where(eq(privacyConsents.id, consent.id));
    return consentView(after!);
  });
}
