// Installer leads: a homeowner's request to an installer, as the addressed installer organisation works it in the
// console (/console/org/{org}/requests) and as the homeowner sees its status. The BFF validates with these schemas.
import { z } from 'zod';
import { idParamSchema } from './ids';
import { lazySchema } from './lazy-schema';

/**
 * `withdrawn`: the homeowner withdrew an open request (new, contacted or quoted). The installer keeps the lead, its
 * note and times, without the homeowner's contact details; only the homeowner's re-request reopens it, at the status
 * it had (docs/using-the-demo.md "Installer leads").
 */
export const LEAD_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost', 'declined', 'withdrawn'] as const;
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
  homeowner: { name: string; email: string | null; mobile: string | null };
  requested_at: string;
  status: LeadStatus;
  note: string | null;
  status_changed_at: string | null;
  /** When the homeowner withdrew it (status `withdrawn`); null otherwise. */
  withdrawn_at: string | null;
}

/** GET /api/console/org/{org}/installer-requests: newest first. */
export interface LeadList {
  requests: Lead[];
}

/** The four stages of the brand's funnel (activities analytics), each a count of requests that reached it. */
export const FUNNEL_STAGES = ['requested', 'contacted', 'quoted', 'won'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
