// The raw material of bad input: ids, unicode, wrong-typed values and malformed JSON texts.
import type { JsonType, ParamSpec, QuerySpec } from './types';

/** Text that is not storable Unicode: NUL (PostgreSQL refuses it) and unpaired surrogates. */
export const BROKEN_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', 'broken emoji \ud83d'];

/**
 * Valid Unicode that no identifier, enum, date, email, URL or slug may contain: right-to-left override, emoji, 4-byte
 * letters, zero-width space, full-width and Arabic-Indic digits, a combining accent. (Not the BOM: trim() removes it.)
 */
export const EXOTIC_TEXT = ['\u202e', '😀', '𝔘𝔫𝔦', '\u200b', 'Ａ１', '١٢٣', 'e\u0301'];

/**
 * Path segments (already URL-encoded) that are no valid id of their kind: negative, zero, over 2^31-1, not numeric,
 * traversal, NUL, unicode, SQL-looking, very long.
 */
export const BAD_IDS: Record<ParamSpec['kind'], string[]> = {
  int: [
    '-1',
    '0',
    '2147483648',
    '99999999999999999999999',
    'abc',
    '1.5',
    '1e400',
    'NaN',
    'Infinity',
    '-0.5',
    '..%2F..%2Fadmin',
    '%2E%2E',
    '%00',
    '1%00',
    '%F0%9F%98%80',
    '%D9%A1',
    '1%20OR%201%3D1',
    "1'",
    '%E2%80%AE1',
    '%09',
    '1%0A',
    '9'.repeat(4000),
    'a'.repeat(4000),
  ],
  uuid: [
    'abc',
    '00000000-0000-0000-0000-00000000000g',
    '00000000-0000-0000-0000-0000000000001',
    '..%2F..%2Fadmin',
    '%00',
    '%F0%9F%98%80',
    '1',
    '-1',
    "'%20OR%20'1'%3D'1",
    '%09',
    'f'.repeat(4000),
  ],
  slug: [
    'UPPER',
    '-bad-',
    'a',
    'x'.repeat(64),
    'demo_energi',
    '..%2F..%2Fadmin',
    '%2E%2E',
    '%00',
    '%F0%9F%98%80',
    '%E2%80%AEdemo',
    "demo'--",
    'demo%09energi',
    'b'.repeat(4000),
  ],
  name: [
    'UPPER',
    '-bad-',
    '..%2F..%2Fadmin',
    '%2E%2E',
    '%00',
    '%F0%9F%98%80',
    '%E2%80%AEx',
    "x'--",
    '%09',
    'x%0Ay',
    'n'.repeat(4000),
  ],
};

/** Query values that break a parameter of each kind (raw, to be URL-encoded). */
export const BAD_QUERY_VALUES: Record<QuerySpec['kind'], string[]> = {
  text: ['\u0000', 'a\u0000b'],
  int: ['abc', '1.5', '-1', '0', '1e400', 'NaN', 'Infinity', '99999999999999999999', '0x10z', '1 2'],
  date: [
    '2026-13-45',
    '2026-02-30',
    '0000-00-00',
    '9999-99-99',
    'yesterday',
    '2026/01/01',
    '20260101',
    '2026-01-01T25:00:00Z',
  ],
  enum: ['zzz', 'EN', ' en', 'en\u0000'],
  slug: ['UPPER', '-bad-', 'a', 'demo_energi', '..', '../admin'],
  key: ['bad key!', '.hidden', '-', '../x'],
  postal: ['1234', 'abcde', '123456', '12 3456', '-1234'],
};

/**
 * Dates no date parameter or field may take (shared/src/schemas/dates.ts): past year 9999, year 0, the last day a JS
 * Date holds, a day that does not exist, an extended negative year, the day before the earliest, an extended year.
 */
export const EXTREME_DATES = [
  '9999-12-31',
  '0000-01-01',
  '275760-09-13',
  '2024-02-30',
  '-000001-01-01',
  '1999-12-31',
  '+275760-09-13',
];

/** A template value that is a date (YYYY-MM-DD): its field gets EXTREME_DATES. */
export const isDateValue = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A value of each JSON type (the wrong type for a field of another type). */
export const VALUES_OF: Record<JsonType, unknown[]> = {
  string: ['text', '', '1', 'true'],
  number: [0, -1, 1.5, 123456789],
  boolean: [true, false],
  null: [null],
  array: [[], ['x'], [1, 2]],
  object: [{}, { a: 1 }],
};

export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

/** Texts that are not JSON (or not a JSON object/array, which body-parser's strict mode refuses), given a valid one. */
export function malformedJson(valid: string): string[] {
  const isArray = valid.startsWith('[');
  const close = isArray ? ']' : '}';
  const body = valid.slice(1, -1);
  return [
    valid.slice(0, Math.max(1, Math.floor(valid.length / 2))),
    valid.slice(0, -1),
    `${valid.slice(0, -1)},${close}`,
    isArray ? `[${body ? `${body},` : ''}NaN]` : `{${body ? `${body},` : ''}"nan":NaN}`,
    isArray ? '[undefined]' : `{${body ? `${body},` : ''}"u":undefined}`,
    valid.replace(/"/g, "'"),
    valid.replace(/"([A-Za-z_][A-Za-z0-9_]*)":/g, '$1:'),
    `/* comment */${valid}`,
    `${valid}${valid}`,
    `${valid} trailing`,
    '"a string"',
    '12',
    'null',
    'true',
    ' ',
    '{',
    '[',
    '{"a":"unterminated}',
    '{"a":"\\x41"}',
    '{"a":"\\ud800\\"}',
    '['.repeat(5000),
    '\u0000',
  ].filter((text) => !parses(text));
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Names every object has through its prototype: a lookup with `in` or `obj[key]` finds them, so as a path parameter, a
 * query key, a JSON key or a form field each must be refused like any other unknown name, never reach a method.
 */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

/**
 * Host headers that name no host: spaces, brackets, ports out of range, empty (the demo builds URLs from the Host).
 * The first is sent to every route on every run.
 */
export const BAD_HOSTS = ['a b', 'x:99999', '[', '', 'x:0', 'x:', '[::1', 'a..b', 'exa mple.test:80', 'h:1:2', '%41'];

/** Colours (#rrggbb fields) that fail their pattern; the first is sent on every run. */
export const BAD_COLOURS = ['#zzzzzz', '#12345g', 'red', '#fff', '#0f6e4f0', '0f6e4f', '#0f6e4'];

/**
 * Paths "on this site" that a browser loads from another host (URL parsers drop tabs and newlines) or that carry other
 * control characters; the first is sent on every run.
 */
export const OFF_SITE_PATHS = [
  '/\t/evil.example/x.png',
  '/\n/evil.example/x.png',
  '/\r\n/evil.example/x.png',
  '/\t\\evil.example/x.png',
  '/images/\u0000x.png',
  '/\u007f/evil.example/x.png',
  '/images/\u0085x.png',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
];

/** A template value that is a colour (#rrggbb): its field gets BAD_COLOURS. */
export const isColourValue = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/** A template value that is a path on this site (`/images/x.png`): its field gets OFF_SITE_PATHS. */
export const isSitePathValue = (value: unknown): value is string =>
  typeof value === 'string' && /^\/[^/\\]/.test(value);
