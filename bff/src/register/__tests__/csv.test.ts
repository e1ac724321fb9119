import fs from 'node:fs';
import path from 'node:path';
import { csvField, parseCsv } from '../csv';
import { defaultGeoDir } from '../geo';

describe('parseCsv', () => {
  it('splits records and fields, with the line each record starts on', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual({
      records: [
        { line: 1, fields: ['a', 'b', 'c'] },
        { line: 2, fields: ['1', '2', '3'] },
      ],
      errors: [],
    });
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields, and counts lines across them', () => {
    const { records, errors } = parseCsv('name,note\n"Storgatan 1, Ort","say ""hej""\nsecond line"\nlast,x');
    expect(errors).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['name', 'note'] },
      { line: 2, fields: ['Storgatan 1, Ort', 'say "hej"\nsecond line'] },
      { line: 4, fields: ['last', 'x'] },
    ]);
  });

  it('accepts CRLF and a lone CR, drops a byte-order mark, skips blank lines, keeps empty fields', () => {
    const { records } = parseCsv('\ufeffa,b\r\n\r\n1,\r\n,2\r3,"4"\r\n');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', ''] },
      { line: 4, fields: ['', '2'] },
      { line: 5, fields: ['3', '4'] },
    ]);
  });

  it('reports an unterminated quote at the line where the record starts', () => {
    const { records, errors } = parseCsv('a,b\n1,2\n3,"open\n4,5\n');
    expect(records.map((r) => r.line)).toEqual([1, 2]);
    expect(errors).toEqual([{ line: 3, message: expect.stringContaining('unterminated quoted field') }]);
  });

  it('reports a quote inside an unquoted field and text after a closing quote, and goes on', () => {
    const { records, errors } = parseCsv('a,b\n1,2"x\n"q"z,3\n4,5\n');
    expect(errors).toEqual([
      { line: 2, message: expect.stringContaining('inside unquoted field 2') },
      { line: 3, message: expect.stringContaining('after a closing quote in field 1') },
    ]);
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 4, fields: ['4', '5'] },
    ]);
  });

  it('reads the quoted, CRLF climate table of the geo folder (19 columns on every row)', () => {
    const text = fs.readFileSync(path.join(defaultGeoDir(), 'climate_normals_1991_2020.csv'), 'utf8');
    const { records, errors } = parseCsv(text);
    expect(errors).toEqual([]);
    expect(records).toHaveLength(7);
    for (const r of records) expect(r.fields).toHaveLength(19);
    const harnosand = records.find((r) => r.fields[0] === 'Härnösand')!;
    expect(harnosand.fields[17]).toBe(
      '4605 (source: "Graddagar" normalår fr.o.m. 2015, SMHI-style with seasonal limits)',
    );
    expect(harnosand.fields[18]).toMatch(/^https:\/\/www\.hemab\.se\/.*\.html$/);
  });

  it('csvField quotes only when needed, and what it writes reads back', () => {
    const values = ['plain', 'a,b', 'say "hi"', 'two\nlines', ' padded', ''];
    expect(values.map(csvField)).toEqual(['plain', '"a,b"', '"say ""hi"""', '"two\nlines"', '" padded"', '']);
    expect(parseCsv(values.map(csvField).join(',')).records[0].fields).toEqual(values);
  });
});
