import {
  activeInterestRate,
  clampToRange,
  defaultLoanSettings,
  DEFAULT_LOAN_TYPE,
  homeLoanMax,
  isLoanType,
  LOAN_DEFAULTS,
  LOAN_TYPES,
  loanLimit,
  loanSliderLimits,
  privateLoanInterestLimits,
  withLoanType,
} from '../loan-terms';

describe('loan types and their defaults (docs/product.md §4, §9)', () => {
  it('has Cash, Private and Mortgage, Cash by default', () => {
    expect(LOAN_TYPES).toEqual(['Cash', 'Private', 'Mortgage']);
    expect(DEFAULT_LOAN_TYPE).toBe('Cash');
    expect(defaultLoanSettings().loanType).toBe('Cash');
    expect(isLoanType('Mortgage')).toBe(true);
    expect(isLoanType('mortgage')).toBe(false);
    expect(isLoanType(undefined)).toBe(false);
  });

  it('Private 5 years at 4.9 %, Mortgage 20 years at 3.1 %, Cash term 0 rate 0', () => {
    expect(LOAN_DEFAULTS).toEqual({
      Cash: { term: 0, interestRate: 0 },
      Private: { term: 5, interestRate: 4.9 },
      Mortgage: { term: 20, interestRate: 3.1 },
    });
    expect(defaultLoanSettings('Private')).toMatchObject({
      loanTerm: 5,
      privateLoanInterest: 4.9,
      homeLoanInterest: 3.1,
    });
    expect(defaultLoanSettings('Mortgage')).toMatchObject({ loanTerm: 20 });
    expect(defaultLoanSettings('Cash')).toMatchObject({
      loanTerm: 0,
      homeValuation: 2_000_000,
      extensionLoan: null,
      multiplier: 1,
    });
  });

  it('a new loan type brings its own default term and keeps the rates the homeowner set', () => {
    const mine = { ...defaultLoanSettings('Private'), loanTerm: 9, privateLoanInterest: 6.5 };
    const mortgage = withLoanType(mine, 'Mortgage');
    expect(mortgage).toMatchObject({ loanType: 'Mortgage', loanTerm: 20, privateLoanInterest: 6.5 });
    expect(withLoanType(mortgage, 'Cash').loanTerm).toBe(0);
    expect(withLoanType(mine, 'Private')).toBe(mine);
  });

  it('the active interest rate follows the loan type', () => {
    const settings = { ...defaultLoanSettings(), homeLoanInterest: 2.5, privateLoanInterest: 7 };
    expect(activeInterestRate({ ...settings, loanType: 'Cash' })).toBe(0);
    expect(activeInterestRate({ ...settings, loanType: 'Private' })).toBe(7);
    expect(activeInterestRate({ ...settings, loanType: 'Mortgage' })).toBe(2.5);
  });
});

describe('slider limits (docs/product.md §9)', () => {
  it('private loan interest: 0–5, or the financial provider’s rates (0–9 for a provider that gives none)', () => {
    expect(privateLoanInterestLimits()).toEqual({ min: 0, max: 5 });
    expect(privateLoanInterestLimits(null)).toEqual({ min: 0, max: 5 });
    expect(privateLoanInterestLimits({ private_loan: { min_rate: 2.5, max_rate: 7.5, default_rate: 3.9 } })).toEqual({
      min: 2.5,
      max: 7.5,
    });
    expect(privateLoanInterestLimits({})).toEqual({ min: 0, max: 9 });
    expect(privateLoanInterestLimits({ private_loan: { min_rate: 8, max_rate: 3 } })).toEqual({ min: 3, max: 8 });
  });

  it('a provider’s default private loan rate replaces 4.9 %', () => {
    expect(
      defaultLoanSettings('Private', { private_loan: { min_rate: 2.5, max_rate: 7.5, default_rate: 3.9 } })
        .privateLoanInterest,
    ).toBe(3.9);
    expect(defaultLoanSettings('Private', { private_loan: { min_rate: 2.5, max_rate: 7.5 } }).privateLoanInterest).toBe(
      4.9,
    );
    expect(defaultLoanSettings('Private', null).privateLoanInterest).toBe(4.9);
  });

  it('home loan max is 85 % of the valuation minus the investment cost, never below 0', () => {
    expect(homeLoanMax(2_000_000, 0)).toBe(1_700_000);
    expect(homeLoanMax(2_000_000, 200_000)).toBe(1_500_000);
    expect(homeLoanMax(1_000_000, 900_000)).toBe(0);
    expect(homeLoanMax(0, 50_000)).toBe(0);
  });

  it('may borrow: nothing for cash, 1 000 000 on a private loan, room under 85 % and 10 000 000 on a mortgage', () => {
    expect(loanLimit({ loanType: 'Cash', homeValuation: 2_000_000, homeLoan: 0 })).toBeNull();
    expect(loanLimit({ loanType: 'Private', homeValuation: 0, homeLoan: 5_000_000 })).toBe(1_000_000);
    expect(loanLimit({ loanType: 'Mortgage', homeValuation: 2_000_000, homeLoan: 1_600_000 })).toBe(100_000);
    expect(loanLimit({ loanType: 'Mortgage', homeValuation: 2_000_000, homeLoan: 1_900_000 })).toBe(0);
    expect(loanLimit({ loanType: 'Mortgage', homeValuation: 20_000_000, homeLoan: 9_900_000 })).toBe(100_000);
    expect(loanLimit({ loanType: 'Mortgage', homeValuation: 20_000_000, homeLoan: 0 })).toBe(1_000_000);
  });

  it('gives every slider its range for one measure', () => {
    const cash = loanSliderLimits({
      loanType: 'Cash',
      investmentCost: 175_000,
      homeValuation: 2_000_000,
      homeLoan: 1_000_000,
    });
    expect(cash.loanTerm).toBeNull();
    expect(cash.homeValuation).toEqual({ min: 0, max: 20_000_000, step: 50_000 });
    expect(cash.homeLoan).toMatchObject({ min: 0, max: 1_525_000 });
    expect(cash.homeLoanInterest).toMatchObject({ min: 0, max: 5 });
    expect(cash.privateLoanInterest).toMatchObject({ min: 0, max: 5 });

    const privateLoan = loanSliderLimits({
      loanType: 'Private',
      investmentCost: 75_000,
      homeValuation: 2_000_000,
      homeLoan: 1_000_000,
    });
    expect(privateLoan.loanTerm).toEqual({ min: 1, max: 15, step: 1 });
    expect(privateLoan.extensionLoan.max).toBe(75_000);
    const expensive = loanSliderLimits({
      loanType: 'Private',
      investmentCost: 1_500_000,
      homeValuation: 2_000_000,
      homeLoan: 0,
    });
    expect(expensive.extensionLoan.max).toBe(1_000_000);

    const mortgage = loanSliderLimits({
      loanType: 'Mortgage',
      investmentCost: 300_000,
      homeValuation: 2_000_000,
      homeLoan: 1_500_000,
    });
    expect(mortgage.loanTerm).toEqual({ min: 1, max: 50, step: 1 });
    expect(mortgage.extensionLoan.max).toBe(200_000);
    expect(mortgage.homeLoan.max).toBe(1_400_000);

    const provider = loanSliderLimits({
      loanType: 'Private',
      investmentCost: 1,
      homeValuation: 1,
      homeLoan: 0,
      provider: { private_loan: { min_rate: 1, max_rate: 12 } },
    });
    expect(provider.privateLoanInterest).toMatchObject({ min: 1, max: 12 });
  });

  it('clamps a value into a range (not-a-number goes to the minimum)', () => {
    expect(clampToRange(7, { min: 0, max: 5 })).toBe(5);
    expect(clampToRange(-1, { min: 0, max: 5 })).toBe(0);
    expect(clampToRange(3.1, { min: 0, max: 5 })).toBe(3.1);
    expect(clampToRange(Number.NaN, { min: 1, max: 5 })).toBe(1);
  });
});
