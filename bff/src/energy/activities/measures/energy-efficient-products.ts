// energy_efficient_products: LED lighting, standby cut-offs and timers (answer energy_reducing_products). They lower
// household electricity, which is not in EP, so the label does not change; part of the saving goes back into heating
// because the appliances' waste heat warmed the house (the model lowers its free heat accordingly). Efficient
// appliances (answer appliances = efficient) lower household electricity too, but are bought when the old ones wear
// out: they are not part of this measure's cost and do not decide its status.
import { ENERGY_CONSTANTS as K } from '../../constants';
import { message } from '../messages';
import type { ActivityMessage, Measure } from '../types';
import { costItem, LIFE, NO_SUBSIDY, withInput } from './common';

export const energyEfficientProducts: Measure = {
  type: 'energy_efficient_products',
  category: 'reduce_energy_usage',
  installer: false,
  choice: null,
  completion: ({ building }) => (building.input.energy_reducing_products ? 'completed' : 'not_completed'),
  availability({ building }) {
    const messages: ActivityMessage[] = [message('household_electricity_not_in_label'), message('less_waste_heat')];
    if (building.input.appliances !== 'efficient') messages.push(message('efficient_appliances_when_replacing'));
    return { available: true, messages };
  },
  apply: ({ building }) => withInput(building.input, { energy_reducing_products: true }),
  cost: ({ building }) => [
    costItem(K.costEnergyReducingProductsPerM2.value, building.input.atemp, NO_SUBSIDY, LIFE.energy_efficient_products),
  ],
};
