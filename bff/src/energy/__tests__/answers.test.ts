// Answer keys: spellings, defaults, validation of values.
import { BUILDING_TYPES, HEATING_SYSTEMS } from '@home-energy/shared/schemas/energy';
import { questionDataSchema } from '@home-energy/shared/schemas/property-flow';
import { answerProblem } from '@home-energy/shared/validation/answers';
import {
  ANSWER_KEYS,
  AnswerError,
  answerData,
  buildingInputFromAnswers,
  changedAnswerKeys,
  copyInput,
  type AnswerKey,
  type BuildingInput,
} from '../answers';
import { ENERGY_CONSTANTS as K } from '../constants';

describe('ANSWER_KEYS', () => {
  it('covers every building answer theme of docs/product.md §3', () => {
    const keys = Object.keys(ANSWER_KEYS);
    for (const key of ['building_type', 'construction_year', 'num_floors', 'atemp', 'primary_heating_systems'])
      expect(keys).toContain(key);
    // heat pump, attic, windows, doors, wall insulation, window film, solar panel, battery, low-flush faucet,
    // occupants, indoor temperature, ventilation, basement, orientation, ceiling height, appliances, energy-reducing
    // products, wallbox
    for (const theme of [
      'heat_pump',
      'attic',
      'window_type',
      'door',
      'wall_insulation',
      'window_film',
      'solar_panels',
      'battery',
      'low_flush',
      'occupants',
      'indoor_temperature',
      'ventilation',
      'basement',
      'orientation',
      'ceiling_height',
      'appliances',
      'energy_reducing',
      'wallbox',
    ]) {
      expect(keys.some((k) => k.includes(theme))).toBe(true);
    }
  });

  it('uses the spec’s units only', () => {
    for (const def of Object.values(ANSWER_KEYS)) {
      if ('unit' in def) expect(['yr', 'sqm', 'C', 'num', 'kwh', 'mm', 'wp', 'm']).toContain(def.unit);
    }
  });

  it('takes building types and heating systems from the shared vocabulary (13 systems), as the register does', () => {
    expect(ANSWER_KEYS.building_type.options).toEqual(BUILDING_TYPES);
    expect(ANSWER_KEYS.primary_heating_systems.options).toEqual(HEATING_SYSTEMS);
    expect(HEATING_SYSTEMS).toHaveLength(13);
  });

  it('accepts the property register’s building types and heating systems (bff/src/register spellings)', () => {
    for (const type of ['villa', 'radhus', 'parhus', 'kedjehus', 'flerbostadshus'])
      expect(ANSWER_KEYS.building_type.options).toContain(type);
    for (const system of [
      'district_heating',
      'heat_pump_air',
      'heat_pump_airwater',
      'heat_pump_geothermal',
      'electric_direct',
      'electric_waterborne',
      'oil',
      'pellets',
      'wood',
    ]) {
      expect(ANSWER_KEYS.primary_heating_systems.options).toContain(system);
    }
  });
});

describe('buildingInputFromAnswers', () => {
  it('fills defaults for everything not answered', () => {
    const input = buildingInputFromAnswers({ construction_year: 1970, atemp: 120 });
    expect(input).toMatchObject({
      building_type: 'villa',
      num_floors: 1,
      primary_heating_systems: ['electric_direct'],
      attic_insulation_mm: null,
      window_type: 'unknown',
      occupants: null,
      indoor_temperature: 21,
      solar_panels_wp: 0,
      battery_kwh: 0,
      ventilation: 'unknown',
    });
  });

  it('keeps the order of heating systems, drops duplicates, takes a single string as a list', () => {
    expect(
      buildingInputFromAnswers({ construction_year: 1970, atemp: 120, primary_heating_systems: ['oil', 'wood', 'oil'] })
        .primary_heating_systems,
    ).toEqual(['oil', 'wood']);
    expect(
      buildingInputFromAnswers({ construction_year: 1970, atemp: 120, primary_heating_systems: 'pellets' })
        .primary_heating_systems,
    ).toEqual(['pellets']);
  });

  it.each([
    [{ atemp: 120 }, 'construction_year'],
    [{ construction_year: 1970 }, 'atemp'],
    [{ construction_year: 1970, atemp: -5 }, 'atemp'],
    [{ construction_year: 1970, atemp: 120.5 }, 'atemp'],
    [{ construction_year: 3000, atemp: 120 }, 'construction_year'],
    [{ construction_year: 1970, atemp: 120, building_type: 'castle' }, 'building_type'],
    [{ construction_year: 1970, atemp: 120, primary_heating_systems: ['coal'] }, 'primary_heating_systems'],
    [{ construction_year: 1970, atemp: 120, low_flush_faucets: 'yes' }, 'low_flush_faucets'],
    [{ construction_year: '1970', atemp: 120 }, 'construction_year'],
  ])('rejects %j naming %s', (answers, key) => {
    let error: unknown;
    try {
      buildingInputFromAnswers(answers as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AnswerError);
    expect((error as AnswerError).key).toBe(key);
  });
});

describe('buildingInputFromAnswers: what a bad answer is told (the API returns the message as invalid_answers)', () => {
  const errorOf = (answers: Record<string, unknown>): AnswerError => {
    try {
      buildingInputFromAnswers({ construction_year: 1970, atemp: 120, ...answers } as never);
    } catch (e) {
      if (e instanceof AnswerError) return e;
      throw e;
    }
    throw new Error(`${JSON.stringify(answers)} was accepted`);
  };

  it.each([
    [{ construction_year: '1970' }, 'construction_year', 'expected a number'],
    [{ atemp: Number.NaN }, 'atemp', 'expected a number'],
    [{ battery_kwh: Number.POSITIVE_INFINITY }, 'battery_kwh', 'expected a number'],
    [{ num_floors: 1.5 }, 'num_floors', 'expected an integer'],
    [{ construction_year: 2101 }, 'construction_year', 'expected 1600–2100'],
    [{ construction_year: 1599 }, 'construction_year', 'expected 1600–2100'],
    [{ indoor_temperature: 30.5 }, 'indoor_temperature', 'expected 10–30'],
    [{ wallbox: 1 }, 'wallbox', 'expected true or false'],
    [{ window_type: 'quadruple' }, 'window_type', 'expected one of unknown, single, double, triple, energy'],
    [{ door_type: ['energy'] }, 'door_type', 'expected one of original, insulated, energy'],
    [
      { primary_heating_systems: ['oil', 'coal'] },
      'primary_heating_systems',
      `expected a list of ${HEATING_SYSTEMS.join(', ')}`,
    ],
    [{ primary_heating_systems: [7] }, 'primary_heating_systems', `expected a list of ${HEATING_SYSTEMS.join(', ')}`],
    [{ primary_heating_systems: true }, 'primary_heating_systems', `expected a list of ${HEATING_SYSTEMS.join(', ')}`],
  ])('%j is refused, naming %s', (answers, key, reason) => {
    const error = errorOf(answers);
    expect(error.key).toBe(key);
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(`${key}: ${reason}`);
  });

  it('accepts both ends of a range', () => {
    for (const [key, value] of [
      ['construction_year', 1600],
      ['construction_year', 2100],
      ['atemp', 100_000],
      ['indoor_temperature', 30],
      ['indoor_temperature', 10],
      ['battery_kwh', 12.5],
      ['air_to_air_units', 10],
    ] as const) {
      expect(buildingInputFromAnswers({ construction_year: 1970, atemp: 120, [key]: value })[key]).toBe(value);
    }
  });

  it('takes an empty list of heating systems as unanswered (the default), as its own copy', () => {
    const input = buildingInputFromAnswers({ construction_year: 1970, atemp: 120, primary_heating_systems: [] });
    expect(input.primary_heating_systems).toEqual(['electric_direct']);
    input.primary_heating_systems.push('wood');
    expect(ANSWER_KEYS.primary_heating_systems.default).toEqual(['electric_direct']);
  });

  it('takes null as unanswered, but not for a required key', () => {
    expect(
      buildingInputFromAnswers({ construction_year: 1970, atemp: 120, window_type: null } as never).window_type,
    ).toBe('unknown');
    expect(errorOf({ atemp: null }).reason).toBe('required');
  });
});

describe('answerData: a key as a question’s data, what the shared answer rules check', () => {
  it('a selection: its options and default', () => {
    expect(answerData('building_type')).toEqual({ type: 'selection', options: [...BUILDING_TYPES], default: 'villa' });
    expect(answerData('ventilation')).toEqual({
      type: 'selection',
      options: ['unknown', 'natural', 'exhaust', 'balanced_heat_recovery'],
      default: 'unknown',
    });
  });

  it('a multiple choice: its options and default list', () => {
    expect(answerData('primary_heating_systems')).toEqual({
      type: 'multiple',
      options: [...HEATING_SYSTEMS],
      default: ['electric_direct'],
    });
  });

  it('a yes/no question: its default', () => {
    expect(answerData('window_film')).toEqual({ type: 'boolean', default: false });
    expect(answerData('smart_heating_control')).toEqual({ type: 'boolean', default: false });
  });

  it('a number: whole or not, unit, range and default (null: not answered)', () => {
    expect(answerData('construction_year')).toEqual({
      type: 'integer',
      unit: 'yr',
      min: 1600,
      max: 2100,
      default: null,
    });
    expect(answerData('battery_kwh')).toEqual({ type: 'float', unit: 'kwh', min: 0, max: 1000, default: 0 });
    expect(answerData('ceiling_height')).toEqual({
      type: 'float',
      unit: 'm',
      min: 1.8,
      max: 6,
      default: K.ceilingHeight.value,
    });
  });

  it('is valid question data for every key, whose rules accept the key’s default', () => {
    for (const key of Object.keys(ANSWER_KEYS) as AnswerKey[]) {
      const data = answerData(key);
      expect(questionDataSchema.parse(data)).toEqual(data);
      if (data.default !== null) expect(answerProblem(data, data.default, 2026)).toBeNull();
    }
  });

  it('hands out copies: a changed question leaves the answer keys as they were', () => {
    const data = answerData('primary_heating_systems') as { options: string[]; default: string[] };
    data.options.pop();
    data.default.push('wood');
    expect(answerData('primary_heating_systems')).toMatchObject({
      options: [...HEATING_SYSTEMS],
      default: ['electric_direct'],
    });
  });
});

describe('copyInput and changedAnswerKeys (written out key by key for speed)', () => {
  const base = buildingInputFromAnswers({ construction_year: 1970, atemp: 120 });
  const other: Record<AnswerKey, unknown> = {
    building_type: 'radhus',
    construction_year: 1980,
    num_floors: 2,
    atemp: 130,
    primary_heating_systems: ['oil'],
    heat_pump_installation_year: 2010,
    attic_insulation_mm: 300,
    wall_insulation_added_mm: 50,
    window_type: 'triple',
    door_type: 'energy',
    window_film: true,
    solar_panels_wp: 4000,
    battery_kwh: 5,
    low_flush_faucets: true,
    occupants: 3,
    indoor_temperature: 22,
    ventilation: 'exhaust',
    basement: 'heated',
    roof_orientation: 'south',
    ceiling_height: 2.6,
    appliances: 'efficient',
    energy_reducing_products: true,
    wallbox: true,
    smart_heating_control: true,
    floor_plan: 'open',
    air_to_air_units: 2,
  };

  it('cover every answer key', () => {
    const keys = Object.keys(ANSWER_KEYS) as AnswerKey[];
    expect(Object.keys(other).sort()).toEqual([...keys].sort());
    expect(Object.keys(copyInput(base))).toEqual(keys);
    expect(copyInput(base)).toEqual(base);
    expect(changedAnswerKeys(base, copyInput(base))).toEqual([]);
    for (const key of keys) {
      const changed = copyInput(base, { [key]: other[key] } as Partial<BuildingInput>);
      expect(changed[key]).toEqual(other[key]);
      expect(changedAnswerKeys(base, changed)).toEqual([key]);
    }
  });

  it('compare lists item by item (a new list with the same systems is no change)', () => {
    expect(
      changedAnswerKeys(base, copyInput(base, { primary_heating_systems: [...base.primary_heating_systems] })),
    ).toEqual([]);
    expect(changedAnswerKeys(base, copyInput(base, { primary_heating_systems: ['electric_direct', 'wood'] }))).toEqual([
      'primary_heating_systems',
    ]);
    const two = copyInput(base, { primary_heating_systems: ['oil', 'wood'] });
    expect(changedAnswerKeys(two, copyInput(base, { primary_heating_systems: ['oil', 'pellets'] }))).toEqual([
      'primary_heating_systems',
    ]);
    expect(changedAnswerKeys(two, copyInput(base, { primary_heating_systems: ['wood', 'oil'] }))).toEqual([
      'primary_heating_systems',
    ]);
  });

  it('copy: a change given leaves the original as it was', () => {
    const copy = copyInput(base, { atemp: 200 });
    expect(copy).not.toBe(base);
    expect(base.atemp).toBe(120);
    expect(copyInput(base, {})).toEqual(base);
  });
});
