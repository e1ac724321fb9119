import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { credentialsSchema, type SessionUser } from '@home-energy/shared/schemas/session';
import type { Db } from '../db/client';
import { ReadCache } from '../db/read-cache';
import { writeGenerationOfDb } from '../db/write-generation';
import { DUMMY_HASH, verifyPassword } from './passwords';
import { findStaffByEmail, loadSessionUser } from './staff-repository';
import { homeownerSessionUser, loadHomeowner } from '../modules/homeowner/repository';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // The session user carried on req.user for staff (docs/product.md §3 Session user).
    interface User extends SessionUser {}
  }
}

/** One message for unknown email and wrong password, so sign-in never tells which accounts exist. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** A passport instance of our own (not the global singleton), so each app (and test) has its own strategies. */
export function createPassport(db: Db, extra: passport.Strategy[] = []): passport.PassportStatic {
  const instance = new passport.Passport() as passport.PassportStatic;
  instance.use(
    'credentials',
    new LocalStrategy(
      { usernameField: 'email', passwordField: 'password', session: false },
      async (email, password, done) => {
        try {
          // Credentials no account can have (not an email, a password over 200 characters, not text) are refused
          // without a lookup or a hash; a well-formed unknown email costs a hash like a wrong password, so the time
          // taken never tells which accounts exist.
          const parsed = credentialsSchema.safeParse({ email, password });
          if (!parsed.success) return done(null, false, { message: INVALID_CREDENTIALS });
          const user = await findStaffByEmail(db, parsed.data.email);
          const ok = await verifyPassword(parsed.data.password, user?.active ? user.passwordHash : DUMMY_HASH);
          if (!user || !user.active || !ok) return done(null, false, { message: INVALID_CREDENTIALS });
          const sessionUser = await loadSessionUser(db, user.id);
          return done(null, sessionUser ?? false);
        } catch (error) {
          return done(error);
        }
      },
    ),
  );
  for (const strategy of extra) instance.use(strategy);
  // Only the kind and id go into the session row; everything else is read fresh, or from a cache that any write
  // (deactivation, roles, memberships, organisations) empties before the next request (db/read-cache.ts).
  const users = new ReadCache<Express.User | null>(writeGenerationOfDb(db), { name: 'user', max: 10_000 });
  instance.serializeUser((user, done) =>
    done(
      null,
      user.kind === 'homeowner'
        ? { kind: 'homeowner', id: Number(user.id.slice(1)) }
        : { kind: 'staff', id: Number(user.id) },
    ),
  );
  instance.deserializeUser(async (stored: { kind?: string; id?: number } | undefined, done) => {
    try {
      if (typeof stored?.id !== 'number') return done(null, false);
      const { id } = stored;
      const user =
        stored.kind === 'homeowner'
          ? await users.read(`homeowner:${id}`, async () => {
              const owner = await loadHomeowner(db, id);
              return owner ? homeownerSessionUser(owner) : null;
            })
          : await users.read(`staff:${id}`, async () => (await loadSessionUser(db, id)) ?? null);
      // A copy of the cached user: impersonation adds `impersonating` to req.user (nothing changes what is inside).
      done(null, user ? { ...user } : false);
    } catch (error) {
      done(error);
    }
  });
  return instance;
}
