import { sql } from 'drizzle-orm';
import { boolean, index, integer, json, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

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

/**
 * The property register's core: an address people search for. The energy engine issue extends it (building data,
 * register source); ids appear in /property/{id}/... URLs.
 */
export const properties = pgTable(
  'properties',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    street: text('street').notNull(),
    /** Lower-case street for search (see register/search.ts normaliseStreet). */
    streetKey: text('street_key').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    postalCity: text('postal_city').notNull(),
    municipalityCode: text('municipality_code'),
    priceArea: text('price_area'),
    /** Register building data: building_type, construction_year, num_floors, atemp, primary_heating_systems. */
    building: jsonb('building'),
    /** The issued EPC when one exists: { class, issued_at }. */
    issuedEpc: jsonb('issued_epc'),
    /** Where the row came from: demo (generated), import (CSV) or a real register adapter. */
    source: text('source').notNull().default('demo'),
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('properties_address').on(t.streetKey, t.postalCode), index('properties_postal_code').on(t.postalCode)],
);

/** Homeowners sign in with BankID; the personal number is stored encrypted and looked up by a keyed hash. */
export const homeowners = pgTable('homeowners', {
  id: serial('id').primaryKey(),
  personalNumberHash: text('personal_number_hash').notNull().unique(),
  personalNumberEncrypted: text('personal_number_encrypted').notNull(),
  personalNumberMasked: text('personal_number_masked').notNull(),
  name: text('name').notNull(),
  givenName: text('given_name'),
  surname: text('surname'),
  contactEmail: text('contact_email'),
  contactMobile: text('contact_mobile'),
  selectedPropertyId: integer('selected_property_id').references(() => properties.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
});

/** The properties in a homeowner's profile and how each got there (e.g. miniflow_added). */
export const homeownerProperties = pgTable(
  'homeowner_properties',
  {
    homeownerId: integer('homeowner_id').notNull().references(() => homeowners.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id').notNull().references(() => properties.id, { onDelete: 'cascade' }),
    relation: text('relation').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.homeownerId, t.propertyId] })],
);

/** BankID orders live here, bound to the browser session that started them, never only in the browser. */
export const bankidOrders = pgTable(
  'bankid_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderRef: text('order_ref').notNull().unique(),
    sessionId: text('session_id').notNull(),
    loginMethod: text('login_method').notNull(),
    identificationMode: text('identification_mode').notNull(),
    autoStartToken: text('auto_start_token').notNull(),
    qrStartToken: text('qr_start_token').notNull(),
    qrStartSecret: text('qr_start_secret').notNull(),
    /** When the RP API answered the start: qrTime counts from here. */
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    endUserIp: text('end_user_ip').notNull(),
    mobile: boolean('mobile').notNull().default(false),
    status: text('status').notNull(),
    hintCode: text('hint_code'),
    errorCode: text('error_code'),
    lastCollectedAt: timestamp('last_collected_at', { withTimezone: true, precision: 3 }),
    completedUser: jsonb('completed_user'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('bankid_orders_session').on(t.sessionId)],
);
