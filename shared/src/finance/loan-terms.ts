// Loan types, their default terms and rates, and the limits of the financing sliders (docs/product.md §4, §9;
// docs/architecture.md §10). Pure data and small functions: the results dashboard and the BFF (lender discounts) use
// the same numbers.
import type { FinancialProvider } from '../schemas/brand';

/** docs/product.md §4: Private, Mortgage or Cash; default Cash. */
export const LOAN_TYPES = ['Cash', 'Private', 'Mortgage'] as const;
export type LoanType = (typeof LOAN_TYPES)[number];
export const DEFAULT_LOAN_TYPE: LoanType = 'Cash';

export function isLoanType(value: unknown): value is LoanType {
  return typeof value === 'string' && (LOAN_TYPES as readonly string[]).includes(value);
}

/** docs/product.md §9: Private loan 5 years at 4.9 %; Mortgage 20 years at 3.1 %; Cash term 0, rate 0. */
export const LOAN_DEFAULTS: Readonly<Record<LoanType, { term: number; interestRate: number }>> = {
  Cash: { term: 0, interestRate: 0 },
  Private: { term: 5, interestRate: 4.9 },
  Mortgage: { term: 20, interestRate: 3.1 },
};

/** docs/product.md §9: 30 % tax relief on interest (ränteavdrag), so interest costs 0.7 of itself. */
export const INTEREST_DEDUCTION_FACTOR = 0.7;
/** docs/product.md §9: used when an activity has no life span. */
export const DEFAULT_LIFE_SPAN = 30;
/** docs/product.md §9: multiplier 1 (applied to the investment cost and its span). */
export const DEFAULT_MULTIPLIER = 1;

/** docs/product.md §9: default home valuation (for the mortgage amount) and the valuation slider's maximum. */
export const DEFAULT_HOME_VALUATION = 2_000_000;
export const HOME_VALUATION_MAX = 20_000_000;
/** docs/product.md §9: the home loan may be at most 85 % of the valuation minus the investment cost. */
export const HOME_LOAN_SHARE_MAX = 0.85;
/** Our default for the existing home loan: half the default valuation (the spec gives none). */
export const DEFAULT_HOME_LOAN = 1_000_000;
/** docs/product.md §9: the mortgage amount is capped at 10 000 000 in the computation. */
export const MORTGAGE_MAX = 10_000_000;
/** docs/product.md §9: the extension loan (what is borrowed for the measure) is at most 1 000 000. */
export const EXTENSION_LOAN_MAX = 1_000_000;

export interface NumberRange {
  min: number;
  max: number;
}

/** docs/product.md §9: the home loan interest slider runs 0–5 %. */
export const HOME_LOAN_INTEREST_LIMITS: Readonly<NumberRange> = { min: 0, max: 5 };
/** docs/product.md §9: the private loan slider runs 0–5 % ... */
export const PRIVATE_LOAN_INTEREST_LIMITS: Readonly<NumberRange> = { min: 0, max: 5 };
/** ... a financial provider may override it; what the provider leaves out defaults to 0–9 %. */
export const PROVIDER_PRIVATE_LOAN_INTEREST_LIMITS: Readonly<NumberRange> = { min: 0, max: 9 };
/** Loan term sliders (years). The spec gives only the defaults; these ranges are ours. */
export const LOAN_TERM_LIMITS: Readonly<Record<Exclude<LoanType, 'Cash'>, NumberRange>> = {
  Private: { min: 1, max: 15 },
  Mortgage: { min: 1, max: 50 },
};

/**
 * What the money rules read of a brand's financial provider (brand config `financial_providers`): its private loan
 * rates.
 */
export type LoanProvider = Pick<FinancialProvider, 'private_loan'>;

/** docs/product.md §3 loan settings. The active interest rate follows the loan type (docs/product.md §4). */
export interface LoanSettings {
  loanType: LoanType;
  homeValuation: number;
  /** The existing home loan (mortgage) before the measure. */
  homeLoan: number;
  /** Mortgage interest, % per year. */
  homeLoanInterest: number;
  /** Private loan interest, % per year. */
  privateLoanInterest: number;
  /** What is borrowed for the measure (kr); null borrows the whole investment cost (up to the limits). */
  extensionLoan: number | null;
  /** Years; the default of the loan type until the homeowner moves the slider. Cash is always 0. */
  loanTerm: number;
  multiplier: number;
}

/** The defaults of docs/product.md §9; a financial provider's default private loan rate replaces 4.9 %. */
export function defaultLoanSettings(
  loanType: LoanType = DEFAULT_LOAN_TYPE,
  provider?: LoanProvider | null,
): LoanSettings {
  return {
    loanType,
    homeValuation: DEFAULT_HOME_VALUATION,
    homeLoan: DEFAULT_HOME_LOAN,
    homeLoanInterest: LOAN_DEFAULTS.Mortgage.interestRate,
    privateLoanInterest: provider?.private_loan?.default_rate ?? LOAN_DEFAULTS.Private.interestRate,
    extensionLoan: null,
    loanTerm: LOAN_DEFAULTS[loanType].term,
    multiplier: DEFAULT_MULTIPLIER,
  };
}

/** Switches the loan type: the term goes back to the new type's default; the rates stay as the homeowner set them. */
export function withLoanType(settings: LoanSettings, loanType: LoanType): LoanSettings {
  if (settings.loanType === loanType) return settings;
  return { ...settings, loanType, loanTerm: LOAN_DEFAULTS[loanType].term };
}

/** docs/product.md §4: the active interest rate follows the loan type (Cash: none). */
export function activeInterestRate(
  settings: Pick<LoanSettings, 'loanType' | 'homeLoanInterest' | 'privateLoanInterest'>,
): number {
  switch (settings.loanType) {
    case 'Cash':
      return 0;
    case 'Private':
      return settings.privateLoanInterest;
    case 'Mortgage':
      return settings.homeLoanInterest;
  }
}

/**
 * The private loan interest slider: 0–5 without a provider; the provider's rates; 0–9 for a provider that gives none.
 */
export function privateLoanInterestLimits(provider?: LoanProvider | null): NumberRange {
  if (!provider) return { ...PRIVATE_LOAN_INTEREST_LIMITS };
  if (!provider.private_loan) return { ...PROVIDER_PRIVATE_LOAN_INTEREST_LIMITS };
  const { min_rate: min, max_rate: max } = provider.private_loan;
  return min <= max ? { min, max } : { min: max, max: min };
}

/** docs/product.md §9: home loan max = 85 % of the valuation minus the investment cost (never below 0). */
export function homeLoanMax(homeValuation: number, investmentCost: number): number {
  return Math.max(0, HOME_LOAN_SHARE_MAX * Math.max(0, homeValuation) - Math.max(0, investmentCost));
}

/**
 * The most that may be borrowed for a measure (docs/product.md §9): the extension loan maximum, and for a mortgage also
 * the room under 85 % of the valuation and under the mortgage maximum after the existing home loan. null for cash.
 */
export function loanLimit(settings: Pick<LoanSettings, 'loanType' | 'homeValuation' | 'homeLoan'>): number | null {
  if (settings.loanType === 'Cash') return null;
  let limit = EXTENSION_LOAN_MAX;
  if (settings.loanType === 'Mortgage') {
    // The mortgage as a whole may not pass 85 % of the valuation, nor the computation's mortgage maximum.
    const ceiling = Math.min(MORTGAGE_MAX, HOME_LOAN_SHARE_MAX * Math.max(0, settings.homeValuation));
    limit = Math.min(limit, Math.max(0, ceiling - Math.max(0, settings.homeLoan)));
  }
  return limit;
}

export interface SliderLimits extends NumberRange {
  step: number;
}

export interface LoanSliderLimits {
  homeValuation: SliderLimits;
  homeLoan: SliderLimits;
  homeLoanInterest: SliderLimits;
  privateLoanInterest: SliderLimits;
  extensionLoan: SliderLimits;
  /** null for Cash: there is no term. */
  loanTerm: SliderLimits | null;
}

/**
 * The limits of every financing slider for one measure (its investment cost decides the home loan and extension loan
 * maxima).
 */
export function loanSliderLimits(input: {
  loanType: LoanType;
  investmentCost: number;
  homeValuation: number;
  homeLoan: number;
  provider?: LoanProvider | null;
}): LoanSliderLimits {
  const cost = Math.max(0, input.investmentCost);
  const limit = loanLimit(input) ?? EXTENSION_LOAN_MAX;
  return {
    homeValuation: { min: 0, max: HOME_VALUATION_MAX, step: 50_000 },
    homeLoan: { min: 0, max: Math.min(MORTGAGE_MAX, homeLoanMax(input.homeValuation, cost)), step: 10_000 },
    homeLoanInterest: { ...HOME_LOAN_INTEREST_LIMITS, step: 0.05 },
    privateLoanInterest: { ...privateLoanInterestLimits(input.provider), step: 0.05 },
    extensionLoan: { min: 0, max: Math.min(limit, cost), step: 1_000 },
    loanTerm: input.loanType === 'Cash' ? null : { ...LOAN_TERM_LIMITS[input.loanType], step: 1 },
  };
}

export function clampToRange(value: number, range: NumberRange): number {
  if (!Number.isFinite(value)) return range.min;
  return Math.min(range.max, Math.max(range.min, value));
}
