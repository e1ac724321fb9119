import type { Request, Response } from 'express';
import { eq } from 'drizzle-orm';
import type { ConsoleUser, ConsoleUserWithPassword, MembershipInput } from '@home-energy/shared/schemas/admin';
import type { OrganisationRole } from '@home-energy/shared/schemas/session';
import type { Db } from '../../../db/client';
import { organisations, staffUsers } from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import { hashPassword } from '../../../auth/passwords';
import { audit } from '../../audit/record';
import type { DbOrTx } from '../../audit/repository';
import { isUniqueViolation } from '../validate';
import type { Mailer } from '../../mail/mailer';
import { passwordLinkMail } from '../../password-links/mails';
import { issuePasswordToken } from '../../password-links/repository';
import { mailLanguageOf, requestLanguage } from '../../mail/language';
import {
  countActiveAdmins,
  endStaffSessions,
  findStaff,
  findStaffById,
  generateOneTimePassword,
  removeMembership,
  setMembership,
  type StaffRecord,
} from './repository';

/**
 * Who manages users: a super admin across the platform (/console/admin/user-management), or an organisation's admin
 * (and super admins) in that organisation's console (/console/org/{org}/user-management). One service, two scopes.
 */
export type UserScope =
  { kind: 'platform' } | { kind: 'organisation'; organisationId: number; slug: string; name: string };

/** What a scope may see of a user: an organisation's console sees only its own membership. */
export function viewInScope(user: StaffRecord, scope: UserScope): ConsoleUser {
  const strip = (list: StaffRecord['memberships']) =>
    list.map(({ organisation, organisationName, role }) => ({ organisation, organisationName, role }));
  if (scope.kind === 'platform') return { ...user, memberships: strip(user.memberships), managedElsewhere: false };
  return {
    ...user,
    memberships: strip(user.memberships.filter((m) => m.organisationId === scope.organisationId)),
    managedElsewhere: user.superAdmin || user.memberships.some((m) => m.organisationId !== scope.organisationId),
  };
}

function actorId(req: Request): number {
  return Number(req.user!.id);
}

/**
 * 409 for an email that has an account, saying what to do instead: nothing for a member of this organisation (their
 * role is named); else add a membership, which only a super admin can (an organisation's admin asks one). The issue's
 * code lets the console say it in its own language.
 */
async function emailTaken(db: DbOrTx, email: string, scope: UserScope, req: Request): Promise<HttpError> {
  const row = await db.query.staffUsers.findFirst({ columns: { id: true }, where: eq(staffUsers.email, email) });
  const existing = row ? await findStaffById(db, row.id) : undefined;
  const taken = (code: string, message: string, params?: Record<string, string>) =>
    new HttpError(409, 'conflict', message, [{ path: 'body.email', message, code, ...(params ? { params } : {}) }]);
  if (scope.kind === 'platform')
    return taken(
      'exists_add_membership',
      `A console user with the email ${email} already exists. Add a membership to the existing user instead.`,
    );
  const membership = existing?.memberships.find((m) => m.organisationId === scope.organisationId);
  if (membership)
    return taken('already_member', `${email} is already a member of ${scope.name}, as ${membership.role}.`, {
      role: membership.role,
    });
  const elsewhere = `A console user with the email ${email} already exists, but is not a member of ${scope.name}.`;
  return req.user?.superAdmin
    ? taken(
        'exists_add_in_admin',
        `${elsewhere} Add them to it in the super admin's user management (All console users).`,
      )
    : taken('exists_ask_super_admin', `${elsewhere} Ask a super admin to add them to your organisation.`);
}

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A new password for a user who must choose their own at next sign-in, and a link by mail to choose it. Without a
   * mail server the one-time password is the admin's to hand over (shown once); with one, only the link counts.
   */
  private async oneTimePassword(): Promise<{ shown: string | null; passwordHash: string }> {
    const password = generateOneTimePassword();
    return { shown: this.mailer.delivers ? null : password, passwordHash: await hashPassword(password) };
  }

  async list(scope: UserScope, filters: { organisation?: string; q?: string } = {}): Promise<ConsoleUser[]> {
    let organisationId: number | undefined;
    if (scope.kind === 'organisation') organisationId = scope.organisationId;
    else if (filters.organisation)
      organisationId = (await this.organisationBySlug(this.db, filters.organisation, 'query.organisation')).id;
    const users = await findStaff(this.db, { organisationId, q: filters.q });
    return users.map((u) => viewInScope(u, scope));
  }

  /** Creates a console user with a one-time password (shown in this answer only) and mails them an invitation link. */
  async create(
    scope: UserScope,
    input: { email: string; name: string; memberships: MembershipInput[] },
    req: Request,
    res: Response,
  ): Promise<ConsoleUserWithPassword> {
    const { shown: oneTimePassword, passwordHash } = await this.oneTimePassword();
    let token = '';
    const issuedAt = this.now();
    // The inviting admin's UI language, until the new user signs in and uses their own.
    const mailLanguage = requestLanguage(req) ?? null;
    if (await this.db.query.staffUsers.findFirst({ columns: { id: true }, where: eq(staffUsers.email, input.email) }))
      throw await emailTaken(this.db, input.email, scope, req);
    try {
      const id = await this.db.transaction(async (tx) => {
        const targets = await Promise.all(
          input.memberships.map(async (m, index) => ({
            ...m,
            organisationId: (
              await this.organisationBySlug(tx, m.organisation, `body.memberships.${index}.organisation`)
            ).id,
          })),
        );
        const [user] = await tx
          .insert(staffUsers)
          .values({ email: input.email, name: input.name, passwordHash, mustChangePassword: true, mailLanguage })
          .returning({ id: staffUsers.id });
        token = await issuePasswordToken(tx, user.id, 'invitation', issuedAt);
        for (const m of targets) await setMembership(tx, user.id, m.organisationId, m.role);
        await audit(tx, req, res, {
          action: 'user.create',
          target: `user:${input.email}`,
          organisationId: targets.length === 1 ? targets[0].organisationId : null,
          details: { userId: user.id, name: input.name, memberships: input.memberships },
        });
        // Several organisations: one row each, so the log filtered by organisation shows the new member too.
        if (targets.length > 1) {
          for (const m of targets) {
            await audit(tx, req, res, {
              action: 'membership.add',
              target: `user:${input.email}`,
              organisationId: m.organisationId,
              details: { userId: user.id, organisation: m.organisation, role: m.role },
            });
          }
        }
        return user.id;
      });
      const invitee = { ...input, language: mailLanguageOf({ mailLanguage }) };
      this.mailer.queue(passwordLinkMail(this.mailer, invitee, 'invitation', token, issuedAt));
      return { user: viewInScope((await findStaffById(this.db, id))!, scope), oneTimePassword };
    } catch (error) {
      if (isUniqueViolation(error)) throw await emailTaken(this.db, input.email, scope, req);
      throw error;
    }
  }

  /** Platform: rename, deactivate or reactivate. Organisation: change the role here, deactivate or reactivate. */
  async update(
    scope: UserScope,
    userId: number,
    patch: { name?: string; role?: OrganisationRole; active?: boolean },
    req: Request,
    res: Response,
  ): Promise<ConsoleUser> {
    await this.db.transaction(async (tx) => {
      const user = await this.target(tx, scope, userId);
      if (patch.name !== undefined && patch.name !== user.name) {
        await tx.update(staffUsers).set({ name: patch.name }).where(eq(staffUsers.id, user.id));
        await audit(tx, req, res, {
          action: 'user.update',
          target: `user:${user.email}`,
          organisationId: scopeOrganisation(scope),
          details: { userId, name: { from: user.name, to: patch.name } },
        });
      }
      if (patch.role !== undefined && scope.kind === 'organisation')
        await this.changeRole(tx, user, scope.organisationId, patch.role, req, res);
      if (patch.active !== undefined && patch.active !== user.active) {
        this.mayManageAccount(scope, user);
        if (!patch.active && user.id === actorId(req))
          throw new HttpError(409, 'conflict', 'You cannot deactivate your own account.');
        await tx.update(staffUsers).set({ active: patch.active }).where(eq(staffUsers.id, user.id));
        const sessionsEnded = patch.active ? 0 : await endStaffSessions(tx, user.id);
        await audit(tx, req, res, {
          action: patch.active ? 'user.reactivate' : 'user.deactivate',
          target: `user:${user.email}`,
          organisationId: scopeOrganisation(scope),
          details: { userId, ...(patch.active ? {} : { sessionsEnded }) },
        });
      }
      res.locals.audited = true;
    });
    return viewInScope((await findStaffById(this.db, userId))!, scope);
  }

  /** Platform: add the user to an organisation or change their role there. */
  async setMembership(
    userId: number,
    slug: string,
    role: OrganisationRole,
    req: Request,
    res: Response,
  ): Promise<ConsoleUser> {
    await this.db.transaction(async (tx) => {
      const user = await this.target(tx, { kind: 'platform' }, userId);
      const organisation = await this.organisationBySlug(tx, slug, 'params.org');
      await this.changeRole(tx, user, organisation.id, role, req, res);
      res.locals.audited = true;
    });
    return viewInScope((await findStaffById(this.db, userId))!, { kind: 'platform' });
  }

  /** Removes the user from the organisation (the account stays, with its other memberships). */
  async removeMembership(
    scope: UserScope,
    userId: number,
    slug: string | undefined,
    req: Request,
    res: Response,
  ): Promise<ConsoleUser> {
    await this.db.transaction(async (tx) => {
      const user = await this.target(tx, scope, userId);
      const organisationId =
        scope.kind === 'organisation'
          ? scope.organisationId
          : (await this.organisationBySlug(tx, slug!, 'params.org')).id;
      const membership = user.memberships.find((m) => m.organisationId === organisationId);
      if (!membership) throw new HttpError(404, 'not_found', `${user.email} is not a member of that organisation.`);
      await this.lastAdminRule(tx, user, membership, 'staff', req);
      await removeMembership(tx, user.id, organisationId);
      await audit(tx, req, res, {
        action: 'membership.remove',
        target: `user:${user.email}`,
        organisationId,
        details: { userId, organisation: membership.organisation, role: membership.role },
      });
    });
    return viewInScope((await findStaffById(this.db, userId))!, scope);
  }

  /** A new one-time password and a reset link by mail; the old password stops working and the user's sessions end. */
  async resetPassword(scope: UserScope, userId: number, req: Request, res: Response): Promise<ConsoleUserWithPassword> {
    const { shown: oneTimePassword, passwordHash } = await this.oneTimePassword();
    const link = await this.db.transaction(async (tx) => {
      const user = await this.target(tx, scope, userId);
      this.mayManageAccount(scope, user);
      await tx.update(staffUsers).set({ passwordHash, mustChangePassword: true }).where(eq(staffUsers.id, user.id));
      const issuedAt = this.now();
      const token = await issuePasswordToken(tx, user.id, 'reset', issuedAt);
      const sessionsEnded = await endStaffSessions(tx, user.id, user.id === actorId(req) ? req.sessionID : undefined);
      await audit(tx, req, res, {
        action: 'user.password_reset',
        target: `user:${user.email}`,
        organisationId: scopeOrganisation(scope),
        details: { userId, sessionsEnded },
      });
      const stored = await tx.query.staffUsers.findFirst({
        columns: { mailLanguage: true },
        where: eq(staffUsers.id, user.id),
      });
      return passwordLinkMail(this.mailer, { ...user, language: mailLanguageOf(stored) }, 'reset', token, issuedAt);
    });
    this.mailer.queue(link);
    return { user: viewInScope((await findStaffById(this.db, userId))!, scope), oneTimePassword };
  }

  /** The user, if this scope manages them: an organisation's console only reaches its own members (others: 404). */
  private async target(db: DbOrTx, scope: UserScope, userId: number): Promise<StaffRecord> {
    const user = await findStaffById(db, userId);
    if (
      !user ||
      (scope.kind === 'organisation' && !user.memberships.some((m) => m.organisationId === scope.organisationId))
    ) {
      throw new HttpError(
        404,
        'not_found',
        scope.kind === 'organisation' ? 'No such user in this organisation.' : 'No such user.',
      );
    }
    return user;
  }

  /** Accounts shared with other organisations (or super admins) are the super admins' to deactivate or reset. */
  private mayManageAccount(scope: UserScope, user: StaffRecord): void {
    if (viewInScope(user, scope).managedElsewhere) {
      throw new HttpError(
        403,
        'forbidden',
        `${user.email} also belongs to other organisations or is a super admin: only a super admin can ` +
          `deactivate them or reset their password.`,
      );
    }
  }

  private async changeRole(
    tx: DbOrTx,
    user: StaffRecord,
    organisationId: number,
    role: OrganisationRole,
    req: Request,
    res: Response,
  ) {
    const membership = user.memberships.find((m) => m.organisationId === organisationId);
    if (membership?.role === role) return;
    if (membership) await this.lastAdminRule(tx, user, membership, role, req);
    await setMembership(tx, user.id, organisationId, role);
    const organisation =
      membership?.organisation ??
      (await tx.query.organisations.findFirst({ columns: { slug: true }, where: eq(organisations.id, organisationId) }))
        ?.slug;
    await audit(tx, req, res, {
      action: membership ? 'membership.role_change' : 'membership.add',
      target: `user:${user.email}`,
      organisationId,
      details: { userId: user.id, organisation, ...(membership ? { from: membership.role, to: role } : { role }) },
    });
  }

  /**
   * Spec: the last admin of an organisation cannot remove or demote themself (409), so it never loses its admins that
   * way.
   */
  private async lastAdminRule(
    tx: DbOrTx,
    user: StaffRecord,
    membership: StaffRecord['memberships'][number],
    newRole: OrganisationRole,
    req: Request,
  ) {
    if (user.id !== actorId(req) || membership.role !== 'admin' || newRole === 'admin') return;
    if ((await countActiveAdmins(tx, membership.organisationId)) <= 1) {
      throw new HttpError(
        409,
        'last_admin',
        `You are the last admin of ${membership.organisationName}: make someone else an admin before you ` +
          `step down or leave.`,
      );
    }
  }

  private async organisationBySlug(db: DbOrTx, slug: string, field: string) {
    const organisation = await db.query.organisations.findFirst({
      columns: { id: true, slug: true },
      where: eq(organisations.slug, slug),
    });
    if (!organisation)
      throw new HttpError(400, 'bad_request', `Invalid ${field}: no organisation "${slug}"`, [
        { path: field, message: `no organisation "${slug}"` },
      ]);
    return organisation;
  }
}

function scopeOrganisation(scope: UserScope): number | null {
  return scope.kind === 'organisation' ? scope.organisationId : null;
}
