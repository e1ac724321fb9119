// Installer leads: a homeowner's request to an installer, as the addressed installer organisation works it in the
// console (/console/org/{org}/requests) and as the homeowner sees its status. The BFF validates with these schemas.
import { z } from 'zod';
import { ACTIVITY_TYPES, type ActivityType } from './energy';
import { idParamSchema } from './ids';
import { lazySchema } from './lazy-schema';

/**
 * `withdrawn`: the homeowner withdrew an open request (new, contacted or quoted). The installer keeps the lead, its
 * note and times, without the homeowner's contact details; only the homeowner's re-request reopens it, at the status
 * it had (docs/using-the-demo.md "Installer leads").
 */
/**
 * `account_deleted`: the homeowner erased their account (docs/privacy.md "Erasure"). The installer keeps the lead
 * (address, measure, dates) without a name or contact details, and nothing moves it any more.
 */
export const LEAD_STATUSES = [
  'new',
  'contacted',
  'quoted',
  'won',
  'lost',
  'declined',
  'withdrawn',
  'account_deleted',
] as const;
export const leadStatusSchema = lazySchema(() => z.enum(LEAD_STATUSES));
export type LeadStatus = z.infer<typeof leadStatusSchema>;

/**
 * The moves an installer may make; won, lost and declined are final, and a withdrawn lead takes only notes (PATCH with
 * its own status `withdrawn`).
 */
export const LEAD_TRANSITIONS: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  new: ['contacted', 'declined'],
  contacted: ['quoted', 'lost', 'declined'],
  quoted: ['won', 'lost'],
  won: [],
  lost: [],
  declined: [],
  withdrawn: [],
  account_deleted: [],
};

/** What a homeowner's withdrawal moves to `withdrawn`; won, lost and declined stay as the installer left them. */
export const WITHDRAWABLE_STATUSES: readonly LeadStatus[] = ['new', 'contacted', 'quoted'];

export function canMoveLead(from: LeadStatus, to: LeadStatus): boolean {
  return LEAD_TRANSITIONS[from].includes(to);
}

export const LEAD_NOTE_MAX = 1000;

/** PATCH /api/console/org/{org}/installer-requests/{id}: the new status, with an optional note (null clears it). */
export const leadUpdateSchema = lazySchema(() =>
  z
    .object({
      status: leadStatusSchema,
      note: z.string().trim().max(LEAD_NOTE_MAX, `must be at most ${LEAD_NOTE_MAX} characters`).nullable().optional(),
    })
    .strict(),
);
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

export const leadIdSchema = idParamSchema;

/**
 * One request as its installer organisation sees it: only the contact details the homeowner gave to be reached (the
 * email only once the homeowner confirmed it; neither once they withdrew the request).
 */
export interface Lead {
  id: number;
  property: { street: string; postal_code: string; postal_city: string };
  /** The recommendation (activity type) the request is about. */
  key: string;
  /**
   * All null once the homeowner withdrew their consent or the retention period ended (personal_data_removed_at), and
   * once they erased their account (status `account_deleted`).
   */
  homeowner: { name: string | null; email: string | null; mobile: string | null };
  requested_at: string;
  status: LeadStatus;
  note: string | null;
  status_changed_at: string | null;
  /** When the homeowner withdrew it (status `withdrawn`); null otherwise. */
  withdrawn_at: string | null;
  /** When the homeowner's personal data left the lead; null while the installer may reach them. */
  personal_data_removed_at: string | null;
}

export const LEAD_SORTS = ['newest', 'oldest'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
/** Requests per page: the console's default, and the most one call answers. */
export const LEAD_PAGE_SIZE = 20;
export const LEAD_PAGE_SIZE_MAX = 100;
export const LEAD_SEARCH_MAX = 100;

/**
 * GET /api/console/org/{org}/installer-requests?status=&measure=&q=&sort=&page=&size=: one page of the requests, by
 * status and measure, searched by address or homeowner name (`q`, case-insensitive), newest (default) or oldest first.
 */
export const leadListQuerySchema = lazySchema(() =>
  z
    .object({
      status: leadStatusSchema.optional(),
      measure: z.enum(ACTIVITY_TYPES).optional(),
      q: z.string().trim().max(LEAD_SEARCH_MAX, `must be at most ${LEAD_SEARCH_MAX} characters`).optional(),
      sort: z.enum(LEAD_SORTS).default('newest'),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      size: z.coerce
        .number()
        .int()
        .min(1)
        .max(LEAD_PAGE_SIZE_MAX, `must be at most ${LEAD_PAGE_SIZE_MAX}`)
        .default(LEAD_PAGE_SIZE),
    })
    .strict(),
);
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** GET /api/console/org/{org}/installer-requests: one page of the requests, in the order asked. */
export interface LeadList {
  requests: Lead[];
  /** The requests that match every filter (all pages). */
  total: number;
  page: number;
  size: number;
  /** Per status, the requests that match the measure and the search (the status filter aside). */
  counts: Record<LeadStatus, number>;
}

/**
 * The measures an installer can be asked about (the engine's measures that need an installer; a bff test holds the
 * two equal): what an installer organisation says it does (PUT …/configuration/installer-measures).
 */
export const INSTALLER_MEASURES = [
  'insulation_attic',
  'insulation_walls',
  'energy_efficient_windows',
  'window_film',
  'energy_efficient_doors',
  'heat_pump_geothermal',
  'heat_pump_airwater',
  'heat_pump_air',
  'heat_pump',
  'heat_pump_smart_steering',
  'solar_panel_installation',
  'battery_installation',
  'solar_panel_and_battery_installation',
  'low_flush_faucets',
  'wallbox_charger_station',
  'complete_renovation',
  'top_of_the_line',
] as const satisfies readonly ActivityType[];
export type InstallerMeasure = (typeof INSTALLER_MEASURES)[number];

/** PUT /api/console/org/{org}/configuration/installer-measures: the measures the installer organisation does. */
export const installerMeasuresUpdateSchema = lazySchema(() =>
  z
    .object({
      measures: z
        .array(z.enum(INSTALLER_MEASURES))
        .min(1, 'choose at least one measure')
        .max(INSTALLER_MEASURES.length)
        .refine((list) => new Set(list).size === list.length, 'must not name a measure twice'),
    })
    .strict(),
);
export type InstallerMeasuresUpdate = z.infer<typeof installerMeasuresUpdateSchema>;

/** The four stages of the brand's funnel (activities analytics), each a count of requests that reached it. */
export const FUNNEL_STAGES = ['requested', 'contacted', 'quoted', 'won'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
