// Rounding rules of the money figures (docs/product.md §9, docs/architecture.md §10).

/**
 * Rounds to `digits` significant digits (default 2): 123 456 → 120 000, 1 250 → 1 300, 0.0123 → 0.012.
 * Halves round away from zero, so negative numbers mirror positive ones.
 */
export function roundToSignificant(value: number, digits = 2): number {
  if (!Number.isFinite(value) || value === 0) return Number.isFinite(value) ? 0 : value;
  if (!Number.isInteger(digits) || digits < 1) throw new RangeError(`digits must be a positive integer, got ${digits}`);
  const sign = Math.sign(value);
  const abs = Math.abs(value);
  const exponent = digits - 1 - Math.floor(Math.log10(abs));
  // Multiply or divide by an exact power of ten, never by a fraction such as 0.0001 (not exact in binary).
  const scale = 10 ** Math.abs(exponent);
  const rounded = exponent >= 0 ? Math.round(abs * scale) / scale : Math.round(abs / scale) * scale;
  return sign * rounded;
}

/** Rounds to at most `decimals` decimals (default 2), halves away from zero (1.005 → 1.01). */
export function roundToDecimals(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return value;
  const scale = 10 ** decimals;
  const sign = value < 0 ? -1 : 1;
  const rounded = Math.round(Math.abs(value) * scale * (1 + Number.EPSILON)) / scale;
  return rounded === 0 ? 0 : sign * rounded;
}
