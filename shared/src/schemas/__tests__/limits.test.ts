import { z } from 'zod';
import { maxLengthOf } from '../limits';
import { brandConfigSchema, financialProviderSchema } from '../brand';
import { contentItemInputSchema } from '../content';

describe('maxLengthOf: an input limit read from the schema the API checks', () => {
  it('reads a text maximum through optional and nullable', () => {
    expect(maxLengthOf(z.string().max(12))).toBe(12);
    expect(maxLengthOf(z.string().trim().max(255).nullable().optional())).toBe(255);
    expect(maxLengthOf(contentItemInputSchema.shape.image)).toBe(255);
    expect(maxLengthOf(brandConfigSchema.shape.accent)).toBe(7);
    expect(maxLengthOf(financialProviderSchema.shape.id)).toBe(63);
  });

  it('accepts a value of exactly that length and refuses one longer, as the API does', () => {
    const id = financialProviderSchema.shape.id;
    expect(id.safeParse('a'.repeat(maxLengthOf(id))).success).toBe(true);
    expect(id.safeParse('a'.repeat(maxLengthOf(id) + 1)).success).toBe(false);
  });

  it('throws for a schema without a text maximum (a form would otherwise go unlimited)', () => {
    expect(() => maxLengthOf(z.string())).toThrow('not text with a maximum length');
    expect(() => maxLengthOf(z.number().max(3))).toThrow('not text with a maximum length');
  });
});
