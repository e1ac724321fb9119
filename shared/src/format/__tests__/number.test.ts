import { formatKr, formatKwh, formatNumber, formatPercent, NOT_A_NUMBER } from '../number';

describe('formatNumber: spaces between thousands, at most 2 decimals', () => {
  it.each([
    [1_234_567.891, '1 234 567.89'],
    [1_234, '1 234'],
    [999, '999'],
    [1_000, '1 000'],
    [0, '0'],
    [0.5, '0.5'],
    [1.005, '1.01'],
    [12.1, '12.1'],
    [12.10001, '12.1'],
    [-1_234.5, '-1 234.5'],
    [-0.001, '0'],
    [10_000_000, '10 000 000'],
  ])('%p → %p', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it('takes fewer decimals, fixed decimals and the Swedish decimal comma', () => {
    expect(formatNumber(1_234.567, { maxDecimals: 0 })).toBe('1 235');
    expect(formatNumber(3.1, { minDecimals: 2 })).toBe('3.10');
    expect(formatNumber(1_234.5, { decimalSeparator: ',' })).toBe('1 234,5');
    expect(formatNumber(1.23456, { maxDecimals: 5 })).toBe('1.23');
  });

  it('shows a dash for what is not a number', () => {
    expect(formatNumber(Number.NaN)).toBe(NOT_A_NUMBER);
    expect(formatKr(Number.POSITIVE_INFINITY)).toBe(`${NOT_A_NUMBER} kr`);
  });
});

describe('units', () => {
  it('kronor and kWh are whole by default', () => {
    expect(formatKr(3_146)).toBe('3 146 kr');
    expect(formatKr(10_290.4)).toBe('10 290 kr');
    expect(formatKr(1_234.56, { maxDecimals: 2 })).toBe('1 234.56 kr');
    expect(formatKwh(26_883.42)).toBe('26 883 kWh');
    expect(formatKwh(-84)).toBe('-84 kWh');
  });

  it('percent keeps up to 2 decimals', () => {
    expect(formatPercent(3.1)).toBe('3.1 %');
    expect(formatPercent(4.9, { decimalSeparator: ',' })).toBe('4,9 %');
    expect(formatPercent(0.125)).toBe('0.13 %');
  });
});
