/**
 * Register import: parses and validates a CSV of properties (columns in README.md of this folder). Never throws on bad
 * data: every problem becomes `{ line, column, message }` and the row is left out; valid rows come back normalised.
 */
import { z } from 'zod';
import { parseCsv } from './csv';
import { addressKey, normalizePostalCode } from './search';
import { answerSchema, numberFromText } from '@home-energy/shared/validation/answers';
import { answerData, type AnswerKey, type BuildingType } from '../energy/answers';
import { EPC_CLASSES, type HeatingSystem, type RegisterProperty } from './types';

export const IMPORT_COLUMNS = [
  'street',
  'postal_code',
  'postal_city',
  'building_type',
  'construction_year',
  'num_floors',
  'atemp',
  'primary_heating_systems',
  'epc_class',
  'epc_issued_at',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Columns that must be in the header; the others may be left out (or left empty per row). */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = [
  'street',
  'postal_code',
  'postal_city',
  'building_type',
  'construction_year',
  'atemp',
  'primary_heating_systems',
];

/** The Swedish EPC law (2006:985) took effect on 2006-10-01; no EPC is older. */
export const EARLIEST_EPC_DATE = '2006-10-01';
export const DEFAULT_MAX_ROWS = 100_000;

export interface ImportError {
  /** 1-based line in the file (the header is line 1); a quoted field spanning lines counts from its record's start. */
  line: number;
  /** The column the problem is in, or null for a whole-row/file problem. */
  column: string | null;
  message: string;
}

export interface ImportedProperty extends RegisterProperty {
  /** The line the row came from. */
  line: number;
}

export interface ImportResult {
  rows: ImportedProperty[];
  errors: ImportError[];
}

export interface ImportOptions {
  /** "Today" for the latest allowed construction year and EPC date; defaults to the clock. */
  today?: Date;
  /** Stop after this many data rows (one error says so); default 100,000. */
  maxRows?: number;
}

const list = (values: readonly string[]) => values.join(', ');

/** Trimmed text with inner whitespace collapsed; "required" when empty. */
const requiredText = (column: string, max: number) =>
  z
    .string()
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, `${column} is required`).max(max, `${column} is longer than ${max} characters`));

/**
 * A building column: its text read as an answer, then held to the engine's answer rules (the ones the BFF applies to
 * answers), so a row imports only when its values would pass as answers, and fails with the BFF's message.
 */
function answerColumn<T>(key: AnswerKey, currentYear: number, read: (text: string) => T) {
  const rules = answerSchema(answerData(key), currentYear);
  return z
    .string()
    .trim()
    .min(1, `${key} is required`)
    .transform((text, ctx) => {
      const value = read(text);
      const result = rules.safeParse(value);
      if (result.success) return value;
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: `${key}: ${issue.message}` });
      return z.NEVER;
    });
}

/** An optional cell: empty → null, otherwise the inner schema (its messages kept). */
function optional<T>(inner: z.ZodType<T, string>) {
  return z
    .string()
    .trim()
    .transform((s, ctx): T | null => {
      if (s === '') return null;
      const result = inner.safeParse(s);
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });
}

function rowSchema(today: Date) {
  const currentYear = today.getUTCFullYear();
  const todayIso = today.toISOString().slice(0, 10);

  const postalCode = z
    .string()
    .trim()
    .min(1, 'postal_code is required')
    .transform((s, ctx) => {
      const pc = normalizePostalCode(s);
      if (pc) return pc;
      ctx.addIssue({ code: 'custom', message: `bad postal code "${s}": expected five digits such as 123 45 or 12345` });
      return z.NEVER;
    });

  const buildingType = answerColumn('building_type', currentYear, (s) => s.toLowerCase() as BuildingType);

  // Registers give m² with decimals; the answer is whole m².
  const atemp = answerColumn('atemp', currentYear, (s) => Math.round(numberFromText(s)));

  const heatingSystems = z
    .string()
    .transform((s) =>
      s
        .split(';')
        .map((x) => x.trim().toLowerCase())
        .filter((x) => x !== '')
        .join(';'),
    )
    .pipe(answerColumn('primary_heating_systems', currentYear, (s) => s.split(';') as HeatingSystem[]));

  const epcClass = optional(
    z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(
        z.enum(EPC_CLASSES, {
          error: (iss) => `bad energy class "${String(iss.input)}": expected one of ${list(EPC_CLASSES)}`,
        }),
      ),
  );

  const epcDate = z
    .string()
    .trim()
    .transform((s, ctx) => {
      if (s === '') return null;
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
      const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
      if (!date || date.toISOString().slice(0, 10) !== s) {
        ctx.addIssue({ code: 'custom', message: `bad date "${s}": expected a real date as YYYY-MM-DD` });
        return z.NEVER;
      }
      if (s < EARLIEST_EPC_DATE) {
        ctx.addIssue({ code: 'custom', message: `epc_issued_at ${s} is before ${EARLIEST_EPC_DATE}, when EPCs began` });
        return z.NEVER;
      }
      if (s > todayIso) {
        ctx.addIssue({ code: 'custom', message: `epc_issued_at ${s} is in the future` });
        return z.NEVER;
      }
      return s;
    });

  const optionalFloors = optional(answerColumn('num_floors', currentYear, numberFromText));

  return z
    .object({
      street: requiredText('street', 255),
      postal_code: postalCode,
      postal_city: requiredText('postal_city', 100),
      building_type: buildingType,
      construction_year: answerColumn('construction_year', currentYear, numberFromText),
      num_floors: optionalFloors,
      atemp,
      primary_heating_systems: heatingSystems,
      epc_class: epcClass,
      epc_issued_at: epcDate,
    })
    .superRefine((row, ctx) => {
      if (row.epc_class && !row.epc_issued_at) {
        ctx.addIssue({
          code: 'custom',
          path: ['epc_issued_at'],
          message: 'epc_issued_at is required when epc_class is given',
        });
      }
      if (!row.epc_class && row.epc_issued_at) {
        ctx.addIssue({
          code: 'custom',
          path: ['epc_class'],
          message: 'epc_class is required when epc_issued_at is given (leave both empty for no EPC)',
        });
      }
      if (row.epc_issued_at && Number(row.epc_issued_at.slice(0, 4)) < row.construction_year) {
        ctx.addIssue({
          code: 'custom',
          path: ['epc_issued_at'],
          message: `epc_issued_at ${row.epc_issued_at} is before construction_year ${row.construction_year}`,
        });
      }
    });
}

/** Parses and validates an import file. */
export function parseRegisterCsv(input: string | Buffer, options: ImportOptions = {}): ImportResult {
  const text = typeof input === 'string' ? input : input.toString('utf8');
  const today = options.today ?? new Date();
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const errors: ImportError[] = [];
  const rows: ImportedProperty[] = [];

  const parsed = parseCsv(text);
  for (const e of parsed.errors) errors.push({ line: e.line, column: null, message: `CSV syntax: ${e.message}` });
  const [header, ...body] = parsed.records;
  if (!header) {
    if (errors.length === 0)
      errors.push({ line: 1, column: null, message: 'the file is empty: expected a header row with the column names' });
    return { rows, errors };
  }

  // Header: names case-insensitive, order free.
  const names = header.fields.map((f) => f.trim().toLowerCase());
  if (names.length === 1 && names[0].includes(';')) {
    errors.push({
      line: header.line,
      column: null,
      message: 'the file looks semicolon-separated; columns must be separated by commas',
    });
    return { rows, errors };
  }
  const index = new Map<string, number>();
  let headerOk = true;
  names.forEach((name, i) => {
    if (index.has(name)) {
      errors.push({ line: header.line, column: name, message: `column "${name}" appears twice in the header` });
      headerOk = false;
    } else if (!(IMPORT_COLUMNS as readonly string[]).includes(name)) {
      errors.push({
        line: header.line,
        column: name || null,
        message: `unknown column "${name}": expected ${list(IMPORT_COLUMNS)}`,
      });
    }
    index.set(name, i);
  });
  for (const column of REQUIRED_IMPORT_COLUMNS) {
    if (!index.has(column)) {
      errors.push({ line: header.line, column, message: `missing required column "${column}"` });
      headerOk = false;
    }
  }
  if (!headerOk) return { rows, errors };

  const schema = rowSchema(today);
  const seen = new Map<string, number>();
  let count = 0;
  for (const record of body) {
    if (++count > maxRows) {
      errors.push({ line: record.line, column: null, message: `too many rows: at most ${maxRows} per file` });
      break;
    }
    if (record.fields.length !== names.length) {
      errors.push({
        line: record.line,
        column: null,
        message: `expected ${names.length} fields as in the header, found ${record.fields.length}`,
      });
      continue;
    }
    const raw: Record<ImportColumn, string> = Object.fromEntries(
      IMPORT_COLUMNS.map((c) => [c, index.has(c) ? record.fields[index.get(c)!] : '']),
    ) as Record<ImportColumn, string>;
    const result = schema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push({
          line: record.line,
          column: issue.path.length > 0 ? String(issue.path[0]) : null,
          message: issue.message,
        });
      }
      continue;
    }
    const r = result.data;
    const key = addressKey(r.street, r.postal_code)!;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({
        line: record.line,
        column: 'street',
        message: `duplicate address: the same street and postal code as line ${first}`,
      });
      continue;
    }
    seen.set(key, record.line);
    rows.push({
      line: record.line,
      street: r.street,
      postal_code: r.postal_code,
      postal_city: r.postal_city,
      building: {
        building_type: r.building_type,
        construction_year: r.construction_year,
        num_floors: r.num_floors,
        atemp: r.atemp,
        primary_heating_systems: r.primary_heating_systems,
      },
      epc: r.epc_class && r.epc_issued_at ? { class: r.epc_class, issued_at: r.epc_issued_at } : null,
    });
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}
