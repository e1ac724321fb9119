// The energy vocabulary of docs/product.md §3 and the shapes of building, information and recommendation answers.
// One source of truth: the BFF's engine and register and the flow/results remotes all import from here.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Consumer-side energy carriers (docs/product.md §3). */
export const CARRIERS = [
  'bio',
  'bio_other',
  'bio_tree_pellets_bricks',
  'district_heating',
  'electricity',
  'gas',
  'oil',
  'wood',
] as const;
export const carrierSchema = lazySchema(() => z.enum(CARRIERS));
export type Carrier = z.infer<typeof carrierSchema>;
export type PerCarrier = Record<Carrier, number>;

/** The spec's energy uses. pv_production is negative: PV electricity used in the building lowers what is bought. */
export const ENERGY_USES = ['space_heating', 'tap_water_heating', 'space_cooling', 'pv_production'] as const;
export type EnergyUse = (typeof ENERGY_USES)[number];

export const PRICE_AREAS = ['SE1', 'SE2', 'SE3', 'SE4'] as const;
export type PriceArea = (typeof PRICE_AREAS)[number];

/** Energy classes of BBR (from 2014). */
export const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export const energyClassSchema = lazySchema(() => z.enum(ENERGY_CLASSES));
export type EnergyClass = z.infer<typeof energyClassSchema>;

/** issued: from the register or an approved EPC document; the estimates come from answers or measured consumption. */
export const EPC_LABEL_TYPES = ['issued', 'estimated_measured', 'estimated_calculated'] as const;
export type EpcLabelType = (typeof EPC_LABEL_TYPES)[number];

/**
 * building_type: the four småhus forms of Swedish statistics plus flerbostadshus. villa = detached; parhus =
 * semi-detached; radhus = terraced; kedjehus = link-detached; flerbostadshus = apartment building.
 */
export const BUILDING_TYPES = ['villa', 'radhus', 'parhus', 'kedjehus', 'flerbostadshus'] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

/**
 * primary_heating_systems values (a list; the first is the main system). heat_pump_air = luft/luft,
 * heat_pump_airwater = luft/vatten, heat_pump_geothermal = berg/jord/sjö, heat_pump_exhaust_air = frånluft,
 * electric_direct = direktverkande el, electric_waterborne = elpanna, bio/bio_other = other biofuel boilers.
 */
export const HEATING_SYSTEMS = [
  'district_heating',
  'heat_pump_air',
  'heat_pump_airwater',
  'heat_pump_geothermal',
  'heat_pump_exhaust_air',
  'electric_direct',
  'electric_waterborne',
  'oil',
  'gas',
  'pellets',
  'wood',
  'bio',
  'bio_other',
] as const;
export type HeatingSystem = (typeof HEATING_SYSTEMS)[number];

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
export const activityTypeSchema = lazySchema(() => z.enum(ACTIVITY_TYPES));
export type ActivityType = z.infer<typeof activityTypeSchema>;

/** Action groups; `package` holds combined measures and is left out of savings lists. */
export const ACTION_GROUPS = [
  'reduce_heat_losses',
  'reduce_energy_usage',
  'use_solar_energy',
  'optimisations',
  'package',
] as const;
export type ActionGroup = (typeof ACTION_GROUPS)[number];

/**
 * Measures of one choice replace one another: a list of next steps shows the best of each (engine README "Ranking").
 */
export const MEASURE_CHOICES = ['heat_pump', 'solar', 'windows'] as const;
export type MeasureChoice = (typeof MEASURE_CHOICES)[number];

export const MESSAGE_LEVELS = ['error', 'warning', 'notice'] as const;
export type MessageLevel = (typeof MESSAGE_LEVELS)[number];

export const COMPLETION_STATUSES = ['completed', 'upgrade_available', 'not_completed'] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

/**
 * A note on a recommendation: a stable code (`id`) and its parameters (`values`); clients render their own text (no
 * text is sent).
 */
export interface ActivityMessage {
  id: string;
  level: MessageLevel;
  values?: Record<string, number>;
}

export interface Subsidy {
  type: 'rot' | 'green_technology';
  amount: number;
}

/** A label the engine computes: from the answers (calculated) or from a year's bought energy (measured). */
export interface EstimatedEpcLabel {
  type: Exclude<EpcLabelType, 'issued'>;
  /** null when no requirement applies (Atemp ≤ 50 m²). */
  energy_class: EnergyClass | null;
  /** Primärenergital, kWh/m²·yr, one decimal (the class is decided on the unrounded value). */
  ep: number;
  ep_requirement: number | null;
  percent_of_requirement: number | null;
  atemp: number;
  f_geo: number;
  f_geo_is_estimate: boolean;
  rule_version: string;
}

/** An energy performance certificate (energideklaration): from the register or an approved uploaded document. */
export interface IssuedEpcLabel {
  type: 'issued';
  energy_class: EnergyClass;
  /** EP on the certificate when known. */
  ep: number | null;
  /** YYYY-MM-DD. */
  issued_at: string | null;
  source: 'register' | 'document';
}

export type EpcLabelValue = EstimatedEpcLabel | IssuedEpcLabel;

/** One recommendation (docs/product.md §3 Activity). Energy in kWh/yr, money in kr (kr/yr for savings). */
export interface Activity {
  name: ActivityType;
  category: ActionGroup;
  available: boolean;
  completion_status: CompletionStatus;
  completed_at: string | null;
  /**
   * Net yearly change: energy_diff_import + energy_diff_export (bought and sold added up; show kwh_saved_bought
   * instead).
   */
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
  /**
   * energySavings = kwh_saved_bought (exported power is never counted as kWh saved); energyCostSavings = kr/yr, exports
   * at the export price.
   */
  savings: { energySavings: number; energyCostSavings: number };
  /** Less energy bought per year (kWh, all carriers; = energy_diff_import): the "kWh saved" people see. */
  kwh_saved_bought: number;
  /**
   * More electricity sold (exported) per year, kWh (= energy_diff_export; negative when less is exported, e.g. a
   * battery).
   */
  kwh_sold: number;
  /** Years until the yearly kronor saved pay back the gross investment in cash; null when nothing is saved. */
  payback_years: number | null;
  /** The cash payback is within the life span (false when nothing is saved). */
  pays_back: boolean;
  /**
   * Money left over the life span, kr: energyCostSavings × life_span − investment_cost (the one definition; engine
   * README).
   */
  lifetime_value: number;
  /** An installer does the work (offer "Contact installers"); false for behaviour and do-it-yourself measures. */
  needs_installer: boolean;
  /** Alternatives share a choice (e.g. every heat pump type and `heat_pump`); null when the measure stands alone. */
  choice: MeasureChoice | null;
  subsidies: Subsidy[];
  messages: ActivityMessage[];
  /** The estimated_calculated label after the measure. */
  epc_label: EstimatedEpcLabel;
}

const perCarrierSchema = lazySchema(() =>
  z
    .object({
      bio: z.number(),
      bio_other: z.number(),
      bio_tree_pellets_bricks: z.number(),
      district_heating: z.number(),
      electricity: z.number(),
      gas: z.number(),
      oil: z.number(),
      wood: z.number(),
    })
    .strict(),
);

/**
 * The checkable form of `Activity` (one recommendation of GET …/building/primary/recommendations); kept equal to it
 * below.
 */
export const activitySchema = lazySchema(() =>
  z
    .object({
      name: activityTypeSchema,
      category: z.enum(ACTION_GROUPS),
      available: z.boolean(),
      completion_status: z.enum(COMPLETION_STATUSES),
      completed_at: z.string().nullable(),
      energy_diff: z.number(),
      energy_diff_import: z.number(),
      energy_diff_export: z.number(),
      energy_diff_per_carrier: perCarrierSchema,
      investment_cost: z.number().min(0),
      investment_cost_span: z.number().min(0),
      life_span: z.number().min(0),
      savings: z.object({ energySavings: z.number(), energyCostSavings: z.number() }).strict(),
      kwh_saved_bought: z.number(),
      kwh_sold: z.number(),
      payback_years: z.number().min(0).nullable(),
      pays_back: z.boolean(),
      lifetime_value: z.number(),
      needs_installer: z.boolean(),
      choice: z.enum(MEASURE_CHOICES).nullable(),
      subsidies: z.array(z.object({ type: z.enum(['rot', 'green_technology']), amount: z.number() }).strict()),
      messages: z.array(
        z
          .object({
            id: z.string(),
            level: z.enum(MESSAGE_LEVELS),
            values: z.record(z.string(), z.number()).optional(),
          })
          .strict(),
      ),
      epc_label: z
        .object({
          type: z.enum(['estimated_measured', 'estimated_calculated']),
          energy_class: energyClassSchema.nullable(),
          ep: z.number(),
          ep_requirement: z.number().nullable(),
          percent_of_requirement: z.number().nullable(),
          atemp: z.number(),
          f_geo: z.number(),
          f_geo_is_estimate: z.boolean(),
          rule_version: z.string(),
        })
        .strict(),
    })
    .strict(),
);

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** Compile-time check: the schema and the `Activity` interface describe the same shape. */
export type ActivitySchemaMatchesActivity = Assert<Same<z.infer<typeof activitySchema>, Activity>>;

/**
 * Where an input of an explanation came from: the homeowner's answer, the property register, or our assumed default.
 */
export const INPUT_STATUSES = ['answered', 'register', 'assumed'] as const;
export type InputStatus = (typeof INPUT_STATUSES)[number];

/**
 * One answer the calculation read; `question_key` is the flow's question to change it. null value: typical of the era /
 * BEN.
 */
export interface ExplanationInput {
  key: string;
  question_key: string;
  status: InputStatus;
  value: string | number | boolean | string[] | null;
  /** Why an assumed input has its value (null when answered or from the register). Absent from older servers. */
  assumption: ExplanationAssumption | null;
}

/**
 * Why we assumed what we did: `era` (typical of houses built from/until, the values `from`, `until`), `standard_use`
 * (the standard use energy labels are calculated with), `building_rules` (the building rules' minimum), `not_told`
 * (nothing else was said: none, no, nothing added), `cautious` (the case that promises the least), `default` (the
 * question's preset answer). `used` is the value the calculation used where the input's own says "not known" (null,
 * "unknown"): a code the client words (e.g. `attic_mm`, `window_u`) with its numbers in `values`.
 */
export const ASSUMPTION_REASONS = ['era', 'standard_use', 'building_rules', 'not_told', 'cautious', 'default'] as const;
export type AssumptionReason = (typeof ASSUMPTION_REASONS)[number];
export interface ExplanationAssumption {
  reason: AssumptionReason;
  used: string | null;
  values: Record<string, number | string>;
}

/** One step of the calculation as a code and its numbers; clients render the text. */
export interface ExplanationStep {
  code: string;
  values: Record<string, number | string>;
}

/**
 * One constant of the engine's table (bff/src/energy/constants.ts) as used: id, value, unit, source, our estimate note.
 */
export interface ExplanationConstant {
  id: string;
  value: unknown;
  unit: string;
  /** The engineers' notes, in English: clients show `sources` and `basis` instead (kept for older clients). */
  source: string | null;
  estimate: string | null;
  /** The publications the figure comes from, each as publisher, title and year (null: undated). */
  sources: ExplanationSource[];
  /** Where the figure is ours: why, as a code the client words; null when it is the publications' own figure. */
  basis: ConstantBasis | null;
  /**
   * The parts of `value` that apply to this house (its price area, heating systems, era, the measure…): keys of an
   * object value, or indexes of a list; null when all of it does or no part is singled out.
   */
  applies: string[] | null;
}

export interface ExplanationSource {
  publisher: string;
  title: string;
  year: number | null;
}

/**
 * Our part in a figure: `estimate` (typical of Swedish houses where nothing is published), `derived` (our arithmetic
 * on published figures), `fitted` (tuned so the model meets published energy use), `definition` (a unit or physics),
 * `choice` (a limit of what we propose).
 */
export const CONSTANT_BASES = ['estimate', 'derived', 'fitted', 'definition', 'choice'] as const;
export type ConstantBasis = (typeof CONSTANT_BASES)[number];

/** A figure with the low and high it takes when each assumed input is set to a plausible alternative. */
export interface ExplanationRange {
  code: 'ep' | 'kwh_saved_bought' | 'kr_saved';
  low: number;
  value: number;
  high: number;
}

/** "How we calculated this": of the calculated label (subject 'label') or of one recommendation. */
export interface Explanation {
  subject: 'label' | ActivityType;
  rule_version: string;
  inputs: ExplanationInput[];
  steps: ExplanationStep[];
  constants: ExplanationConstant[];
  ranges: ExplanationRange[];
  /** The assumed inputs the ranges were recomputed over. */
  varied_inputs: string[];
}

export const explanationSchema = lazySchema(() =>
  z
    .object({
      subject: z.union([z.literal('label'), activityTypeSchema]),
      rule_version: z.string(),
      inputs: z.array(
        z
          .object({
            key: z.string(),
            question_key: z.string(),
            status: z.enum(INPUT_STATUSES),
            value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
            assumption: z
              .object({
                reason: z.enum(ASSUMPTION_REASONS),
                used: z.string().nullable(),
                values: z.record(z.string(), z.union([z.number(), z.string()])),
              })
              .strict()
              .nullable(),
          })
          .strict(),
      ),
      steps: z.array(
        z.object({ code: z.string(), values: z.record(z.string(), z.union([z.number(), z.string()])) }).strict(),
      ),
      constants: z.array(
        z
          .object({
            id: z.string(),
            value: z.unknown(),
            unit: z.string(),
            source: z.string().nullable(),
            estimate: z.string().nullable(),
            sources: z.array(
              z.object({ publisher: z.string(), title: z.string(), year: z.number().int().nullable() }).strict(),
            ),
            basis: z.enum(CONSTANT_BASES).nullable(),
            applies: z.array(z.string()).nullable(),
          })
          .strict(),
      ),
      ranges: z.array(
        z
          .object({
            code: z.enum(['ep', 'kwh_saved_bought', 'kr_saved']),
            low: z.number(),
            value: z.number(),
            high: z.number(),
          })
          .strict(),
      ),
      varied_inputs: z.array(z.string()),
    })
    .strict(),
);

/** Compile-time check: the schema and the `Explanation` interface describe the same shape. */
export type ExplanationSchemaMatchesExplanation = Assert<Same<z.infer<typeof explanationSchema>, Explanation>>;
