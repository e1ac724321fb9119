// What was wrong with a console form, in the page's language. A form checks its values with the shared schema the BFF
// uses (as the homeowner's contact form does) and the BFF names its own refusals by code: both are said here by code
// and limit ("Högst 255 tecken"), never in the schemas' or the API's English on a page in another language.
import type { TFunction } from 'i18next';
import { formatNumber } from '../../format/number';
import { apiErrorBody } from './api-error';
import { USER_MANAGEMENT_NS, useUserManagementTranslation } from './texts';

/** One problem with a value: an issue of a form's zod check, or one of the BFF's `issues`. */
export interface ValueIssue {
  path?: string | readonly PropertyKey[];
  message?: string;
  code?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  origin?: string;
  format?: string;
  expected?: string;
  params?: Record<string, unknown>;
}

/** A field's own rule in words (a pattern, a check of its own), said when a value breaks it. */
export type FieldRules = Partial<Record<string, string>>;

/** The BFF's error codes with a text of their own, for a form that shows no field for the problem. */
const ERROR_CODES = new Set([
  'bad_request',
  'conflict',
  'forbidden',
  'not_found',
  'last_admin',
  'too_many_requests',
  'unavailable',
]);

/** The form field an issue is about: `body.email` (the BFF) or ['email'] (a form's check) → `email`. */
export function issueField(issue: ValueIssue): string | undefined {
  if (typeof issue.path === 'string') return issue.path.split('.')[1];
  const first = issue.path?.[0];
  return first === undefined ? undefined : String(first);
}

function issueTexts(t: TFunction, exists: (key: string) => boolean, language: string) {
  const swedish = language.startsWith('sv');
  // The API's and the schemas' messages are English: an English page may show one no text here covers.
  const english = language.startsWith('en');
  const limit = (value: number | bigint | undefined) =>
    formatNumber(Number(value), { decimalSeparator: swedish ? ',' : '.' });

  /** The text for the issue's code and limits, or null when its code says too little (a pattern, a custom check). */
  function byCode(issue: ValueIssue): string | null {
    const text = issue.origin === 'string';
    const items = issue.origin === 'array' || issue.origin === 'set';
    switch (issue.code) {
      case 'too_small':
        if (text)
          return Number(issue.minimum) <= 1
            ? t('validation.empty')
            : t('validation.minLength', { count: Number(issue.minimum) });
        if (items)
          return Number(issue.minimum) <= 1
            ? t('validation.chooseSome')
            : t('validation.min', { limit: limit(issue.minimum) });
        return t(issue.inclusive === false ? 'validation.above' : 'validation.min', { limit: limit(issue.minimum) });
      case 'too_big':
        if (text) return t('validation.maxLength', { count: Number(issue.maximum) });
        return t(issue.inclusive === false && !items ? 'validation.below' : 'validation.max', {
          limit: limit(issue.maximum),
        });
      case 'invalid_format':
        if (issue.format === 'email') return t('validation.email');
        if (issue.format === 'url') return t('validation.url');
        return null;
      case 'invalid_type':
        return issue.expected === 'number' || issue.expected === 'int' ? t('validation.number') : null;
      case 'invalid_value':
        return t('validation.choose');
      case undefined:
      case 'custom':
        return null;
      default: {
        // A code of the BFF's own (an email in use, a slug taken), with what it names.
        const key = `validation.codes.${issue.code}`;
        if (!exists(key)) return null;
        const role = typeof issue.params?.role === 'string' ? t(`roles.${issue.params.role}`).toLowerCase() : undefined;
        return t(key, { ...issue.params, role });
      }
    }
  }

  /** The issue in words: by its code, else the field's rule, else (English) its own message or "Invalid value". */
  function issueText(issue: ValueIssue, rule?: string): string {
    return byCode(issue) ?? rule ?? (english && issue.message ? issue.message : t('validation.invalid'));
  }

  /** Each field's first problem in words, keyed by field name. */
  function byField(issues: readonly ValueIssue[], rules: FieldRules = {}): Record<string, string> {
    const out: Record<string, string> = {};
    for (const issue of issues) {
      const field = issueField(issue);
      if (field && !out[field]) out[field] = issueText(issue, rules[field]);
    }
    return out;
  }

  return {
    /** The issue by its code and limits alone; null when its code says too little. */
    codeText: byCode,
    issueText,
    /** A form's own check (zod issues), each field's first problem in words. */
    checkErrors: byField,
    /** The fields the BFF named in its refusal (`issues`), each field's first problem in words. */
    fieldErrors: (error: unknown, rules?: FieldRules) => byField(apiErrorBody(error)?.issues ?? [], rules),
    /**
     * A failed call in words for the form as a whole: a problem the BFF named by a code of its own; else, on an
     * English page, the API's message; else the error code's text, or `fallback`.
     */
    failureText(error: unknown, fallback: string): string {
      const body = apiErrorBody(error);
      if (!body) return fallback;
      for (const issue of body.issues ?? []) {
        const said = issue.code ? byCode(issue) : null;
        if (said) return said;
      }
      if (english) return body.message;
      return ERROR_CODES.has(body.error) ? t(`errors.${body.error}`) : fallback;
    },
  };
}

export type IssueTexts = ReturnType<typeof issueTexts>;

/** The texts of what was wrong with a form's values or a call, in the page's language. */
export function useIssueTexts(): IssueTexts {
  const { t, i18n } = useUserManagementTranslation();
  return issueTexts(
    t,
    (key) => i18n.exists(key, { ns: USER_MANAGEMENT_NS }),
    i18n.resolvedLanguage ?? i18n.language ?? 'en',
  );
}
