import type { MailLanguage } from '@home-energy/shared/schemas/mail-language';
import { noteUsedLanguage } from '../modules/mail/language';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '@home-energy/shared/schemas/session';
import type { Db } from '../db/client';
import { memberships, organisations, staffUsers } from '../db/schema';

export type StaffUserRow = typeof staffUsers.$inferSelect;

export function findStaffByEmail(db: Db, email: string): Promise<StaffUserRow | undefined> {
  return db.query.staffUsers.findFirst({ where: eq(staffUsers.email, email.trim().toLowerCase()) });
}

/** The session user (docs/product.md §3): flags and the active organisations the user belongs to, from one join. */
export async function loadSessionUser(db: Db, id: number): Promise<SessionUser | null> {
  const rows = await db
    .select({
      user: staffUsers,
      slug: organisations.slug,
      orgName: organisations.name,
      role: memberships.role,
      orgActive: organisations.active,
    })
    .from(staffUsers)
    .leftJoin(memberships, eq(memberships.userId, staffUsers.id))
    .leftJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(and(eq(staffUsers.id, id), eq(staffUsers.active, true)));
  const user = rows[0]?.user;
  if (!user) return null;
  const orgs = rows
    .filter((r) => r.slug && r.orgActive && r.role)
    .map((r) => ({ slug: r.slug!, name: r.orgName!, role: r.role! }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    kind: 'staff',
    id: String(user.id),
    name: user.name,
    email: user.email,
    superAdmin: user.superAdmin,
    admin: user.superAdmin || orgs.some((o) => o.role === 'admin'),
    organisations: orgs,
    ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
  };
}

/** The time of the sign-in, and the UI language it came from as the user's mail language (unless they chose one). */
export async function recordSignIn(db: Db, id: number, language: MailLanguage | undefined): Promise<void> {
  await db.update(staffUsers).set({ lastSignInAt: new Date() }).where(eq(staffUsers.id, id));
  await noteUsedLanguage(db, 'staff', id, language);
}

export function findOrganisation(db: Db, slug: string) {
  return db.query.organisations.findFirst({ where: and(eq(organisations.slug, slug), eq(organisations.active, true)) });
}
