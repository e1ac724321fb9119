// heat_pump_air: an air-to-air pump added beside the existing heating (it covers part of the space heating only).
import type { BuildingInput } from '../../answers';
import { ENERGY_CONSTANTS as K } from '../../constants';
import { message } from '../messages';
import type { Measure, MeasureContext } from '../types';
import { costItem, LIFE, rot } from './common';
import { hasHeatPump, lowersHeating, pumpStatus } from './heat-pump-common';

function withAirToAir(ctx: MeasureContext): BuildingInput {
  const { input, year } = ctx.building;
  const systems = input.primary_heating_systems.includes('heat_pump_air')
    ? input.primary_heating_systems
    : [...input.primary_heating_systems, 'heat_pump_air' as const];
  // The one installation year in the answers belongs to this pump only when no other pump is present.
  const otherPump = hasHeatPump({ ...input, primary_heating_systems: input.primary_heating_systems.filter((s) => s !== 'heat_pump_air') });
  return { ...input, primary_heating_systems: systems, heat_pump_installation_year: otherPump ? input.heat_pump_installation_year : year };
}

export const heatPumpAir: Measure = {
  type: 'heat_pump_air',
  category: 'reduce_energy_usage',
  completion: (ctx) => pumpStatus(ctx, ['heat_pump_air']),
  availability(ctx) {
    const systems = ctx.building.input.primary_heating_systems;
    if (systems.includes('heat_pump_geothermal') || systems.includes('heat_pump_airwater') || !lowersHeating(ctx, withAirToAir(ctx))) {
      return { available: false, messages: [message('better_heat_pump_present')] };
    }
    return { available: true, messages: [message('air_to_air_partial')] };
  },
  apply: withAirToAir,
  cost: () => [costItem(K.costHeatPump.value.heat_pump_air, 1, rot(K.labourShare.value.heat_pump), LIFE.heat_pump_air)],
};
