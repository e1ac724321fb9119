// Construction-era archetype: the envelope a house of that age typically has (constants.eraArchetypes).
import { ENERGY_CONSTANTS, type EraArchetype } from '../constants';

const ERAS = ENERGY_CONSTANTS.eraArchetypes.value;

export function archetypeFor(constructionYear: number): EraArchetype {
  for (const era of ERAS) if (constructionYear <= era.untilYear) return era;
  return ERAS[ERAS.length - 1];
}
