// low_flush_faucets: low-flow taps and shower heads cut tap-water heat (bills only; the label uses the BEN standard).
import { ENERGY_CONSTANTS as K } from '../../constants';
import { message } from '../messages';
import type { Measure } from '../types';
import { costItem, LIFE, rot, withInput } from './common';

export const lowFlushFaucets: Measure = {
  type: 'low_flush_faucets',
  category: 'reduce_energy_usage',
  installer: true,
  choice: null,
  completion: ({ building }) => (building.input.low_flush_faucets ? 'completed' : 'not_completed'),
  availability: () => ({ available: true, messages: [message('not_in_label')] }),
  apply: ({ building }) => withInput(building.input, { low_flush_faucets: true }),
  cost: () => [
    costItem(K.costLowFlushFittings.value, 1, rot(K.labourShare.value.low_flush_faucets), LIFE.low_flush_faucets),
  ],
};
