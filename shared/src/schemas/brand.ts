// Brand config (docs/product.md §3): theme colours and financial providers of one brand, stored as
// brand/{brand}/config.json.
import { z } from 'zod';
import { accentContrastIssues } from './brand-colours';
import { httpUrlSchema, isHttpsUrl, isSitePath } from './url';
import { lazySchema } from './lazy-schema';

const colour = lazySchema(() =>
  z
    .string()
    .max(7)
    .regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #0f6e4f'),
);

export const BRAND_COLOUR_KEYS = ['text', 'muted', 'background', 'surface', 'border', 'danger'] as const;

/**
 * A lender offered in the results' financing: its private-loan slider limits override the defaults (docs/product.md
 * §9).
 */
export const financialProviderSchema = lazySchema(() =>
  z
    .object({
      id: z
        .string()
        .max(63)
        .regex(/^[a-z0-9-]+$/),
      name: z.string().min(1).max(255),
      url: httpUrlSchema.optional(),
      private_loan: z
        .object({
          min_rate: z.number().min(0).max(30),
          max_rate: z.number().min(0).max(30),
          default_rate: z.number().min(0).max(30).optional(),
        })
        .strict()
        .refine((r) => r.min_rate <= r.max_rate, { message: 'min_rate must not exceed max_rate', path: ['min_rate'] })
        .optional(),
    })
    .strict(),
);

export const PRIVACY_NOTICE_TEXT_MAX = 4000;

export const brandConfigSchema = lazySchema(() =>
  z
    .object({
      name: z.string().min(1).max(255).optional(),
      /** The brand's logo in the page header: an https URL or a path on this site (what the pages' CSP loads). */
      logo: z
        .string()
        .trim()
        .min(1)
        .max(255)
        .refine((v) => isHttpsUrl(v) || isSitePath(v), 'an https URL or a path starting with /')
        .optional(),
      accent: colour.optional(),
      accentSoft: colour.optional(),
      accentDark: colour.optional(),
      /** The other theme colours. */
      colours: z.partialRecord(z.enum(BRAND_COLOUR_KEYS), colour).optional(),
      financial_providers: z.array(financialProviderSchema).max(20).optional(),
      /** The organisation's own addition to the privacy notice, per language (plain text). */
      privacy_notice: z
        .object({
          sv: z.string().trim().max(PRIVACY_NOTICE_TEXT_MAX).optional(),
          en: z.string().trim().max(PRIVACY_NOTICE_TEXT_MAX).optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
);
export type BrandConfig = z.infer<typeof brandConfigSchema>;

/** A lender's default rate, when given, lies between its lowest and highest (what the results' slider starts at). */
export function defaultRateOutside(loan: { min_rate?: unknown; max_rate?: unknown; default_rate?: unknown }): boolean {
  const { min_rate: min, max_rate: max, default_rate: rate } = loan;
  // Only numbers are compared: the schema names a rate that is not one by itself (this runs after such a failure too).
  if (typeof min !== 'number' || typeof max !== 'number' || typeof rate !== 'number' || min > max) return false;
  return rate < min || rate > max;
}

/**
 * What an admin may save: a brand config with a name, whose lenders' default rates lie within their limits and whose
 * accents (the unset ones mixed from the accent) reach AA contrast where the pages put text on them. Stored configs
 * are read with brandConfigSchema, so an older brand keeps working.
 */
export const brandConfigInputSchema = lazySchema(() =>
  brandConfigSchema.extend({ name: z.string().trim().max(255).optional() }).superRefine((config, ctx) => {
    // Checked here rather than as a required key, so a missing name does not hide the other problems.
    if (!config.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'must not be empty' });
    (config.financial_providers ?? []).forEach((provider, index) => {
      if (provider?.private_loan && defaultRateOutside(provider.private_loan))
        ctx.addIssue({
          code: 'custom',
          path: ['financial_providers', index, 'private_loan', 'default_rate'],
          message: 'must lie between min_rate and max_rate',
        });
    });
    for (const issue of accentContrastIssues(config))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }),
);
export type FinancialProvider = z.infer<typeof financialProviderSchema>;

export interface BrandConfigResponse {
  brand: string;
  config: BrandConfig;
}
