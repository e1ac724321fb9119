// heat_pump_air: an air-to-air pump added beside the existing heating (it covers part of the space heating only): one
// indoor unit, or as many as the old pump it replaces had.
import { copyInput, type BuildingInput } from '../../answers';
import { ENERGY_CONSTANTS as K } from '../../constants';
import { message } from '../messages';
import { inputAfter } from '../model-runs';
import type { Measure, MeasureContext } from '../types';
import { costItem, LIFE, rot } from './common';
import { systemContext } from '../../building-model';
import { airToAirShare, isHeatPump } from '../../model/heating-systems';
import { lowersHeating, pumpStatus } from './heat-pump-common';

/**
 * The indoor units the measure installs: one for a new pump (the answered number describes a pump already there), the
 * answered number when an old pump is replaced.
 */
function unitsInstalled(input: BuildingInput): number {
  return input.primary_heating_systems.includes('heat_pump_air') ? input.air_to_air_units : 1;
}

function withAirToAir(ctx: MeasureContext): BuildingInput {
  const { input, year } = ctx.building;
  const systems = input.primary_heating_systems.includes('heat_pump_air')
    ? input.primary_heating_systems
    : [...input.primary_heating_systems, 'heat_pump_air' as const];
  // The one installation year in the answers belongs to this pump only when no other pump is present.
  const otherPump = input.primary_heating_systems.some((s) => s !== 'heat_pump_air' && isHeatPump(s));
  return copyInput(input, {
    primary_heating_systems: systems,
    heat_pump_installation_year: otherPump ? input.heat_pump_installation_year : year,
    air_to_air_units: unitsInstalled(input),
  });
}

export const heatPumpAir: Measure = {
  type: 'heat_pump_air',
  category: 'reduce_energy_usage',
  installer: true,
  choice: 'heat_pump',
  completion: (ctx) => pumpStatus(ctx, ['heat_pump_air']),
  availability(ctx) {
    const systems = ctx.building.input.primary_heating_systems;
    if (
      systems.includes('heat_pump_geothermal') ||
      systems.includes('heat_pump_airwater') ||
      !lowersHeating(ctx, inputAfter(ctx, heatPumpAir))
    ) {
      return { available: false, messages: [message('better_heat_pump_present')] };
    }
    // What share of the space heating it takes over under the stated floor plan, storeys and units.
    const after = inputAfter(ctx, heatPumpAir);
    const share = airToAirShare(after, systemContext({ ...ctx.building, input: after }));
    return { available: true, messages: [message('air_to_air_partial', { percent: Math.round(share * 100) })] };
  },
  apply: withAirToAir,
  cost: (ctx) => [
    costItem(
      K.costHeatPump.value.heat_pump_air,
      unitsInstalled(ctx.building.input),
      rot(K.labourShare.value.heat_pump),
      LIFE.heat_pump_air,
    ),
  ],
};
