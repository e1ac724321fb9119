import { analyticsPeriodSchema, grainFor, yearBandOf } from '../analytics';
import { contentItemInputSchema, contentQuerySchema } from '../content';
import { passwordChangeSchema } from '../account';
import { organisationPricesSchema } from '../configuration';

describe('the analytics period', () => {
  it('takes days, both optional, in order, at most ten years, nothing else', () => {
    expect(analyticsPeriodSchema.parse({})).toEqual({});
    expect(analyticsPeriodSchema.parse({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(analyticsPeriodSchema.safeParse({ from: '2026-02-01', to: '2026-01-31' }).success).toBe(false);
    expect(analyticsPeriodSchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(analyticsPeriodSchema.safeParse({ from: '2000-01-01', to: '2026-01-01' }).success).toBe(false);
    expect(analyticsPeriodSchema.safeParse({ period: '12m' }).success).toBe(false);
  });

  it('draws days up to a quarter, weeks up to two years, months beyond', () => {
    expect([1, 92, 93, 731, 732].map(grainFor)).toEqual(['day', 'day', 'week', 'week', 'month']);
  });

  it('files construction years in the building eras', () => {
    expect([1850, 1929, 1930, 1975, 1976, 1990, 1991, 2010, 2011, 2026].map(yearBandOf)).toEqual([
      'before_1930',
      'before_1930',
      '1930_1959',
      '1960_1975',
      '1976_1990',
      '1976_1990',
      '1991_2010',
      '1991_2010',
      '2011_later',
      '2011_later',
    ]);
    expect(yearBandOf(null)).toBeNull();
  });
});

describe('knowledge base items (docs/product.md §3: slug, type, title, key 1–100; content 1–2000)', () => {
  const item = { slug: 'grant', type: 'subsidy', title: 'Grant', key: 'results.subsidies', content: 'Text' };
  it('keep the limits at their edges', () => {
    expect(
      contentItemInputSchema.parse({ ...item, title: 't'.repeat(100), content: 'c'.repeat(2000) }).require_terms,
    ).toBe(false);
    for (const bad of [
      { title: 't'.repeat(101) },
      { title: '  ' },
      { content: 'c'.repeat(2001) },
      { key: '' },
      { type: 'x'.repeat(101) },
      { slug: 'Has Spaces' },
    ]) {
      expect(contentItemInputSchema.safeParse({ ...item, ...bad }).success).toBe(false);
    }
  });
  it('take only known activities, real dates and safe image addresses', () => {
    expect(
      contentItemInputSchema.safeParse({
        ...item,
        activity: 'heat_pump_air',
        date: '2026-03-01',
        image: 'https://example.com/a.png',
      }).success,
    ).toBe(true);
    expect(contentItemInputSchema.safeParse({ ...item, activity: 'rocket' }).success).toBe(false);
    expect(contentItemInputSchema.safeParse({ ...item, image: 'http://example.com/a.png' }).success).toBe(false);
    expect(contentItemInputSchema.safeParse({ ...item, image: '//evil.example/a.png' }).success).toBe(false);
    expect(contentItemInputSchema.safeParse({ ...item, image: '/images/a.png' }).success).toBe(true);
  });
  it('the flow asks by key or activity, at least one', () => {
    expect(contentQuerySchema.safeParse({}).success).toBe(false);
    expect(contentQuerySchema.safeParse({ activity: 'insulation_attic' }).success).toBe(true);
  });
});

describe('account and prices', () => {
  it('a new password is long enough and not the old one', () => {
    expect(passwordChangeSchema.safeParse({ currentPassword: 'a', newPassword: 'long-enough-pw' }).success).toBe(true);
    expect(passwordChangeSchema.safeParse({ currentPassword: 'a', newPassword: 'short' }).success).toBe(false);
    expect(
      passwordChangeSchema.safeParse({ currentPassword: 'same-password-x', newPassword: 'same-password-x' }).success,
    ).toBe(false);
  });
  it('prices are non-negative öre per known carrier', () => {
    expect(organisationPricesSchema.parse({ import_cents_per_kwh: { electricity: 210.5 } })).toEqual({
      import_cents_per_kwh: { electricity: 210.5 },
      export_cents_per_kwh: {},
    });
    expect(organisationPricesSchema.safeParse({ import_cents_per_kwh: { electricity: -1 } }).success).toBe(false);
    expect(organisationPricesSchema.safeParse({ import_cents_per_kwh: { coal: 1 } }).success).toBe(false);
  });
});
