/**
 * A small RFC 4180 CSV reader shared by the geo loader and the register import.
 *
 * - fields separated by `,`; records by LF or CRLF (a lone CR is treated as a line break too);
 * - a field may be quoted with `"`; inside quotes commas, line breaks and `""` (an escaped quote) are literal;
 * - a UTF-8 byte-order mark at the start is dropped;
 * - blank lines (nothing but a line break) are skipped;
 * - every record carries the 1-based line number where it starts, so errors can name it even when a quoted field
 *   spans several lines.
 *
 * It never throws: malformed input (an unterminated quote, a quote inside an unquoted field, text after a closing
 * quote) is reported in `errors` and the record is dropped.
 */

export interface CsvRecord {
  /** 1-based line number of the record's first character. */
  line: number;
  fields: string[];
}

export interface CsvSyntaxError {
  line: number;
  message: string;
}

export interface CsvParseResult {
  records: CsvRecord[];
  errors: CsvSyntaxError[];
}

export function parseCsv(text: string): CsvParseResult {
  const records: CsvRecord[] = [];
  const errors: CsvSyntaxError[] = [];
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const n = src.length;
  let i = 0;
  let line = 1;

  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let bad: string | null = null;
    // Blank line: skip it.
    if (src[i] === '\n' || src[i] === '\r') {
      i += src[i] === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
      continue;
    }
    // One record.
    for (;;) {
      let field = '';
      if (src[i] === '"') {
        i++;
        let closed = false;
        while (i < n) {
          const c = src[i];
          if (c === '"') {
            if (src[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          if (c === '\n' || (c === '\r' && src[i + 1] !== '\n')) line++;
          field += c;
          i++;
        }
        if (!closed) {
          errors.push({ line: startLine, message: 'unterminated quoted field (a " opened here is never closed)' });
          return { records, errors };
        }
        if (i < n && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') {
          bad ??= `unexpected text after a closing quote in field ${fields.length + 1}`;
          while (i < n && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') i++;
        }
      } else {
        const start = i;
        while (i < n && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') i++;
        field = src.slice(start, i);
        if (field.includes('"'))
          bad ??= `a quote (") inside unquoted field ${fields.length + 1}; quote the whole field and double the quote`;
      }
      fields.push(field);
      if (i < n && src[i] === ',') {
        i++;
        continue;
      }
      // End of record: a line break or the end of the text.
      if (i < n) {
        i += src[i] === '\r' && src[i + 1] === '\n' ? 2 : 1;
        line++;
      }
      break;
    }
    if (bad) errors.push({ line: startLine, message: bad });
    else records.push({ line: startLine, fields });
  }
  return { records, errors };
}

/** Quotes a value for CSV output when needed (commas, quotes, line breaks, leading/trailing spaces). */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
