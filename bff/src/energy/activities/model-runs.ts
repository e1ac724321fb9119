// The model runs of one property's recommendations, memoised by input. Many activities re-run the same input: the heat
// pump types are tried by `heat_pump` and the packages, availability checks run the measure's own input, and measures
// that only change the household's use (temperature, fittings, products) leave the label's standard run as it was.
// A run is keyed by the answers that differ from the property's own; results are identical to running the model each
// time (tested: `memo: false` is the straightforward evaluation).
import { ANSWER_KEYS, changedAnswerKeys, type AnswerKey, type BuildingInput } from '../answers';
import { calculatedLabel, modelEnergy, type Building, type EnergyBalance } from '../building-model';
import { ENERGY_CONSTANTS as K } from '../constants';
import type { EstimatedEpcLabel } from '../epc';

/**
 * Answers the standard run (EP and the label) does not read: the household's own use, and the PV answers while own PV
 * is left out of EP. A test compares memoised and straightforward results, so a key wrongly listed here shows up.
 */
const NOT_IN_LABEL: ReadonlySet<AnswerKey> = new Set<AnswerKey>([
  'indoor_temperature',
  'occupants',
  'low_flush_faucets',
  'appliances',
  'energy_reducing_products',
  'wallbox',
  ...(K.pvCountsInEp.value ? [] : (['solar_panels_wp', 'battery_kwh', 'roof_orientation'] as const)),
]);
export const IN_LABEL: Readonly<Record<AnswerKey, boolean>> = Object.fromEntries(
  (Object.keys(ANSWER_KEYS) as AnswerKey[]).map((key) => [key, !NOT_IN_LABEL.has(key)]),
) as Record<AnswerKey, boolean>;

/** What is known about one input object of this property. */
interface Entry {
  /** Answers that differ from the property's own. */
  changed: AnswerKey[];
  /** "key=value;…" over the changed answers: the key of the actual run ('' = the property as it is). */
  actualKey: string;
  /** The same over the answers the standard run reads: the key of the label. */
  labelKey: string;
  actual: EnergyBalance | undefined;
  label: EstimatedEpcLabel | undefined;
}

/** What a memoised run needs of a measure: its answers after the work (a measure's `apply`). */
interface AppliesTo<Context> {
  apply(ctx: Context): BuildingInput;
}

export class ModelRuns {
  private readonly entries = new Map<BuildingInput, Entry>();
  private readonly actualRuns = new Map<string, EnergyBalance>();
  private readonly labels = new Map<string, EstimatedEpcLabel>();
  private readonly inputs = new Map<object, BuildingInput>();
  private readonly completions = new Map<object, unknown>();
  private readonly availabilities = new Map<object, unknown>();
  private readonly costs = new Map<object, unknown>();
  private readonly decisions = new Map<string, unknown>();

  /** memo false: every call runs the model (the straightforward evaluation the memoised one is tested against). */
  constructor(
    private readonly building: Building,
    private readonly memo = true,
  ) {}

  private with(input: BuildingInput): Building {
    return input === this.building.input
      ? this.building
      : { input, location: this.building.location, year: this.building.year };
  }

  private entry(input: BuildingInput): Entry {
    let entry = this.entries.get(input);
    if (entry === undefined) {
      const changed = changedAnswerKeys(this.building.input, input);
      let actualKey = '';
      let labelKey = '';
      for (const key of changed) {
        const part = `${key}=${String(input[key])};`;
        actualKey += part;
        if (IN_LABEL[key]) labelKey += part;
      }
      entry = { changed, actualKey, labelKey, actual: undefined, label: undefined };
      this.entries.set(input, entry);
    }
    return entry;
  }

  /** The answers that differ from the property's own. */
  changed(input: BuildingInput): readonly AnswerKey[] {
    return this.memo ? this.entry(input).changed : changedAnswerKeys(this.building.input, input);
  }

  /**
   * A decision that depends only on this property (the best heat pump, a package's parts), made once. Kept here rather
   * than in a WeakMap keyed by the context: it dies with the property's evaluation and costs the GC nothing extra.
   */
  decide<T>(name: string, decide: () => T): T {
    if (this.decisions.has(name)) return this.decisions.get(name) as T;
    const value = decide();
    this.decisions.set(name, value);
    return value;
  }

  /** The measure's answers after it is done (its `apply`), computed once per property. */
  inputAfter<Context>(measure: AppliesTo<Context>, ctx: Context): BuildingInput {
    if (!this.memo) return measure.apply(ctx);
    let input = this.inputs.get(measure);
    if (input === undefined) {
      input = measure.apply(ctx);
      this.inputs.set(measure, input);
    }
    return input;
  }

  /** The measure's status on the house as it is (its `completion`), once per property: packages ask for parts'. */
  completion<Context, Status>(measure: { completion(ctx: Context): Status }, ctx: Context): Status {
    return this.once(this.completions, measure, () => measure.completion(ctx));
  }

  /** The measure's `availability`, once per property (read-only: its messages go into the answer as they are). */
  availability<Context, Availability>(
    measure: { availability(ctx: Context): Availability },
    ctx: Context,
  ): Availability {
    return this.once(this.availabilities, measure, () => measure.availability(ctx));
  }

  /** The measure's cost items (its `cost`), once per property (read-only). */
  cost<Context, Items>(measure: { cost(ctx: Context): Items }, ctx: Context): Items {
    return this.once(this.costs, measure, () => measure.cost(ctx));
  }

  /** `compute()` for this measure once per property (every time when not memoising). */
  private once<T>(cache: Map<object, unknown>, measure: object, compute: () => T): T {
    if (!this.memo) return compute();
    if (cache.has(measure)) return cache.get(measure) as T;
    const value = compute();
    cache.set(measure, value);
    return value;
  }

  /** The 'actual' balance (bills, savings) of the property with these answers. */
  actual(input: BuildingInput): EnergyBalance {
    if (!this.memo) return modelEnergy(this.with(input), 'actual');
    const entry = this.entry(input);
    if (entry.actual === undefined) {
      let run = this.actualRuns.get(entry.actualKey);
      if (run === undefined) {
        run = modelEnergy(this.with(input), 'actual');
        this.actualRuns.set(entry.actualKey, run);
      }
      entry.actual = run;
    }
    return entry.actual;
  }

  /** The estimated_calculated label (standard run) of the property with these answers. */
  label(input: BuildingInput): EstimatedEpcLabel {
    if (!this.memo) return calculatedLabel(this.with(input)).value;
    const entry = this.entry(input);
    if (entry.label === undefined) {
      let label = this.labels.get(entry.labelKey);
      if (label === undefined) {
        label = calculatedLabel(this.with(input)).value;
        this.labels.set(entry.labelKey, label);
      }
      entry.label = label;
    }
    return entry.label;
  }
}

/** The answers after a measure, once per property (use this rather than calling `measure.apply` again). */
export function inputAfter<Context extends { runs: ModelRuns }>(
  ctx: Context,
  measure: AppliesTo<Context>,
): BuildingInput {
  return ctx.runs.inputAfter(measure, ctx);
}

/** The measure's status on the house as it is, once per property (use this rather than `measure.completion`). */
export function completionOf<Context extends { runs: ModelRuns }, Status>(
  ctx: Context,
  measure: { completion(ctx: Context): Status },
): Status {
  return ctx.runs.completion(measure, ctx);
}

/** The measure's availability on this house, once per property (use this rather than `measure.availability`). */
export function availabilityOf<Context extends { runs: ModelRuns }, Availability>(
  ctx: Context,
  measure: { availability(ctx: Context): Availability },
): Availability {
  return ctx.runs.availability(measure, ctx);
}

/** The measure's cost items for this house, once per property (use this rather than `measure.cost`). */
export function costOf<Context extends { runs: ModelRuns }, Items>(
  ctx: Context,
  measure: { cost(ctx: Context): Items },
): Items {
  return ctx.runs.cost(measure, ctx);
}
