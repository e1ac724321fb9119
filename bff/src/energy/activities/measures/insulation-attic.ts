// insulation_attic: top up the attic to the target thickness (400 mm).
import { ENERGY_CONSTANTS as K } from '../../constants';
import { envelopeOf } from '../../model/geometry';
import { atticInsulationMm } from '../../model/heat-demand';
import type { Measure } from '../types';
import { costItem, LIFE, rot, withInput } from './common';

export const insulationAttic: Measure = {
  type: 'insulation_attic',
  category: 'reduce_heat_losses',
  installer: true,
  choice: null,
  completion({ building }) {
    const mm = atticInsulationMm(building.input);
    if (mm >= K.atticTargetMm.value) return 'completed';
    return mm >= K.atticUpgradeFromMm.value ? 'upgrade_available' : 'not_completed';
  },
  availability: () => ({ available: true, messages: [] }),
  apply: ({ building }) => withInput(building.input, { attic_insulation_mm: K.atticTargetMm.value }),
  cost: ({ building }) => [
    costItem(
      K.costAtticPerM2.value,
      envelopeOf(building.input).roof,
      rot(K.labourShare.value.insulation_attic),
      LIFE.insulation_attic,
    ),
  ],
};
