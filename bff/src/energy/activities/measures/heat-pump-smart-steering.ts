// heat_pump_smart_steering: smart control of an existing heat pump (weather/price-driven), a share off space heating.
import { ENERGY_CONSTANTS as K } from '../../constants';
import { message } from '../messages';
import type { Measure } from '../types';
import { costItem, LIFE, rot, withInput } from './common';
import { hasHeatPump } from './heat-pump-common';

export const heatPumpSmartSteering: Measure = {
  type: 'heat_pump_smart_steering',
  category: 'optimisations',
  installer: true,
  choice: null,
  completion: ({ building }) => (building.input.smart_heating_control ? 'completed' : 'not_completed'),
  availability: ({ building }) =>
    hasHeatPump(building.input)
      ? { available: true, messages: [] }
      : { available: false, messages: [message('smart_steering_needs_heat_pump')] },
  apply: ({ building }) => withInput(building.input, { smart_heating_control: true }),
  cost: () => [
    costItem(
      K.costSmartControl.value,
      1,
      rot(K.labourShare.value.heat_pump_smart_steering),
      LIFE.heat_pump_smart_steering,
    ),
  ],
};
