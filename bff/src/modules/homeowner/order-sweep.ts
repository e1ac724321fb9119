import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankidOrders } from '../../db/schema';
import { runPeriodically } from '../../periodic';

/** Far beyond any BankID order's lifetime (minutes): a row still 'pending' after this was abandoned by its browser. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;
/** Orders carry the signer's personal number and name once complete; nothing needs them after a day. */
export const KEPT_FOR_MS = 24 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export interface OrderSweepResult {
  expired: number;
  deleted: number;
}

/**
 * Closes orders nobody collects any more (the browser left mid sign-in: it is the status polls that move an order on)
 * and deletes orders older than a day, with the personal data they hold.
 */
export async function sweepBankIdOrders(db: Db, now: number = Date.now()): Promise<OrderSweepResult> {
  const expired = await db
    .update(bankidOrders)
    .set({ status: 'failed', hintCode: 'expiredTransaction' })
    .where(and(eq(bankidOrders.status, 'pending'), lt(bankidOrders.startedAt, new Date(now - ABANDONED_AFTER_MS))))
    .returning({ id: bankidOrders.id });
  const deleted = await db
    .delete(bankidOrders)
    .where(lt(bankidOrders.startedAt, new Date(now - KEPT_FOR_MS)))
    .returning({ id: bankidOrders.id });
  return { expired: expired.length, deleted: deleted.length };
}

/** Sweeps now and every SWEEP_INTERVAL_MS; the timer never keeps the process alive. Returns stop(). */
export function startOrderSweep(db: Db, onError: (error: unknown) => void, intervalMs = SWEEP_INTERVAL_MS): () => void {
  return runPeriodically(() => sweepBankIdOrders(db), onError, intervalMs);
}
