// The super admin's and the console's administration contract: organisations, console users, releases, audit log.
// The BFF validates every /api/admin and console user-management request with these schemas; the forms use the same.
import { z } from 'zod';
import { remotePackageSchema, storedReleaseVersionSchema, type RemotePackage } from '../mfe/remotes';
import type { RuntimeCheck, SharedCheck } from '../mfe/compat';
import type { DeviceClass, PageAudience, VitalMetric } from '../mfe/vitals';
import { httpUrlSchema, imageUrlSchema } from './url';
import { dateRangeCheck, dayOrInstantSchema } from './dates';
import {
  organisationFeatureSchema,
  organisationRoleSchema,
  organisationSlugSchema,
  staffEmailSchema,
  type OrganisationFeature,
  type OrganisationRole,
} from './session';
import { idParamSchema, idParamsSchema } from './ids';
import { lazySchema } from './lazy-schema';

const text255 = lazySchema(() =>
  z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
);

/** A brand id: the {brand} of brand/{brand}/config.json (bff/src/modules/brand/store.ts uses the same rule). */
export const brandIdSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'lower-case letters, digits and dashes (at most 63)'),
);

/**
 * docs/product.md §3 Installer: name, identifier, logo, url (each 1–255). Links must be http(s) so they are safe to
 * render.
 */
export const installerSchema = lazySchema(() =>
  z
    .object({
      name: text255,
      identifier: text255,
      logo: imageUrlSchema,
      url: httpUrlSchema,
    })
    .strict(),
);
export type Installer = z.infer<typeof installerSchema>;

export const INSTALLERS_MAX = 50;

export const installersSchema = lazySchema(() =>
  z
    .array(installerSchema)
    .max(INSTALLERS_MAX)
    .superRefine((installers, context) => {
      const seen = new Set<string>();
      installers.forEach((installer, index) => {
        const key = installer.identifier.toLowerCase();
        if (seen.has(key))
          context.addIssue({
            code: 'custom',
            path: [index, 'identifier'],
            message: 'must be unique within the organisation',
          });
        seen.add(key);
      });
    }),
);

const featuresSchema = lazySchema(() =>
  z
    .array(organisationFeatureSchema)
    .max(10)
    .transform((features) => [...new Set(features)].sort()),
);

const organisationNameSchema = text255;

/** POST /api/admin/organisations. The slug is the {org} of /console/org/{org} and never changes afterwards. */
export const organisationCreateSchema = lazySchema(() =>
  z
    .object({
      slug: organisationSlugSchema,
      name: organisationNameSchema,
      brand: brandIdSchema,
      features: featuresSchema.default([]),
      isInstaller: z.boolean().default(false),
      installers: installersSchema.default([]),
    })
    .strict(),
);
export type OrganisationCreate = z.input<typeof organisationCreateSchema>;

/** PATCH /api/admin/organisations/{slug}: any of the editable fields; `active: false` deactivates. */
export const organisationUpdateSchema = lazySchema(() =>
  z
    .object({
      name: organisationNameSchema,
      brand: brandIdSchema,
      features: featuresSchema,
      isInstaller: z.boolean(),
      installers: installersSchema,
      active: z.boolean(),
    })
    .partial()
    .strict()
    .refine((patch) => Object.keys(patch).length > 0, 'give at least one field to change'),
);
export type OrganisationUpdate = z.input<typeof organisationUpdateSchema>;

/** One row of GET /api/admin/organisations. */
export interface AdminOrganisation {
  slug: string;
  name: string;
  brand: string;
  features: OrganisationFeature[];
  isInstaller: boolean;
  active: boolean;
  demo: boolean;
  createdAt: string;
  /** Console users with a membership (active users only). */
  users: number;
  installers: number;
}

/** GET /api/admin/organisations/{slug}. */
export interface AdminOrganisationDetail extends AdminOrganisation {
  installerList: Installer[];
  /** Whether brand/{brand}/config.json exists (without it the flow uses the default brand's look). */
  brandConfigFound: boolean;
}

export interface AdminOrganisationList {
  organisations: AdminOrganisation[];
}

/** POST /api/admin/impersonation: a super admin works in this organisation's console. */
export const impersonationStartSchema = lazySchema(() => z.object({ organisation: organisationSlugSchema }).strict());
export type ImpersonationStart = z.infer<typeof impersonationStartSchema>;

// ── Console users ────────────────────────────────────────────────────────────────────────────────────────────────

export { staffEmailSchema };

export const staffNameSchema = text255;

export const membershipInputSchema = lazySchema(() =>
  z.object({ organisation: organisationSlugSchema, role: organisationRoleSchema }).strict(),
);
export type MembershipInput = z.infer<typeof membershipInputSchema>;

/** POST /api/admin/users: a console user, optionally with memberships. The answer carries a one-time password. */
export const consoleUserCreateSchema = lazySchema(() =>
  z
    .object({
      email: staffEmailSchema,
      name: staffNameSchema,
      memberships: z
        .array(membershipInputSchema)
        .max(50)
        .refine(
          (list) => new Set(list.map((m) => m.organisation)).size === list.length,
          'each organisation at most once',
        )
        .default([]),
    })
    .strict(),
);
export type ConsoleUserCreate = z.input<typeof consoleUserCreateSchema>;

/** POST /api/console/org/{org}/users: a console user of this organisation. */
export const organisationUserCreateSchema = lazySchema(() =>
  z.object({ email: staffEmailSchema, name: staffNameSchema, role: organisationRoleSchema }).strict(),
);
export type OrganisationUserCreate = z.infer<typeof organisationUserCreateSchema>;

/** PATCH /api/admin/users/{id} (name, active) and PATCH /api/console/org/{org}/users/{id} (role, active). */
export const consoleUserUpdateSchema = lazySchema(() =>
  z
    .object({ name: staffNameSchema, active: z.boolean() })
    .partial()
    .strict()
    .refine((patch) => Object.keys(patch).length > 0, 'give at least one field to change'),
);
export const organisationUserUpdateSchema = lazySchema(() =>
  z
    .object({ role: organisationRoleSchema, active: z.boolean() })
    .partial()
    .strict()
    .refine((patch) => Object.keys(patch).length > 0, 'give at least one field to change'),
);
export type ConsoleUserUpdate = z.infer<typeof consoleUserUpdateSchema>;
export type OrganisationUserUpdate = z.infer<typeof organisationUserUpdateSchema>;

/** PUT /api/admin/users/{id}/memberships/{org}: add the user to the organisation or change their role there. */
export const membershipUpdateSchema = lazySchema(() => z.object({ role: organisationRoleSchema }).strict());

export const consoleUserIdSchema = idParamSchema;

/** GET /api/admin/users?organisation=&q= */
export const consoleUserFilterSchema = lazySchema(() =>
  z.object({ organisation: organisationSlugSchema.optional(), q: z.string().trim().max(100).optional() }).strict(),
);

export interface ConsoleUserMembership {
  organisation: string;
  organisationName: string;
  role: OrganisationRole;
}

/** A console user as user management shows one (never the password hash). */
export interface ConsoleUser {
  id: number;
  email: string;
  name: string;
  active: boolean;
  superAdmin: boolean;
  demo: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /** In an organisation's console: only that organisation's membership. */
  memberships: ConsoleUserMembership[];
  /**
   * In an organisation's console: the user is a super admin or also belongs to other organisations, so only a super
   * admin may deactivate them or reset their password.
   */
  managedElsewhere: boolean;
}

export interface ConsoleUserList {
  users: ConsoleUser[];
}

/**
 * The answer to creating a user or resetting a password. Without a mail server the one-time password is shown once
 * (never stored in clear); with one it is null and the user gets a link by mail instead.
 */
export interface ConsoleUserWithPassword {
  user: ConsoleUser;
  oneTimePassword: string | null;
}

// ── Releases ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** Any release that exists, also one whose version a new release could not have (storedReleaseVersionSchema). */
export const releaseActivateParamsSchema = lazySchema(() =>
  z.object({ remote: remotePackageSchema, version: storedReleaseVersionSchema }).strict(),
);

/**
 * POST /api/admin/releases/:remote/:version/audience: who gets this release. `brand` or `percent` makes it the
 * remote's canary (the others keep the active release); `everyone` promotes it (activation).
 */
export const releaseAudienceSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('brand'), brand: brandIdSchema }).strict(),
    z.object({ kind: z.literal('percent'), percent: z.number().int('must be a whole number').min(1).max(99) }).strict(),
    z.object({ kind: z.literal('everyone') }).strict(),
  ]),
);
export type ReleaseAudience = z.infer<typeof releaseAudienceSchema>;

/** Health counted from the shell's beacons: sessions that loaded the release, those that reported an error, errors. */
export interface AdminReleaseHealth {
  sessions: number;
  failedSessions: number;
  errors: number;
}

export interface AdminRelease {
  version: string;
  active: boolean;
  releasedBy: string;
  releasedAt: string;
  activatedBy: string | null;
  activatedAt: string | null;
  files: number;
  bytes: number;
  /** This release's shared singletons against the running shell's (null when the shell's manifest is missing). */
  checks: SharedCheck[] | null;
  /**
   * The federation runtime it was built against, against the running shell's (docs/decisions/federation-runtime.md).
   */
  runtime: RuntimeCheck | null;
  /** Every check and the runtime's passed: the release may be activated (null while it cannot be checked). */
  compatible: boolean | null;
  /**
   * It carries its pages file (pages.json, docs/releases.md "A remote's pages"). One built before pages travelled with
   * releases does not, and is never activated or made a canary: its pages would be unreachable.
   */
  pages: boolean;
  /** The canary's audience (null: not a canary; the active release serves everyone else). */
  audience: { kind: 'brand'; brand: string } | { kind: 'percent'; percent: number } | null;
  /** The health check over a canary's first sessions (null while undecided or never a canary). */
  verdict: { result: 'healthy' | 'rolled-back'; at: string; reason: 'errors' | 'speed' | 'manual' | null } | null;
  health: AdminReleaseHealth;
  /** Its users' speed over the field view's default window (GET /api/admin/speed). */
  speed: AdminReleaseSpeed;
}

/** p75 usable time and INP (ms) real users reported for a release, and how many page views reported usable. */
export interface AdminReleaseSpeed {
  reports: number;
  usableP75: number | null;
  inpP75: number | null;
}

/** p50, p75 and p95 of one metric (ms; CLS unitless) and how many reports they come from. */
export interface SpeedFigures {
  p50: number;
  p75: number;
  p95: number;
  count: number;
}

export type SpeedMetrics = Partial<Record<VitalMetric, SpeedFigures>>;

/** One page (pattern) in the super admin's Speed view. */
export interface AdminSpeedPage {
  route: string;
  remote: RemotePackage;
  audience: PageAudience;
  /** The p75 each metric should stay within (FIELD_BUDGETS). */
  budgets: Record<VitalMetric, number>;
  /** Every release and device together. */
  metrics: SpeedMetrics;
  devices: { device: DeviceClass; metrics: SpeedMetrics }[];
  /** Per release, newest report first. */
  releases: { version: string; metrics: SpeedMetrics }[];
  /** p75 per day, oldest first (days without reports left out). */
  trend: { day: string; usable: number | null; lcp: number | null; inp: number | null }[];
}

/** GET /api/admin/speed?days=7|28|90: real users' speed per page over the last `days` days. */
export interface AdminSpeed {
  days: number;
  since: string;
  pages: AdminSpeedPage[];
}

export const SPEED_WINDOWS = [7, 28, 90] as const;
export const speedQuerySchema = lazySchema(() =>
  z
    .object({
      days: z.coerce
        .number()
        .refine((d) => (SPEED_WINDOWS as readonly number[]).includes(d), 'days is 7, 28 or 90')
        .default(28),
    })
    .strict(),
);

/** One remote's releases: on the Releases page, and GET /api/releases/:remote with that remote's release token. */
export interface AdminRemoteReleases {
  remote: RemotePackage;
  releases: AdminRelease[];
}

export interface AdminReleaseList {
  remotes: AdminRemoteReleases[];
  /** The shell's shared singletons and federation runtime version (from its mf-manifest.json). */
  shell: { shared: { name: string; version: string }[]; runtime: string | null } | null;
}

/** POST /api/admin/release-tokens: a token for one remote's CI; `label` says whose (e.g. "results team CI"). */
export const releaseTokenCreateSchema = lazySchema(() =>
  z
    .object({ remote: remotePackageSchema, label: z.string().trim().min(1, 'must name who uses the token').max(100) })
    .strict(),
);

export const releaseTokenParamsSchema = lazySchema(() => idParamsSchema.strict());

export interface AdminReleaseToken {
  id: number;
  remote: RemotePackage;
  label: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
}

/** The answer to creating a token: the only time the token itself is shown. */
export interface AdminReleaseTokenCreated extends AdminReleaseToken {
  token: string;
}

// ── Audit log ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /api/admin/audit?organisation=&user=&from=&to=&page=&pageSize=. A period bound is a whole day (UTC; `to`
 * includes that day) or an exact ISO time (`to` exclusive), which is how the audit page sends the user's local days.
 */
export const auditQuerySchema = lazySchema(() =>
  z
    .object({
      organisation: organisationSlugSchema.optional(),
      user: consoleUserIdSchema.optional(),
      from: dayOrInstantSchema.optional(),
      to: dayOrInstantSchema.optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    })
    .strict()
    .superRefine(dateRangeCheck()),
);
export type AuditQuery = z.input<typeof auditQuerySchema>;

export interface AuditEntry {
  id: number;
  createdAt: string;
  /** The real staff user, even while impersonating. */
  actor: { id: number | null; email: string; name: string | null };
  /** The organisation the action concerns, if any. */
  organisation: { slug: string; name: string } | null;
  /** The organisation the super admin was impersonating, if any. */
  impersonating: { slug: string; name: string } | null;
  action: string;
  target: string;
  details: Record<string, unknown>;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** Error bodies of the BFF: `{ error, message, issues? }` (bad input lists what was wrong, by field). */
export interface ApiErrorBody {
  error: string;
  message: string;
  /** `code` (and its `params`) where the BFF names the problem, so a page can say it in its own language. */
  issues?: { path: string; message: string; code?: string; params?: Record<string, string> }[];
}
