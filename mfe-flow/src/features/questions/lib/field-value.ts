// A question's value as the form holds it (numbers as typed text) and its check against the question definition, by
// the same answer rules the BFF applies (@home-energy/shared/validation/answers).
import type { AnswerValue, QuestionDefinition } from '@home-energy/shared';
import { answerProblem, numberFromText, type AnswerProblem } from '@home-energy/shared/validation/answers';

export type FieldValue = string | boolean | string[] | null;

export type FieldError =
  | { code: 'required' }
  | { code: 'number' }
  | { code: 'whole' }
  | { code: 'range'; min: number; max: number }
  | { code: 'choose' };

/** The form's starting value: the owner's answer, else what the register knows, else the question's default. */
export function initialValue(def: QuestionDefinition, answer: unknown, registerValue: unknown): FieldValue {
  const value = answer ?? registerValue ?? def.data.default;
  switch (def.data.type) {
    case 'integer':
    case 'float':
      return typeof value === 'number' ? String(value) : '';
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'multiple':
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    case 'selection':
      return typeof value === 'string' ? value : '';
  }
}

export function isEmpty(value: FieldValue): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The form's error for a problem the shared answer rules found (a checkbox list cannot repeat or invent options). */
function fieldError(problem: AnswerProblem): FieldError {
  switch (problem.code) {
    case 'number':
    case 'whole':
      return { code: problem.code };
    case 'range':
      return { code: 'range', min: problem.min, max: problem.max };
    default:
      return { code: 'choose' };
  }
}

/** The answer to send, or the error to show. Empty fields are not answers (null), unless the question is required. */
export function checkField(
  def: QuestionDefinition,
  value: FieldValue,
  currentYear: number,
): { answer: AnswerValue | null; error: FieldError | null } {
  if (isEmpty(value)) return { answer: null, error: def.required ? { code: 'required' } : null };
  const numeric = def.data.type === 'integer' || def.data.type === 'float';
  const answer = numeric ? numberFromText(String(value)) : value;
  const problem = answerProblem(def.data, answer, currentYear);
  return problem ? { answer: null, error: fieldError(problem) } : { answer: answer as AnswerValue, error: null };
}
