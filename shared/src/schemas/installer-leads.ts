// Installer leads: a homeowner's request to an installer, as the addressed installer organisation works it in the
// console (/console/org/{org}/requests) and as the homeowner sees its status. The BFF validates with these schemas.
import { z } from 'zod';
import { idParamSchema } from './ids';
import { lazySchema } from './lazy-schema';

export const LEAD_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost', 'declined'] as const;
export const leadStatusSchema = lazySchema(() => z.enum(LEAD_STATUSES));
export type LeadStatus = z.infer<typeof leadStatusSchema>;

/** The moves an installer may make; won, lost and declined are final. */
export const LEAD_TRANSITIONS: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  new: ['contacted', 'declined'],
  contacted: ['quoted', 'lost', 'declined'],
  quoted: ['won', 'lost'],
  won: [],
  lost: [],
  declined: [],
};

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

/** One request as its installer organisation sees it: only the contact details the homeowner gave to be reached. */
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
}

/** GET /api/console/org/{org}/installer-requests: newest first. */
export interface LeadList {
  requests: Lead[];
}

/** The four stages of the brand's funnel (activities analytics), each a count of requests that reached it. */
export const FUNNEL_STAGES = ['requested', 'contacted', 'quoted', 'won'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
