// window_film: a retrofit low-emissivity (insulating) film on the glass of 1- and 2-pane windows. It adds a little
// thermal resistance on the glass (constants: windowFilmAddedResistance, windowGlazedShare); savings come from
// re-running the model with the answer window_film = true. Not offered where the glazing is triple or energy glass
// already.
import { ENERGY_CONSTANTS as K } from '../../constants';
import { envelopeOf } from '../../model/geometry';
import { windowFilmApplies } from '../../model/heat-demand';
import { message } from '../messages';
import type { Measure } from '../types';
import { costItem, LIFE, rot, withInput } from './common';

export const windowFilm: Measure = {
  type: 'window_film',
  category: 'reduce_heat_losses',
  installer: true,
  choice: 'windows',
  completion: ({ building }) => (building.input.window_film ? 'completed' : 'not_completed'),
  availability: ({ building }) =>
    windowFilmApplies(building.input)
      ? { available: true, messages: [message('window_film_effect')] }
      : { available: false, messages: [message('window_film_good_glazing')] },
  apply: ({ building }) => withInput(building.input, { window_film: true }),
  cost: ({ building }) => [
    costItem(
      K.costWindowFilmPerM2.value,
      envelopeOf(building.input).window * K.windowGlazedShare.value,
      rot(K.labourShare.value.window_film),
      LIFE.window_film,
    ),
  ],
};
