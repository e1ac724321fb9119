import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { ExportSection } from '@home-energy/shared/schemas/privacy';

/** Whose data: the homeowner's id, and the pseudonym the audit log knows them by. */
export interface Person {
  homeownerId: number;
  pseudonym: string;
}

/** What erasure does with the person's rows of a table. */
export type Erasure =
  | { kind: 'delete'; why?: string }
  /** The rows stay, changed by `set` so that nothing in them points at the person any more. */
  | { kind: 'update'; set: (person: Person) => SQL; why: string }
  /** The rows stay as they are: they hold nothing that points at the person. */
  | { kind: 'keep'; why: string };

/** One table holding a homeowner's personal data: which rows are theirs, how they are exported and erased. */
export interface PersonalTable {
  table: string;
  /** What the table holds about the person, in words (docs/privacy.md is checked against this list). */
  holds: string;
  /** The rows of the person (`t` is the table). */
  where: (person: Person) => SQL;
  /** data.json's section, with the select list (aliases are the section's fields) and a stable order; null: none. */
  export: { section: ExportSection; columns: SQL; orderBy: SQL } | null;
  erase: Erasure;
}

/**
 * The audit log's name for a homeowner: an HMAC of their id with the app's secret, so rows about them can be found
 * while they exist and read by nobody as a person once they are gone.
 */
export function pseudonymOf(secret: string, homeownerId: number): string {
  return crypto.createHmac('sha256', secret).update(`homeowner:${homeownerId}`).digest('hex').slice(0, 32);
}

export function personOf(secret: string, homeownerId: number): Person {
  return { homeownerId, pseudonym: pseudonymOf(secret, homeownerId) };
}

/** The audit target of a data request about a person. */
export const auditTarget = (person: Person) => `homeowner:${person.pseudonym}`;

const ownProfiles = (p: Person) => sql`(select id from building_profiles where homeowner_id = ${p.homeownerId})`;
const ownSessions = (p: Person) =>
  sql`(select sid from session where sess::jsonb #>> '{passport,user,kind}' = 'homeowner'
    and sess::jsonb #>> '{passport,user,id}' = ${String(p.homeownerId)})`;

/**
 * Every table that holds a homeowner's personal data, in the order erasure goes through them (rows that point at
 * others first). Export writes the sections in the shared schema's order; erasure (erasure.ts) runs the list in one
 * transaction; the erasure test searches every table for what is left. A new table with personal data is one entry
 * here (and, when exported, its section in shared/src/schemas/privacy.ts).
 */
export const PERSONAL_DATA: readonly PersonalTable[] = [
  {
    table: 'bankid_orders',
    holds: 'BankID orders started in their sessions: IP address, the signer until used',
    where: (p) => sql`t.session_id in ${ownSessions(p)}`,
    export: {
      section: 'bankid_orders',
      columns: sql`t.started_at, t.login_method, t.identification_mode as purpose, t.status`,
      orderBy: sql`t.started_at, t.id`,
    },
    erase: { kind: 'delete' },
  },
  {
    table: 'session',
    holds: 'their signed-in browser sessions',
    where: (p) => sql`t.sid in ${ownSessions(p)}`,
    export: { section: 'sessions', columns: sql`t.expire as expires_at`, orderBy: sql`t.expire, t.sid` },
    erase: { kind: 'delete' },
  },
  {
    table: 'homeowner_email_verifications',
    holds: 'the contact email addresses they were asked to confirm',
    where: (p) => sql`t.homeowner_id = ${p.homeownerId}`,
    export: {
      section: 'email_verifications',
      columns: sql`t.email, t.created_at, t.expires_at, t.used_at`,
      orderBy: sql`t.created_at, t.id`,
    },
    erase: { kind: 'delete' },
  },
  {
    table: 'answer_reviews',
    holds: "staff's verdict on their answers, with a note",
    where: (p) => sql`t.profile_id in ${ownProfiles(p)}`,
    export: {
      section: 'answer_reviews',
      columns: sql`(select property_id from building_profiles b where b.id = t.profile_id) as property_id,
        t.outcome, t.note, t.reviewed_at`,
      orderBy: sql`t.profile_id`,
    },
    erase: { kind: 'delete' },
  },
  {
    table: 'epc_documents',
    holds: 'the energy certificates they uploaded (the file in the database or the object store)',
    where: (p) => sql`t.profile_id in ${ownProfiles(p)}`,
    export: {
      section: 'documents',
      columns: sql`t.id, t.property_id, t.file_name as file, t.content_type, t.size_bytes, t.energy_class, t.ep,
        t.issued_at, t.status, t.created_at, t.reviewed_at`,
      orderBy: sql`t.created_at, t.id`,
    },
    erase: { kind: 'delete', why: 'files in the object store are deleted after the commit' },
  },
  {
    table: 'audit_log',
    holds: "installers' notes on their requests, as recorded with each status change",
    where: (p) => sql`t.target in (select 'installer_request:' || id from installer_requests
      where homeowner_id = ${p.homeownerId}) and t.details ? 'note'`,
    export: null,
    erase: { kind: 'update', set: () => sql`details = details - 'note'`, why: 'who moved the lead, and when, stays' },
  },
  {
    table: 'privacy_consents',
    holds: 'what they shared with which installer, under which notice version, and when they withdrew it',
    where: (p) => sql`t.homeowner_id = ${p.homeownerId}`,
    export: {
      section: 'consents',
      columns: sql`t.id, t.installer_request_id, t.recipient, t.activity_key as measure, t.shared, t.notice_version,
        t.given_at, t.withdrawn_at`,
      orderBy: sql`t.given_at, t.id`,
    },
    erase: { kind: 'delete' },
  },
  {
    table: 'personal_data_access',
    holds: 'who among staff saw their personal data: organisation, role, page and time',
    where: (p) => sql`t.homeowner_id = ${p.homeownerId}`,
    export: {
      section: 'access_log',
      columns: sql`t.organisation_name as organisation, t.role, t.impersonating, t.reason, t.created_at as at`,
      orderBy: sql`t.created_at, t.id`,
    },
    erase: { kind: 'delete' },
  },
  {
    table: 'installer_requests',
    holds: 'their requests to installers, with the contact details given, the status history and when those left',
    where: (p) => sql`t.homeowner_id = ${p.homeownerId}`,
    export: {
      section: 'installer_requests',
      columns: sql`t.id, t.property_id, t.installer_identifier as installer, t.installer_name,
        t.activity_key as measure, t.contact_email, t.contact_mobile, t.status, t.note, t.created_at, t.sent_at,
        t.contacted_at, t.quoted_at, t.status_changed_at, t.withdrawn_at, t.personal_data_removed_at`,
      orderBy: sql`t.created_at, t.id`,
    },
    erase: {
      kind: 'update',
      set: () => sql`homeowner_id = null, contact_email = null, contact_mobile = null, note = null,
        withdrawn_from = status, status = 'account_deleted', withdrawn_at = now(), status_changed_at = now(),
        personal_data_removed_at = coalesce(personal_data_removed_at, now())`,
      why: 'the installer keeps the lead (address, measure, dates) as withdrawn – account deleted',
    },
  },
  {
    table: 'interactions',
    holds: 'what they did in the flow (actions on their homes)',
    where: (p) => sql`t.homeowner_id = ${p.homeownerId}`,
    export: {
      section: 'interactions',
      columns: sql`t.action, t.object, t.property_id, t.created_at as at`,
      orderBy: sql`t.created_at, t.id`,
    },
    erase: { kind: 'update', set: () => sql`homeowner_id = null`, why: 'counted in the analytics, without a person' },
  },
  {
    table: 'building_profiles',
    holds: 'their answers, prices, metered consumption and plan for each home',
    where: (p) => sql`t.homeowner_id = ${p.homeownerId}`,
    export: {
      section: 'home_profiles',
      columns: sql`t.property_id, t.answers, t.rates, t.consumption, t.plan, t.calculated_class, t.calculated_ep,
        t.measured_class, t.created_at, t.updated_at`,
      orderBy: sql`t.created_at, t.id`,
    },
    erase: { kind: 'delete', why: "their homes' facts stay counted in the analytics summary (erasure.ts)" },
  },
  {
    table: 'homeowner_properties',
    holds: 'the homes in "My homes" and how each was added',
    where: (p) => sql`t.homeowner_id = ${p.homeownerId}`,
    export: {
      section: 'homes',
      columns: sql`t.property_id, p.name, p.street, p.postal_code, p.postal_city, t.relation, t.created_at as added_at,
        t.removed_at`,
      orderBy: sql`t.created_at, t.property_id`,
    },
    erase: { kind: 'delete' },
  },
  {
    table: 'analytics_organisation_homeowners',
    holds: 'which organisations they have homes with (for the sign-up count)',
    where: (p) => sql`t.homeowner_id = ${p.homeownerId}`,
    export: null,
    erase: { kind: 'delete', why: 'the sign-ups it counted stay in analytics_daily' },
  },
  {
    table: 'analytics_actor_periods',
    holds: 'the days, weeks and months they were active, under an id made from their homeowner id',
    where: (p) => sql`t.actor = analytics_homeowner_actor(${p.homeownerId})`,
    export: null,
    erase: {
      kind: 'update',
      set: () => sql`actor = ${crypto.randomUUID()}::uuid`,
      why: 'a random id: the active-user counts stay, linked to nobody',
    },
  },
  {
    table: 'rate_limit_hits',
    holds: 'their use of the export within the current hour',
    where: (p) => sql`t.key = ${`homeowner:${p.pseudonym}`}`,
    export: null,
    erase: { kind: 'delete' },
  },
  {
    table: 'audit_log',
    holds: 'data requests staff made about them, under their pseudonym',
    where: (p) => sql`t.target = ${`homeowner:${p.pseudonym}`}`,
    export: { section: 'data_requests', columns: sql`t.action, t.created_at as at`, orderBy: sql`t.created_at, t.id` },
    erase: { kind: 'keep', why: 'the pseudonym cannot be turned back into the person once they are gone' },
  },
  {
    table: 'homeowners',
    holds:
      'name, personal number (encrypted, and its keyed hash), contact details, language, sign-in dates, when the ' +
      'retention sweep mailed that the account goes',
    where: (p) => sql`t.id = ${p.homeownerId}`,
    export: {
      section: 'profile',
      columns: sql`t.personal_number_encrypted, t.name, t.given_name, t.surname, t.contact_name, t.contact_email,
        t.contact_email_verified_at, t.contact_mobile, t.mail_language,
        (select slug from organisations o where o.id = t.organisation_id) as brand, t.created_at, t.last_sign_in_at,
        t.inactivity_notice_at`,
      orderBy: sql`t.id`,
    },
    erase: { kind: 'delete' },
  },
];

/** The FROM clause of a table's export (`t`, and the property register for the homes' addresses). */
export function exportFrom(entry: PersonalTable): SQL {
  const table = sql.raw(`"${entry.table}" t`);
  return entry.table === 'homeowner_properties' ? sql`${table} join properties p on p.id = t.property_id` : table;
}

/**
 * Personal data outside the database: the uploaded documents' files (object store) and the mails' copies (outbox),
 * exported into the archive and deleted after the erasure commits.
 */
export const PERSONAL_FILES = [
  { place: 'object store (S3) epc-documents/<id>', holds: 'uploaded certificates, when S3 is configured' },
  { place: 'DATA_DIR/outbox/*.eml', holds: 'copies of the mails sent to them or naming them (leads to installers)' },
] as const;
