// The recommendation layer's vocabulary (spec §3 "Activity"), the Measure contract and cost items.
import type { BuildingInput } from '../answers';
import type { Building, EnergyBalance } from '../building-model';
import type { EpcLabelValue } from '../epc';
import type { Prices } from '../prices';
import type { PerCarrier } from '../types';

export const ACTIVITY_TYPES = [
  'solar_panel_installation',
  'solar_panel_and_battery_installation',
  'battery_installation',
  'heat_pump_geothermal',
  'heat_pump_airwater',
  'heat_pump_air',
  'heat_pump_smart_steering',
  'insulation_attic',
  'insulation_walls',
  'energy_efficient_windows',
  'energy_efficient_doors',
  'lower_temperature_1_deg_c',
  'low_flush_faucets',
  'wallbox_charger_station',
  'window_film',
  'energy_efficient_products',
  'top_of_the_line',
  'unspecified',
  'heat_pump',
  'complete_renovation',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTION_GROUPS = ['reduce_heat_losses', 'reduce_energy_usage', 'use_solar_energy', 'optimisations', 'package'] as const;
export type ActionGroup = (typeof ACTION_GROUPS)[number];

export type MessageLevel = 'error' | 'warning' | 'notice';
export interface ActivityMessage {
  id: string;
  level: MessageLevel;
  description: string;
}

export type CompletionStatus = 'completed' | 'upgrade_available' | 'not_completed';

export type SubsidyRule =
  | { kind: 'none' }
  | { kind: 'rot'; labourShare: number }
  | { kind: 'green_technology'; rate: number };

/** One priced part of an investment (kr incl. VAT, before subsidies). */
export interface CostItem {
  low: number;
  high: number;
  subsidy: SubsidyRule;
  lifeSpan: number;
}

export interface Subsidy {
  type: 'rot' | 'green_technology';
  amount: number;
}

/** One recommendation as the API returns it (spec §3). Energy in kWh/yr, money in kr (kr/yr for savings). */
export interface Activity {
  name: ActivityType;
  category: ActionGroup;
  available: boolean;
  completion_status: CompletionStatus;
  completed_at: string | null;
  /** Net yearly saving: energy_diff_import + energy_diff_export. */
  energy_diff: number;
  /** Less energy bought per year, all carriers. */
  energy_diff_import: number;
  /** More electricity exported per year. */
  energy_diff_export: number;
  /** Less energy bought per year, per carrier (negative = more bought, e.g. electricity for a new heat pump). */
  energy_diff_per_carrier: PerCarrier;
  /** Gross investment, middle of the range; subsidies are listed separately. */
  investment_cost: number;
  investment_cost_span: number;
  life_span: number;
  savings: { energySavings: number; energyCostSavings: number };
  subsidies: Subsidy[];
  messages: ActivityMessage[];
  /** The estimated_calculated label after the measure. */
  epc_label: EpcLabelValue;
}

export interface MeasureContext {
  building: Building;
  prices: Prices;
  /** The 'actual' balance of the building as it is, computed once per property. */
  before: EnergyBalance;
  /** The estimated_calculated label of the building as it is. */
  labelBefore: EpcLabelValue;
}

export interface Availability {
  available: boolean;
  messages: ActivityMessage[];
}

/** One activity type: when it is done already, when it can be done, what it changes, what it costs. */
export interface Measure {
  type: ActivityType;
  category: ActionGroup;
  completion(ctx: MeasureContext): CompletionStatus;
  /** Asked only when not completed. Messages here are shown whether or not the measure is available. */
  availability(ctx: MeasureContext): Availability;
  /** The building input after the measure; the model is re-run on it. */
  apply(ctx: MeasureContext): BuildingInput;
  cost(ctx: MeasureContext): CostItem[];
}
