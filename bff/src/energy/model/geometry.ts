// Envelope areas (m²) from Atemp, storeys, ceiling height, basement and building type (all plan estimates in
// constants).
import type { BuildingInput } from '../answers';
import { ENERGY_CONSTANTS } from '../constants';

const K = ENERGY_CONSTANTS;

export interface Envelope {
  footprint: number;
  wall: number;
  window: number;
  door: number;
  roof: number;
  floor: number;
  basementWall: number;
}

type GeometryInput = Pick<BuildingInput, 'atemp' | 'num_floors' | 'basement' | 'ceiling_height' | 'building_type'>;

export function envelopeOf(input: GeometryInput): Envelope {
  const heatedLevels = input.num_floors + (input.basement === 'heated' ? 1 : 0);
  const footprint = input.atemp / heatedLevels;
  const ratio = K.planAspectRatio.value;
  const shortSide = Math.sqrt(footprint / ratio);
  const perimeter = 2 * (shortSide + ratio * shortSide);
  const storeyHeight = input.ceiling_height + K.floorStructureHeight.value;
  const exposed = K.exposedWallShare.value[input.building_type];
  const grossWall = perimeter * storeyHeight * input.num_floors * exposed;
  const window = Math.min(K.windowAreaShare.value * input.atemp, grossWall);
  const door = Math.min(K.doorCount.value * K.doorArea.value, grossWall - window);
  return {
    footprint,
    wall: grossWall - window - door,
    window,
    door,
    roof: footprint,
    floor: footprint,
    basementWall: input.basement === 'heated' ? perimeter * storeyHeight * exposed : 0,
  };
}
