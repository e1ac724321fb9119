// Messages, question sets, financial providers and day arithmetic as their callers use them (docs/product.md §3, §6).
import { brandConfigInputSchema, brandConfigSchema, financialProviderSchema } from '../brand';
import { questionSetUpdateSchema } from '../configuration';
import { contentItemInputSchema, contentListQuerySchema, flowMessageListSchema } from '../content';
import { addDays } from '../dates';
import { idParamsSchema } from '../ids';
import { mailLanguageSchema } from '../mail-language';

type Schema = { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
const ok = (schema: Schema, value: unknown) => schema.safeParse(value).success;
const message = (schema: Schema, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('messages', () => {
  const item = { slug: 'rot-2026', type: 'subsidy', title: 'ROT', key: 'results.subsidies', content: 'Avdrag 30 %' };

  it('the last day may not come before the first', () => {
    expect(ok(contentItemInputSchema, { ...item, date: '2026-01-01', valid_until: '2026-01-01' })).toBe(true);
    expect(ok(contentItemInputSchema, { ...item, valid_until: '2026-01-01' })).toBe(true);
    const reversed = contentItemInputSchema.safeParse({ ...item, date: '2026-02-01', valid_until: '2026-01-31' });
    expect(reversed.error?.issues).toEqual([
      expect.objectContaining({ path: ['valid_until'], message: 'must not be before the first day (date)' }),
    ]);
  });

  it('the flow reads its list of messages', () => {
    const flowMessage = {
      id: 4,
      slug: 'rot-2026',
      type: 'subsidy',
      title: 'ROT',
      key: 'results.subsidies',
      content: 'Avdrag 30 %',
      date: null,
      valid_until: '2026-12-31',
      language: 'sv',
      image: null,
      activity: 'heat_pump_air',
      require_terms: false,
    };
    expect(flowMessageListSchema.parse({ items: [flowMessage] })).toEqual({ items: [flowMessage] });
    expect(ok(flowMessageListSchema, { items: [{ ...flowMessage, language: 'de' }] })).toBe(false);
    expect(ok(flowMessageListSchema, { items: [{ ...flowMessage, id: 4.5 }] })).toBe(false);
  });

  it('the console searches messages by a trimmed text of at most 100 and a type', () => {
    expect(contentListQuerySchema.parse({ q: ' rot ', type: 'subsidy' })).toEqual({ q: 'rot', type: 'subsidy' });
    expect(ok(contentListQuerySchema, { q: 'x'.repeat(101) })).toBe(false);
    expect(ok(contentListQuerySchema, { page: '2' })).toBe(false);
  });
});

describe('configuration and brands', () => {
  const question = {
    key: 'heating',
    header: 'Heating',
    data: { type: 'boolean', default: null },
    asked: true,
    position: 0,
    required: false,
    texts: { en: { header: 'Heating' }, sv: { header: 'Uppvärmning' } },
  };

  it('a question set holds 1 to 100 questions', () => {
    expect(questionSetUpdateSchema.parse({ questions: [question] })).toEqual({ questions: [question] });
    expect(ok(questionSetUpdateSchema, { questions: [] })).toBe(false);
    expect(ok(questionSetUpdateSchema, { questions: Array(101).fill(question) })).toBe(false);
  });

  it('a financial provider’s private loan rates run 0–30 %, the minimum not above the maximum', () => {
    const provider = {
      id: 'demo-bank',
      name: 'Demo Bank',
      private_loan: { min_rate: 3, max_rate: 3, default_rate: 3 },
    };
    expect(financialProviderSchema.parse(provider)).toEqual(provider);
    const reversed = { ...provider, private_loan: { min_rate: 8, max_rate: 3 } };
    expect(message(financialProviderSchema, reversed)).toBe('min_rate must not exceed max_rate');
    expect(ok(financialProviderSchema, { ...provider, private_loan: { min_rate: 0, max_rate: 31 } })).toBe(false);
  });

  it('a saved lender’s default rate lies within its limits; a stored brand from before the rule is still read', () => {
    const brand = (loan: object) => ({
      name: 'Demo Bank',
      financial_providers: [{ id: 'demo-bank', name: 'Demo Bank', private_loan: loan }],
    });
    expect(ok(brandConfigInputSchema, brand({ min_rate: 1, max_rate: 8, default_rate: 1 }))).toBe(true);
    expect(ok(brandConfigInputSchema, brand({ min_rate: 1, max_rate: 8, default_rate: 8 }))).toBe(true);
    for (const default_rate of [0.9, 8.1]) {
      const outside = brand({ min_rate: 1, max_rate: 8, default_rate });
      expect(brandConfigInputSchema.safeParse(outside).error?.issues).toEqual([
        expect.objectContaining({ path: ['financial_providers', 0, 'private_loan', 'default_rate'] }),
      ]);
      expect(ok(brandConfigSchema, outside)).toBe(true);
    }
  });
});

describe('days, ids and languages', () => {
  it('adds days across months and years, and back', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('reads a path id as a number, a positive integer', () => {
    expect(idParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    expect(ok(idParamsSchema, { id: '0' })).toBe(false);
    expect(ok(idParamsSchema, { id: 'x' })).toBe(false);
  });

  it('names the mail languages it takes', () => {
    expect(mailLanguageSchema.parse('sv')).toBe('sv');
    expect(message(mailLanguageSchema, 'de')).toBe('must be one of en, sv');
  });
});
