// Runs one measure: savings = model(after) − model(before), never added percentages (measures interact).
import { copyInput } from '../answers';
import { ENERGY_CONSTANTS as K } from '../constants';
import type { Building, EnergyBalance } from '../building-model';
import { yearlyEnergyCost, type Prices } from '../prices';
import { zeroPerCarrier, type PerCarrier } from '../types';
import { combinedLifeSpan, midCost, subsidiesFor } from './subsidies';
import type { Activity, ActivityMessage, Measure, MeasureContext } from './types';
import { message } from './messages';
import { availabilityOf, completionOf, costOf, inputAfter, ModelRuns } from './model-runs';
import { worthOf } from './ranking';

export interface ContextOptions {
  /** Memoise model runs by input within this property (default true); false runs the model every time. */
  memo?: boolean;
}

export function contextFor(property: Building, prices: Prices, options: ContextOptions = {}): MeasureContext {
  // One fixed object shape for the answers (copyInput): the measures' copies and the model's reads stay fast.
  const building: Building = { input: copyInput(property.input), location: property.location, year: property.year };
  const runs = new ModelRuns(building, options.memo ?? true);
  return { building, prices, runs, before: runs.actual(building.input), labelBefore: runs.label(building.input) };
}

export interface Difference {
  energy_diff: number;
  energy_diff_import: number;
  energy_diff_export: number;
  energy_diff_per_carrier: Activity['energy_diff_per_carrier'];
  energyCostSavings: number;
}

/** Each carrier's before − after, in CARRIERS order (written out: it runs for every activity). */
function perCarrierDifference(b: PerCarrier, a: PerCarrier): PerCarrier {
  return {
    bio: b.bio - a.bio,
    bio_other: b.bio_other - a.bio_other,
    bio_tree_pellets_bricks: b.bio_tree_pellets_bricks - a.bio_tree_pellets_bricks,
    district_heating: b.district_heating - a.district_heating,
    electricity: b.electricity - a.electricity,
    gas: b.gas - a.gas,
    oil: b.oil - a.oil,
    wood: b.wood - a.wood,
  };
}

export function difference(before: EnergyBalance, after: EnergyBalance, prices: Prices): Difference {
  const perCarrier = perCarrierDifference(before.byCarrier, after.byCarrier);
  const imports = before.totalImport - after.totalImport;
  const exports = after.totalExport - before.totalExport;
  return {
    energy_diff: imports + exports,
    energy_diff_import: imports,
    energy_diff_export: exports,
    energy_diff_per_carrier: perCarrier,
    energyCostSavings:
      yearlyEnergyCost(before.byCarrier, before.exported, prices) -
      yearlyEnergyCost(after.byCarrier, after.exported, prices),
  };
}

const QUICK = K.quickPayback.value;

// Worth fields written out, not spread: a spread into an object literal this size is slow (20 activities a property).
const NO_WORTH = worthOf(0, 0, 0);

/** Whole kWh / kr; never −0. */
const round = (x: number) => Math.round(x) || 0;

/** Whole kWh per carrier, as recommendations and plans show them. */
export function roundedPerCarrier(d: PerCarrier): PerCarrier {
  return {
    bio: round(d.bio),
    bio_other: round(d.bio_other),
    bio_tree_pellets_bricks: round(d.bio_tree_pellets_bricks),
    district_heating: round(d.district_heating),
    electricity: round(d.electricity),
    gas: round(d.gas),
    oil: round(d.oil),
    wood: round(d.wood),
  };
}

function nothingChanges(
  measure: Measure,
  ctx: MeasureContext,
  status: Activity['completion_status'],
  messages: ActivityMessage[],
): Activity {
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
    kwh_saved_bought: 0,
    kwh_sold: 0,
    payback_years: NO_WORTH.payback_years,
    pays_back: NO_WORTH.pays_back,
    lifetime_value: NO_WORTH.lifetime_value,
    needs_installer: measure.installer,
    choice: measure.choice,
    subsidies: [],
    messages,
    epc_label: ctx.labelBefore,
  };
}

export function evaluate(measure: Measure, ctx: MeasureContext): Activity {
  const status = completionOf(ctx, measure);
  if (status === 'completed') return nothingChanges(measure, ctx, status, [message('already_done')]);
  const { available, messages } = availabilityOf(ctx, measure);
  if (!available) return nothingChanges(measure, ctx, status, messages);
  let shown = status === 'upgrade_available' ? [message('upgrade_possible'), ...messages] : messages;

  const input = inputAfter(ctx, measure);
  const diff = difference(ctx.before, ctx.runs.actual(input), ctx.prices);
  const items = costOf(ctx, measure);
  const d = diff.energy_diff_per_carrier;
  const perCarrier = roundedPerCarrier(d);
  let cost = 0;
  let span = 0;
  for (const item of items) {
    cost += midCost(item);
    span += item.high - item.low;
  }
  const investment = round(cost);
  const lifeSpan = round(combinedLifeSpan(items));
  const bought = round(diff.energy_diff_import);
  const yearlyKr = round(diff.energyCostSavings);
  const worth = worthOf(investment, yearlyKr, lifeSpan);
  if (investment > QUICK.investment && worth.payback_years !== null && worth.payback_years < QUICK.years) {
    // A big investment back within a year: say why, in the house's own figures.
    const spent = yearlyEnergyCost(ctx.before.byCarrier, ctx.before.exported, ctx.prices);
    shown = [...shown, message('quick_payback', { cost: round(spent), percent: round((yearlyKr / spent) * 100) })];
  }
  return {
    name: measure.type,
    category: measure.category,
    available: true,
    completion_status: status,
    completed_at: null,
    energy_diff: round(diff.energy_diff),
    energy_diff_import: bought,
    energy_diff_export: round(diff.energy_diff_export),
    energy_diff_per_carrier: perCarrier,
    investment_cost: investment,
    investment_cost_span: round(span),
    life_span: lifeSpan,
    // Exported power is sold, not saved: the kWh shown are bought energy only; the kronor price exports at the export
    // price.
    savings: { energySavings: bought, energyCostSavings: yearlyKr },
    kwh_saved_bought: bought,
    kwh_sold: round(diff.energy_diff_export),
    payback_years: worth.payback_years,
    pays_back: worth.pays_back,
    lifetime_value: worth.lifetime_value,
    needs_installer: measure.installer,
    choice: measure.choice,
    subsidies: subsidiesFor(items),
    messages: shown,
    epc_label: { ...ctx.runs.label(input) },
  };
}
