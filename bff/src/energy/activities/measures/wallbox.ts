// wallbox_charger_station: no energy saving (an enabler for charging on own PV); grön teknik 50 %.
import { ENERGY_CONSTANTS as K } from '../../constants';
import { message } from '../messages';
import type { Measure } from '../types';
import { costItem, LIFE, withInput } from './common';

export const wallboxChargerStation: Measure = {
  type: 'wallbox_charger_station',
  category: 'optimisations',
  installer: true,
  choice: null,
  completion: ({ building }) => (building.input.wallbox ? 'completed' : 'not_completed'),
  availability: () => ({ available: true, messages: [message('no_energy_saving')] }),
  apply: ({ building }) => withInput(building.input, { wallbox: true }),
  cost: () => [
    costItem(
      K.costWallbox.value,
      1,
      { kind: 'green_technology', rate: K.greenTechRate.value.wallbox },
      LIFE.wallbox_charger_station,
    ),
  ],
};
