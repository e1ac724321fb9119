// heat_pump: the heat pump type that saves the most kronor in this house (of geothermal, air/water, air-to-air).
import { modelEnergy } from '../../building-model';
import { difference } from '../runner';
import { message } from '../messages';
import type { Measure, MeasureContext } from '../types';
import { heatPumpAir } from './heat-pump-air';
import { HYDRONIC_HEAT_PUMPS, pumpStatus } from './heat-pump-common';
import { heatPumpAirwater, heatPumpGeothermal } from './heat-pump-replacement';

const CANDIDATES: readonly Measure[] = [heatPumpGeothermal, heatPumpAirwater, heatPumpAir];
const chosen = new WeakMap<MeasureContext, Measure | null>();

export function bestHeatPump(ctx: MeasureContext): Measure | null {
  if (chosen.has(ctx)) return chosen.get(ctx) ?? null;
  let best: { measure: Measure; saving: number } | null = null;
  for (const measure of CANDIDATES) {
    if (measure.completion(ctx) === 'completed' || !measure.availability(ctx).available) continue;
    const after = modelEnergy({ ...ctx.building, input: measure.apply(ctx) }, 'actual');
    const saving = difference(ctx.before, after, ctx.prices).energyCostSavings;
    if (best === null || saving > best.saving) best = { measure, saving };
  }
  chosen.set(ctx, best?.measure ?? null);
  return best?.measure ?? null;
}

export const heatPumpBest: Measure = {
  type: 'heat_pump',
  category: 'reduce_energy_usage',
  completion: (ctx) => pumpStatus(ctx, HYDRONIC_HEAT_PUMPS),
  availability(ctx) {
    const best = bestHeatPump(ctx);
    if (!best) return { available: false, messages: [message('no_heat_pump_option')] };
    return { available: true, messages: [message('heat_pump_choice'), ...best.availability(ctx).messages] };
  },
  apply: (ctx) => (bestHeatPump(ctx) ?? heatPumpGeothermal).apply(ctx),
  cost: (ctx) => (bestHeatPump(ctx) ?? heatPumpGeothermal).cost(ctx),
};
