// insulation_walls: add 100 mm outside the existing wall (normally together with a new façade).
import { ENERGY_CONSTANTS as K } from '../../constants';
import { envelopeOf } from '../../model/geometry';
import { message } from '../messages';
import type { Measure } from '../types';
import { costItem, LIFE, rot, withInput } from './common';

export const insulationWalls: Measure = {
  type: 'insulation_walls',
  category: 'reduce_heat_losses',
  installer: true,
  choice: null,
  completion({ building }) {
    const added = building.input.wall_insulation_added_mm;
    if (added >= K.wallAddedInsulationMm.value) return 'completed';
    return added > 0 ? 'upgrade_available' : 'not_completed';
  },
  availability: () => ({ available: true, messages: [message('facade_only_when_renewing')] }),
  apply: ({ building }) =>
    withInput(building.input, {
      wall_insulation_added_mm: building.input.wall_insulation_added_mm + K.wallAddedInsulationMm.value,
    }),
  cost: ({ building }) => [
    costItem(
      K.costWallPerM2.value,
      envelopeOf(building.input).wall,
      rot(K.labourShare.value.insulation_walls),
      LIFE.insulation_walls,
    ),
  ],
};
