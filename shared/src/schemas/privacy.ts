// The homeowner's personal data (docs/privacy.md): the privacy notice (GET /api/flow/privacy-notice), the consents
// given when contact details were shared with installers, "who saw my data", the archive "Download my data" gives
// (data.json, "The export") and the super admin's data requests for someone who wrote in. The BFF validates and
// writes with these shapes and its tests validate every archive against them, so the documentation, the writer and
// the reader stay one.
import { z } from 'zod';
import { idParamSchema } from './ids';
import { lazySchema } from './lazy-schema';
import { mailLanguageSchema } from './mail-language';

/** Who runs the service and where people write about their data (the BFF's PRIVACY_* settings). */
export interface PrivacyOperator {
  name: string;
  org_number: string;
  address: string;
  email: string;
}

/** One kind of personal data: what, why, on which legal basis, for how long, and who receives it. */
export interface PrivacyNoticeItem {
  id: string;
  what: string;
  why: string;
  basis: string;
  kept: string;
  recipients: string;
}

/** The privacy notice in one language, as the BFF renders it from its settings; `version` is the same in both. */
export interface PrivacyNotice {
  version: string;
  language: 'sv' | 'en';
  title: string;
  intro: string;
  operator: PrivacyOperator;
  items: PrivacyNoticeItem[];
  rights: { heading: string; paragraphs: string[] };
  /** The brand's own addition, in this language, when it has one. */
  brand_text: string | null;
}

/** GET /api/flow/privacy-notice?lng=sv|en (and the flow's `owner`, the brand whose own text is added). */
export const privacyNoticeQuerySchema = lazySchema(() =>
  z.object({ lng: z.enum(['sv', 'en']).default('en'), owner: z.string().max(63).optional() }).strict(),
);

/** Which contact details a share passed on. */
export const SHARED_DETAILS = ['name', 'email', 'mobile'] as const;
export type SharedDetail = (typeof SHARED_DETAILS)[number];

/** One share of contact details with an installer (GET /api/flow/user/consents). */
export interface Consent {
  id: number;
  recipient: string;
  /** The measure the request was about. */
  key: string;
  shared: SharedDetail[];
  given_at: string;
  notice_version: string;
  withdrawn_at: string | null;
}

export interface ConsentList {
  consents: Consent[];
}

export const consentParamsSchema = lazySchema(() => z.object({ id: idParamSchema }).strict());

/** The pages that show staff a homeowner's personal data: the reason of an access-log entry. */
export const ACCESS_REASONS = ['property_lookup', 'lead', 'lead_list', 'data_request'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];
export const ACCESS_ROLES = ['staff', 'admin', 'super_admin'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

/** One time staff saw the homeowner's personal data, as the homeowner sees it (GET /api/flow/user/access-log). */
export interface AccessEntry {
  organisation: string;
  role: AccessRole;
  impersonating: boolean;
  reason: AccessReason;
  at: string;
}

/** The same, as an organisation admin sees their staff's (GET /api/console/org/{org}/data-access). */
export interface StaffAccessEntry extends AccessEntry {
  staff: string | null;
  /** The homeowner's pseudonymous reference (h + id): enough to answer a question, without showing them again. */
  homeowner: string;
}

export const ACCESS_PAGE_SIZE = 50;

export const accessLogQuerySchema = lazySchema(() =>
  z
    .object({
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      reason: z.enum(ACCESS_REASONS).optional(),
    })
    .strict(),
);
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

export interface AccessLog<Entry = AccessEntry> {
  entries: Entry[];
  total: number;
  page: number;
  size: number;
}

const at = z.string().datetime({ offset: true });
const json = z.unknown();

export const EXPORT_FORMAT = 'home-energy-personal-data';
export const EXPORT_VERSION = 1;

/** The sections of data.json in the order they are written; `profile` is one object, every other a list of rows. */
export const exportSectionSchemas = {
  profile: z
    .object({
      personal_number: z.string(),
      name: z.string(),
      given_name: z.string().nullable(),
      surname: z.string().nullable(),
      contact_name: z.string().nullable(),
      contact_email: z.string().nullable(),
      contact_email_verified_at: at.nullable(),
      contact_mobile: z.string().nullable(),
      mail_language: z.enum(['sv', 'en']).nullable(),
      brand: z.string().nullable(),
      created_at: at,
      last_sign_in_at: at.nullable(),
      /** When the retention sweep mailed that the account goes after long inactivity; null after a sign-in. */
      inactivity_notice_at: at.nullable(),
    })
    .strict(),
  email_verifications: z.array(
    z.object({ email: z.string(), created_at: at, expires_at: at, used_at: at.nullable() }).strict(),
  ),
  homes: z.array(
    z
      .object({
        property_id: z.number().int(),
        name: z.string(),
        street: z.string(),
        postal_code: z.string(),
        postal_city: z.string(),
        relation: z.string(),
        added_at: at,
        removed_at: at.nullable(),
      })
      .strict(),
  ),
  home_profiles: z.array(
    z
      .object({
        property_id: z.number().int(),
        answers: json,
        rates: json,
        consumption: json,
        plan: json,
        calculated_class: z.string().nullable(),
        calculated_ep: z.number().nullable(),
        measured_class: z.string().nullable(),
        created_at: at,
        updated_at: at,
      })
      .strict(),
  ),
  answer_reviews: z.array(
    z
      .object({
        property_id: z.number().int(),
        outcome: z.enum(['accepted', 'rejected']),
        note: z.string().nullable(),
        reviewed_at: at,
      })
      .strict(),
  ),
  documents: z.array(
    z
      .object({
        id: z.string(),
        property_id: z.number().int(),
        /** The file's place in the archive (documents/…). */
        file: z.string(),
        content_type: z.string(),
        size_bytes: z.number().int(),
        energy_class: z.string(),
        ep: z.number().nullable(),
        issued_at: z.string().nullable(),
        status: z.enum(['pending', 'approved', 'rejected']),
        created_at: at,
        reviewed_at: at.nullable(),
      })
      .strict(),
  ),
  installer_requests: z.array(
    z
      .object({
        id: z.number().int(),
        property_id: z.number().int(),
        installer: z.string(),
        installer_name: z.string(),
        measure: z.string(),
        contact_email: z.string().nullable(),
        contact_mobile: z.string().nullable(),
        status: z.string(),
        note: z.string().nullable(),
        created_at: at,
        sent_at: at,
        /** When their name and contact details left the request (consent withdrawn, or kept as long as allowed). */
        personal_data_removed_at: at.nullable(),
        /** Each status the request reached and when, oldest first. */
        history: z.array(z.object({ status: z.string(), at }).strict()),
      })
      .strict(),
  ),
  interactions: z.array(
    z
      .object({ action: z.string(), object: z.string().nullable(), property_id: z.number().int().nullable(), at })
      .strict(),
  ),
  sessions: z.array(z.object({ expires_at: at }).strict()),
  bankid_orders: z.array(
    z.object({ started_at: at, login_method: z.string(), purpose: z.string(), status: z.string() }).strict(),
  ),
  /** Data requests staff made about the homeowner (export, erasure), from the audit log. */
  data_requests: z.array(z.object({ action: z.string(), at }).strict()),
  /** Copies of the mails sent to or about the homeowner (the outbox), each as an .eml file in the archive. */
  mails: z.array(z.object({ file: z.string(), date: at, to: z.string(), subject: z.string() }).strict()),
  /** Who the homeowner's contact details were shared with, under which notice, and when withdrawn. */
  consents: z.array(
    z
      .object({
        id: z.number().int(),
        /** The request (installer_requests' id) the share was made with; null once that request is gone. */
        installer_request_id: z.number().int().nullable(),
        recipient: z.string(),
        measure: z.string(),
        shared: z.array(z.enum(SHARED_DETAILS)),
        notice_version: z.string(),
        given_at: at,
        withdrawn_at: at.nullable(),
      })
      .strict(),
  ),
  /** Each time staff were shown the homeowner's personal data, as "Who saw your data" in My homes shows it. */
  access_log: z.array(
    z
      .object({
        /** Empty: the service's own administrators (a data request). */
        organisation: z.string(),
        role: z.enum(ACCESS_ROLES),
        impersonating: z.boolean(),
        reason: z.enum(ACCESS_REASONS),
        at,
      })
      .strict(),
  ),
};

export type ExportSection = keyof typeof exportSectionSchemas;
export const EXPORT_SECTIONS = Object.keys(exportSectionSchemas) as ExportSection[];

/** data.json: the format's name and version, when and in which language it was made, then every section. */
export const personalDataExportSchema = lazySchema(() =>
  z
    .object({
      format: z.literal(EXPORT_FORMAT),
      version: z.literal(EXPORT_VERSION),
      generated_at: at,
      language: z.enum(['sv', 'en']),
      ...exportSectionSchemas,
    })
    .strict(),
);
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

const personalNumber = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(19|20)\d{10}$/, 'twelve digits, YYYYMMDDNNNN'));

/** POST /api/admin/privacy/export and /erase: the person who wrote in, by personal number (never in a URL). */
export const dataRequestSchema = lazySchema(() =>
  z
    .object({
      personalNumber,
      /** The letter's or ticket's reference it answers, kept in the audit log: never the person's name. */
      reference: z.string().trim().min(3, 'at least 3 characters').max(100, 'at most 100 characters'),
    })
    .strict(),
);
export type DataRequest = z.input<typeof dataRequestSchema>;

/**
 * GET /api/flow/user/export's query: the language of the readable page, the page's own (a download link carries no
 * X-UI-Language header).
 */
export const exportQuerySchema = lazySchema(() => z.object({ lang: mailLanguageSchema.optional() }).strict());

/** DELETE /api/flow/user/account: the CSRF token; the BankID order of this session confirms who asks. */
export const accountErasureSchema = lazySchema(() => z.object({ csrfToken: z.string().max(200) }).strict());

/** What an erasure removed and kept, counted (the answer of both erasure routes). */
export interface ErasureResult {
  erased: true;
  counts: Record<string, number>;
}
