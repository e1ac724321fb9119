import type { QuestionDefinition } from '@home-energy/shared';

/** The preliminary questions (docs/product.md §3) come first, on one page: what the register usually knows. */
export const PRELIMINARY_KEYS = [
  'building_type',
  'construction_year',
  'atemp',
  'num_floors',
  'primary_heating_systems',
];
const PER_STEP = 4;

/** The asked questions in order, as pages: the preliminary ones, then groups of four. */
export function stepsOf(questions: readonly QuestionDefinition[]): QuestionDefinition[][] {
  const asked = questions.filter((q) => q.asked).sort((a, b) => a.position - b.position);
  const first = asked.filter((q) => PRELIMINARY_KEYS.includes(q.key));
  const rest = asked.filter((q) => !PRELIMINARY_KEYS.includes(q.key));
  const steps: QuestionDefinition[][] = first.length > 0 ? [first] : [];
  for (let i = 0; i < rest.length; i += PER_STEP) steps.push(rest.slice(i, i + PER_STEP));
  return steps;
}
