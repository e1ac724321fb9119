// heat_pump: the heat pump type that saves the most kronor in this house (of geothermal, air/water, air-to-air).
import { difference } from '../runner';
import { message } from '../messages';
import { availabilityOf, completionOf, costOf, inputAfter } from '../model-runs';
import type { Measure, MeasureContext } from '../types';
import { heatPumpAir } from './heat-pump-air';
import { HYDRONIC_HEAT_PUMPS, pumpStatus } from './heat-pump-common';
import { heatPumpAirwater, heatPumpGeothermal } from './heat-pump-replacement';

const CANDIDATES: readonly Measure[] = [heatPumpGeothermal, heatPumpAirwater, heatPumpAir];

export function bestHeatPump(ctx: MeasureContext): Measure | null {
  return ctx.runs.decide('best_heat_pump', () => chooseHeatPump(ctx));
}

function chooseHeatPump(ctx: MeasureContext): Measure | null {
  let best: { measure: Measure; saving: number } | null = null;
  for (const measure of CANDIDATES) {
    if (completionOf(ctx, measure) === 'completed' || !availabilityOf(ctx, measure).available) continue;
    const after = ctx.runs.actual(inputAfter(ctx, measure));
    const saving = difference(ctx.before, after, ctx.prices).energyCostSavings;
    if (best === null || saving > best.saving) best = { measure, saving };
  }
  return best?.measure ?? null;
}

export const heatPumpBest: Measure = {
  type: 'heat_pump',
  category: 'reduce_energy_usage',
  installer: true,
  choice: 'heat_pump',
  completion: (ctx) => pumpStatus(ctx, HYDRONIC_HEAT_PUMPS),
  availability(ctx) {
    const best = bestHeatPump(ctx);
    if (!best) return { available: false, messages: [message('no_heat_pump_option')] };
    return { available: true, messages: [message('heat_pump_choice'), ...availabilityOf(ctx, best).messages] };
  },
  apply: (ctx) => inputAfter(ctx, bestHeatPump(ctx) ?? heatPumpGeothermal),
  cost: (ctx) => costOf(ctx, bestHeatPump(ctx) ?? heatPumpGeothermal).slice(),
};
