// Runs one measure: savings = model(after) − model(before), never added percentages (measures interact).
import { calculatedLabel, modelEnergy, type Building, type EnergyBalance } from '../building-model';
import { yearlyEnergyCost, type Prices } from '../prices';
import { CARRIERS, zeroPerCarrier } from '../types';
import { combinedLifeSpan, midCost, subsidiesFor } from './subsidies';
import type { Activity, ActivityMessage, Measure, MeasureContext } from './types';
import { message } from './messages';

export function contextFor(building: Building, prices: Prices): MeasureContext {
  return { building, prices, before: modelEnergy(building, 'actual'), labelBefore: calculatedLabel(building).value };
}

export interface Difference {
  energy_diff: number;
  energy_diff_import: number;
  energy_diff_export: number;
  energy_diff_per_carrier: Activity['energy_diff_per_carrier'];
  energyCostSavings: number;
}

export function difference(before: EnergyBalance, after: EnergyBalance, prices: Prices): Difference {
  const perCarrier = zeroPerCarrier();
  for (const c of CARRIERS) perCarrier[c] = before.byCarrier[c] - after.byCarrier[c];
  const imports = before.totalImport - after.totalImport;
  const exports = after.totalExport - before.totalExport;
  return {
    energy_diff: imports + exports,
    energy_diff_import: imports,
    energy_diff_export: exports,
    energy_diff_per_carrier: perCarrier,
    energyCostSavings:
      yearlyEnergyCost(before.byCarrier, before.exported, prices) - yearlyEnergyCost(after.byCarrier, after.exported, prices),
  };
}

/** Whole kWh / kr; never −0. */
const round = (x: number) => Math.round(x) || 0;

function nothingChanges(measure: Measure, ctx: MeasureContext, status: Activity['completion_status'], messages: ActivityMessage[]): Activity {
  return {
    name: measure.type,
    category: measure.category,
    available: false,
    completion_status: status,
    completed_at: null,
    energy_diff: 0,
    energy_diff_import: 0,
    energy_diff_export: 0,
    energy_diff_per_carrier: zeroPerCarrier(),
    investment_cost: 0,
    investment_cost_span: 0,
    life_span: 0,
    savings: { energySavings: 0, energyCostSavings: 0 },
    subsidies: [],
    messages,
    epc_label: ctx.labelBefore,
  };
}

export function evaluate(measure: Measure, ctx: MeasureContext): Activity {
  const status = measure.completion(ctx);
  if (status === 'completed') return nothingChanges(measure, ctx, status, [message('already_done')]);
  const { available, messages } = measure.availability(ctx);
  if (!available) return nothingChanges(measure, ctx, status, messages);
  const shown = status === 'upgrade_available' ? [message('upgrade_possible'), ...messages] : messages;

  const after: Building = { ...ctx.building, input: measure.apply(ctx) };
  const diff = difference(ctx.before, modelEnergy(after, 'actual'), ctx.prices);
  const items = measure.cost(ctx);
  const perCarrier = zeroPerCarrier();
  for (const c of CARRIERS) perCarrier[c] = round(diff.energy_diff_per_carrier[c]);
  return {
    name: measure.type,
    category: measure.category,
    available: true,
    completion_status: status,
    completed_at: null,
    energy_diff: round(diff.energy_diff),
    energy_diff_import: round(diff.energy_diff_import),
    energy_diff_export: round(diff.energy_diff_export),
    energy_diff_per_carrier: perCarrier,
    investment_cost: round(items.reduce((sum, i) => sum + midCost(i), 0)),
    investment_cost_span: round(items.reduce((sum, i) => sum + (i.high - i.low), 0)),
    life_span: round(combinedLifeSpan(items)),
    savings: { energySavings: round(diff.energy_diff), energyCostSavings: round(diff.energyCostSavings) },
    subsidies: subsidiesFor(items),
    messages: shown,
    epc_label: calculatedLabel(after).value,
  };
}
