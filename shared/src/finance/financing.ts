// The money of one recommended measure under cash, a private loan or a mortgage (docs/architecture.md §10,
// docs/product.md §9).
//   C = investment cost, n = loan term (years), r = interest rate % per year, Y = yearly energy cost savings (kr).
//   Yearly amortization A = C / n. Interest in year k (k = 0..n-1) = (C − k·A)·r/100; interest cost I = Σ.
//   Interest after deduction = I·0.7. Repayment without interest = C / Y; with interest = (C + I·0.7) / Y.
//   Cash: n = 0, no interest. Total left to live on over the life span L = Y·L − C − I·0.7.
//   Savings series: cumulative savings per year 0..L; repayment series: remaining loan per year 0..n.
// Where only part of C can be borrowed (the loan limits below), the loan formulas run on the borrowed amount and
// the rest is paid in cash; the repayment periods and the total left to live on still count the whole C.
import { roundToSignificant } from './rounding';
import {
  activeInterestRate,
  DEFAULT_LIFE_SPAN,
  INTEREST_DEDUCTION_FACTOR,
  loanLimit,
  MORTGAGE_MAX,
  type LoanSettings,
  type LoanType,
} from './loan-terms';

/** What the engine says about one measure (docs/product.md §3 Activity), in the units the money rules use. */
export interface MeasureMoney {
  /** kr, before subsidies (the middle of the range). */
  investmentCost: number;
  /** kr: the whole width of the cost range. */
  investmentCostSpan?: number;
  /** Y: kr per year. */
  yearlySavings: number;
  /** Years; missing or 0 uses the default life span (30). */
  lifeSpan?: number | null;
}

export interface CostRange {
  low: number;
  high: number;
}

/** docs/product.md §9: cost ± half the span, each rounded to 2 significant digits (a cost is never below 0). */
export function investmentCostRange(investmentCost: number, investmentCostSpan = 0): CostRange {
  const half = Math.abs(investmentCostSpan) / 2;
  return {
    low: roundToSignificant(Math.max(0, investmentCost - half)),
    high: roundToSignificant(Math.max(0, investmentCost + half)),
  };
}

/**
 * Interest paid in each year k = 0..n-1 of a straight (equal amortization) loan of `amount` over `term` years at
 * `rate` %.
 */
export function interestPerYear(amount: number, term: number, rate: number): number[] {
  const n = Math.max(0, Math.round(term));
  if (n === 0 || amount <= 0 || rate <= 0) return Array.from({ length: n }, () => 0);
  const amortization = amount / n;
  return Array.from({ length: n }, (_, k) => ((amount - k * amortization) * rate) / 100);
}

/** Remaining loan at the start of each year 0..n (the last is 0). */
export function remainingLoanSeries(amount: number, term: number): number[] {
  const n = Math.max(0, Math.round(term));
  if (n === 0 || amount <= 0) return [0];
  const amortization = amount / n;
  return Array.from({ length: n + 1 }, (_, k) => (k === n ? 0 : amount - k * amortization));
}

/** Cumulative savings at the end of each year 0..L. */
export function cumulativeSavingsSeries(yearlySavings: number, lifeSpan: number): number[] {
  const years = Math.max(0, Math.round(lifeSpan));
  return Array.from({ length: years + 1 }, (_, k) => yearlySavings * k);
}

/** Years until the savings have paid `amount` back; null when they never do (no or negative savings). */
export function repaymentPeriod(amount: number, yearlySavings: number): number | null {
  if (!(yearlySavings > 0) || !Number.isFinite(amount)) return null;
  return Math.max(0, amount) / yearlySavings;
}

/**
 * docs/product.md §9: mortgage discount (kr per year) = interest discount (percentage points) × mortgage amount / 100,
 * the amount capped at 10 000 000.
 */
export function mortgageDiscount(interestDiscount: number, mortgageAmount: number): number {
  const amount = Math.min(MORTGAGE_MAX, Math.max(0, mortgageAmount));
  return (Math.max(0, interestDiscount) * amount) / 100;
}

/** The rates payload's price: öre per kWh = kr per kWh × 100 (docs/product.md §3), to 2 decimals. */
export function priceToCentsPerKwh(krPerKwh: number): number {
  return Math.round(Math.max(0, krPerKwh) * 100 * 100 * (1 + Number.EPSILON)) / 100;
}

export interface Financing {
  loanType: LoanType;
  /** r, % per year (0 for cash). */
  interestRate: number;
  /** n, years; 0 when nothing is borrowed. */
  loanTerm: number;
  /** C (after the multiplier). */
  investmentCost: number;
  investmentCostRange: CostRange;
  /** What is borrowed for the measure. */
  loanAmount: number;
  /** What is paid up front: C − loanAmount. */
  cashPayment: number;
  /** The most that could be borrowed for this measure; null for cash. */
  loanLimit: number | null;
  /** The cost is above what may be borrowed (the limits, not the homeowner's choice), so part of it is paid in cash. */
  exceedsLoanLimit: boolean;
  /** A = loan / n per year; null when nothing is borrowed. */
  yearlyAmortization: number | null;
  interestPerYear: number[];
  /** I. */
  interestCost: number;
  /** I·0.7. */
  interestCostAfterDeduction: number;
  /** C / Y; null = never. */
  repaymentYears: number | null;
  /** (C + I·0.7) / Y; null = never. */
  repaymentYearsWithInterest: number | null;
  lifeSpan: number;
  /** Y·L − C − I·0.7. */
  totalLeftToLiveOn: number;
  /** Cumulative savings per year 0..L. */
  savingsSeries: number[];
  /** Remaining loan per year 0..n. */
  repaymentSeries: number[];
  /**
   * The mortgage after the measure (existing home loan, plus the extension when the measure is on the mortgage), ≤ 10
   * 000 000.
   */
  mortgageAmount: number;
}

/** Every financing figure of one measure (docs/product.md §3 "savings result per activity"). */
export function financeMeasure(measure: MeasureMoney, settings: LoanSettings): Financing {
  const multiplier = Number.isFinite(settings.multiplier) && settings.multiplier > 0 ? settings.multiplier : 1;
  const cost = Math.max(0, measure.investmentCost) * multiplier;
  const span = Math.max(0, measure.investmentCostSpan ?? 0) * multiplier;
  const savings = measure.yearlySavings;
  const lifeSpan = measure.lifeSpan && measure.lifeSpan > 0 ? measure.lifeSpan : DEFAULT_LIFE_SPAN;

  const limit = loanLimit(settings);
  const requestedTerm = settings.loanType === 'Cash' ? 0 : Math.max(0, Math.round(settings.loanTerm));
  const chosen = settings.extensionLoan === null ? Infinity : Math.max(0, settings.extensionLoan);
  const borrowable = limit === null ? 0 : Math.min(cost, limit, chosen);
  // A term of 0 borrows nothing: the measure is paid up front.
  const loanAmount = requestedTerm > 0 ? borrowable : 0;
  const loanTerm = loanAmount > 0 ? requestedTerm : 0;
  const interestRate = activeInterestRate(settings);
  const interest = interestPerYear(loanAmount, loanTerm, interestRate);
  const interestCost = interest.reduce((sum, value) => sum + value, 0);
  const interestCostAfterDeduction = interestCost * INTEREST_DEDUCTION_FACTOR;

  const existingMortgage = Math.max(0, settings.homeLoan);
  const mortgageAmount = Math.min(MORTGAGE_MAX, existingMortgage + (settings.loanType === 'Mortgage' ? loanAmount : 0));

  return {
    loanType: settings.loanType,
    interestRate,
    loanTerm,
    investmentCost: cost,
    investmentCostRange: investmentCostRange(cost, span),
    loanAmount,
    cashPayment: cost - loanAmount,
    loanLimit: limit,
    exceedsLoanLimit: limit !== null && cost > limit,
    yearlyAmortization: loanTerm > 0 ? loanAmount / loanTerm : null,
    interestPerYear: interest,
    interestCost,
    interestCostAfterDeduction,
    repaymentYears: repaymentPeriod(cost, savings),
    repaymentYearsWithInterest: repaymentPeriod(cost + interestCostAfterDeduction, savings),
    lifeSpan,
    totalLeftToLiveOn: savings * lifeSpan - cost - interestCostAfterDeduction,
    savingsSeries: cumulativeSavingsSeries(savings, lifeSpan),
    repaymentSeries: remainingLoanSeries(loanAmount, loanTerm),
    mortgageAmount,
  };
}
