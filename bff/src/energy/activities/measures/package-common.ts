// What the two packages (complete_renovation, top_of_the_line) share: the parts' changes combined into one input (one
// model run, so the saving is less than the sum of the parts'), the parts' costs, and the status rules.
import { copyInput, type BuildingInput } from '../../answers';
import { message } from '../messages';
import { availabilityOf, completionOf, costOf, inputAfter } from '../model-runs';
import type { Availability, CompletionStatus, CostItem, Measure, MeasureContext } from '../types';

export const MIN_PACKAGE_PARTS = 2;

/** A part that is still to do on the house as it is: not completed, and available. */
export function stillToDo(ctx: MeasureContext, measure: Measure): boolean {
  return completionOf(ctx, measure) !== 'completed' && availabilityOf(ctx, measure).available;
}

/** Every part applied: each part changes its own answers, so the changes are laid over the house's answers in turn. */
export function combinedInput(ctx: MeasureContext, parts: readonly Measure[]): BuildingInput {
  const base = ctx.building.input;
  const input = copyInput(base);
  const out = input as Record<keyof BuildingInput, unknown>;
  for (const part of parts) {
    const after = inputAfter(ctx, part);
    for (const key of ctx.runs.changed(after)) out[key] = after[key];
  }
  return input;
}

export function packageCompletion(parts: readonly Measure[]): CompletionStatus {
  return parts.length === 0 ? 'completed' : 'not_completed';
}

export function packageAvailability(parts: readonly Measure[]): Availability {
  return parts.length >= MIN_PACKAGE_PARTS
    ? { available: true, messages: [] }
    : { available: false, messages: [message('package_too_few_measures')] };
}

export function packageCost(ctx: MeasureContext, parts: readonly Measure[]): CostItem[] {
  const items: CostItem[] = [];
  for (const part of parts) items.push(...costOf(ctx, part));
  return items;
}
