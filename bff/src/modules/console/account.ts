import { Router } from 'express';
import { noQuery } from '../../http/input-guards';
import { and, asc, eq } from 'drizzle-orm';
import { accountUpdateSchema, passwordChangeSchema, type ConsoleAccount } from '@home-energy/shared/schemas/account';
import type { OrganisationFeature } from '@home-energy/shared/schemas/session';
import type { Db } from '../../db/client';
import { memberships, organisations, staffUsers } from '../../db/schema';
import { HttpError, parse } from '../../http/errors';
import { requireConsoleItem } from '../../auth/guards';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { audit } from '../audit/record';
import { endStaffSessions } from '../admin/users/repository';
import { chooseMailLanguage, mailLanguageOf } from '../mail/language';
import { accountKey, ipKey, PasswordLocked, type PasswordGuard } from '../../auth/password-guard';

/**
 * /api/console/org/{org}/account: the signed-in user's own profile (name, email, organisations and roles) and password.
 * A password change ends the user's other sessions; this one stays signed in.
 */
export function accountRoutes(db: Db, passwordGuard: PasswordGuard): Router {
  const router = Router({ mergeParams: true });
  // `account` for staff, `super-account` for super admins: the same page, both allowed by the rules table.
  router.use(requireConsoleItem('account'), noQuery);

  async function account(userId: number): Promise<ConsoleAccount> {
    const user = await db.query.staffUsers.findFirst({ where: eq(staffUsers.id, userId) });
    if (!user) throw new HttpError(401, 'unauthorized', 'Sign in to continue.');
    const rows = await db
      .select({
        slug: organisations.slug,
        name: organisations.name,
        role: memberships.role,
        features: organisations.features,
        isInstaller: organisations.isInstaller,
      })
      .from(memberships)
      .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
      .where(and(eq(memberships.userId, userId), eq(organisations.active, true)))
      .orderBy(asc(organisations.name));
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      superAdmin: user.superAdmin,
      createdAt: user.createdAt.toISOString(),
      lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
      mailLanguage: mailLanguageOf(user),
      organisations: rows.map((r) => ({ ...r, features: r.features as OrganisationFeature[] })),
    };
  }

  router.get('/', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await account(Number(req.user!.id)));
  });

  router.patch('/', async (req, res) => {
    const { name, mailLanguage } = parse(accountUpdateSchema, req.body, 'body');
    const userId = Number(req.user!.id);
    const before = await account(userId);
    await db.transaction(async (tx) => {
      if (name !== undefined) await tx.update(staffUsers).set({ name }).where(eq(staffUsers.id, userId));
      if (mailLanguage !== undefined) await chooseMailLanguage(tx, 'staff', userId, mailLanguage);
      const details = {
        ...(name !== undefined ? { name: { from: before.name, to: name } } : {}),
        ...(mailLanguage !== undefined ? { mailLanguage: { from: before.mailLanguage, to: mailLanguage } } : {}),
      };
      const target = `user:${before.email}`;
      await audit(tx, req, res, { action: 'account.update', target, organisationId: null, details });
    });
    res.json(await account(userId));
  });

  router.post('/password', async (req, res) => {
    const change = parse(passwordChangeSchema, req.body, 'body');
    const userId = Number(req.user!.id);
    const user = await db.query.staffUsers.findFirst({ where: eq(staffUsers.id, userId) });
    if (!user) throw new HttpError(401, 'unauthorized', 'Sign in to continue.');
    // The same account counter as sign-in: a stolen session must not give unlimited guesses at the password.
    const keys = [accountKey(user.email), ipKey(req.ip)];
    const wait = await passwordGuard.begin(keys);
    if (wait > 0) {
      res.set('Retry-After', String(wait));
      throw new HttpError(429, 'too_many_requests', new PasswordLocked(wait).message);
    }
    if (!(await verifyPassword(change.currentPassword, user.passwordHash))) {
      throw new HttpError(400, 'bad_request', 'Invalid body.currentPassword: the current password is wrong', [
        { path: 'body.currentPassword', message: 'the current password is wrong' },
      ]);
    }
    await passwordGuard.passed(keys[0]!, keys.slice(1));
    const passwordHash = await hashPassword(change.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, userId));
      const sessionsEnded = await endStaffSessions(tx, userId, req.sessionID);
      await audit(tx, req, res, {
        action: 'account.password_change',
        target: `user:${user.email}`,
        organisationId: null,
        details: { sessionsEnded },
      });
    });
    res.status(204).end();
  });

  return router;
}
