// top_of_the_line (category package): the best complete package. Every available measure that lowers the energy bought,
// combined in one model run: the envelope (attic, walls, windows — or a window film where new windows are not offered —
// doors), the best heat pump with smart steering, solar panels with a battery (or a battery beside existing panels),
// low-flow fittings and energy-reducing products. Left out: lowering the temperature (a comfort choice, not something
// bought), the wallbox and `unspecified` (no energy change), and the other package. At least two parts, else not
// available; completed when nothing is left.
import { completionOf, inputAfter } from '../model-runs';
import type { Measure, MeasureContext } from '../types';
import { energyEfficientDoors } from './energy-efficient-doors';
import { energyEfficientProducts } from './energy-efficient-products';
import { energyEfficientWindows } from './energy-efficient-windows';
import { bestHeatPump } from './heat-pump-best';
import { heatPumpSmartSteering } from './heat-pump-smart-steering';
import { insulationAttic } from './insulation-attic';
import { insulationWalls } from './insulation-walls';
import { lowFlushFaucets } from './low-flush-faucets';
import { combinedInput, packageAvailability, packageCompletion, packageCost, stillToDo } from './package-common';
import { batteryInstallation, solarPanelAndBatteryInstallation } from './solar';
import { windowFilm } from './window-film';

/** The part lowers the energy bought on its own (a battery does; a measure that only moves energy around does not). */
function lowersImport(ctx: MeasureContext, part: Measure): boolean {
  return ctx.runs.actual(inputAfter(ctx, part)).totalImport < ctx.before.totalImport;
}

/** The parts for this house, in the order listed above. */
export function topOfTheLineParts(ctx: MeasureContext): Measure[] {
  return ctx.runs.decide('top_of_the_line_parts', () => chooseParts(ctx));
}

function chooseParts(ctx: MeasureContext): Measure[] {
  const parts: Measure[] = [];
  const take = (part: Measure): boolean => {
    const ok = stillToDo(ctx, part) && lowersImport(ctx, part);
    if (ok) parts.push(part);
    return ok;
  };
  take(insulationAttic);
  take(insulationWalls);
  if (!take(energyEfficientWindows)) take(windowFilm);
  take(energyEfficientDoors);
  const pump = bestHeatPump(ctx);
  const withPump = pump !== null && lowersImport(ctx, pump);
  if (withPump) parts.push(pump);
  // Smart steering needs a heat pump: the one this package puts in, or else the one in the house.
  if (!withPump) take(heatPumpSmartSteering);
  else if (completionOf(ctx, heatPumpSmartSteering) !== 'completed') parts.push(heatPumpSmartSteering);
  if (!take(solarPanelAndBatteryInstallation)) take(batteryInstallation);
  take(lowFlushFaucets);
  take(energyEfficientProducts);
  return parts;
}

export const topOfTheLine: Measure = {
  type: 'top_of_the_line',
  category: 'package',
  installer: true,
  choice: null,
  completion: (ctx) => packageCompletion(topOfTheLineParts(ctx)),
  availability: (ctx) => packageAvailability(topOfTheLineParts(ctx)),
  apply: (ctx) => combinedInput(ctx, topOfTheLineParts(ctx)),
  cost: (ctx) => packageCost(ctx, topOfTheLineParts(ctx)),
};
