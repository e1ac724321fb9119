// A question's value as the form holds it (numbers as typed text) and its check against the question definition.
import type { AnswerValue, QuestionDefinition } from '@home-energy/shared';

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

/** The answer to send, or the error to show. Empty fields are not answers (null), unless the question is required. */
export function checkField(def: QuestionDefinition, value: FieldValue, currentYear: number): { answer: AnswerValue | null; error: FieldError | null } {
  if (isEmpty(value)) return { answer: null, error: def.required ? { code: 'required' } : null };
  const data = def.data;
  switch (data.type) {
    case 'integer':
    case 'float': {
      const text = String(value).trim().replace(/\s/g, '').replace(',', '.');
      const number = Number(text);
      if (text === '' || !Number.isFinite(number)) return { answer: null, error: { code: 'number' } };
      if (data.type === 'integer' && !Number.isInteger(number)) return { answer: null, error: { code: 'whole' } };
      const max = data.unit === 'yr' ? Math.min(data.max, currentYear + 1) : data.max;
      if (number < data.min || number > max) return { answer: null, error: { code: 'range', min: data.min, max } };
      return { answer: number, error: null };
    }
    case 'boolean':
      return { answer: value === true, error: null };
    case 'selection':
      return typeof value === 'string' && data.options.includes(value) ? { answer: value, error: null } : { answer: null, error: { code: 'choose' } };
    case 'multiple': {
      const list = Array.isArray(value) ? value.filter((v) => data.options.includes(v)) : [];
      return list.length > 0 ? { answer: list, error: null } : { answer: null, error: { code: 'choose' } };
    }
  }
}
