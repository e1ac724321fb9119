// A property's building as the engine sees it: register data under the owner's answers, the place, the prices, then
// labels, information and recommendations. Problems that stop the calculation become `errors`, never a 500.
import type { Activity, IssuedEpcLabel, EnergyClass } from '@home-energy/shared/schemas/energy';
import type {
  BuildingError,
  Consumption,
  EpcDocumentSummary,
  InformationItem,
  Rates,
} from '@home-energy/shared/schemas/property-flow';
import { AnswerError, buildingInputFromAnswers, REQUIRED_ANSWER_KEYS, type Answers } from '../../energy/answers';
import { calculatedLabel, modelEnergy, type Building } from '../../energy/building-model';
import type { GeoTables } from '../../energy/geo-data';
import { locate, type Location } from '../../energy/location';
import { ConsumptionError, measuredLabel } from '../../energy/measured-label';
import { defaultPrices, pricesFromRates, yearlyEnergyCost, type Prices, type RatesPayload } from '../../energy/prices';
import { recommendationsFor } from '../../energy/activities/recommendations';
import type { InputSources } from '../../energy/explanation';
import type { PropertyRow } from './repository';

export interface BuildingResult {
  register: Answers;
  recommendations: Activity[];
  information: InformationItem[];
  errors: BuildingError[];
  labels: { calculatedClass: string | null; calculatedEp: number | null; measuredClass: string | null };
  /** What the explanation routes recompute from (absent when the calculation stopped with an error). */
  basis?: { building: Building; prices: Prices; sources: InputSources };
}

/** Which answers the homeowner gave and which came from the register; the rest the engine assumes. */
export function inputSources(register: Answers, answers: Record<string, unknown>): InputSources {
  const sources: InputSources = {};
  for (const key of Object.keys(register)) sources[key] = 'register';
  for (const [key, value] of Object.entries(answers))
    if (value !== null && value !== undefined) sources[key] = 'answered';
  return sources;
}

const REGISTER_KEYS = ['building_type', 'construction_year', 'num_floors', 'atemp', 'primary_heating_systems'] as const;

/** What the property register knows, as answers (null values left out). */
export function registerAnswers(property: PropertyRow): Answers {
  const building = (property.building ?? {}) as Record<string, unknown>;
  const answers: Answers = {};
  for (const key of REGISTER_KEYS) {
    const value = building[key];
    if (value !== null && value !== undefined) answers[key] = value as Answers[string];
  }
  return answers;
}

function issuedLabel(property: PropertyRow): IssuedEpcLabel | null {
  const epc = property.issuedEpc as {
    class?: EnergyClass;
    issued_at?: string;
    ep?: number;
    source?: 'register' | 'document';
  } | null;
  if (!epc?.class) return null;
  return {
    type: 'issued',
    energy_class: epc.class,
    ep: epc.ep ?? null,
    issued_at: epc.issued_at ?? null,
    source: epc.source ?? 'register',
  };
}

/** The prices a home is computed with: the owner's rates, else the organisation's defaults, else the price area's. */
export function pricesFor(
  priceArea: Parameters<typeof defaultPrices>[0],
  organisationRates: RatesPayload | null,
  ownRates: RatesPayload | null,
): Prices {
  const defaults = organisationRates
    ? pricesFromRates(organisationRates, defaultPrices(priceArea))
    : defaultPrices(priceArea);
  return ownRates ? pricesFromRates(ownRates, defaults) : defaults;
}

/** The engine's building from the register and the owner's answers, or why it cannot be computed (as `errors`). */
export function engineBuilding(input: {
  property: PropertyRow;
  answers: Record<string, unknown>;
  geo: GeoTables;
  year: number;
}): { building: Building; location: Location } | { errors: BuildingError[] } {
  const merged = { ...registerAnswers(input.property), ...input.answers } as Answers;
  const missing = REQUIRED_ANSWER_KEYS.filter((key) => merged[key] === undefined);
  if (missing.length > 0)
    return {
      errors: [
        {
          code: 'missing_answers',
          message: `Answer ${missing.join(' and ')} to see the energy estimate.`,
          keys: missing,
        },
      ],
    };
  const location = locate(input.property.postalCode, input.geo);
  if (!location)
    return {
      errors: [
        {
          code: 'unknown_location',
          message: `Postal code ${input.property.postalCode} is not in our geography data.`,
          params: { postal_code: input.property.postalCode },
        },
      ],
    };
  try {
    return { building: { input: buildingInputFromAnswers(merged), location, year: input.year }, location };
  } catch (error) {
    if (!(error instanceof AnswerError)) throw error;
    return {
      errors: [{ code: 'invalid_answers', message: error.message, keys: [error.key], params: { key: error.key } }],
    };
  }
}

export function computeBuilding(input: {
  property: PropertyRow;
  answers: Record<string, unknown>;
  rates: Rates | null;
  consumption: Consumption | null;
  documents: EpcDocumentSummary[];
  geo: GeoTables;
  year: number;
  /** The organisation's default prices (console configuration), under the owner's own rates. */
  organisationRates?: RatesPayload | null;
}): BuildingResult {
  const register = registerAnswers(input.property);
  const errors: BuildingError[] = [];
  const information: InformationItem[] = [];
  const issued = issuedLabel(input.property);
  const labels: BuildingResult['labels'] = { calculatedClass: null, calculatedEp: null, measuredClass: null };
  const finish = (recommendations: Activity[]): BuildingResult => {
    if (issued) information.push({ type: 'epc_label', value: issued });
    for (const doc of input.documents) information.push({ type: 'epc_document', value: doc });
    return { register, recommendations, information, errors, labels };
  };

  const prepared = engineBuilding(input);
  if ('errors' in prepared) {
    errors.push(...prepared.errors);
    return finish([]);
  }
  const { building, location } = prepared;

  const prices = pricesFor(location.priceArea, input.organisationRates ?? null, input.rates);
  if (input.consumption) {
    try {
      const measured = measuredLabel(
        {
          byCarrier: input.consumption.energy_carriers,
          degreeDays: input.consumption.degree_days,
          householdElectricityIncluded: input.consumption.household_electricity_included,
          householdElectricity: input.consumption.household_electricity,
          tapWater: input.consumption.tap_water,
        },
        building,
      );
      information.push(measured);
      labels.measuredClass = measured.value.energy_class;
    } catch (error) {
      if (!(error instanceof ConsumptionError)) throw error;
      errors.push({
        code: 'invalid_answers',
        message: `Measured consumption: ${error.message}`,
        keys: ['consumption'],
        params: { key: 'consumption' },
      });
    }
  }
  const calculated = calculatedLabel(building);
  information.push(calculated);
  labels.calculatedClass = calculated.value.energy_class;
  labels.calculatedEp = calculated.value.ep;

  const actual = modelEnergy(building, 'actual');
  information.push({
    type: 'energy_use',
    value: {
      by_carrier: actual.byCarrier,
      by_use: actual.byUse,
      exported_kwh: actual.totalExport,
      pv_production_kwh: actual.pv.production,
      cost_per_year: Math.round(yearlyEnergyCost(actual.byCarrier, actual.exported, prices)),
      prices_source: input.rates ? 'rates' : 'default',
    },
  });
  information.push({
    type: 'location',
    value: {
      municipality: location.municipalityName,
      price_area: location.priceArea,
      f_geo: location.fGeo,
      f_geo_is_estimate: location.fGeoIsEstimate,
      degree_days: location.degreeDays,
    },
  });
  const result = finish(recommendationsFor(building, { prices }));
  result.basis = { building, prices, sources: inputSources(register, input.answers) };
  return result;
}
