// The checkable forms of the engine's answers (docs/product.md §3 Activity, §7 explanation): what the BFF sends passes
// unchanged; a payload that breaks the contract is caught.
import { activitySchema, explanationSchema } from '../energy';

const perCarrier = {
  bio: 0,
  bio_other: 0,
  bio_tree_pellets_bricks: 0,
  district_heating: 0,
  electricity: -2_500,
  gas: 0,
  oil: 12_000,
  wood: 0,
};
const activity = {
  name: 'heat_pump_airwater',
  category: 'reduce_energy_usage',
  available: true,
  completion_status: 'not_completed',
  completed_at: null,
  energy_diff: 9_500,
  energy_diff_import: 9_500,
  energy_diff_export: 0,
  energy_diff_per_carrier: perCarrier,
  investment_cost: 140_000,
  investment_cost_span: 40_000,
  life_span: 20,
  savings: { energySavings: 9_500, energyCostSavings: 14_250 },
  kwh_saved_bought: 9_500,
  kwh_sold: 0,
  payback_years: 9.8,
  pays_back: true,
  lifetime_value: 145_000,
  needs_installer: true,
  choice: 'heat_pump',
  subsidies: [{ type: 'rot', amount: 12_000 }],
  messages: [{ id: 'noise_outdoor_unit', level: 'notice', values: { db: 55 } }],
  epc_label: {
    type: 'estimated_calculated',
    energy_class: 'C',
    ep: 98.4,
    ep_requirement: 90,
    percent_of_requirement: 109,
    atemp: 142,
    f_geo: 1.1,
    f_geo_is_estimate: false,
    rule_version: 'BBR29',
  },
};

const explanation = {
  subject: 'label',
  rule_version: 'BBR29',
  inputs: [
    { key: 'atemp', question_key: 'heated_area', status: 'answered', value: 142, assumption: null },
    {
      key: 'ventilation',
      question_key: 'ventilation',
      status: 'assumed',
      value: null,
      assumption: { reason: 'era', used: 'exhaust', values: { year: 1975 } },
    },
  ],
  steps: [{ code: 'ep', values: { ep: 98.4, unit: 'kWh/m²' } }],
  constants: [
    {
      id: 'f_geo',
      value: 1.1,
      unit: '',
      source: null,
      estimate: null,
      sources: [{ publisher: 'Boverket', title: 'BBR', year: 2020 }],
      basis: 'definition',
      applies: null,
    },
  ],
  ranges: [{ code: 'ep', low: 90, value: 98.4, high: 110 }],
  varied_inputs: ['ventilation'],
};

const ok = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('a recommendation', () => {
  it('passes as the engine sends it, also standing alone and never paying back', () => {
    expect(activitySchema.parse(activity)).toEqual(activity);
    expect(ok(activitySchema, { ...activity, choice: null, payback_years: null, pays_back: false })).toBe(true);
    expect(ok(activitySchema, { ...activity, epc_label: { ...activity.epc_label, energy_class: null } })).toBe(true);
  });

  it('refuses negative costs, spans, life spans and payback, unknown names and values, and extra fields', () => {
    for (const change of [
      { investment_cost: -1 },
      { investment_cost_span: -1 },
      { life_span: -1 },
      { payback_years: -1 },
      { name: 'gold_roof' },
      { category: 'magic' },
      { completion_status: 'done' },
      { choice: 'roof' },
      { subsidies: [{ type: 'tax', amount: 1 }] },
      { messages: [{ id: 'x', level: 'info' }] },
      { energy_diff_per_carrier: { ...perCarrier, coal: 1 } },
      { savings: { energySavings: 1, energyCostSavings: 1, co2: 1 } },
      { epc_label: { ...activity.epc_label, type: 'issued' } },
      { text: 'Byt till värmepump' },
    ]) {
      expect(ok(activitySchema, { ...activity, ...change })).toBe(false);
    }
  });
});

describe('an explanation', () => {
  it('passes as the engine sends it, for the label or a recommendation', () => {
    expect(explanationSchema.parse(explanation)).toEqual(explanation);
    expect(ok(explanationSchema, { ...explanation, subject: 'insulation_attic' })).toBe(true);
  });

  it('refuses unknown subjects, statuses, reasons, bases and range codes', () => {
    const input = explanation.inputs[1]!;
    const constant = explanation.constants[0]!;
    for (const change of [
      { subject: 'roof' },
      { inputs: [{ ...input, status: 'guessed' }] },
      { inputs: [{ ...input, assumption: { ...input.assumption, reason: 'whim' } }] },
      { inputs: [{ ...input, note: 'x' }] },
      { constants: [{ ...constant, basis: 'folklore' }] },
      { constants: [{ ...constant, sources: [{ publisher: 'x', title: 'y', year: 2020.5 }] }] },
      { ranges: [{ code: 'co2', low: 0, value: 1, high: 2 }] },
      { steps: [{ code: 'ep', values: {}, note: 'x' }] },
      { text: 'x' },
    ]) {
      expect(ok(explanationSchema, { ...explanation, ...change })).toBe(false);
    }
  });
});
