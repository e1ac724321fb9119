// energy_efficient_windows: replace all windows with energy windows (U ≈ 1.0).
import { ENERGY_CONSTANTS as K } from '../../constants';
import { envelopeOf } from '../../model/geometry';
import { glazingU } from '../../model/heat-demand';
import { message } from '../messages';
import type { Measure } from '../types';
import { costItem, LIFE, rot, withInput } from './common';

export const energyEfficientWindows: Measure = {
  type: 'energy_efficient_windows',
  category: 'reduce_heat_losses',
  installer: true,
  choice: 'windows',
  completion({ building }) {
    // The glazing decides (a film on old glazing still leaves the window as it is: not_completed).
    const u = glazingU(building.input);
    if (u <= K.windowU.value[K.newWindowType.value]) return 'completed';
    return u < K.windowU.value.double ? 'upgrade_available' : 'not_completed';
  },
  availability: () => ({ available: true, messages: [message('windows_rarely_pay_back')] }),
  apply: ({ building }) => withInput(building.input, { window_type: K.newWindowType.value }),
  cost: ({ building }) => [
    costItem(
      K.costWindowPerM2.value,
      envelopeOf(building.input).window,
      rot(K.labourShare.value.energy_efficient_windows),
      LIFE.energy_efficient_windows,
    ),
  ],
};
