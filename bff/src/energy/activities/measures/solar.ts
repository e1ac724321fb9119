// solar_panel_installation, battery_installation, solar_panel_and_battery_installation.
import type { BuildingInput } from '../../answers';
import { ENERGY_CONSTANTS as K } from '../../constants';
import { envelopeOf } from '../../model/geometry';
import { message } from '../messages';
import { inputAfter } from '../model-runs';
import { difference } from '../runner';
import type { ActivityMessage, Availability, CostItem, Measure } from '../types';
import { costItem, LIFE, withInput } from './common';

const W = K.wattPerKilowatt.value;
const greenTech = (rate: number) => ({ kind: 'green_technology' as const, rate });

/** Largest proposal that fits half the roof, capped, rounded down to the size step. */
export function proposedPvKwp(input: BuildingInput): number {
  const roofKwp = (envelopeOf(input).roof * K.pvUsableRoofShare.value) / K.pvModuleAreaPerKwp.value;
  const step = K.pvSizeStepKwp.value;
  return Math.floor(Math.min(roofKwp, K.pvMaxKwp.value) / step) * step;
}

export function proposedBatteryKwh(kwp: number): number {
  const step = K.batterySizeStepKwh.value;
  return Math.round(Math.min(K.batteryMaxKwh.value, kwp * K.batteryKwhPerKwp.value) / step) * step;
}

function solarAvailability(input: BuildingInput): Availability {
  if (input.roof_orientation === 'north') return { available: false, messages: [message('solar_roof_north')] };
  if (proposedPvKwp(input) < K.pvMinKwp.value) return { available: false, messages: [message('solar_roof_too_small')] };
  const messages: ActivityMessage[] = [message('solar_not_in_label')];
  if (input.roof_orientation === 'unknown') messages.push(message('solar_orientation_unknown'));
  if (input.roof_orientation === 'east_west') messages.push(message('solar_east_west'));
  return { available: true, messages };
}

const pvCost = (kwp: number): CostItem =>
  costItem(K.costPvPerKwp.value, kwp, greenTech(K.greenTechRate.value.solar), LIFE.solar_panel_installation);
const batteryCost = (kwh: number): CostItem =>
  costItem(K.costBatteryPerKwh.value, kwh, greenTech(K.greenTechRate.value.battery), LIFE.battery_installation);

export const solarPanelInstallation: Measure = {
  type: 'solar_panel_installation',
  category: 'use_solar_energy',
  installer: true,
  choice: 'solar',
  completion: ({ building }) => (building.input.solar_panels_wp > 0 ? 'completed' : 'not_completed'),
  availability: ({ building }) => solarAvailability(building.input),
  apply: ({ building }) => withInput(building.input, { solar_panels_wp: proposedPvKwp(building.input) * W }),
  cost: ({ building }) => [pvCost(proposedPvKwp(building.input))],
};

export const batteryInstallation: Measure = {
  type: 'battery_installation',
  category: 'use_solar_energy',
  installer: true,
  choice: 'solar',
  completion: ({ building }) => (building.input.battery_kwh > 0 ? 'completed' : 'not_completed'),
  availability: ({ building }) =>
    building.input.solar_panels_wp > 0
      ? { available: true, messages: [] }
      : { available: false, messages: [message('battery_needs_solar')] },
  apply: ({ building }) =>
    withInput(building.input, { battery_kwh: proposedBatteryKwh(building.input.solar_panels_wp / W) }),
  cost: ({ building }) => [batteryCost(proposedBatteryKwh(building.input.solar_panels_wp / W))],
};

export const solarPanelAndBatteryInstallation: Measure = {
  type: 'solar_panel_and_battery_installation',
  category: 'use_solar_energy',
  installer: true,
  choice: 'solar',
  completion: ({ building }) =>
    building.input.solar_panels_wp > 0 && building.input.battery_kwh > 0 ? 'completed' : 'not_completed',
  availability(ctx) {
    const input = ctx.building.input;
    if (input.solar_panels_wp > 0) return { available: false, messages: [message('solar_present_use_battery')] };
    const solar = solarAvailability(input);
    if (!solar.available) return solar;
    // Where the panels alone already give the house all the own use it can take, a battery only adds cost.
    const kronor = (measure: Measure) =>
      Math.round(difference(ctx.before, ctx.runs.actual(inputAfter(ctx, measure)), ctx.prices).energyCostSavings);
    if (kronor(solarPanelAndBatteryInstallation) <= kronor(solarPanelInstallation))
      return { available: false, messages: [message('battery_adds_nothing')] };
    return solar;
  },
  apply({ building }) {
    const kwp = proposedPvKwp(building.input);
    return withInput(building.input, { solar_panels_wp: kwp * W, battery_kwh: proposedBatteryKwh(kwp) });
  },
  cost({ building }) {
    const kwp = proposedPvKwp(building.input);
    return [pvCost(kwp), batteryCost(proposedBatteryKwh(kwp))];
  },
};
