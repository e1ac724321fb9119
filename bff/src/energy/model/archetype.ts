// Construction-era archetype: the envelope a house of that age typically has (constants.eraArchetypes).
import { ENERGY_CONSTANTS as K, type EraArchetype } from '../constants';

export function archetypeFor(constructionYear: number): EraArchetype {
  const eras = K.eraArchetypes.value;
  return eras.find((era) => constructionYear <= era.untilYear) ?? eras[eras.length - 1];
}
