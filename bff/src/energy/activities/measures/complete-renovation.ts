// complete_renovation (category package): attic, walls, windows, doors and the best heat pump together. The saving
// comes from one model run with all parts applied, so it is less than the sum of the parts' savings.
import type { Measure, MeasureContext } from '../types';
import { energyEfficientDoors } from './energy-efficient-doors';
import { energyEfficientWindows } from './energy-efficient-windows';
import { bestHeatPump } from './heat-pump-best';
import { insulationAttic } from './insulation-attic';
import { insulationWalls } from './insulation-walls';
import { combinedInput, packageAvailability, packageCompletion, packageCost, stillToDo } from './package-common';

export const PACKAGE_PARTS: readonly Measure[] = [
  insulationAttic,
  insulationWalls,
  energyEfficientWindows,
  energyEfficientDoors,
];

/** Parts still to do (not completed, available) on the house as it is; the heat pump is the best one for it. */
export function packageParts(ctx: MeasureContext): Measure[] {
  return ctx.runs.decide('complete_renovation_parts', () => chooseParts(ctx));
}

function chooseParts(ctx: MeasureContext): Measure[] {
  const envelope = PACKAGE_PARTS.filter((m) => stillToDo(ctx, m));
  const pump = bestHeatPump(ctx);
  return pump ? [...envelope, pump] : envelope;
}

export const completeRenovation: Measure = {
  type: 'complete_renovation',
  category: 'package',
  installer: true,
  choice: null,
  completion: (ctx) => packageCompletion(packageParts(ctx)),
  availability: (ctx) => packageAvailability(packageParts(ctx)),
  apply: (ctx) => combinedInput(ctx, packageParts(ctx)),
  cost: (ctx) => packageCost(ctx, packageParts(ctx)),
};
