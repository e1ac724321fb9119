// Answer keys: spellings, defaults, validation of values.
import { BUILDING_TYPES, HEATING_SYSTEMS } from '@home-energy/shared/schemas/energy';
import {
  ANSWER_KEYS,
  AnswerError,
  buildingInputFromAnswers,
  changedAnswerKeys,
  copyInput,
  type AnswerKey,
  type BuildingInput,
} from '../answers';

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
  });
});
