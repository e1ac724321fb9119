import {
  cumulativeSavingsSeries,
  financeMeasure,
  interestPerYear,
  investmentCostRange,
  mortgageDiscount,
  priceToCentsPerKwh,
  remainingLoanSeries,
  repaymentPeriod,
} from '../financing';
import { defaultLoanSettings, withLoanType, type LoanSettings } from '../loan-terms';

/** A measure that costs 100 000 kr and saves 10 000 kr a year for 30 years. */
const measure = { investmentCost: 100_000, investmentCostSpan: 40_000, yearlySavings: 10_000, lifeSpan: 30 };

const settings = (loanType: LoanSettings['loanType'], changes: Partial<LoanSettings> = {}): LoanSettings => ({
  ...withLoanType(defaultLoanSettings(), loanType),
  ...changes,
});

describe('Cash (the default): paid up front, no interest', () => {
  const cash = financeMeasure(measure, defaultLoanSettings());

  it('borrows nothing and pays no interest', () => {
    expect(cash).toMatchObject({
      loanType: 'Cash',
      interestRate: 0,
      loanTerm: 0,
      investmentCost: 100_000,
      loanAmount: 0,
      cashPayment: 100_000,
      loanLimit: null,
      exceedsLoanLimit: false,
      yearlyAmortization: null,
      interestCost: 0,
      interestCostAfterDeduction: 0,
    });
    expect(cash.interestPerYear).toEqual([]);
    expect(cash.repaymentSeries).toEqual([0]);
  });

  it('repays in C / Y years, the same with and without interest', () => {
    expect(cash.repaymentYears).toBe(10);
    expect(cash.repaymentYearsWithInterest).toBe(10);
  });

  it('leaves Y·L − C to live on and saves Y a year, cumulatively, for years 0..L', () => {
    expect(cash.totalLeftToLiveOn).toBe(10_000 * 30 - 100_000);
    expect(cash.savingsSeries).toHaveLength(31);
    expect(cash.savingsSeries.slice(0, 4)).toEqual([0, 10_000, 20_000, 30_000]);
    expect(cash.savingsSeries[30]).toBe(300_000);
    expect(cash.investmentCostRange).toEqual({ low: 80_000, high: 120_000 });
  });

  it('a cash payment above every loan limit is still just paid', () => {
    const big = financeMeasure({ ...measure, investmentCost: 5_000_000 }, defaultLoanSettings());
    expect(big).toMatchObject({ exceedsLoanLimit: false, cashPayment: 5_000_000, loanAmount: 0 });
  });
});

describe('Private loan: 5 years at 4.9 % by default', () => {
  const loan = financeMeasure(measure, settings('Private'));

  it('amortizes C / n a year and pays interest on what is left at the start of each year', () => {
    expect(loan).toMatchObject({
      loanType: 'Private',
      interestRate: 4.9,
      loanTerm: 5,
      loanAmount: 100_000,
      cashPayment: 0,
      yearlyAmortization: 20_000,
    });
    const expected = [100_000, 80_000, 60_000, 40_000, 20_000].map((left) => (left * 4.9) / 100);
    expect(loan.interestPerYear).toHaveLength(5);
    loan.interestPerYear.forEach((value, k) => expect(value).toBeCloseTo(expected[k], 8));
    expect(loan.interestCost).toBeCloseTo(14_700, 6);
    expect(loan.interestCostAfterDeduction).toBeCloseTo(14_700 * 0.7, 6);
  });

  it('repays in C / Y without interest and (C + I·0.7) / Y with it', () => {
    expect(loan.repaymentYears).toBe(10);
    expect(loan.repaymentYearsWithInterest).toBeCloseTo((100_000 + 10_290) / 10_000, 8);
  });

  it('leaves Y·L − C − I·0.7 to live on; the remaining loan runs down to 0 over years 0..n', () => {
    expect(loan.totalLeftToLiveOn).toBeCloseTo(300_000 - 100_000 - 10_290, 6);
    expect(loan.repaymentSeries).toEqual([100_000, 80_000, 60_000, 40_000, 20_000, 0]);
    expect(loan.mortgageAmount).toBe(1_000_000); // the existing home loan only: the measure is not on the mortgage
  });

  it('follows the sliders: rate, term, and how much is borrowed', () => {
    const longer = financeMeasure(measure, settings('Private', { loanTerm: 10, privateLoanInterest: 6 }));
    expect(longer.yearlyAmortization).toBe(10_000);
    expect(longer.interestCost).toBeCloseTo((0.06 * 100_000 * 11) / 2, 6);
    const part = financeMeasure(measure, settings('Private', { extensionLoan: 40_000 }));
    expect(part).toMatchObject({
      loanAmount: 40_000,
      cashPayment: 60_000,
      exceedsLoanLimit: false,
      yearlyAmortization: 8_000,
    });
    expect(part.repaymentYears).toBe(10); // still the whole cost
  });
});

describe('Mortgage: 20 years at 3.1 % by default, on top of the home loan', () => {
  const big = { investmentCost: 200_000, investmentCostSpan: 50_000, yearlySavings: 24_000, lifeSpan: 20 };
  const loan = financeMeasure(big, settings('Mortgage'));

  it('uses the home loan interest and the mortgage term', () => {
    expect(loan).toMatchObject({
      loanType: 'Mortgage',
      interestRate: 3.1,
      loanTerm: 20,
      loanAmount: 200_000,
      yearlyAmortization: 10_000,
    });
    // Σ (C − k·C/n)·r/100 over k = 0..n−1 = r/100 · C · (n + 1) / 2
    expect(loan.interestCost).toBeCloseTo((0.031 * 200_000 * 21) / 2, 6);
    expect(loan.interestCostAfterDeduction).toBeCloseTo(0.7 * 65_100, 6);
    expect(loan.repaymentSeries).toHaveLength(21);
    expect(loan.savingsSeries).toHaveLength(21);
  });

  it('adds the loan to the existing home loan for the mortgage amount', () => {
    expect(loan.mortgageAmount).toBe(1_200_000);
    expect(financeMeasure(big, settings('Mortgage', { homeLoan: 0 })).mortgageAmount).toBe(200_000);
  });

  it('borrows only the room under 85 % of the valuation; the rest of the cost is paid in cash', () => {
    const tight = financeMeasure(big, settings('Mortgage', { homeValuation: 2_000_000, homeLoan: 1_600_000 }));
    expect(tight).toMatchObject({
      loanLimit: 100_000,
      loanAmount: 100_000,
      cashPayment: 100_000,
      exceedsLoanLimit: true,
      yearlyAmortization: 5_000,
    });
    expect(tight.interestCost).toBeCloseTo((0.031 * 100_000 * 21) / 2, 6);
    expect(tight.repaymentYearsWithInterest).toBeCloseTo((200_000 + tight.interestCostAfterDeduction) / 24_000, 8);
    const full = financeMeasure(big, settings('Mortgage', { homeValuation: 2_000_000, homeLoan: 1_700_000 }));
    expect(full).toMatchObject({
      loanAmount: 0,
      loanTerm: 0,
      interestCost: 0,
      yearlyAmortization: null,
      exceedsLoanLimit: true,
    });
  });

  it('caps the mortgage amount at 10 000 000', () => {
    const rich = financeMeasure(big, settings('Mortgage', { homeValuation: 20_000_000, homeLoan: 9_950_000 }));
    expect(rich.loanAmount).toBe(50_000);
    expect(rich.mortgageAmount).toBe(10_000_000);
    expect(financeMeasure(big, settings('Cash', { homeLoan: 12_000_000 })).mortgageAmount).toBe(10_000_000);
  });
});

describe('edges', () => {
  it('zero savings: the measure never pays back (null), and nothing is left to live on but the cost', () => {
    for (const loanType of ['Cash', 'Private', 'Mortgage'] as const) {
      const none = financeMeasure({ ...measure, yearlySavings: 0 }, settings(loanType));
      expect(none.repaymentYears).toBeNull();
      expect(none.repaymentYearsWithInterest).toBeNull();
      expect(none.totalLeftToLiveOn).toBeCloseTo(-100_000 - none.interestCostAfterDeduction, 6);
      expect(none.savingsSeries.every((value) => value === 0)).toBe(true);
    }
    expect(financeMeasure({ ...measure, yearlySavings: -500 }, defaultLoanSettings()).repaymentYears).toBeNull();
  });

  it('zero rate: no interest, so repayment with interest equals repayment without', () => {
    const free = financeMeasure(measure, settings('Private', { privateLoanInterest: 0 }));
    expect(free.interestCost).toBe(0);
    expect(free.interestPerYear).toEqual([0, 0, 0, 0, 0]);
    expect(free.repaymentYearsWithInterest).toBe(free.repaymentYears);
    expect(free.yearlyAmortization).toBe(20_000);
    expect(free.totalLeftToLiveOn).toBe(200_000);
  });

  it('term 0 on a loan type borrows nothing: no amortization, no interest', () => {
    const zero = financeMeasure(measure, settings('Mortgage', { loanTerm: 0 }));
    expect(zero).toMatchObject({
      loanTerm: 0,
      loanAmount: 0,
      cashPayment: 100_000,
      yearlyAmortization: null,
      interestCost: 0,
    });
    expect(zero.repaymentSeries).toEqual([0]);
    expect(zero.repaymentYearsWithInterest).toBe(zero.repaymentYears);
  });

  it('cost above the loan limit (1 000 000): borrows the limit, pays the rest in cash', () => {
    const expensive = financeMeasure(
      { ...measure, investmentCost: 1_500_000, yearlySavings: 50_000 },
      settings('Private'),
    );
    expect(expensive).toMatchObject({
      loanLimit: 1_000_000,
      loanAmount: 1_000_000,
      cashPayment: 500_000,
      exceedsLoanLimit: true,
      yearlyAmortization: 200_000,
    });
    expect(expensive.interestCost).toBeCloseTo(0.049 * 1_000_000 * 3, 6);
    expect(expensive.repaymentYears).toBe(30);
  });

  it('zero cost pays back at once; a missing life span is 30 years; the multiplier scales cost and span', () => {
    const free = financeMeasure({ investmentCost: 0, yearlySavings: 1_577, lifeSpan: 0 }, settings('Private'));
    expect(free).toMatchObject({ repaymentYears: 0, loanAmount: 0, lifeSpan: 30 });
    expect(free.totalLeftToLiveOn).toBe(1_577 * 30);
    const doubled = financeMeasure(measure, { ...defaultLoanSettings(), multiplier: 2 });
    expect(doubled.investmentCost).toBe(200_000);
    expect(doubled.investmentCostRange).toEqual({ low: 160_000, high: 240_000 });
    expect(financeMeasure(measure, { ...defaultLoanSettings(), multiplier: 0 }).investmentCost).toBe(100_000);
  });
});

describe('investment cost range: cost ± half the span, 2 significant digits', () => {
  it.each([
    [7_140, 3_500, 5_400, 8_900],
    [288_079, 202_434, 190_000, 390_000],
    [175_000, 50_000, 150_000, 200_000],
    [20_650, 14_500, 13_000, 28_000],
    [1_000, 500, 750, 1_300],
    [3_500, 0, 3_500, 3_500],
    [2_000, 6_000, 0, 5_000],
  ])('%p ± %p/2 → %p–%p', (cost, span, low, high) => {
    expect(investmentCostRange(cost, span)).toEqual({ low, high });
  });
});

describe('series, repayment, discount and price helpers', () => {
  it('builds the series and interest years', () => {
    expect(interestPerYear(1_000, 2, 10)).toEqual([100, 50]);
    expect(interestPerYear(1_000, 0, 10)).toEqual([]);
    expect(interestPerYear(0, 3, 10)).toEqual([0, 0, 0]);
    expect(remainingLoanSeries(900, 3)).toEqual([900, 600, 300, 0]);
    expect(remainingLoanSeries(900, 0)).toEqual([0]);
    expect(cumulativeSavingsSeries(5, 3)).toEqual([0, 5, 10, 15]);
    expect(repaymentPeriod(100, 0)).toBeNull();
    expect(repaymentPeriod(100, 40)).toBe(2.5);
  });

  it('mortgage discount = discount × mortgage / 100, the mortgage capped at 10 000 000', () => {
    expect(mortgageDiscount(0.2, 1_500_000)).toBe(3_000);
    expect(mortgageDiscount(0.1, 2_000_000)).toBe(2_000);
    expect(mortgageDiscount(0.5, 12_000_000)).toBe(50_000);
    expect(mortgageDiscount(0, 2_000_000)).toBe(0);
    expect(mortgageDiscount(-0.3, 2_000_000)).toBe(0);
    expect(mortgageDiscount(0.3, -1)).toBe(0);
  });

  it('rates: cents_per_kwh = price × 100, to 2 decimals', () => {
    expect(priceToCentsPerKwh(1.15)).toBe(115);
    expect(priceToCentsPerKwh(0.971)).toBe(97.1);
    expect(priceToCentsPerKwh(1.2345)).toBe(123.45);
    expect(priceToCentsPerKwh(2)).toBe(200);
    expect(priceToCentsPerKwh(-1)).toBe(0);
  });
});
