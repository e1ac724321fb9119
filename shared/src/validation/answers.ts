// The one set of rules for an answer to a question (docs/product.md §3 "Answers"). The BFF checks answers with it, the
// register's CSV import checks its building columns with it, and the flow's form checks what the owner typed with it:
// the same value passes or fails everywhere, with the same problem. Pure module: no DOM, no I/O.
import { z } from 'zod';
import type { QuestionData } from '../schemas/property-flow';

/** What is wrong with an answer: a code the form translates, with what its text needs. */
export type AnswerProblem =
  | { code: 'boolean' }
  | { code: 'number' }
  | { code: 'whole' }
  | { code: 'range'; min: number; max: number; unit: string | null }
  | { code: 'choose'; options: readonly string[] }
  | { code: 'list'; options: readonly string[] }
  | { code: 'unknown_option'; values: readonly unknown[]; options: readonly string[] }
  | { code: 'twice' };

/** The API's English wording of a problem (the BFF's 400 and the CSV import's row errors). */
export function answerProblemMessage(problem: AnswerProblem): string {
  switch (problem.code) {
    case 'boolean':
      return 'must be true or false';
    case 'number':
      return 'must be a number';
    case 'whole':
      return 'must be a whole number';
    case 'range':
      return `must be between ${problem.min} and ${problem.max}${problem.unit ? ` (${problem.unit})` : ''}`;
    case 'choose':
      return `must be one of: ${problem.options.join(', ')}`;
    case 'list':
      return `must be a list of: ${problem.options.join(', ')}`;
    case 'unknown_option': {
      const values = problem.values.map((v) => JSON.stringify(v)).join(', ');
      return `unknown option ${values}; choose from: ${problem.options.join(', ')}`;
    }
    case 'twice':
      return 'lists an option twice';
  }
}

/** The allowed range of a number question; a year may be at most next year (a house being built may say so). */
export function answerRange(data: QuestionData & { type: 'integer' | 'float' }, currentYear: number) {
  return { min: data.min, max: data.unit === 'yr' ? Math.min(data.max, currentYear + 1) : data.max };
}

/** The problem with `value` as an answer to a question with this `data`, or null when it is a good answer. */
export function answerProblem(data: QuestionData, value: unknown, currentYear: number): AnswerProblem | null {
  switch (data.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : { code: 'boolean' };
    case 'selection':
      return typeof value === 'string' && data.options.includes(value)
        ? null
        : { code: 'choose', options: data.options };
    case 'multiple': {
      if (!Array.isArray(value)) return { code: 'list', options: data.options };
      const unknown = value.filter((v) => typeof v !== 'string' || !data.options.includes(v));
      if (unknown.length > 0) return { code: 'unknown_option', values: unknown, options: data.options };
      return new Set(value).size === value.length ? null : { code: 'twice' };
    }
    case 'integer':
    case 'float': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'number' };
      if (data.type === 'integer' && !Number.isInteger(value)) return { code: 'whole' };
      const { min, max } = answerRange(data, currentYear);
      return value < min || value > max ? { code: 'range', min, max, unit: data.unit ?? null } : null;
    }
  }
}

/** A zod schema for one answer: its issue's message is answerProblemMessage, its `params.problem` the problem. */
export function answerSchema(data: QuestionData, currentYear: number) {
  return z.unknown().superRefine((value, ctx) => {
    const problem = answerProblem(data, value, currentYear);
    if (problem) ctx.addIssue({ code: 'custom', message: answerProblemMessage(problem), params: { problem } });
  });
}

/** A number as people type it: spaces as thousands separators, a decimal comma or point. NaN when it is not one. */
export function numberFromText(text: string): number {
  const compact = text.replace(/\s/g, '').replace(',', '.');
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(compact) ? Number(compact) : Number.NaN;
}
