// Answers are checked against the organisation's question definitions: an unknown key, a wrong type or a value out of
// range is a 400 that names the key, and nothing is stored.
import type { AnswersPatch, QuestionDefinition } from '@home-energy/shared/schemas/property-flow';
import { answerProblem, answerProblemMessage } from '@home-energy/shared/validation/answers';
import { HttpError } from '../../http/errors';

export interface AnswerIssue {
  path: string;
  message: string;
}

/** Checks a patch of answers (null clears an answer); throws a 400 listing every bad key. */
export function validateAnswers(
  patch: AnswersPatch,
  definitions: readonly QuestionDefinition[],
  currentYear: number,
): void {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const issues: AnswerIssue[] = [];
  for (const [key, value] of Object.entries(patch)) {
    const def = byKey.get(key);
    if (!def) {
      issues.push({ path: `body.${key}`, message: `${key}: unknown answer key` });
      continue;
    }
    if (value === null) continue;
    const problem = answerProblem(def.data, value, currentYear);
    if (problem) issues.push({ path: `body.${key}`, message: `${key}: ${answerProblemMessage(problem)}` });
  }
  if (issues.length > 0) {
    throw new HttpError(400, 'bad_request', `Invalid answers: ${issues.map((i) => i.message).join('; ')}`, issues);
  }
}

/** Answers after a patch: null removes a key. */
export function applyAnswers<T extends Record<string, unknown>>(
  current: T,
  patch: AnswersPatch,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}
