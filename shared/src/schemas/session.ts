import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const ORGANISATION_FEATURES = ['platform_analytics', 'platform_validation'] as const;
export const organisationFeatureSchema = lazySchema(() => z.enum(ORGANISATION_FEATURES));
export type OrganisationFeature = z.infer<typeof organisationFeatureSchema>;

export const ORGANISATION_ROLES = ['admin', 'staff'] as const;
export const organisationRoleSchema = lazySchema(() => z.enum(ORGANISATION_ROLES));
export type OrganisationRole = z.infer<typeof organisationRoleSchema>;

/** An organisation slug as it appears in /console/org/{org}. */
export const organisationSlugSchema = lazySchema(() =>
  z
    .string()
    .min(2)
    .max(63)
    .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'lower-case letters, digits and dashes'),
);

/** The organisations a staff user belongs to, as carried in the session. */
export const sessionOrganisationSchema = lazySchema(() =>
  z.object({
    slug: organisationSlugSchema,
    name: z.string(),
    role: organisationRoleSchema,
  }),
);
export type SessionOrganisation = z.infer<typeof sessionOrganisationSchema>;

/** GET /api/auth/session for a signed-in user (NextAuth v4 shape plus our role fields). */
export const sessionSchema = lazySchema(() =>
  z.object({
    user: z.object({
      /** Console staff sign in with email and password; homeowners with BankID (no organisations, no flags). */
      kind: z.enum(['staff', 'homeowner']),
      id: z.string(),
      name: z.string().nullable().optional(),
      email: z.string().nullable().optional(),
      superAdmin: z.boolean(),
      /** Admin of at least one organisation (per-organisation roles are in `organisations`). */
      admin: z.boolean(),
      organisations: z.array(sessionOrganisationSchema),
      /** Homeowners only: e.g. 19900101-****. */
      personalNumberMasked: z.string().optional(),
      /** Staff signed in with a one-time password: the console shows only "Choose your password" until they do. */
      mustChangePassword: z.boolean().optional(),
      /**
       * Super admins only: the organisation whose console they are working in (docs/product.md §2 impersonation
       * banner).
       */
      impersonating: z.object({ slug: organisationSlugSchema, name: z.string() }).optional(),
    }),
    expires: z.string(),
  }),
);
export type Session = z.infer<typeof sessionSchema>;
export type SessionUser = Session['user'];

/** GET /api/console/org/{org}/details. */
export const organisationDetailsSchema = lazySchema(() =>
  z.object({
    slug: organisationSlugSchema,
    name: z.string(),
    features: z.array(organisationFeatureSchema),
    isInstaller: z.boolean(),
  }),
);
export type OrganisationDetails = z.infer<typeof organisationDetailsSchema>;

/** A staff user's email address as every form and CLI command takes it: trimmed, lower-cased, deliverable length. */
export const staffEmailSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Invalid email address' }))
    .pipe(z.string().max(254, 'must be at most 254 characters')),
);

/** Staff sign-in form (credentials provider). */
export const credentialsSchema = lazySchema(() =>
  z.object({
    email: staffEmailSchema,
    password: z.string().min(1).max(200),
  }),
);
