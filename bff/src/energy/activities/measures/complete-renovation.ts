// complete_renovation (category package): attic, walls, windows, doors and the best heat pump together. The saving comes
// from one model run with all parts applied, so it is less than the sum of the parts' savings.
import type { BuildingInput } from '../../answers';
import { message } from '../messages';
import type { CostItem, Measure, MeasureContext } from '../types';
import { energyEfficientDoors } from './energy-efficient-doors';
import { energyEfficientWindows } from './energy-efficient-windows';
import { bestHeatPump } from './heat-pump-best';
import { insulationAttic } from './insulation-attic';
import { insulationWalls } from './insulation-walls';

export const PACKAGE_PARTS: readonly Measure[] = [insulationAttic, insulationWalls, energyEfficientWindows, energyEfficientDoors];
const MIN_PARTS = 2;

/** Parts still to do (not completed, available) on the house as it is; the heat pump is the best one for it. */
export function packageParts(ctx: MeasureContext): Measure[] {
  const envelope = PACKAGE_PARTS.filter((m) => m.completion(ctx) !== 'completed' && m.availability(ctx).available);
  const pump = bestHeatPump(ctx);
  return pump ? [...envelope, pump] : envelope;
}

function applyAll(ctx: MeasureContext): BuildingInput {
  let input = ctx.building.input;
  for (const part of packageParts(ctx)) {
    // Each part changes its own keys; applying it to the running input keeps the earlier parts' changes.
    const changed = part.apply(ctx);
    const keys = (Object.keys(changed) as (keyof BuildingInput)[]).filter((key) => changed[key] !== ctx.building.input[key]);
    input = { ...input, ...Object.fromEntries(keys.map((key) => [key, changed[key]])) };
  }
  return input;
}

export const completeRenovation: Measure = {
  type: 'complete_renovation',
  category: 'package',
  completion: (ctx) => (packageParts(ctx).length === 0 ? 'completed' : 'not_completed'),
  availability: (ctx) =>
    packageParts(ctx).length >= MIN_PARTS
      ? { available: true, messages: [] }
      : { available: false, messages: [message('package_too_few_measures')] },
  apply: applyAll,
  cost: (ctx) => packageParts(ctx).flatMap((part): CostItem[] => part.cost(ctx)),
};
