// A renovation plan: measures the homeowner ticks together, run by the engine in one model run (engine README "Plans").
import { z } from 'zod';
import { LOAN_TYPES } from '../finance/loan-terms';
import type { Financing } from '../finance/financing';
import {
  activityTypeSchema,
  type ActivityType,
  type EnergyClass,
  type EstimatedEpcLabel,
  type PerCarrier,
  type Subsidy,
} from './energy';
import { lazySchema } from './lazy-schema';

/**
 * The loan the plan is financed with; what is left out takes the loan type's defaults
 * (shared/src/finance/loan-terms.ts).
 */
export const planLoanSchema = lazySchema(() =>
  z
    .object({
      type: z.enum(LOAN_TYPES),
      /** Years (ignored for Cash). */
      term: z.number().int().min(1).max(50).optional(),
      /** % per year of the loan type (private loan or mortgage). */
      interest_rate: z.number().min(0).max(9).optional(),
      home_valuation: z.number().min(0).max(20_000_000).optional(),
      home_loan: z.number().min(0).max(10_000_000).optional(),
    })
    .strict(),
);
export type PlanLoan = z.infer<typeof planLoanSchema>;

/** POST /property/{id}/plan: the measures (types) of the plan, each at most once; an empty list clears the plan. */
export const planRequestSchema = lazySchema(() =>
  z
    .object({
      measures: z
        .array(activityTypeSchema)
        .max(20)
        .refine((list) => new Set(list).size === list.length, 'each measure at most once'),
      loan: planLoanSchema.optional(),
    })
    .strict(),
);
export type PlanRequest = z.infer<typeof planRequestSchema>;

/**
 * The engine's answer for one plan: everything the plan's measures do together (not the sum of the measures' cards).
 */
export interface PlanResult {
  /** In the engine's registry order. */
  measures: ActivityType[];
  /** The calculated label of the house as it is, and after the whole plan. */
  label_before: EstimatedEpcLabel;
  epc_label: EstimatedEpcLabel;
  /** Gross, middle of the ranges, kr; the span is the width of the summed ranges. */
  investment_cost: number;
  investment_cost_span: number;
  life_span: number;
  /** ROT and grön teknik over the whole plan (caps per person apply once). */
  subsidies: Subsidy[];
  kwh_saved_bought: number;
  kwh_sold: number;
  /** kr per year. */
  energy_cost_savings: number;
  energy_diff_per_carrier: PerCarrier;
  /** kg CO₂e per year less (bought energy; exports not credited). */
  co2_saved_kg: number;
  payback_years: number | null;
  pays_back: boolean;
  lifetime_value: number;
  loan: PlanLoan;
  financing: Financing;
}

/** GET /property/{id}/plan. */
export interface PlanResponse {
  /** null when the owner has no plan (or the building cannot be computed: see errors). */
  plan: PlanResult | null;
  errors: { code: string; message: string }[];
}

/**
 * The cheapest set of measures (by gross investment) whose plan reaches a class; one suggestion per distinct set, so a
 * set that is the cheapest way to several classes names them all.
 */
export interface PlanSuggestion {
  /** The best class this set is the cheapest way to (the first of `energy_classes`). */
  energy_class: EnergyClass;
  /** Every class this set is the cheapest way to, best first (e.g. E and F). */
  energy_classes: EnergyClass[];
  measures: ActivityType[];
  investment_cost: number;
  energy_cost_savings: number;
  epc_label: EstimatedEpcLabel;
}

/** GET /property/{id}/plan/suggestions: one per distinct set of measures reaching a better class, best class first. */
export interface PlanSuggestionsResponse {
  suggestions: PlanSuggestion[];
  errors: { code: string; message: string }[];
}
