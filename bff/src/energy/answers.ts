// The building answer keys (docs/product.md §3 "Answers"): exact spellings, types, units, defaults. One source of
// truth; the question definitions can be seeded from this object. building_type and primary_heating_systems take
// the shared vocabulary (@home-energy/shared/schemas/energy: BUILDING_TYPES, HEATING_SYSTEMS), as the property register
// does. `default: null` = not answered → the model uses the value typical of the construction era (or the BEN
// standard), see README.
import { BUILDING_TYPES, HEATING_SYSTEMS } from '@home-energy/shared/schemas/energy';
import type { QuestionData } from '@home-energy/shared/schemas/property-flow';
import { ENERGY_CONSTANTS as K } from './constants';

type Unit = 'yr' | 'sqm' | 'C' | 'num' | 'kwh' | 'mm' | 'wp' | 'm';
interface NumberKey {
  type: 'integer' | 'float';
  unit: Unit;
  min: number;
  max: number;
  default: number | null;
  description: string;
}
interface SelectionKey<O extends string> {
  type: 'selection';
  options: readonly O[];
  default: O;
  description: string;
}
interface MultipleKey<O extends string> {
  type: 'multiple';
  options: readonly O[];
  default: readonly O[];
  description: string;
}
interface BooleanKey {
  type: 'boolean';
  default: boolean;
  description: string;
}
type AnswerKeyDefinition = NumberKey | SelectionKey<string> | MultipleKey<string> | BooleanKey;

export const ANSWER_KEYS = {
  building_type: {
    type: 'selection',
    options: BUILDING_TYPES,
    default: 'villa',
    description:
      'Småhus (villa, radhus, parhus, kedjehus) or flerbostadshus; decides the EP requirement and party walls.',
  },
  construction_year: {
    type: 'integer',
    unit: 'yr',
    min: 1600,
    max: 2100,
    default: null,
    description: 'Year built (required).',
  },
  num_floors: {
    type: 'integer',
    unit: 'num',
    min: 1,
    max: 60,
    default: 1,
    description: 'Heated storeys above ground.',
  },
  atemp: {
    type: 'integer',
    unit: 'sqm',
    min: 1,
    max: 100_000,
    default: null,
    description: 'Heated floor area Atemp (required).',
  },
  primary_heating_systems: {
    type: 'multiple',
    options: HEATING_SYSTEMS,
    default: ['electric_direct'],
    description: 'Heating systems; the first is the main one and also makes tap water when it can.',
  },
  heat_pump_installation_year: {
    type: 'integer',
    unit: 'yr',
    min: 1970,
    max: 2100,
    default: null,
    description: 'Year the heat pump was installed; older than its life span → upgrade_available.',
  },
  attic_insulation_mm: {
    type: 'integer',
    unit: 'mm',
    min: 0,
    max: 1000,
    default: null,
    description: 'Total attic insulation.',
  },
  wall_insulation_added_mm: {
    type: 'integer',
    unit: 'mm',
    min: 0,
    max: 500,
    default: 0,
    description: 'Wall insulation added after construction.',
  },
  window_type: {
    type: 'selection',
    options: ['unknown', 'single', 'double', 'triple', 'energy'] as const,
    default: 'unknown',
    description: 'Glazing; unknown → typical for the era.',
  },
  door_type: {
    type: 'selection',
    options: ['original', 'insulated', 'energy'] as const,
    default: 'original',
    description: 'Outer doors; original → typical for the era.',
  },
  window_film: {
    type: 'boolean',
    default: false,
    description:
      'Insulating low-emissivity film on the glass of 1- or 2-pane windows (lowers their U; no effect on ' +
      'better glazing).',
  },
  solar_panels_wp: {
    type: 'integer',
    unit: 'wp',
    min: 0,
    max: 1_000_000,
    default: 0,
    description: 'Installed PV peak power.',
  },
  battery_kwh: { type: 'float', unit: 'kwh', min: 0, max: 1000, default: 0, description: 'Home battery capacity.' },
  low_flush_faucets: { type: 'boolean', default: false, description: 'Low-flow taps and shower heads fitted.' },
  occupants: {
    type: 'integer',
    unit: 'num',
    min: 0,
    max: 1000,
    default: null,
    description: 'People living there; unknown → BEN standard tap water for bills too.',
  },
  indoor_temperature: {
    type: 'float',
    unit: 'C',
    min: 10,
    max: 30,
    default: 21,
    description: 'Indoor temperature in winter.',
  },
  ventilation: {
    type: 'selection',
    options: ['unknown', 'natural', 'exhaust', 'balanced_heat_recovery'] as const,
    default: 'unknown',
    description: 'Självdrag, frånluft or FTX (balanced with heat recovery); unknown → typical for the era, never FTX.',
  },
  basement: {
    type: 'selection',
    options: ['none', 'unheated', 'heated'] as const,
    default: 'none',
    description: 'Basement.',
  },
  roof_orientation: {
    type: 'selection',
    options: ['unknown', 'south', 'east_west', 'north'] as const,
    default: 'unknown',
    description: 'Best roof side for solar panels.',
  },
  ceiling_height: {
    type: 'float',
    unit: 'm',
    min: 1.8,
    max: 6,
    default: K.ceilingHeight.value,
    description: 'Room height.',
  },
  appliances: {
    type: 'selection',
    options: ['standard', 'efficient'] as const,
    default: 'standard',
    description: 'Household appliances; efficient (best energy class) → less household electricity (estimate).',
  },
  energy_reducing_products: {
    type: 'boolean',
    default: false,
    description: 'LED lighting, standby cut-offs, timers → less household electricity (estimate).',
  },
  wallbox: { type: 'boolean', default: false, description: 'EV charging point installed.' },
  smart_heating_control: { type: 'boolean', default: false, description: 'Smart control of the heat pump / heating.' },
  floor_plan: {
    type: 'selection',
    options: ['closed', 'partly_open', 'open'] as const,
    default: 'closed',
    description:
      "Floor plan: how far an air-to-air pump's warm air reaches; unanswered → closed rooms (the cautious case).",
  },
  air_to_air_units: {
    type: 'integer',
    unit: 'num',
    min: 1,
    max: 10,
    default: 1,
    description: 'Indoor units of the air-to-air heat pump(s) in the house; the measure installs one.',
  },
} as const satisfies Record<string, AnswerKeyDefinition>;

export type AnswerKey = keyof typeof ANSWER_KEYS;
type ValueOf<D> = D extends { type: 'integer' | 'float'; default: infer Def }
  ? number | (null extends Def ? null : never)
  : D extends { type: 'boolean' }
    ? boolean
    : D extends { type: 'selection'; options: readonly (infer O)[] }
      ? O
      : D extends { type: 'multiple'; options: readonly (infer O)[] }
        ? O[]
        : never;

/**
 * A building as the model reads it: every answer key with its value or default (construction_year and atemp required).
 */
export type BuildingInput = { -readonly [Key in AnswerKey]: ValueOf<(typeof ANSWER_KEYS)[Key]> } & {
  construction_year: number;
  atemp: number;
};
export type BuildingType = BuildingInput['building_type'];
export type WindowType = BuildingInput['window_type'];
export type DoorType = BuildingInput['door_type'];
export type FloorPlan = BuildingInput['floor_plan'];
/** The ventilation the model computes with: an unanswered one is the era's (model/heat-demand ventilationOf). */
export type Ventilation = Exclude<BuildingInput['ventilation'], 'unknown'>;

/** docs/product.md §3: answers map keys to boolean, string, number or list of strings. */
export type Answers = Record<string, boolean | string | number | string[]>;

export class AnswerError extends Error {
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(`${key}: ${reason}`);
  }
}

/** The answers without which the model cannot run: no default stands in for them. */
export const REQUIRED_ANSWER_KEYS = ['construction_year', 'atemp'] as const satisfies readonly AnswerKey[];
const REQUIRED: readonly AnswerKey[] = REQUIRED_ANSWER_KEYS;

/** A key's definition as a question's `data`: what the shared answer rules (shared/src/validation/answers.ts) check. */
export function answerData(key: AnswerKey): QuestionData {
  const def = ANSWER_KEYS[key] as AnswerKeyDefinition;
  switch (def.type) {
    case 'selection':
      return { type: 'selection', options: [...def.options], default: def.default };
    case 'multiple':
      return { type: 'multiple', options: [...def.options], default: [...def.default] };
    case 'boolean':
      return { type: 'boolean', default: def.default };
    default:
      return { type: def.type, unit: def.unit, min: def.min, max: def.max, default: def.default };
  }
}

function readValue(key: AnswerKey, def: AnswerKeyDefinition, raw: unknown): unknown {
  switch (def.type) {
    case 'integer':
    case 'float': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) throw new AnswerError(key, 'expected a number');
      if (def.type === 'integer' && !Number.isInteger(raw)) throw new AnswerError(key, 'expected an integer');
      if (raw < def.min || raw > def.max) throw new AnswerError(key, `expected ${def.min}–${def.max}`);
      return raw;
    }
    case 'boolean':
      if (typeof raw !== 'boolean') throw new AnswerError(key, 'expected true or false');
      return raw;
    case 'selection':
      if (typeof raw !== 'string' || !def.options.includes(raw))
        throw new AnswerError(key, `expected one of ${def.options.join(', ')}`);
      return raw;
    case 'multiple': {
      const list = typeof raw === 'string' ? [raw] : raw;
      if (!Array.isArray(list) || list.some((v) => typeof v !== 'string' || !def.options.includes(v))) {
        throw new AnswerError(key, `expected a list of ${def.options.join(', ')}`);
      }
      return list.length === 0 ? [...def.default] : [...new Set(list)];
    }
  }
}

/**
 * A copy of a BuildingInput with `change` laid over it. The copy always has every key in one order (one object shape),
 * which keeps property reads in the model fast; a spread of an object built key by key does not.
 */
export function copyInput(input: BuildingInput, change?: Partial<BuildingInput>): BuildingInput {
  const out: BuildingInput = {
    building_type: input.building_type,
    construction_year: input.construction_year,
    num_floors: input.num_floors,
    atemp: input.atemp,
    primary_heating_systems: input.primary_heating_systems,
    heat_pump_installation_year: input.heat_pump_installation_year,
    attic_insulation_mm: input.attic_insulation_mm,
    wall_insulation_added_mm: input.wall_insulation_added_mm,
    window_type: input.window_type,
    door_type: input.door_type,
    window_film: input.window_film,
    solar_panels_wp: input.solar_panels_wp,
    battery_kwh: input.battery_kwh,
    low_flush_faucets: input.low_flush_faucets,
    occupants: input.occupants,
    indoor_temperature: input.indoor_temperature,
    ventilation: input.ventilation,
    basement: input.basement,
    roof_orientation: input.roof_orientation,
    ceiling_height: input.ceiling_height,
    appliances: input.appliances,
    energy_reducing_products: input.energy_reducing_products,
    wallbox: input.wallbox,
    smart_heating_control: input.smart_heating_control,
    floor_plan: input.floor_plan,
    air_to_air_units: input.air_to_air_units,
  };
  return change === undefined ? out : Object.assign(out, change);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The answer keys whose values differ between two inputs, in ANSWER_KEYS order (lists compared item by item). */
export function changedAnswerKeys(a: BuildingInput, b: BuildingInput): AnswerKey[] {
  // Written out key by key like copyInput (a test checks both cover every key): this runs for every model-run lookup.
  const out: AnswerKey[] = [];
  if (a.building_type !== b.building_type) out.push('building_type');
  if (a.construction_year !== b.construction_year) out.push('construction_year');
  if (a.num_floors !== b.num_floors) out.push('num_floors');
  if (a.atemp !== b.atemp) out.push('atemp');
  if (!sameList(a.primary_heating_systems, b.primary_heating_systems)) out.push('primary_heating_systems');
  if (a.heat_pump_installation_year !== b.heat_pump_installation_year) out.push('heat_pump_installation_year');
  if (a.attic_insulation_mm !== b.attic_insulation_mm) out.push('attic_insulation_mm');
  if (a.wall_insulation_added_mm !== b.wall_insulation_added_mm) out.push('wall_insulation_added_mm');
  if (a.window_type !== b.window_type) out.push('window_type');
  if (a.door_type !== b.door_type) out.push('door_type');
  if (a.window_film !== b.window_film) out.push('window_film');
  if (a.solar_panels_wp !== b.solar_panels_wp) out.push('solar_panels_wp');
  if (a.battery_kwh !== b.battery_kwh) out.push('battery_kwh');
  if (a.low_flush_faucets !== b.low_flush_faucets) out.push('low_flush_faucets');
  if (a.occupants !== b.occupants) out.push('occupants');
  if (a.indoor_temperature !== b.indoor_temperature) out.push('indoor_temperature');
  if (a.ventilation !== b.ventilation) out.push('ventilation');
  if (a.basement !== b.basement) out.push('basement');
  if (a.roof_orientation !== b.roof_orientation) out.push('roof_orientation');
  if (a.ceiling_height !== b.ceiling_height) out.push('ceiling_height');
  if (a.appliances !== b.appliances) out.push('appliances');
  if (a.energy_reducing_products !== b.energy_reducing_products) out.push('energy_reducing_products');
  if (a.wallbox !== b.wallbox) out.push('wallbox');
  if (a.smart_heating_control !== b.smart_heating_control) out.push('smart_heating_control');
  if (a.floor_plan !== b.floor_plan) out.push('floor_plan');
  if (a.air_to_air_units !== b.air_to_air_units) out.push('air_to_air_units');
  return out;
}

/** Answers → BuildingInput. Unknown keys are ignored here (the API validates them); bad values throw AnswerError. */
export function buildingInputFromAnswers(answers: Answers): BuildingInput {
  const input: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(ANSWER_KEYS) as [AnswerKey, AnswerKeyDefinition][]) {
    const raw = answers[key];
    if (raw === undefined || raw === null) {
      if (REQUIRED.includes(key)) throw new AnswerError(key, 'required');
      input[key] = Array.isArray(def.default) ? [...def.default] : def.default;
    } else {
      input[key] = readValue(key, def, raw);
    }
  }
  return copyInput(input as BuildingInput);
}
