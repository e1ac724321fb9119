import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

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
    /** A canary's audience before everyone (modules/releases/audience.ts): one brand, or a share of sessions. */
    audienceBrand: text('audience_brand'),
    audiencePercent: integer('audience_percent'),
    canaryStartedAt: timestamp('canary_started_at', { withTimezone: true }),
    /** The health check over the canary's first sessions: 'healthy' or 'rolled-back' (null while undecided). */
    canaryVerdict: text('canary_verdict'),
    canaryVerdictAt: timestamp('canary_verdict_at', { withTimezone: true }),
    /** Why a canary was rolled back: 'errors' (its error rate), 'speed' (its users' p75 speed) or 'manual'. */
    canaryVerdictReason: text('canary_verdict_reason'),
  },
  (t) => {
    // No audience without a canary; a canary is inactive and has one audience: a brand or 1–99 % of sessions.
    const noCanary = sql`${t.canaryStartedAt} is null and ${t.audienceBrand} is null and ${t.audiencePercent} is null`;
    const inactiveCanary = sql`${t.canaryStartedAt} is not null and not ${t.active}`;
    const oneAudience = sql`(${t.audienceBrand} is not null) <> (${t.audiencePercent} is not null)`;
    const share = sql`${t.audiencePercent} is null or ${t.audiencePercent} between 1 and 99`;
    return [
      uniqueIndex('mfe_releases_remote_version').on(t.remote, t.version),
      // At most one active release per remote, enforced by the database.
      uniqueIndex('mfe_releases_one_active')
        .on(t.remote)
        .where(sql`${t.active}`),
      // At most one canary per remote.
      uniqueIndex('mfe_releases_one_canary')
        .on(t.remote)
        .where(sql`${t.canaryStartedAt} is not null`),
      check('mfe_releases_audience', sql`(${noCanary}) or (${inactiveCanary} and (${oneAudience}) and (${share}))`),
    ];
  },
);

/** One browser session that loaded a release (counted once), and how many load or render errors it reported. */
export const mfeReleaseSessions = pgTable(
  'mfe_release_sessions',
  {
    releaseId: integer('release_id')
      .notNull()
      .references(() => mfeReleases.id, { onDelete: 'cascade' }),
    /** A hash of the random visitor cookie: no personal data. */
    visitor: text('visitor').notNull(),
    errors: integer('errors').notNull().default(0),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A keyed hash of the client's network (/24 IPv4, /48 IPv6) when the session was counted, never the address: a
     * verdict needs sessions from many networks (modules/releases/health.ts).
     */
    network: text('network'),
    /** The session's slowest usable time and its INP, in ms, from its vitals reports (modules/vitals). */
    usableMs: integer('usable_ms'),
    inpMs: integer('inp_ms'),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.visitor] })],
);

/**
 * Real users' speed (modules/vitals/histogram.ts): per day, page pattern, release, device class and connection, how
 * many reports of each metric fell in each bucket of a logarithmic histogram. Its size grows with pages, releases and
 * days, never with the number of reports. The views read the rolled-up tables below, not this one.
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    /** 'phone' or 'desktop', by viewport. */
    device: text('device').notNull(),
    /** The browser's effectiveType ('4g', '3g', ...), '' when it does not tell. */
    connection: text('connection').notNull(),
    metric: text('metric').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.route, t.remote, t.version, t.device, t.connection, t.metric, t.bucket] })],
);

/**
 * The histograms of web_vitals summed over each window the Speed view offers (the last 7, 28 or 90 days including
 * today), without the day and connection: a report adds to every window as it comes, the day leaving a window is
 * taken off once when the date changes (modules/vitals/rollup.ts), so a window is read without summing its days.
 */
export const webVitalsWindows = pgTable(
  'web_vitals_windows',
  {
    days: integer('days').notNull(),
    route: text('route').notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    device: text('device').notNull(),
    metric: text('metric').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.days, t.route, t.remote, t.version, t.device, t.metric, t.bucket] })],
);

/** Each ended day's p75 per page and metric, for the Speed view's trend chart (modules/vitals/rollup.ts). */
export const webVitalsDays = pgTable(
  'web_vitals_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    metric: text('metric').notNull(),
    p75: real('p75').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.route, t.metric] })],
);

/** How far each roll-up has gone: `window:<days>` ends on `through`; `days` has every day up to `through` ended. */
export const webVitalsRolled = pgTable('web_vitals_rolled', {
  name: text('name').primaryKey(),
  through: date('through', { mode: 'string' }).notNull(),
});

/**
 * Which release the registry answered to which session, while its remote has a canary (modules/releases/served.ts):
 * a health beacon counts only for a release its session was served. Kept 7 days after the last answer.
 */
export const mfeReleaseServed = pgTable(
  'mfe_release_served',
  {
    releaseId: integer('release_id')
      .notNull()
      .references(() => mfeReleases.id, { onDelete: 'cascade' }),
    /** The hash of the visitor cookie, as in mfe_release_sessions. */
    visitor: text('visitor').notNull(),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.visitor] }), index('mfe_release_served_at').on(t.servedAt)],
);

/** Organisations whose brand homes come through; `slug` is the {org} of /console/org/{org}. */
export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  brand: text('brand').notNull(),
  /** Feature flags of docs/product.md §6: platform_analytics, platform_validation. */
  features: text('features')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  isInstaller: boolean('is_installer').notNull().default(false),
  /**
   * An installer organisation's measures (shared INSTALLER_MEASURES): homeowners are offered it for these only; null,
   * the default, is every measure, also ones added later.
   */
  installerMeasures: text('installer_measures').array(),
  active: boolean('active').notNull().default(true),
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Console staff (homeowners sign in with BankID and live elsewhere). Emails are stored lower-case. */
export const staffUsers = pgTable(
  'staff_users',
  {
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
    /**
     * Signed in with a one-time password: the console allows nothing but choosing a password
     * (auth/password-change-guard.ts).
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The language of their mails (modules/mail/language.ts); null until known, then Swedish is used. */
    mailLanguage: text('mail_language', { enum: ['sv', 'en'] }),
    /** Chosen on the account page: the console's UI language no longer replaces it. */
    mailLanguageChosen: boolean('mail_language_chosen').notNull().default(false),
  },
  () => [check('staff_users_mail_language', sql`"mail_language" IN ('sv', 'en')`)],
);

/**
 * Links that let a console user set their password (modules/password-links): an invitation or a reset. Only the
 * SHA-256 of the random token is kept; a link works once and until it expires.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['invitation', 'reset'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_tokens_user').on(t.userId, t.createdAt)],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
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
  (t) => [
    uniqueIndex('properties_address').on(t.streetKey, t.postalCode),
    index('properties_postal_code').on(t.postalCode),
  ],
);

/** Homeowners sign in with BankID; the personal number is stored encrypted and looked up by a keyed hash. */
export const homeowners = pgTable(
  'homeowners',
  {
    id: serial('id').primaryKey(),
    personalNumberHash: text('personal_number_hash').notNull().unique(),
    personalNumberEncrypted: text('personal_number_encrypted').notNull(),
    personalNumberMasked: text('personal_number_masked').notNull(),
    name: text('name').notNull(),
    givenName: text('given_name'),
    surname: text('surname'),
    /** The name the homeowner wants to be reached by (BankID's name otherwise). */
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    /**
     * When the homeowner confirmed `contact_email` through the link mailed to it
     * (modules/homeowner/email-verification.ts); null until then and again after every change of the address. Only a
     * confirmed address gets mail other than that link (docs/security.md "Installer requests and contact email").
     */
    contactEmailVerifiedAt: timestamp('contact_email_verified_at', { withTimezone: true }),
    contactMobile: text('contact_mobile'),
    selectedPropertyId: integer('selected_property_id').references(() => properties.id, { onDelete: 'set null' }),
    /** The organisation whose brand the homeowner came through: their brand after every sign-in. */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** A made-up homeowner of the demo journeys (seed/demo-journeys.ts); `demo remove` deletes them. */
    demo: boolean('demo').notNull().default(false),
    /** The language of their mails (modules/mail/language.ts); null until known, then Swedish is used. */
    mailLanguage: text('mail_language', { enum: ['sv', 'en'] }),
    /** Chosen in "My homes": the site's UI language no longer replaces it. */
    mailLanguageChosen: boolean('mail_language_chosen').notNull().default(false),
    /**
     * When the retention sweep mailed that the account is erased after long inactivity (modules/privacy/retention.ts);
     * cleared at every sign-in.
     */
    inactivityNoticeAt: timestamp('inactivity_notice_at', { withTimezone: true }),
  },
  (t) => [
    index('homeowners_demo')
      .on(t.id)
      .where(sql`${t.demo}`),
    check('homeowners_mail_language', sql`"mail_language" IN ('sv', 'en')`),
  ],
);

/**
 * The links that confirm a homeowner's contact email: only the token's SHA-256 is stored; each works once, until it
 * expires, and only for the address it was mailed to (modules/homeowner/email-verification.ts).
 */
export const homeownerEmailVerifications = pgTable(
  'homeowner_email_verifications',
  {
    id: serial('id').primaryKey(),
    homeownerId: integer('homeowner_id')
      .notNull()
      .references(() => homeowners.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('homeowner_email_verifications_homeowner').on(t.homeownerId, t.createdAt)],
);

/** The properties in a homeowner's profile and how each got there (e.g. miniflow_added). */
export const homeownerProperties = pgTable(
  'homeowner_properties',
  {
    homeownerId: integer('homeowner_id')
      .notNull()
      .references(() => homeowners.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    relation: text('relation').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed from "My homes" and restorable until purged (modules/homeowner/removed-homes.ts); null while listed. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** It was the selected home when removed: restoring selects it again. */
    removedWhileSelected: boolean('removed_while_selected').notNull().default(false),
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
    /**
     * The signer BankID reported ({ personalNumber, name, givenName, surname }), encrypted with the vault; cleared when
     * used.
     */
    completedUserEncrypted: text('completed_user_encrypted'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('bankid_orders_session').on(t.sessionId)],
);

/**
 * The organisation's question set (docs/product.md §3 question definitions), one row per answer key. The engine's keys
 * are seeded for every organisation; admins change texts, defaults, order and which are asked (console configuration).
 */
export const questionDefinitions = pgTable(
  'question_definitions',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    header: text('header').notNull(),
    /** { type, default, options | unit, min, max } (shared/schemas/property-flow questionDataSchema). */
    data: jsonb('data').notNull(),
    /** { en: { header, help?, options? }, sv: { ... } }. */
    texts: jsonb('texts').notNull(),
    asked: boolean('asked').notNull().default(true),
    required: boolean('required').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('question_definitions_key').on(t.organisationId, t.key)],
);

/**
 * One person's view of one property: their answers, rates and metered consumption. The owner is a signed-in homeowner
 * or, before sign-in, the browser session's visitor id (claimed by the homeowner at BankID sign-in). Nobody reads
 * another owner's profile.
 */
export const buildingProfiles = pgTable(
  'building_profiles',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    homeownerId: integer('homeowner_id').references(() => homeowners.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id'),
    /** The organisation whose brand the home came through (its question set and its analytics). */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    answers: jsonb('answers')
      .notNull()
      .default(sql`'{}'::jsonb`),
    rates: jsonb('rates'),
    consumption: jsonb('consumption'),
    /**
     * The renovation plan the owner put together (measure types, loan and the figures analytics count; engine README
     * "Plans").
     */
    plan: jsonb('plan'),
    /** Last computed labels, for analytics without re-running the engine. */
    calculatedClass: text('calculated_class'),
    calculatedEp: real('calculated_ep'),
    measuredClass: text('measured_class'),
    computedAt: timestamp('computed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A demo journey (seed/demo-journeys.ts): kept from the visitor sweep, deleted by `demo remove`. */
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    uniqueIndex('building_profiles_homeowner')
      .on(t.propertyId, t.homeownerId)
      .where(sql`homeowner_id is not null`),
    uniqueIndex('building_profiles_visitor')
      .on(t.propertyId, t.visitorId)
      .where(sql`visitor_id is not null`),
    index('building_profiles_organisation').on(t.organisationId),
    // The visitor-profile sweep (modules/building/visitor-sweep.ts) finds abandoned profiles by age.
    index('building_profiles_visitor_updated')
      .on(t.updatedAt)
      .where(sql`visitor_id is not null`),
    // The transition page's saved plans (modules/analytics/plans.ts): per organisation and day saved, only homes with a
    // plan.
    index('building_profiles_plan_saved')
      .on(t.organisationId, sql`(${t.plan}->'figures'->>'saved_on')`)
      .where(sql`plan is not null`),
    check('building_profiles_one_owner', sql`(homeowner_id is null) <> (visitor_id is null)`),
    index('building_profiles_demo')
      .on(t.id)
      .where(sql`${t.demo}`),
  ],
);

/** Uploaded energy performance certificates, pending staff validation; approval makes them the issued label. */
export const epcDocuments = pgTable(
  'epc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => buildingProfiles.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The file itself; null when it is in the object store (S3) under epc-documents/<id> (storage/from-config.ts). */
    content: bytea('content'),
    energyClass: text('energy_class').notNull(),
    ep: real('ep'),
    issuedAt: text('issued_at'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reviewedBy: integer('reviewed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('epc_documents_profile').on(t.profileId), index('epc_documents_status').on(t.status)],
);

/**
 * What people do in the flow (docs/product.md §7 interactions: action, object, property), for the console's analytics.
 */
export const interactions = pgTable(
  'interactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action').notNull(),
    object: text('object'),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    homeownerId: integer('homeowner_id').references(() => homeowners.id, { onDelete: 'set null' }),
    visitorId: uuid('visitor_id'),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('interactions_organisation_time').on(t.organisationId, t.createdAt)],
);

/** Texts the flow fetches by name (terms, privacy, explanations), per language. */
export const texts = pgTable(
  'texts',
  {
    name: text('name').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    demo: boolean('demo').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.name, t.locale] })],
);

/** The installers an organisation offers its homeowners (docs/product.md §3 Installer), in the organisation's order. */
export const organisationInstallers = pgTable(
  'organisation_installers',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    identifier: text('identifier').notNull(),
    logo: text('logo').notNull(),
    url: text('url').notNull(),
  },
  (t) => [uniqueIndex('organisation_installers_identifier').on(t.organisationId, t.identifier)],
);

/**
 * Every write made in the console and the super admin pages: who (the real staff user, also while impersonating),
 * the organisation impersonated if any, the organisation concerned, what and on what. Rows are never changed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** Kept beside the id so the log still reads right after an email change. */
    actorEmail: text('actor_email').notNull(),
    impersonatedOrganisationId: integer('impersonated_organisation_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created').on(t.createdAt),
    index('audit_log_organisation').on(t.organisationId, t.createdAt),
    index('audit_log_impersonated').on(t.impersonatedOrganisationId, t.createdAt),
    index('audit_log_actor').on(t.actorId, t.createdAt),
  ],
);

/**
 * Tokens a remote's team releases with from its own CI (docs/releases.md "Releasing one remote"): stored hashed, one
 * remote each.
 */
export const releaseTokens = pgTable(
  'release_tokens',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    /** SHA-256 of the token (hex); the token itself is shown once, when made. */
    tokenHash: text('token_hash').notNull(),
    label: text('label').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('release_tokens_hash').on(t.tokenHash), index('release_tokens_remote').on(t.remote)],
);

/**
 * A homeowner's request to an installer about one recommendation (docs/product.md §7 installer-requests), one row per
 * pair.
 */
export const installerRequests = pgTable(
  'installer_requests',
  {
    id: serial('id').primaryKey(),
    /**
     * Null once the homeowner erased their account (status `account_deleted`): the installer keeps the lead without
     * anything that points at the person (modules/privacy/erasure.ts).
     */
    homeownerId: integer('homeowner_id').references(() => homeowners.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The organisation whose installers were offered (its analytics count the requests). */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    installerIdentifier: text('installer_identifier').notNull(),
    /** As the installer was named when asked (the organisation may rename or drop it later). */
    installerName: text('installer_name').notNull(),
    /** The recommendation (activity type) the request is about. */
    activityKey: text('activity_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The installer organisation addressed: the one whose slug is the installer identifier (docs/using-the-demo.md
     * "Organisation console").
     */
    installerOrganisationId: integer('installer_organisation_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    /**
     * The contact details the homeowner gave to be reached by the installers, as they were when the request was sent.
     */
    contactEmail: text('contact_email'),
    contactMobile: text('contact_mobile'),
    /**
     * The installer's progress (shared/src/schemas/installer-leads.ts): new → contacted → quoted → won / lost /
     * declined.
     */
    status: text('status').notNull().default('new'),
    note: text('note'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /**
     * When the request first reached contacted and quoted: the brand's funnel counts stages reached, not the current
     * one.
     */
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    /**
     * When the request was last sent to the installer (its lead mail): the per-day limit counts these, and a request
     * sent again within a day mails nobody again (docs/security.md "Installer requests and contact email").
     */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the homeowner withdrew it (status `withdrawn`), and the status it had then (a re-request reopens there). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnFrom: text('withdrawn_from'),
    /**
     * When the homeowner's personal data left the lead (consent withdrawn, or the retention period after a final
     * status ended): the installer keeps the lead without name or contact details.
     */
    personalDataRemovedAt: timestamp('personal_data_removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('installer_requests_once').on(t.homeownerId, t.propertyId, t.installerIdentifier, t.activityKey),
    index('installer_requests_organisation').on(t.organisationId, t.createdAt),
    index('installer_requests_installer_organisation').on(t.installerOrganisationId, t.createdAt),
    // The console's Requests page filtered by status, in age order (docs/api.md "Installer requests").
    index('installer_requests_installer_organisation_status').on(t.installerOrganisationId, t.status, t.createdAt),
  ],
);

/**
 * What analytics and validation need to know about one profile, written whenever its building is computed (so the
 * console never runs the engine): labels now and after the recommended measures, the building's type, age band and
 * main heating, recommended and completed activities, energy, cost and CO₂ now and after, failed plausibility rules.
 * `organisation_id` and `day` (the profile's first day, UTC) are copies of the profile's: the period and the owner
 * of every count. Triggers (migration 0008) keep the analytics_* summaries in step with every change of this table.
 */
export const profileInsights = pgTable(
  'profile_insights',
  {
    profileId: integer('profile_id')
      .primaryKey()
      .references(() => buildingProfiles.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id'),
    propertyId: integer('property_id').notNull(),
    day: date('day').notNull(),
    /** The label shown now: measured, else calculated, else the issued one (A–G), or null. */
    label: text('label'),
    calculatedClass: text('calculated_class'),
    /** The calculated label after the recommended measures (the engine's top_of_the_line package). */
    afterClass: text('after_class'),
    buildingType: text('building_type'),
    yearBand: text('year_band'),
    /** The main heating system (the first of primary_heating_systems). */
    heating: text('heating'),
    recommended: text('recommended')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    completed: text('completed')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whole kWh, kr and kg CO₂e per year; null when no estimate could be made. */
    energyNow: integer('energy_now'),
    energyAfter: integer('energy_after'),
    costNow: integer('cost_now'),
    costAfter: integer('cost_after'),
    co2Now: integer('co2_now'),
    co2After: integer('co2_after'),
    /** kWh per carrier bought now and after ({ electricity: 12000, ... }, carriers with 0 left out). */
    carriersNow: jsonb('carriers_now')
      .notNull()
      .default(sql`'{}'::jsonb`),
    carriersAfter: jsonb('carriers_after')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Plausibility rules the answers fail (modules/validation/rules.ts). */
    issues: text('issues')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** md5 of the answers the facts were computed from: a review of the answers holds for these answers only. */
    answersHash: text('answers_hash').notNull(),
    /** Over every fact above: an unchanged building is not written again. */
    factsHash: text('facts_hash').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The validation queue (open count on the organisation home) reads only these columns: an index-only scan of the
    // few homes with issues instead of one heap page per home, which at 1M homes was most of the overview's time.
    index('profile_insights_open_issues')
      .on(t.organisationId, t.computedAt, t.profileId, t.answersHash)
      .where(sql`cardinality(${t.issues}) > 0`),
    index('profile_insights_property').on(t.propertyId),
  ],
);

/**
 * The analytics summary: per organisation × metric × day × bucket, a count (`n`) and a sum (`total`, whole units).
 * Maintained by statement-level triggers on profile_insights, installer_requests, interactions, building_profiles and
 * homeowners; the console's analytics read only this (a year of one organisation is a few thousand rows).
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    organisationId: integer('organisation_id').notNull(),
    metric: text('metric').notNull(),
    day: date('day').notNull(),
    bucket: text('bucket').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.metric, t.day, t.bucket] })],
);

/** Who was active in an organisation's flow per day, ISO week and month (actor = visitor id or a homeowner's uuid). */
export const analyticsActorPeriods = pgTable(
  'analytics_actor_periods',
  {
    organisationId: integer('organisation_id').notNull(),
    grain: text('grain', { enum: ['day', 'week', 'month'] }).notNull(),
    period: date('period').notNull(),
    actor: uuid('actor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.grain, t.period, t.actor] })],
);

/** Homeowners with a home through an organisation, and how many profiles: the users analytics' sign-ups. */
export const analyticsOrganisationHomeowners = pgTable(
  'analytics_organisation_homeowners',
  {
    organisationId: integer('organisation_id').notNull(),
    homeownerId: integer('homeowner_id').notNull(),
    profiles: integer('profiles').notNull(),
    /** The day the homeowner's account was made (kept here: the homeowner row may be gone when the pair goes). */
    signupDay: date('signup_day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.homeownerId] })],
);

/** An organisation's flow settings kept in the database (the brand's colours live in the brand config store). */
export const organisationSettings = pgTable('organisation_settings', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** Default energy prices for homes without their own (shared/schemas/configuration organisationPricesSchema). */
  prices: jsonb('prices'),
  updatedBy: integer('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The knowledge base (docs/product.md §3 content item): messages the flow shows by key or by activity. */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    key: text('key').notNull(),
    content: text('content').notNull(),
    date: date('date'),
    image: text('image'),
    activity: text('activity'),
    requireTerms: boolean('require_terms').notNull().default(false),
    /** sv or en; null: shown in every language. */
    language: text('language'),
    /** Last day shown (`date` is the first); null: no end. */
    validUntil: date('valid_until'),
    /** Shown only to homeowners of this organisation's brand; null: every brand. */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_items_key').on(t.key),
    index('content_items_activity').on(t.activity),
    check('content_items_language', sql`"language" IN ('sv', 'en')`),
    check('content_items_valid_range', sql`"valid_until" IS NULL OR "date" IS NULL OR "valid_until" >= "date"`),
  ],
);

/**
 * Staff's verdict on answers that failed plausibility rules; it holds for the answers it was given on (answers_hash).
 */
export const answerReviews = pgTable('answer_reviews', {
  profileId: integer('profile_id')
    .primaryKey()
    .references(() => buildingProfiles.id, { onDelete: 'cascade' }),
  answersHash: text('answers_hash').notNull(),
  outcome: text('outcome', { enum: ['accepted', 'rejected'] }).notNull(),
  note: text('note'),
  reviewedBy: integer('reviewed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed password checks per key (`account:<email>` or `ip:<address>`), for the growing lockout of
 * auth/password-guard.ts; in the database so every BFF instance and a restart see the same count. Rows idle for a day
 * are swept.
 */
export const passwordFailures = pgTable(
  'password_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_failures_last').on(t.lastFailureAt)],
);

/**
 * express-rate-limit's counters (http/rate-limit-store.ts), shared by every BFF instance: one row per limiter and
 * client key for the current window; rows whose window has ended are swept.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    limiter: text('limiter').notNull(),
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.limiter, t.key] }), index('rate_limit_hits_reset').on(t.resetAt)],
);

/**
 * Each time a homeowner's contact details were shared with an installer (modules/privacy/consents.ts): what, with
 * whom, when and under which version of the privacy notice; withdrawn_at once the homeowner took it back.
 */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    id: serial('id').primaryKey(),
    homeownerId: integer('homeowner_id')
      .notNull()
      .references(() => homeowners.id, { onDelete: 'cascade' }),
    installerRequestId: integer('installer_request_id').references(() => installerRequests.id, {
      onDelete: 'set null',
    }),
    /** The installer organisation that received them, if it is one of ours. */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    /** The recipient as the homeowner saw it named when sharing. */
    recipient: text('recipient').notNull(),
    /** Which details were shared: name, email, mobile. */
    shared: text('shared').array().notNull(),
    /** The measure the request is about. */
    activityKey: text('activity_key').notNull(),
    noticeVersion: text('notice_version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    index('privacy_consents_homeowner').on(t.homeownerId, t.givenAt),
    index('privacy_consents_request').on(t.installerRequestId),
  ],
);

/**
 * "Who saw my data" (modules/privacy/access-log.ts): each time staff were shown a homeowner's personal data, by whom,
 * in which organisation and role, and on which page.
 */
export const personalDataAccess = pgTable(
  'personal_data_access',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    homeownerId: integer('homeowner_id')
      .notNull()
      .references(() => homeowners.id, { onDelete: 'cascade' }),
    staffUserId: integer('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    /** Kept beside the id so the homeowner still reads who it was after the organisation is renamed or removed. */
    organisationName: text('organisation_name').notNull(),
    role: text('role', { enum: ['staff', 'admin', 'super_admin'] }).notNull(),
    /** A super admin acting as the organisation. */
    impersonating: boolean('impersonating').notNull().default(false),
    /** The page that showed the data (ACCESS_REASONS). */
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('personal_data_access_homeowner').on(t.homeownerId, t.createdAt),
    index('personal_data_access_organisation').on(t.organisationId, t.createdAt),
  ],
);

/**
 * Which instance runs a periodic job that must run on one instance at a time (modules/privacy/retention.ts): taken
 * while `held_until` has passed, given back when the run ends; a crashed run's lease simply expires.
 */
export const periodicLeases = pgTable('periodic_leases', {
  name: text('name').primaryKey(),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
