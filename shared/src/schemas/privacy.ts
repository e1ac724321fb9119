// The homeowner's privacy: the notice (GET /api/flow/privacy-notice), the consents given when contact details were
// shared with installers, and "who saw my data" (docs/privacy.md). The BFF validates with these schemas.
import { z } from 'zod';
import { idParamSchema } from './ids';
import { lazySchema } from './lazy-schema';

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
