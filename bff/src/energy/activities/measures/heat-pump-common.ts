// Shared rules for the heat-pump measures: status from the answers, the "does it actually help" check, the new input.
import { copyInput, type BuildingInput } from '../../answers';
import type { HeatingSystemId, HeatPumpId } from '../../constants';
import { heatPumpIsOld, isHeatPump } from '../../model/heating-systems';
import { message } from '../messages';
import type { ActivityMessage, CompletionStatus, MeasureContext } from '../types';

export const HYDRONIC_HEAT_PUMPS: readonly HeatPumpId[] = [
  'heat_pump_geothermal',
  'heat_pump_airwater',
  'heat_pump_exhaust_air',
];
const WITHOUT_WATERBORNE: readonly HeatingSystemId[] = ['electric_direct', 'heat_pump_air'];

export function pumpStatus(ctx: MeasureContext, pumps: readonly HeatPumpId[]): CompletionStatus {
  const { input } = ctx.building;
  const present = pumps.filter((p) => input.primary_heating_systems.includes(p));
  if (present.length === 0) return 'not_completed';
  return present.some((p) => heatPumpIsOld(input, p, ctx.building.year)) ? 'upgrade_available' : 'completed';
}

/** Delivered energy for space heating and tap water (all carriers), as the household uses it. */
export function heatingDelivered(ctx: MeasureContext, input: BuildingInput): number {
  const balance = input === ctx.building.input ? ctx.before : ctx.runs.actual(input);
  return balance.byUse.space_heating + balance.byUse.tap_water_heating;
}

/** A heat pump is only proposed when it lowers the energy delivered for heating (else: better heating is present). */
export function lowersHeating(ctx: MeasureContext, after: BuildingInput): boolean {
  return heatingDelivered(ctx, after) < heatingDelivered(ctx, ctx.building.input);
}

/** Main-system replacement: the pump becomes the only system, installed this year. */
export function replaceMainHeating(ctx: MeasureContext, pump: HeatPumpId): BuildingInput {
  return copyInput(ctx.building.input, {
    primary_heating_systems: [pump],
    heat_pump_installation_year: ctx.building.year,
  });
}

export function replacementMessages(input: BuildingInput): ActivityMessage[] {
  const out: ActivityMessage[] = [];
  if (input.primary_heating_systems.every((s) => WITHOUT_WATERBORNE.includes(s)))
    out.push(message('needs_waterborne_heating'));
  if (input.primary_heating_systems.includes('district_heating')) out.push(message('district_heating_present'));
  return out;
}

export function hasHeatPump(input: BuildingInput): boolean {
  return input.primary_heating_systems.some(isHeatPump);
}
