// Every message an activity can carry: id → level and the numbers its text fills in. No text here: the results page
// renders each id from its sv/en locale files (mfe-results/locales/*/results.json, key activityMessages).
import { ENERGY_CONSTANTS as K } from '../constants';
import type { ActivityMessage, MessageLevel } from './types';

const PERCENT = 100;
const eastWestLoss = Math.round((1 - K.pvOrientationFactor.value.east_west) * PERCENT);

const MESSAGES = {
  already_done: ['notice'],
  upgrade_possible: ['notice'],
  not_in_label: ['notice'],
  facade_only_when_renewing: ['notice'],
  windows_rarely_pay_back: ['notice'],
  better_heat_pump_present: ['notice'],
  needs_waterborne_heating: ['warning'],
  district_heating_present: ['notice'],
  // The share of space heating the pump covers in this house: the measure fills it in (0 is only the template).
  air_to_air_partial: ['notice', { percent: 0 }],
  solar_roof_north: ['warning'],
  solar_roof_too_small: ['warning'],
  solar_orientation_unknown: ['notice'],
  solar_east_west: ['notice', { percent: eastWestLoss }],
  solar_not_in_label: ['notice'],
  solar_present_use_battery: ['notice'],
  // Panels alone already cover what a battery would add to the house's own use: the set with a battery is not offered.
  battery_adds_nothing: ['notice'],
  battery_needs_solar: ['warning'],
  smart_steering_needs_heat_pump: ['warning'],
  temperature_already_low: ['notice', { temperature: K.minRecommendedIndoorTemperature.value }],
  no_energy_saving: ['notice'],
  heat_pump_choice: ['notice'],
  no_heat_pump_option: ['notice'],
  package_too_few_measures: ['notice'],
  window_film_effect: ['notice'],
  window_film_good_glazing: ['notice'],
  household_electricity_not_in_label: ['notice'],
  less_waste_heat: ['notice'],
  efficient_appliances_when_replacing: ['notice'],
  savings_not_estimated: ['notice'],
  // A large investment paying back within a year is the reason shown beside it: what the house spends on energy today
  // (kr/yr) and the share of it the measure cuts (the runner fills both in).
  quick_payback: ['notice', { cost: 0, percent: 0 }],
} as const satisfies Record<string, readonly [MessageLevel] | readonly [MessageLevel, Record<string, number>]>;

export type MessageId = keyof typeof MESSAGES;
export const MESSAGE_IDS = Object.keys(MESSAGES) as MessageId[];

export function message(id: MessageId, values?: Record<string, number>): ActivityMessage {
  const [level, defaults] = MESSAGES[id] as readonly [MessageLevel, Record<string, number>?];
  if (!defaults) return { id, level };
  return { id, level, values: values === undefined ? defaults : { ...defaults, ...values } };
}
