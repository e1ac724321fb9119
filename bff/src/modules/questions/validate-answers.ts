// Answers are checked against the organisation's question definitions: an unknown key, a wrong type or a value out of
// range is a 400 that names the key, and nothing is stored.
import type { AnswersPatch, QuestionDefinition } from '@home-energy/shared/schemas/property-flow';
import { HttpError } from '../../http/errors';

export interface AnswerIssue {
  path: string;
  message: string;
}

function checkValue(def: QuestionDefinition, value: unknown, currentYear: number): string | null {
  const data = def.data;
  switch (data.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'selection':
      return typeof value === 'string' && data.options.includes(value) ? null : `must be one of: ${data.options.join(', ')}`;
    case 'multiple': {
      if (!Array.isArray(value)) return `must be a list of: ${data.options.join(', ')}`;
      const unknown = value.filter((v) => typeof v !== 'string' || !data.options.includes(v));
      if (unknown.length > 0) return `unknown option ${unknown.map((v) => JSON.stringify(v)).join(', ')}; choose from: ${data.options.join(', ')}`;
      if (new Set(value).size !== value.length) return 'lists an option twice';
      return null;
    }
    case 'integer':
    case 'float': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `must be a number`;
      if (data.type === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
      // A year in the future is a typo (a house being built this year may say next year).
      const max = data.unit === 'yr' ? Math.min(data.max, currentYear + 1) : data.max;
      if (value < data.min || value > max) return `must be between ${data.min} and ${max}${data.unit ? ` (${data.unit})` : ''}`;
      return null;
    }
  }
}

/** Checks a patch of answers (null clears an answer); throws a 400 listing every bad key. */
export function validateAnswers(patch: AnswersPatch, definitions: readonly QuestionDefinition[], currentYear: number): void {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const issues: AnswerIssue[] = [];
  for (const [key, value] of Object.entries(patch)) {
    const def = byKey.get(key);
    if (!def) {
      issues.push({ path: `body.${key}`, message: `${key}: unknown answer key` });
      continue;
    }
    if (value === null) continue;
    const problem = checkValue(def, value, currentYear);
    if (problem) issues.push({ path: `body.${key}`, message: `${key}: ${problem}` });
  }
  if (issues.length > 0) {
    throw new HttpError(400, 'bad_request', `Invalid answers: ${issues.map((i) => i.message).join('; ')}`, issues);
  }
}

/** Answers after a patch: null removes a key. */
export function applyAnswers<T extends Record<string, unknown>>(current: T, patch: AnswersPatch): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}
