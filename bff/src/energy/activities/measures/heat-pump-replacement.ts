// heat_pump_geothermal and heat_pump_airwater: the pump replaces the main heating (and makes tap water).
import { ENERGY_CONSTANTS as K } from '../../constants';
import { message } from '../messages';
import { inputAfter } from '../model-runs';
import type { Measure } from '../types';
import { costItem, LIFE, rot } from './common';
import { lowersHeating, pumpStatus, replaceMainHeating, replacementMessages } from './heat-pump-common';

function replacementHeatPump(pump: 'heat_pump_geothermal' | 'heat_pump_airwater'): Measure {
  const measure: Measure = {
    type: pump,
    category: 'reduce_energy_usage',
    installer: true,
    choice: 'heat_pump',
    completion: (ctx) => pumpStatus(ctx, [pump]),
    availability(ctx) {
      const messages = replacementMessages(ctx.building.input);
      if (!lowersHeating(ctx, inputAfter(ctx, measure)))
        return { available: false, messages: [message('better_heat_pump_present')] };
      return { available: true, messages };
    },
    apply: (ctx) => replaceMainHeating(ctx, pump),
    cost: () => [costItem(K.costHeatPump.value[pump], 1, rot(K.labourShare.value.heat_pump), LIFE[pump])],
  };
  return measure;
}

export const heatPumpGeothermal = replacementHeatPump('heat_pump_geothermal');
export const heatPumpAirwater = replacementHeatPump('heat_pump_airwater');
