import crypto from 'node:crypto';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ConsoleUser, ConsoleUserMembership } from '@home-energy/shared/schemas/admin';
import type { OrganisationRole } from '@home-energy/shared/schemas/session';
import { memberships, organisations, staffUsers } from '../../../db/schema';
import type { DbOrTx } from '../../audit/repository';
import { containsPattern } from '../../../db/like';

/** A console user with every membership (ids included), before it is narrowed to what a scope may see. */
export interface StaffRecord extends Omit<ConsoleUser, 'memberships' | 'managedElsewhere'> {
  memberships: (ConsoleUserMembership & { organisationId: number; organisationActive: boolean })[];
}

export interface StaffFilters {
  ids?: number[];
  /** Users with a membership in this organisation. */
  organisationId?: number;
  /** Part of the name or email. */
  q?: string;
}

export async function findStaff(db: DbOrTx, filters: StaffFilters): Promise<StaffRecord[]> {
  const conditions: SQL[] = [];
  if (filters.ids) conditions.push(inArray(staffUsers.id, filters.ids.length > 0 ? filters.ids : [-1]));
  if (filters.organisationId !== undefined) {
    conditions.push(
      sql`exists (select 1 from memberships m where m.user_id = ${staffUsers.id}
        and m.organisation_id = ${filters.organisationId})`,
    );
  }
  if (filters.q) {
    const like = containsPattern(filters.q);
    conditions.push(or(ilike(staffUsers.email, like), ilike(staffUsers.name, like))!);
  }
  const users = await db
    .select()
    .from(staffUsers)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(staffUsers.name), asc(staffUsers.email));
  if (users.length === 0) return [];
  const rows = await db
    .select({
      userId: memberships.userId,
      role: memberships.role,
      organisationId: organisations.id,
      slug: organisations.slug,
      name: organisations.name,
      active: organisations.active,
    })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(
      inArray(
        memberships.userId,
        users.map((u) => u.id),
      ),
    )
    .orderBy(asc(organisations.name));
  return users.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    active: u.active,
    superAdmin: u.superAdmin,
    demo: u.demo,
    createdAt: u.createdAt.toISOString(),
    lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
    memberships: rows
      .filter((r) => r.userId === u.id)
      .map((r) => ({
        organisation: r.slug,
        organisationName: r.name,
        role: r.role,
        organisationId: r.organisationId,
        organisationActive: r.active,
      })),
  }));
}

export async function findStaffById(db: DbOrTx, id: number): Promise<StaffRecord | undefined> {
  return (await findStaff(db, { ids: [id] }))[0];
}

/** Active admins of the organisation (for the last-admin rule). */
export async function countActiveAdmins(db: DbOrTx, organisationId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .innerJoin(staffUsers, eq(staffUsers.id, memberships.userId))
    .where(
      and(eq(memberships.organisationId, organisationId), eq(memberships.role, 'admin'), eq(staffUsers.active, true)),
    );
  return row?.n ?? 0;
}

export async function setMembership(
  db: DbOrTx,
  userId: number,
  organisationId: number,
  role: OrganisationRole,
): Promise<void> {
  await db
    .insert(memberships)
    .values({ userId, organisationId, role })
    .onConflictDoUpdate({ target: [memberships.userId, memberships.organisationId], set: { role } });
}

export async function removeMembership(db: DbOrTx, userId: number, organisationId: number): Promise<void> {
  await db
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)));
}

/**
 * Ends the user's console sessions (deactivation, password reset): their rows in the session table go, so no
 * browser stays signed in. `keepSid` spares the session doing the change when people reset their own password.
 */
export async function endStaffSessions(db: DbOrTx, userId: number, keepSid?: string): Promise<number> {
  const result = await db.execute(sql`
    delete from session
    where sess::jsonb #>> '{passport,user,kind}' = 'staff'
      and sess::jsonb #>> '{passport,user,id}' = ${String(userId)}
      and sid <> ${keepSid ?? ''}`);
  return result.rowCount ?? 0;
}

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A one-time password people can read out and type: 4 groups of 4 unambiguous characters (about 92 bits). */
export function generateOneTimePassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => PASSWORD_ALPHABET[crypto.randomInt(PASSWORD_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}
