// What the property flow's endpoints accept (docs/product.md §3, §5): realistic payloads pass unchanged, the limits
// and rules refuse the rest.
import {
  answersPatchSchema,
  answersSchema,
  consumptionSchema,
  epcDocumentFieldsSchema,
  installerSelectionsSchema,
  interactionSchema,
  miniflowPropertySchema,
  questionDefinitionSchema,
  ratesSchema,
  textNameSchema,
  textSchema,
} from '../property-flow';

const ok = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;
const long = (length: number) => 'x'.repeat(length);

describe('answers', () => {
  it('maps keys to booleans, texts, numbers and lists of texts', () => {
    const answers = { heated_area: 142.5, has_pv: false, heating: 'district_heating', windows: ['south', 'west'] };
    expect(answersSchema.parse(answers)).toEqual(answers);
    expect(ok(answersSchema, { [long(255)]: long(255) })).toBe(true);
    expect(ok(answersSchema, { choices: Array.from({ length: 50 }, () => 'ab') })).toBe(true);
  });

  it('refuses empty or over-long keys, texts and list items, and lists over 50', () => {
    expect(ok(answersSchema, { '': 1 })).toBe(false);
    expect(ok(answersSchema, { [long(256)]: 1 })).toBe(false);
    expect(ok(answersSchema, { note: long(256) })).toBe(false);
    expect(ok(answersSchema, { choices: [''] })).toBe(false);
    expect(ok(answersSchema, { choices: [long(256)] })).toBe(false);
    expect(ok(answersSchema, { choices: Array.from({ length: 51 }, () => 'ab') })).toBe(false);
  });

  it('a patch clears with null and takes at most 100 answers', () => {
    expect(answersPatchSchema.parse({ heating: null, area: 120 })).toEqual({ heating: null, area: 120 });
    const answers = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`q${i}`, i]));
    expect(ok(answersPatchSchema, answers(100))).toBe(true);
    const refused = answersPatchSchema.safeParse(answers(101));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('at most 100 answers per request');
  });
});

describe('question definitions', () => {
  const texts = { header: 'Uppvärmning', help: 'Huvudsaklig', options: { oil: 'Olja' } };
  const question = (data: unknown) => ({
    key: 'heating',
    header: 'Heating',
    data,
    asked: true,
    position: 0,
    required: false,
    texts: { en: { header: 'Heating' }, sv: texts },
  });
  const selection = { type: 'selection', options: ['oil', 'district_heating'], default: 'oil' };

  it('takes each question type as the console sends it', () => {
    for (const data of [
      selection,
      { type: 'multiple', options: ['south', 'west'], default: ['south'] },
      { type: 'boolean', default: null },
      { type: 'integer', unit: 'yr', min: 1800, max: 2100, default: 1975 },
      { type: 'float', min: 0, max: 1000, default: null },
    ]) {
      expect(questionDefinitionSchema.parse(question(data))).toEqual(question(data));
    }
    expect(ok(questionDefinitionSchema, { ...question(selection), header: long(1023) })).toBe(true);
  });

  it('refuses unknown types, empty option lists, negative positions, long headers and unknown fields', () => {
    expect(ok(questionDefinitionSchema, question({ type: 'slider', min: 0, max: 1, default: 0 }))).toBe(false);
    expect(ok(questionDefinitionSchema, question({ ...selection, options: [] }))).toBe(false);
    expect(ok(questionDefinitionSchema, question({ ...selection, options: Array(101).fill('ab') }))).toBe(false);
    expect(
      ok(questionDefinitionSchema, question({ type: 'multiple', options: ['ab'], default: Array(101).fill('ab') })),
    ).toBe(false);
    expect(ok(questionDefinitionSchema, question({ type: 'integer', unit: 'km', min: 0, max: 1, default: 0 }))).toBe(
      false,
    );
    expect(ok(questionDefinitionSchema, { ...question(selection), position: -1 })).toBe(false);
    expect(ok(questionDefinitionSchema, { ...question(selection), header: long(1024) })).toBe(false);
    expect(ok(questionDefinitionSchema, { ...question(selection), header: '' })).toBe(false);
    expect(ok(questionDefinitionSchema, { ...question(selection), extra: 1 })).toBe(false);
    const badTexts = (sv: unknown) => ({ ...question(selection), texts: { en: { header: 'H' }, sv } });
    expect(ok(questionDefinitionSchema, badTexts({ header: '' }))).toBe(false);
    expect(ok(questionDefinitionSchema, badTexts({ header: 'H', help: long(2001) }))).toBe(false);
    expect(ok(questionDefinitionSchema, badTexts({ header: 'H', options: { oil: '' } }))).toBe(false);
    expect(ok(questionDefinitionSchema, badTexts({ header: 'H', colour: 'red' }))).toBe(false);
  });
});

describe('rates', () => {
  it('takes öre per kWh and components per carrier; missing maps and components default to empty', () => {
    const rates = {
      energy_carriers_import: { electricity: { cents_per_kwh: 150, components: [{ name: 'nät', cents_per_kwh: 40 }] } },
      energy_carriers_export: { electricity: { cents_per_kwh: 60, components: [] } },
    };
    expect(ratesSchema.parse(rates)).toEqual(rates);
    expect(ratesSchema.parse({ energy_carriers_import: { oil: { cents_per_kwh: 120 } } })).toEqual({
      energy_carriers_import: { oil: { cents_per_kwh: 120, components: [] } },
      energy_carriers_export: {},
    });
  });

  it('refuses negative or huge prices, unknown carriers and unnamed components', () => {
    expect(ok(ratesSchema, { energy_carriers_import: { oil: { cents_per_kwh: -1 } } })).toBe(false);
    expect(ok(ratesSchema, { energy_carriers_import: { oil: { cents_per_kwh: 100_001 } } })).toBe(false);
    expect(ok(ratesSchema, { energy_carriers_import: { coal: { cents_per_kwh: 1 } } })).toBe(false);
    const component = (c: unknown) => ({ energy_carriers_import: { oil: { cents_per_kwh: 1, components: [c] } } });
    expect(ok(ratesSchema, component({ name: '', cents_per_kwh: 1 }))).toBe(false);
    expect(ok(ratesSchema, component({ name: long(256), cents_per_kwh: 1 }))).toBe(false);
    expect(ok(ratesSchema, component({ name: 'nät', cents_per_kwh: 100_001 }))).toBe(false);
  });
});

describe('consumption', () => {
  const year = { year: 2025, energy_carriers: { electricity: 14_000, district_heating: 8_000 } };

  it('takes a year of bought energy; household electricity is on the meter unless told', () => {
    expect(consumptionSchema.parse(year)).toEqual({ ...year, household_electricity_included: true });
    const full = { ...year, degree_days: 3600, household_electricity: 4_000, tap_water: 3_000 };
    expect(consumptionSchema.parse(full)).toEqual({ ...full, household_electricity_included: true });
    expect(ok(consumptionSchema, { ...year, household_electricity: 14_000 })).toBe(true);
    expect(ok(consumptionSchema, { ...year, tap_water: 22_000 })).toBe(true);
  });

  it('refuses years and degree days out of range, and a year of nothing bought', () => {
    expect(ok(consumptionSchema, { ...year, year: 1989 })).toBe(false);
    expect(ok(consumptionSchema, { ...year, year: 2101 })).toBe(false);
    expect(ok(consumptionSchema, { ...year, degree_days: 499 })).toBe(false);
    expect(ok(consumptionSchema, { ...year, degree_days: 9001 })).toBe(false);
    expect(ok(consumptionSchema, { ...year, energy_carriers: { oil: 10_000_001 } })).toBe(false);
    const nothing = consumptionSchema.safeParse({ year: 2025, energy_carriers: { oil: 0 } });
    expect(nothing.error?.issues[0]?.message).toBe('give the kWh of at least one carrier');
    expect(ok(consumptionSchema, { year: 2025, energy_carriers: {} })).toBe(false);
  });

  it('household electricity may not pass the electricity it is included in; tap water not all that was bought', () => {
    const household = consumptionSchema.safeParse({ ...year, household_electricity: 14_001 });
    expect(household.error?.issues).toEqual([
      expect.objectContaining({
        path: ['household_electricity'],
        message: 'more than the 14000 kWh of electricity it is included in',
      }),
    ]);
    const separate = { ...year, household_electricity: 20_000, household_electricity_included: false };
    expect(ok(consumptionSchema, separate)).toBe(true);
    const onlyHeat = { year: 2025, energy_carriers: { district_heating: 8_000 }, household_electricity: 1 };
    expect(ok(consumptionSchema, onlyHeat)).toBe(false);
    const tap = consumptionSchema.safeParse({ ...year, tap_water: 22_001 });
    expect(tap.error?.issues).toEqual([
      expect.objectContaining({ path: ['tap_water'], message: 'more than the 22000 kWh bought in all' }),
    ]);
    expect(ok(consumptionSchema, { ...year, household_electricity: 10_000_001 })).toBe(false);
    expect(ok(consumptionSchema, { ...year, tap_water: 10_000_001 })).toBe(false);
  });
});

describe('small payloads', () => {
  it('EPC document fields: a class, a primary energy number (form text), a day', () => {
    expect(epcDocumentFieldsSchema.parse({ energy_class: 'C', ep: '112.5' })).toEqual({ energy_class: 'C', ep: 112.5 });
    expect(ok(epcDocumentFieldsSchema, { energy_class: 'C', ep: '2000' })).toBe(true);
    expect(ok(epcDocumentFieldsSchema, { energy_class: 'C', ep: '2001' })).toBe(false);
    expect(ok(epcDocumentFieldsSchema, { energy_class: 'C', ep: '-1' })).toBe(false);
    expect(ok(epcDocumentFieldsSchema, { energy_class: 'H' })).toBe(false);
    expect(ok(epcDocumentFieldsSchema, { energy_class: 'C', owner: 'x' })).toBe(false);
  });

  it('interactions: an action, maybe an object and a property', () => {
    const click = { action: 'open_recommendation', object: 'heat_pump_air', property_id: 12 };
    expect(interactionSchema.parse(click)).toEqual(click);
    expect(ok(interactionSchema, { action: 'open', property_id: null })).toBe(true);
    expect(ok(interactionSchema, { action: '' })).toBe(false);
    expect(ok(interactionSchema, { action: long(256) })).toBe(false);
    expect(ok(interactionSchema, { action: 'open', object: '' })).toBe(false);
    expect(ok(interactionSchema, { action: 'open', object: long(1024) })).toBe(false);
    expect(ok(interactionSchema, { action: 'open', user: 'x' })).toBe(false);
  });

  it('texts: a named text in Swedish or English; names are lower-case slugs', () => {
    const text = { name: 'privacy', locale: 'sv', title: 'Integritet', body: 'Vi sparar…', updated_at: '2026-01-01' };
    expect(textSchema.parse(text)).toEqual(text);
    expect(ok(textSchema, { ...text, locale: 'de' })).toBe(false);
    expect(ok(textSchema, { ...text, name: '' })).toBe(false);
    expect(ok(textSchema, { ...text, name: long(101) })).toBe(false);
    expect(ok(textSchema, { ...text, title: long(256) })).toBe(false);
    expect(ok(textSchema, { ...text, body: long(20_001) })).toBe(false);
    expect(ok(textSchema, { ...text, body: '' })).toBe(false);
    expect(['privacy', 'terms-2026', '9'].map((name) => ok(textNameSchema, name))).toEqual([true, true, true]);
    const refused = ['-privacy', 'Privacy', 'a b', 'terms_2026', `a${long(100)}`, 'privacy!'];
    expect(refused.map((name) => ok(textNameSchema, name))).toEqual(refused.map(() => false));
    expect(textNameSchema.safeParse('A').error?.issues[0]?.message).toBe('lower-case letters, digits and dashes');
  });

  it('mini-flow address: trimmed street and city, a five-digit postal code with or without its space', () => {
    expect(
      miniflowPropertySchema.parse({ street: ' Storgatan 1 ', postalCity: ' Umeå ', postalCode: ' 903 26 ' }),
    ).toEqual({ street: 'Storgatan 1', postalCity: 'Umeå', postalCode: '903 26' });
    const address = { street: 'Storgatan 1', postalCity: 'Umeå', postalCode: '90326' };
    expect(ok(miniflowPropertySchema, address)).toBe(true);
    for (const postalCode of ['9032', '903266', '903  26', 'abc de', '903 2a', 'x90326', '90326x']) {
      expect(ok(miniflowPropertySchema, { ...address, postalCode })).toBe(false);
    }
    expect(miniflowPropertySchema.safeParse({ ...address, postalCode: '1' }).error?.issues[0]?.message).toBe(
      'five digits, e.g. 123 45',
    );
    expect(ok(miniflowPropertySchema, { ...address, street: '   ' })).toBe(false);
    expect(ok(miniflowPropertySchema, { ...address, postalCity: '' })).toBe(false);
    expect(ok(miniflowPropertySchema, { ...address, street: long(256) })).toBe(false);
    expect(ok(miniflowPropertySchema, { ...address, postalCity: long(256) })).toBe(false);
  });

  it('installer selections: one to fifty, each naming an installer and a recommendation', () => {
    const choice = { installer: 'varme-ab', key: 'heat_pump_air', selected: true };
    expect(installerSelectionsSchema.parse([choice])).toEqual([choice]);
    expect(ok(installerSelectionsSchema, [])).toBe(false);
    expect(ok(installerSelectionsSchema, Array(51).fill(choice))).toBe(false);
    expect(ok(installerSelectionsSchema, [{ ...choice, installer: '' }])).toBe(false);
    expect(ok(installerSelectionsSchema, [{ ...choice, key: long(101) }])).toBe(false);
    expect(ok(installerSelectionsSchema, [{ ...choice, installer: long(101) }])).toBe(false);
    expect(ok(installerSelectionsSchema, [{ ...choice, key: '' }])).toBe(false);
  });
});
