// The edges of the money rules a caller relies on that the main suites leave open (docs/testing.md#mutation-score).
import { financeMeasure, interestPerYear, priceToCentsPerKwh, remainingLoanSeries } from '../financing';
import { defaultLoanSettings, privateLoanInterestLimits, withLoanType, type LoanSettings } from '../loan-terms';
import { roundToSignificant } from '../rounding';

const settings = (loanType: LoanSettings['loanType'], changes: Partial<LoanSettings> = {}): LoanSettings => ({
  ...withLoanType(defaultLoanSettings(), loanType),
  ...changes,
});

describe('interest and remaining loan: nothing borrowed or no rate means no interest and no loan', () => {
  it('a negative amount or a negative rate pays no interest (never a negative one)', () => {
    expect(interestPerYear(-1_000, 2, 10)).toEqual([0, 0]);
    expect(interestPerYear(1_000, 2, -10)).toEqual([0, 0]);
    expect(interestPerYear(1_000, 2, 0)).toEqual([0, 0]);
  });

  it('an amount of 0 or below leaves no loan to chart: one point, 0', () => {
    expect(remainingLoanSeries(0, 3)).toEqual([0]);
    expect(remainingLoanSeries(-900, 3)).toEqual([0]);
  });

  it('the remaining loan ends at exactly 0 even where amount / n does not divide evenly', () => {
    const series = remainingLoanSeries(250_000, 7);
    expect(series).toHaveLength(8);
    expect(series[0]).toBe(250_000);
    expect(series[7]).toBe(0);
  });
});

describe('financeMeasure edges', () => {
  const measure = { investmentCost: 100_000, yearlySavings: 10_000 };

  it.each([[0], [null], [undefined], [-5]])('a life span of %p uses the default 30 years', (lifeSpan) => {
    const money = financeMeasure({ ...measure, lifeSpan }, settings('Cash'));
    expect(money.lifeSpan).toBe(30);
    expect(money.savingsSeries).toHaveLength(31);
    expect(money.totalLeftToLiveOn).toBe(10_000 * 30 - 100_000);
  });

  it('a cost exactly at the loan limit is borrowed whole and does not exceed the limit', () => {
    const money = financeMeasure({ ...measure, investmentCost: 1_000_000 }, settings('Private'));
    expect(money.loanLimit).toBe(1_000_000);
    expect(money.loanAmount).toBe(1_000_000);
    expect(money.cashPayment).toBe(0);
    expect(money.exceedsLoanLimit).toBe(false);
  });

  it('one krona above the limit exceeds it and is paid in cash', () => {
    const money = financeMeasure({ ...measure, investmentCost: 1_000_001 }, settings('Private'));
    expect(money.exceedsLoanLimit).toBe(true);
    expect(money.cashPayment).toBe(1);
  });

  it('Cash borrows nothing whatever term the settings carry', () => {
    const money = financeMeasure(measure, settings('Cash', { loanTerm: 10, extensionLoan: 50_000 }));
    expect(money).toMatchObject({ loanAmount: 0, loanTerm: 0, loanLimit: null, interestCost: 0, cashPayment: 100_000 });
    expect(money.repaymentSeries).toEqual([0]);
  });
});

describe('provider rates', () => {
  it('a provider without a private loan keeps the default rate 4.9 %', () => {
    expect(defaultLoanSettings('Private', {}).privateLoanInterest).toBe(4.9);
  });

  it('a provider whose minimum and maximum rate are equal gives a slider of one value', () => {
    expect(privateLoanInterestLimits({ private_loan: { min_rate: 4, max_rate: 4 } })).toEqual({ min: 4, max: 4 });
  });
});

describe('rounding', () => {
  it('a price half an öre-hundredth up rounds up (0.12345 kr → 12.35 öre, 0.00015 kr → 0.02 öre)', () => {
    expect(priceToCentsPerKwh(0.12345)).toBe(12.35);
    expect(priceToCentsPerKwh(0.00015)).toBe(0.02);
  });

  it('says which digit count it refuses', () => {
    expect(() => roundToSignificant(5, 0)).toThrow('digits must be a positive integer, got 0');
    expect(() => roundToSignificant(5, 1.5)).toThrow('digits must be a positive integer, got 1.5');
  });

  it('rounds one significant digit and exact negatives', () => {
    expect(roundToSignificant(7.4, 1)).toBe(7);
    expect(roundToSignificant(-7.5, 1)).toBe(-8);
    expect(roundToSignificant(-125_000)).toBe(-130_000);
  });
});
