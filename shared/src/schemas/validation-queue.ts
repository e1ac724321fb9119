// The console's validation queue (feature platform_validation): homes whose answers fail a plausibility rule and
// uploaded energy performance certificates waiting for staff. Approving a document makes it the home's issued label.
import { z } from 'zod';
import { calendarDaySchema } from './dates';
import { energyClassSchema } from './energy';
import { lazySchema } from './lazy-schema';

/** The plausibility rules (bff/src/modules/validation/rules.ts says what each checks). */
export const PLAUSIBILITY_RULES = [
  'atemp_per_floor',
  'heat_pump_before_construction',
  'heat_pump_year_without_heat_pump',
  'solar_exceeds_roof',
  'occupants_per_area',
] as const;
export type PlausibilityRule = (typeof PLAUSIBILITY_RULES)[number];

export interface PlausibilityIssue {
  rule: PlausibilityRule;
  /** The answers the rule looked at. */
  values: Record<string, number | string | null>;
}

export interface QueueDocument {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  energy_class: string;
  ep: number | null;
  issued_at: string | null;
  status: 'pending' | 'approved' | 'rejected';
  uploaded_at: string;
}

export interface ValidationItem {
  profile_id: number;
  property: { id: number; name: string };
  owner: 'homeowner' | 'visitor';
  calculated_class: string | null;
  issued_epc: { class: string; issued_at: string | null; source: string } | null;
  issues: PlausibilityIssue[];
  documents: QueueDocument[];
  updated_at: string;
}

export interface ValidationQueue {
  items: ValidationItem[];
  /** Items waiting in all (the list shows the oldest first, at most `limit`). */
  open: number;
}

export const validationQueueQuerySchema = lazySchema(() =>
  z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }).strict(),
);

/** POST …/validation/documents/{id}/approve: the label as on the certificate (defaults: what the homeowner gave). */
export const documentApprovalSchema = lazySchema(() =>
  z
    .object({
      energy_class: energyClassSchema.optional(),
      ep: z.number().min(0).max(2000).nullable().optional(),
      issued_at: calendarDaySchema.nullable().optional(),
    })
    .strict(),
);
export type DocumentApproval = z.infer<typeof documentApprovalSchema>;

/** POST …/validation/documents/{id}/reject, and …/validation/profiles/{id}/review for answers. */
export const rejectionSchema = lazySchema(() =>
  z.object({ reason: z.string().trim().min(1, 'say why').max(500) }).strict(),
);

/** POST …/validation/profiles/{id}/review: the answers are plausible after all (accepted) or wrong (rejected). */
export const answersReviewSchema = lazySchema(() =>
  z.object({ outcome: z.enum(['accepted', 'rejected']), note: z.string().trim().max(500).optional() }).strict(),
);
export type AnswersReview = z.infer<typeof answersReviewSchema>;

export const documentIdSchema = lazySchema(() => z.uuid());
