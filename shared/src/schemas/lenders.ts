// Green mortgage discounts (docs/product.md §7: POST /api/flow/{lender}/discounts, two bank lenders): the lenders, the
// request the results dashboard sends and the answer the BFF gives. The lenders and their numbers are demo data.
import { z } from 'zod';
import { energyClassSchema, type EnergyClass } from './energy';
import { MORTGAGE_MAX } from '../finance/loan-terms';
import { lazySchema } from './lazy-schema';

export const LENDERS = ['demo-bank', 'demo-bolan'] as const;
export const lenderSchema = lazySchema(() => z.enum(LENDERS));
export type Lender = z.infer<typeof lenderSchema>;

/** The home's energy class after the measure, and the mortgage it would be on (kr, at most the mortgage maximum). */
export const discountRequestSchema = lazySchema(() =>
  z
    .object({
      energy_class_after: energyClassSchema,
      /** The class today, when known: some lenders also reward a big step up. */
      energy_class_before: energyClassSchema.optional(),
      mortgage_amount: z.number().min(0).max(MORTGAGE_MAX),
    })
    .strict(),
);
export type DiscountRequest = z.infer<typeof discountRequestSchema>;

export interface DiscountResponse {
  lender: Lender;
  /** The lender's name as shown; demo lenders say so. */
  name: string;
  /** Demo numbers, not an offer. */
  demo: boolean;
  energy_class_after: EnergyClass;
  mortgage_amount: number;
  /** Percentage points off the mortgage interest rate (0 when the home does not qualify). In kr per year:
   *  shared/finance mortgageDiscount(interest_discount, mortgage amount). */
  interest_discount: number;
  eligible: boolean;
  /** Why the home qualifies or not, in English and Swedish. */
  reason: { en: string; sv: string };
}
