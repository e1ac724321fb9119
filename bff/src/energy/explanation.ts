// "How we calculated this": the inputs, steps, constants (with their sources) and a savings range behind the calculated
// label and behind one recommendation. Numbers come from the same model runs as the answers; constants from
// constants.ts.
import type {
  ActivityType,
  Explanation,
  ExplanationAssumption,
  ExplanationConstant,
  ExplanationInput,
  ExplanationRange,
  ExplanationStep,
  InputStatus,
} from '@home-energy/shared/schemas/energy';
import { ANSWER_KEYS, copyInput, type AnswerKey, type BuildingInput } from './answers';
import { buildingCategory, calculatedLabel, modelEnergy, type Building } from './building-model';
import { ENERGY_CONSTANTS as K, RULE_VERSION, type EnergyConstants } from './constants';
import { archetypeFor } from './model/archetype';
import { heatLoss, totalHeatLoss, ventilationOf } from './model/heat-demand';
import { isHeatPump } from './model/heating-systems';
import { yearlyEnergyCost, type Prices } from './prices';
import { IN_LABEL, inputAfter } from './activities/model-runs';
import { measureFor } from './activities/registry';
import { contextFor, evaluate } from './activities/runner';
import type { Activity } from './activities/types';
import { CONSTANT_CITATIONS } from './explanation-sources';

export type ConstantId = keyof EnergyConstants;
/** Where each answer came from; keys left out were not given (the model's default is assumed). */
export type InputSources = Partial<Record<string, Exclude<InputStatus, 'assumed'>>>;

// ---------------------------------------------------------------- which constants each calculation reads

/** The label's standard run, EP and class (engine README "The building model", "EP and class"). */
const LABEL_CONSTANTS: readonly ConstantId[] = [
  'ruleVersion',
  'classBandsPercent',
  'epRequirementMinAtemp',
  'primaryEnergyFactor',
  'fGeoRange',
  'fGeoReferenceTown',
  'pvCountsInEp',
  'referenceIndoorTemperature',
  'propertyElectricity',
  'degreeDayBase',
  'degreeDayLatitudeGradient',
  'degreeDaySpread',
  'freeHeatGains',
  'eraArchetypes',
  'insulationConductivity',
  'atticOtherResistance',
  'atticBareU',
  'windowU',
  'doorU',
  'windowAreaShare',
  'doorCount',
  'doorArea',
  'ceilingHeight',
  'floorStructureHeight',
  'exposedWallShare',
  'ventilationAirflow',
  'naturalVentilationAirChange',
  'airHeatCapacity',
  'systemEfficiency',
];
const HEAT_PUMP_MODEL: readonly ConstantId[] = [
  'heatPumpSpf',
  'heatPumpCoverage',
  'heatPumpCapacity',
  'exhaustAirHeatSource',
  'designOutdoorTemperature',
  'outdoorTemperatureSpread',
  'heatPumpTapWaterEfficiency',
  'backupHeaterEfficiency',
  'oldHeatPumpSpfFactor',
];
/** The actual run and the money (bills, subsidies, life span) every recommendation reads. */
const ACTUAL_CONSTANTS: readonly ConstantId[] = [
  'tapWaterPerPerson',
  'indoorTemperatureSensitivity',
  'householdElectricity',
  'spotPrice',
  'supplierMarkup',
  'vatFactor',
  'energyTax',
  'gridTransferFee',
  'fuelPrice',
  'lifeSpan',
  'labourShare',
  'rotRate',
  'rotCapPerPerson',
  'subsidyClaimants',
];
const GREEN_TECH: readonly ConstantId[] = ['greenTechRate', 'greenTechEligibleShare', 'greenTechCapPerPerson'];
const PV: readonly ConstantId[] = [
  'pvYield',
  'pvOrientationFactor',
  'pvSelfUseShare',
  'pvMaxShareOfElectricityUse',
  'pvModuleAreaPerKwp',
  'pvUsableRoofShare',
  'pvMaxKwp',
  'pvMinKwp',
  'pvSizeStepKwp',
  'costPvPerKwp',
  'exportTaxCredit',
  ...GREEN_TECH,
];
const BATTERY: readonly ConstantId[] = [
  'batteryKwhPerKwp',
  'batteryMaxKwh',
  'batterySizeStepKwh',
  'pvBatterySelfUseUplift',
  'pvSelfUseShare',
  'costBatteryPerKwh',
  ...GREEN_TECH,
];
const ATTIC: readonly ConstantId[] = [
  'atticTargetMm',
  'atticUpgradeFromMm',
  'costAtticPerM2',
  'insulationConductivity',
  'atticOtherResistance',
  'atticBareU',
];
const WALLS: readonly ConstantId[] = ['wallAddedInsulationMm', 'costWallPerM2', 'insulationConductivity'];
const WINDOWS: readonly ConstantId[] = ['newWindowType', 'windowU', 'windowAreaShare', 'windowSize', 'costWindowPerM2'];
const FILM: readonly ConstantId[] = [
  'windowFilmAddedResistance',
  'windowGlazedShare',
  'windowAreaShare',
  'costWindowFilmPerM2',
];
const DOORS: readonly ConstantId[] = ['newDoorType', 'doorU', 'doorCount', 'doorArea', 'costDoor'];
const HYDRONIC: readonly ConstantId[] = [...HEAT_PUMP_MODEL, 'costHeatPump'];
const AIRWATER: readonly ConstantId[] = [...HYDRONIC, 'airSourceSpfClimateSlope'];
const AIR: readonly ConstantId[] = [
  'airToAirSpfByClimate',
  'airToAirMinSpf',
  'heatPumpCoverage',
  'airToAirReach',
  'airToAirUnitCapacity',
  'designOutdoorTemperature',
  'outdoorTemperatureSpread',
  'oldHeatPumpSpfFactor',
  'costHeatPump',
];
const BEST_PUMP: readonly ConstantId[] = [...AIRWATER, ...AIR];
const SMART: readonly ConstantId[] = ['smartControlSpaceHeatSaving', 'costSmartControl'];
const FAUCETS: readonly ConstantId[] = ['lowFlushTapWaterReduction', 'costLowFlushFittings'];
const PRODUCTS: readonly ConstantId[] = ['energyReducingProductsSaving', 'costEnergyReducingProductsPerM2'];

/**
 * What each measure adds to the actual run's constants: its effect and its cost (the measure modules in
 * activities/measures).
 */
export const MEASURE_CONSTANTS: Readonly<Record<ActivityType, readonly ConstantId[]>> = {
  insulation_attic: ATTIC,
  insulation_walls: WALLS,
  energy_efficient_windows: WINDOWS,
  window_film: FILM,
  energy_efficient_doors: DOORS,
  heat_pump_geothermal: HYDRONIC,
  heat_pump_airwater: AIRWATER,
  heat_pump_air: AIR,
  heat_pump: BEST_PUMP,
  heat_pump_smart_steering: SMART,
  solar_panel_installation: PV,
  battery_installation: BATTERY,
  solar_panel_and_battery_installation: [...PV, ...BATTERY],
  lower_temperature_1_deg_c: ['temperatureStep', 'minRecommendedIndoorTemperature'],
  low_flush_faucets: FAUCETS,
  energy_efficient_products: PRODUCTS,
  wallbox_charger_station: ['costWallbox', ...GREEN_TECH],
  unspecified: [],
  complete_renovation: [...ATTIC, ...WALLS, ...WINDOWS, ...DOORS, ...BEST_PUMP],
  top_of_the_line: [
    ...ATTIC,
    ...WALLS,
    ...WINDOWS,
    ...FILM,
    ...DOORS,
    ...BEST_PUMP,
    ...SMART,
    ...PV,
    ...BATTERY,
    ...FAUCETS,
    ...PRODUCTS,
  ],
};

/** Every constant an explanation can show: the label's (with each optional part) and every measure's. */
export function explainedConstantIds(): ConstantId[] {
  return [
    ...new Set<ConstantId>([
      ...LABEL_CONSTANTS,
      'epRequirementMultiDwelling',
      'epRequirementSmallHouse',
      'standardTapWaterMultiDwelling',
      'standardTapWaterSmallHouse',
      'ftxHeatRecovery',
      'ftxExtraPropertyElectricity',
      ...HEAT_PUMP_MODEL,
      'airToAirSpfByClimate',
      'airToAirMinSpf',
      ...ACTUAL_CONSTANTS,
      ...Object.values(MEASURE_CONSTANTS).flat(),
    ]),
  ];
}

/**
 * What a figure's parts are named by that can fit this house: its price area, building type, glazing, roof side, its
 * heating systems and their carriers (electricity always: household use), the measure explained and its pump.
 */
function houseWords(building: Building, subject: 'label' | ActivityType): ReadonlySet<string> {
  const { input, location } = building;
  const systems = input.primary_heating_systems;
  const words = new Set<string>([
    location.priceArea,
    input.building_type,
    input.window_type,
    input.roof_orientation,
    ...systems,
    ...systems.map((s) => K.systemCarrier.value[s]),
    'electricity',
  ]);
  words.add(input.door_type);
  if (subject === 'energy_efficient_windows') words.add(K.newWindowType.value);
  if (subject === 'energy_efficient_doors') words.add(K.newDoorType.value);
  if (subject !== 'label') words.add(subject);
  if (subject.startsWith('heat_pump') && subject !== 'heat_pump_smart_steering') words.add('heat_pump');
  return words;
}

/** The parts of a figure's value that apply to this house (ExplanationConstant.applies). */
function appliesOf(id: ConstantId, value: unknown, building: Building, words: ReadonlySet<string>): string[] | null {
  if (id === 'eraArchetypes') {
    return [String(K.eraArchetypes.value.indexOf(archetypeFor(building.input.construction_year)))];
  }
  if (id === 'epRequirementSmallHouse') {
    const band = K.epRequirementSmallHouse.value.findIndex((b) => building.input.atemp > b.atempAbove);
    return band >= 0 ? [String(band)] : null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value).filter((key) => words.has(key));
  return keys.length > 0 ? keys : null;
}

function constantsOf(
  ids: readonly ConstantId[],
  building: Building,
  subject: 'label' | ActivityType,
): ExplanationConstant[] {
  const words = houseWords(building, subject);
  return [...new Set(ids)].map((id) => {
    const c = K[id] as { value: unknown; unit: string; source: string | null; estimate?: string };
    // The public citation (explanation-sources.ts); a constant without one still says whether it is ours.
    const citation = CONSTANT_CITATIONS[id];
    return {
      id,
      value: c.value,
      unit: c.unit,
      source: c.source,
      estimate: c.estimate ?? null,
      sources: citation ? [...citation.sources] : [],
      basis: citation ? citation.basis : c.estimate ? 'estimate' : null,
      applies: appliesOf(id, c.value, building, words),
    };
  });
}

// ---------------------------------------------------------------- inputs and their plausible alternatives

/** The era an archetype covers, as the years an explanation names ("built 1961–1975"; open ends left out). */
function eraOf(input: BuildingInput): Pick<ExplanationAssumption, 'reason' | 'values'> {
  const eras = K.eraArchetypes.value;
  const i = eras.indexOf(archetypeFor(input.construction_year));
  const values: Record<string, number> = {};
  if (i > 0) values.from = eras[i - 1]!.untilYear + 1;
  if (Number.isFinite(eras[i]!.untilYear)) values.until = eras[i]!.untilYear;
  return { reason: 'era', values };
}

type Assume = (input: BuildingInput) => ExplanationAssumption;
const byEra =
  (used: string, figure: (input: BuildingInput) => Record<string, number>): Assume =>
  (input) => {
    const era = eraOf(input);
    return { reason: era.reason, used, values: { ...era.values, ...figure(input) } };
  };
const because =
  (reason: ExplanationAssumption['reason'], used: string | null = null): Assume =>
  () => ({ reason, used, values: {} });

/**
 * Why each unanswered input has the value the calculation used (shown as "we assumed … because …"). A key not listed
 * here is said generically: "nothing said" for no / 0 / none, otherwise the question's preset answer.
 */
export const ASSUMPTIONS: Readonly<Record<string, Assume>> = {
  attic_insulation_mm: byEra('attic_mm', (input) => ({
    mm: input.attic_insulation_mm ?? archetypeFor(input.construction_year).atticInsulationMm,
  })),
  wall_insulation_added_mm: (input) =>
    input.wall_insulation_added_mm === 0
      ? byEra('walls_as_built', (i) => ({ u: archetypeFor(i.construction_year).wallU }))(input)
      : because('default')(input),
  window_type: (input) =>
    input.window_type === 'unknown'
      ? byEra('window_u', (i) => ({ u: archetypeFor(i.construction_year).windowU }))(input)
      : because('default')(input),
  door_type: (input) =>
    input.door_type === 'original'
      ? byEra('door_u', (i) => ({ u: archetypeFor(i.construction_year).doorU }))(input)
      : because('default')(input),
  // An unknown ventilation is the era's: natural draught or an exhaust fan, never FTX (heat-demand ventilationOf).
  ventilation: (input) =>
    input.ventilation === 'unknown'
      ? byEra(`ventilation_${ventilationOf(input)}`, () => ({}))(input)
      : because('default')(input),
  occupants: (input): ExplanationAssumption => {
    const perM2 =
      buildingCategory(input) === 'multi_dwelling'
        ? K.standardTapWaterMultiDwelling.value
        : K.standardTapWaterSmallHouse.value;
    // Only an unknown number of people falls back to the standard use.
    if (input.occupants !== null) return { reason: 'default', used: null, values: {} };
    return {
      reason: 'standard_use',
      used: 'tap_water_standard',
      values: { kwh_per_m2: perM2, kwh: round(perM2 * input.atemp) },
    };
  },
  indoor_temperature: because('standard_use'),
  appliances: because('standard_use'),
  ceiling_height: because('building_rules'),
  heat_pump_installation_year: (input) =>
    because('not_told', input.heat_pump_installation_year === null ? 'heat_pump_within_life' : null)(input),
  // The air-to-air questions: closed rooms and one indoor unit are the cases that promise the least.
  floor_plan: because('cautious'),
  air_to_air_units: because('cautious'),
  roof_orientation: (input) => because('not_told', input.roof_orientation === 'unknown' ? 'roof_south' : null)(input),
};

function assumptionOf(input: BuildingInput, key: AnswerKey): ExplanationAssumption {
  const assume = ASSUMPTIONS[key];
  if (assume) return assume(input);
  const value: unknown = input[key];
  const nothing = value === false || value === 0 || value === null || value === 'none';
  return { reason: nothing ? 'not_told' : 'default', used: null, values: {} };
}

/** Answers the model reads only where an air-to-air pump is (the floor plan and indoor units). */
const AIR_TO_AIR_ONLY: ReadonlySet<AnswerKey> = new Set<AnswerKey>(['floor_plan', 'air_to_air_units']);
/** Answers the model reads only where a heat pump is (its age, the smart control that steers it). */
const HEAT_PUMP_ONLY: ReadonlySet<AnswerKey> = new Set<AnswerKey>([
  'heat_pump_installation_year',
  'smart_heating_control',
]);

/**
 * The keys of these answers the calculation reads: the pump answers only where a pump is before or after the measure,
 * so a homeowner is not told what we assumed about a pump they do not have.
 */
function keysRead(keys: readonly AnswerKey[], ...inputs: BuildingInput[]): AnswerKey[] {
  const airToAir = inputs.some((i) => i.primary_heating_systems.includes('heat_pump_air'));
  const pump = inputs.some((i) => i.primary_heating_systems.some((s) => isHeatPump(s)));
  return keys.filter((key) => (airToAir || !AIR_TO_AIR_ONLY.has(key)) && (pump || !HEAT_PUMP_ONLY.has(key)));
}

function inputsOf(input: BuildingInput, sources: InputSources, keys: readonly AnswerKey[]): ExplanationInput[] {
  return keys.map((key) => {
    const value = input[key];
    const status = sources[key] ?? 'assumed';
    return {
      key,
      question_key: key,
      status,
      value: Array.isArray(value) ? [...value] : value,
      assumption: status === 'assumed' ? assumptionOf(input, key) : null,
    };
  });
}

/**
 * The inputs one assumed answer could plausibly have instead (constants.assumedInputAlternatives), each a whole input.
 */
function alternativesOf(input: BuildingInput, key: AnswerKey): BuildingInput[] {
  const table = K.assumedInputAlternatives.value;
  let values: readonly unknown[];
  if (key === 'attic_insulation_mm') {
    const eraMm = input.attic_insulation_mm ?? archetypeFor(input.construction_year).atticInsulationMm;
    values = table.attic_insulation_factor.map((f) =>
      Math.min(ANSWER_KEYS.attic_insulation_mm.max, Math.round(eraMm * f)),
    );
  } else if (key in table) {
    values = table[key as keyof typeof table];
  } else {
    return [];
  }
  return values.filter((v) => v !== input[key]).map((v) => copyInput(input, { [key]: v } as Partial<BuildingInput>));
}

function rangeOf(code: ExplanationRange['code'], value: number, others: readonly number[]): ExplanationRange {
  return { code, low: Math.min(value, ...others), value, high: Math.max(value, ...others) };
}

const round = (x: number) => Math.round(x) || 0;

// ---------------------------------------------------------------- the label

export function explainLabel(building: Building, sources: InputSources): Explanation {
  const { input, location } = building;
  const keys = keysRead(
    (Object.keys(ANSWER_KEYS) as AnswerKey[]).filter((key) => IN_LABEL[key]),
    input,
  );
  const label = calculatedLabel(building).value;
  const standard = modelEnergy(building, 'standard');
  const category = buildingCategory(input);
  const varied = keys.filter(
    (key) => (sources[key] ?? 'assumed') === 'assumed' && alternativesOf(input, key).length > 0,
  );
  const eps = varied.flatMap((key) =>
    alternativesOf(input, key).map((alt) => calculatedLabel({ input: alt, location, year: building.year }).value.ep),
  );
  const steps: ExplanationStep[] = [
    { code: 'heat_loss', values: { w_per_k: round(totalHeatLoss(heatLoss(input))) } },
    {
      code: 'degree_days',
      values: { degree_days: round(location.degreeDays), municipality: location.municipalityName },
    },
    {
      code: 'space_heat_need',
      values: { kwh: round(standard.need.space_heating), temperature: K.referenceIndoorTemperature.value },
    },
    { code: 'tap_water_need', values: { kwh: round(standard.need.tap_water_heating) } },
    {
      code: 'delivered_for_label',
      values: {
        kwh: round(
          standard.byUse.space_heating + standard.byUse.tap_water_heating + standard.byUse.property_electricity,
        ),
      },
    },
    { code: 'primary_energy', values: { ep: label.ep, f_geo: label.f_geo, atemp: label.atemp } },
  ];
  if (label.ep_requirement !== null && label.percent_of_requirement !== null && label.energy_class !== null) {
    steps.push({
      code: 'energy_class',
      values: {
        requirement: label.ep_requirement,
        percent: label.percent_of_requirement,
        energy_class: label.energy_class,
      },
    });
  } else {
    steps.push({ code: 'no_requirement', values: { atemp: label.atemp, min_atemp: K.epRequirementMinAtemp.value } });
  }
  const ids: ConstantId[] = [
    ...LABEL_CONSTANTS,
    category === 'multi_dwelling' ? 'epRequirementMultiDwelling' : 'epRequirementSmallHouse',
    category === 'multi_dwelling' ? 'standardTapWaterMultiDwelling' : 'standardTapWaterSmallHouse',
    ...(ventilationOf(input) === 'balanced_heat_recovery'
      ? (['ftxHeatRecovery', 'ftxExtraPropertyElectricity'] as const)
      : []),
    ...(input.primary_heating_systems.some((s) => isHeatPump(s)) ? HEAT_PUMP_MODEL : []),
    ...(input.primary_heating_systems.includes('heat_pump_air')
      ? (['airToAirSpfByClimate', 'airToAirMinSpf', 'airToAirReach', 'airToAirUnitCapacity'] as const)
      : []),
  ];
  return {
    subject: 'label',
    rule_version: RULE_VERSION,
    inputs: inputsOf(input, sources, keys),
    steps,
    constants: constantsOf(ids, building, 'label'),
    ranges: [rangeOf('ep', label.ep, eps)],
    varied_inputs: varied,
  };
}

// ---------------------------------------------------------------- one recommendation

function stepsOf(
  activity: Activity,
  before: { kwh: number; kr: number },
  after: { kwh: number; kr: number } | null,
): ExplanationStep[] {
  if (activity.completion_status === 'completed') return [{ code: 'already_done', values: {} }];
  if (!activity.available || !after) return [{ code: 'not_available', values: {} }];
  const steps: ExplanationStep[] = [
    { code: 'bought_before', values: { kwh: before.kwh, kr: before.kr } },
    { code: 'bought_after', values: { kwh: after.kwh, kr: after.kr } },
    { code: 'kwh_saved_bought', values: { kwh: activity.kwh_saved_bought } },
  ];
  if (activity.kwh_sold !== 0) steps.push({ code: 'kwh_sold', values: { kwh: activity.kwh_sold } });
  steps.push({ code: 'kr_saved', values: { kr: activity.savings.energyCostSavings } });
  // A measure that costs nothing has no payback to count: it says so instead of "pays back in 0 years".
  if (activity.investment_cost === 0) return [...steps, { code: 'no_cost', values: {} }];
  steps.push({
    code: 'investment',
    values: {
      kr: activity.investment_cost,
      span: activity.investment_cost_span,
      low: round(activity.investment_cost - activity.investment_cost_span / 2),
      high: round(activity.investment_cost + activity.investment_cost_span / 2),
      life_span: activity.life_span,
    },
  });
  const subsidies = activity.subsidies.reduce((sum, s) => sum + s.amount, 0);
  if (subsidies > 0) steps.push({ code: 'subsidies', values: { kr: subsidies } });
  steps.push(
    activity.payback_years === null
      ? { code: 'no_payback', values: {} }
      : { code: 'payback', values: { years: activity.payback_years, life_span: activity.life_span } },
  );
  return steps;
}

/**
 * The recommendation of `type` as recommendationsFor computes it, explained; null for a type the engine does not have.
 */
export function explainRecommendation(
  building: Building,
  type: ActivityType,
  prices: Prices,
  sources: InputSources,
): { activity: Activity; explanation: Explanation } | null {
  const measure = measureFor(type);
  if (!measure) return null;
  const ctx = contextFor(building, prices);
  const activity = evaluate(measure, ctx);
  const costOf = (b: { byCarrier: typeof ctx.before.byCarrier; exported: typeof ctx.before.exported }) =>
    round(yearlyEnergyCost(b.byCarrier, b.exported, prices));
  const before = { kwh: round(ctx.before.totalImport), kr: costOf(ctx.before) };
  let after: { kwh: number; kr: number } | null = null;
  const keys = keysRead(Object.keys(ANSWER_KEYS) as AnswerKey[], building.input, inputAfter(ctx, measure));
  const varied: AnswerKey[] = [];
  const kwh: number[] = [];
  const kr: number[] = [];
  if (activity.available) {
    const balance = ctx.runs.actual(inputAfter(ctx, measure));
    after = { kwh: round(balance.totalImport), kr: costOf(balance) };
    // One assumed input at a time at each plausible value; alternatives under which the measure is not offered are left
    // out.
    for (const key of keys) {
      if ((sources[key] ?? 'assumed') !== 'assumed') continue;
      let used = false;
      for (const alt of alternativesOf(building.input, key)) {
        const other = evaluate(
          measure,
          contextFor({ input: alt, location: building.location, year: building.year }, prices),
        );
        if (!other.available) continue;
        kwh.push(other.kwh_saved_bought);
        kr.push(other.savings.energyCostSavings);
        used = true;
      }
      if (used) varied.push(key);
    }
  }
  return {
    activity,
    explanation: {
      subject: type,
      rule_version: RULE_VERSION,
      inputs: inputsOf(building.input, sources, keys),
      steps: stepsOf(activity, before, after),
      constants: constantsOf([...ACTUAL_CONSTANTS, ...MEASURE_CONSTANTS[type]], building, type),
      ranges: [
        rangeOf('kwh_saved_bought', activity.kwh_saved_bought, kwh),
        rangeOf('kr_saved', activity.savings.energyCostSavings, kr),
      ],
      varied_inputs: varied,
    },
  };
}
