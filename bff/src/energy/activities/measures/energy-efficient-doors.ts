// energy_efficient_doors: replace the outer doors with well-insulated ones.
import { ENERGY_CONSTANTS as K } from '../../constants';
import { doorU } from '../../model/heat-demand';
import type { Measure } from '../types';
import { costItem, LIFE, rot, withInput } from './common';

export const energyEfficientDoors: Measure = {
  type: 'energy_efficient_doors',
  category: 'reduce_heat_losses',
  installer: true,
  choice: null,
  completion({ building }) {
    const u = doorU(building.input);
    if (u <= K.doorU.value[K.newDoorType.value]) return 'completed';
    return building.input.door_type === 'insulated' ? 'upgrade_available' : 'not_completed';
  },
  availability: () => ({ available: true, messages: [] }),
  apply: ({ building }) => withInput(building.input, { door_type: K.newDoorType.value }),
  cost: () => [
    costItem(
      K.costDoor.value,
      K.doorCount.value,
      rot(K.labourShare.value.energy_efficient_doors),
      LIFE.energy_efficient_doors,
    ),
  ],
};
