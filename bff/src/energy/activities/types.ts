// The recommendation layer's vocabulary (docs/product.md §3 "Activity"), the Measure contract and cost items.
import type {
  ActionGroup,
  ActivityMessage,
  ActivityType,
  CompletionStatus,
  EstimatedEpcLabel,
  MeasureChoice,
} from '@home-energy/shared/schemas/energy';
import type { BuildingInput } from '../answers';
import type { Building, EnergyBalance } from '../building-model';
import type { Prices } from '../prices';
import type { ModelRuns } from './model-runs';

// The docs/product.md §3 words and the Activity shape come from the one shared schema; the Measure contract is the
// engine's own.
export {
  ACTION_GROUPS,
  ACTIVITY_TYPES,
  COMPLETION_STATUSES,
  MESSAGE_LEVELS,
  type ActionGroup,
  type Activity,
  type ActivityMessage,
  type ActivityType,
  type CompletionStatus,
  type MessageLevel,
  type Subsidy,
} from '@home-energy/shared/schemas/energy';

export type SubsidyRule =
  { kind: 'none' } | { kind: 'rot'; labourShare: number } | { kind: 'green_technology'; rate: number };

/** One priced part of an investment (kr incl. VAT, before subsidies). */
export interface CostItem {
  low: number;
  high: number;
  subsidy: SubsidyRule;
  lifeSpan: number;
}

export interface MeasureContext {
  building: Building;
  prices: Prices;
  /** The 'actual' balance of the building as it is, computed once per property. */
  before: EnergyBalance;
  /** The estimated_calculated label of the building as it is. */
  labelBefore: EstimatedEpcLabel;
  /** Model runs of this property with other answers (memoised by input): use these, not modelEnergy, in measures. */
  runs: ModelRuns;
}

export interface Availability {
  available: boolean;
  messages: ActivityMessage[];
}

/** One activity type: when it is done already, when it can be done, what it changes, what it costs. */
export interface Measure {
  type: ActivityType;
  category: ActionGroup;
  /**
   * An installer or craftsman does the work (the client offers "Contact installers"); false for behaviour and
   * do-it-yourself measures.
   */
  installer: boolean;
  /**
   * Measures with the same choice replace one another (one heat pump, one solar set-up, new windows or a film); null:
   * none.
   */
  choice: MeasureChoice | null;
  completion(ctx: MeasureContext): CompletionStatus;
  /** Asked only when not completed. Messages here are shown whether or not the measure is available. */
  availability(ctx: MeasureContext): Availability;
  /** The building input after the measure; the model is re-run on it. */
  apply(ctx: MeasureContext): BuildingInput;
  cost(ctx: MeasureContext): CostItem[];
}
