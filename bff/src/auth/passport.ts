import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { credentialsSchema, type SessionUser } from '@home-energy/shared/schemas/session';
import type { Db } from '../db/client';
import { DUMMY_HASH, verifyPassword } from './passwords';
import { findStaffByEmail, loadSessionUser } from './staff-repository';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // The session user carried on req.user for staff (spec §3 Session user).
    interface User extends SessionUser {}
  }
}

/** One message for unknown email and wrong password, so sign-in never tells which accounts exist. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** A passport instance of our own (not the global singleton), so each app (and test) has its own strategies. */
export function createPassport(db: Db): passport.PassportStatic {
  const instance = new passport.Passport() as passport.PassportStatic;
  instance.use(
    'credentials',
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: false }, async (email, password, done) => {
      try {
        const parsed = credentialsSchema.safeParse({ email, password });
        const user = parsed.success ? await findStaffByEmail(db, parsed.data.email) : undefined;
        const ok = await verifyPassword(password, user?.active ? user.passwordHash : DUMMY_HASH);
        if (!user || !user.active || !ok) return done(null, false, { message: INVALID_CREDENTIALS });
        const sessionUser = await loadSessionUser(db, user.id);
        return done(null, sessionUser ?? false);
      } catch (error) {
        return done(error);
      }
    }),
  );
  // Only the id goes into the session row; everything else is read fresh on each request.
  instance.serializeUser((user, done) => done(null, { id: Number(user.id) }));
  instance.deserializeUser(async (stored: { id?: number } | undefined, done) => {
    try {
      const user = typeof stored?.id === 'number' ? await loadSessionUser(db, stored.id) : null;
      done(null, user ?? false);
    } catch (error) {
      done(error);
    }
  });
  return instance;
}
