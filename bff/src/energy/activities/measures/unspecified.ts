// unspecified: no particular measure. It lets a homeowner ask an installer (or the municipality's free energy and
// climate advice, kommunal energi- och klimatrådgivning) for an assessment without choosing a measure first. Nothing
// is modelled: energy diffs 0, cost 0, always available, one notice saying so.
import { message } from '../messages';
import type { Measure } from '../types';
import { costItem, FREE, LIFE, NO_SUBSIDY } from './common';

export const unspecified: Measure = {
  type: 'unspecified',
  category: 'optimisations',
  installer: false,
  choice: null,
  completion: () => 'not_completed',
  availability: () => ({ available: true, messages: [message('savings_not_estimated')] }),
  apply: ({ building }) => building.input,
  cost: () => [costItem(FREE, 1, NO_SUBSIDY, LIFE.default)],
};
