import { sql } from 'drizzle-orm';
import { boolean, index, integer, json, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** One published build of a remote; exactly one release per remote is active (the registry serves it). */
export const mfeReleases = pgTable(
  'mfe_releases',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    active: boolean('active').notNull().default(false),
    /** The shared[] section of the release's mf-manifest.json, as checked against the shell at release time. */
    shared: jsonb('shared').notNull(),
    files: integer('files').notNull(),
    bytes: integer('bytes').notNull(),
    releasedBy: text('released_by').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    activatedBy: text('activated_by'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mfe_releases_remote_version').on(t.remote, t.version),
    // At most one active release per remote, enforced by the database.
    uniqueIndex('mfe_releases_one_active').on(t.remote).where(sql`${t.active}`),
  ],
);

/** Organisations whose brand homes come through; `slug` is the {org} of /console/org/{org}. */
export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  brand: text('brand').notNull(),
  /** Feature flags of spec §6: platform_analytics, platform_validation. */
  features: text('features').array().notNull().default(sql`'{}'::text[]`),
  isInstaller: boolean('is_installer').notNull().default(false),
  active: boolean('active').notNull().default(true),
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Console staff (homeowners sign in with BankID and live elsewhere). Emails are stored lower-case. */
export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** scrypt$N$r$p$salt$hash (see auth/passwords.ts). */
  passwordHash: text('password_hash').notNull(),
  superAdmin: boolean('super_admin').notNull().default(false),
  active: boolean('active').notNull().default(true),
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
});

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id').notNull().references(() => staffUsers.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'staff'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organisationId] })],
);

/** Secrets generated once and shared by every BFF instance on this database (CSRF/session signing). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** express-session rows, in connect-pg-simple's layout (it reads and writes this table). */
export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
  },
  (t) => [index('IDX_session_expire').on(t.expire)],
);
