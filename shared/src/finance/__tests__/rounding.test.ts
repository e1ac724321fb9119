import { roundToDecimals, roundToSignificant } from '../rounding';

describe('roundToSignificant (investment cost range: 2 significant digits)', () => {
  it.each([
    [123_456, 120_000],
    [5_390, 5_400],
    [8_890, 8_900],
    [186_862, 190_000],
    [389_296, 390_000],
    [1_250, 1_300],
    [1_249, 1_200],
    [99_600, 100_000],
    [95, 95],
    [7, 7],
    [0.0123, 0.012],
    [0, 0],
    [-1_250, -1_300],
  ])('%p → %p', (value, expected) => {
    expect(roundToSignificant(value)).toBe(expected);
  });

  it('takes other digit counts and refuses nonsense', () => {
    expect(roundToSignificant(123_456, 3)).toBe(123_000);
    expect(roundToSignificant(123_456, 1)).toBe(100_000);
    expect(() => roundToSignificant(5, 0)).toThrow(RangeError);
    expect(roundToSignificant(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(roundToSignificant(Number.NaN)).toBeNaN();
  });
});

describe('roundToDecimals (at most 2 decimals)', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [10.2449, 10.24],
    [1234.5, 1234.5],
    [-1.005, -1.01],
    [-0.001, 0],
    [0.1 + 0.2, 0.3],
  ])('%p → %p', (value, expected) => {
    expect(roundToDecimals(value)).toBe(expected);
  });

  it('rounds to whole numbers with 0 decimals', () => {
    expect(roundToDecimals(2.5, 0)).toBe(3);
    expect(roundToDecimals(-2.5, 0)).toBe(-3);
    expect(Object.is(roundToDecimals(-0.4, 0), 0)).toBe(true);
  });
});
