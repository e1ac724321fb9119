import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { staffUsers } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { endStaffSessions, generateOneTimePassword } from '../modules/admin/users/repository';

/** A password hash no password matches (scrypt hashes have six `$` parts): the account cannot sign in. */
const NO_PASSWORD = '!demo-account-removed';

/**
 * Takes the demo staff accounts out of service before a production start: they stay in the table (the audit log
 * names them) but are inactive, have no password and no session.
 */
export async function removeDemoAccounts(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(staffUsers)
      .set({ active: false, passwordHash: NO_PASSWORD })
      .where(and(eq(staffUsers.demo, true), eq(staffUsers.active, true)))
      .returning({ id: staffUsers.id, email: staffUsers.email });
    for (const row of rows) await endStaffSessions(tx, row.id);
    return rows.map((r) => r.email).sort();
  });
}

/**
 * The first super admin of a real deployment (or a new password for an existing one): a one-time password, shown
 * once to the operator, only its hash stored.
 */
export async function createSuperAdmin(
  db: Db,
  email: string,
  name: string,
): Promise<{ oneTimePassword: string; created: boolean }> {
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const normalized = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const existing = await tx.query.staffUsers.findFirst({
      columns: { id: true },
      where: eq(staffUsers.email, normalized),
    });
    if (existing) {
      await tx
        .update(staffUsers)
        .set({ superAdmin: true, active: true, demo: false, passwordHash, mustChangePassword: true })
        .where(eq(staffUsers.id, existing.id));
      await endStaffSessions(tx, existing.id);
      return { oneTimePassword, created: false };
    }
    await tx
      .insert(staffUsers)
      .values({ email: normalized, name, superAdmin: true, passwordHash, mustChangePassword: true });
    return { oneTimePassword, created: true };
  });
}
