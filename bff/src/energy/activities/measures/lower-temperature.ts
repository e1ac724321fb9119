// lower_temperature_1_deg_c: one degree cooler indoors (−5 % space heating per °C); free.
import { ENERGY_CONSTANTS as K } from '../../constants';
import { message } from '../messages';
import type { Measure } from '../types';
import { costItem, FREE, LIFE, NO_SUBSIDY, withInput } from './common';

export const lowerTemperature: Measure = {
  type: 'lower_temperature_1_deg_c',
  category: 'optimisations',
  installer: false,
  choice: null,
  completion: ({ building }) =>
    building.input.indoor_temperature <= K.minRecommendedIndoorTemperature.value ? 'completed' : 'not_completed',
  availability: () => ({ available: true, messages: [message('not_in_label')] }),
  apply: ({ building }) =>
    withInput(building.input, {
      indoor_temperature: Math.max(
        K.minRecommendedIndoorTemperature.value,
        building.input.indoor_temperature - K.temperatureStep.value,
      ),
    }),
  cost: () => [costItem(FREE, 1, NO_SUBSIDY, LIFE.default)],
};
