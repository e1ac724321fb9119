import fs from 'node:fs';
import path from 'node:path';
import { buildingInputFromAnswers, type Answers } from '../../energy/answers';
import { csvField } from '../csv';
import { IMPORT_COLUMNS, type ImportError, parseRegisterCsv } from '../csv-import';
import { generateDemoRegister } from '../demo-register';
import { loadGeo } from '../geo';
import { mulberry32 } from '../prng';
import { HEATING_SYSTEMS } from '../types';

const TODAY = new Date('2026-11-23T12:00:00Z');
const HEADER = IMPORT_COLUMNS.join(',');
const GOOD = 'Björkvägen 12,123 45,Ort,villa,1972,2,145,heat_pump_air;electric_direct,E,2021-05-03';
const parse = (text: string, options = {}) => parseRegisterCsv(text, { today: TODAY, ...options });

/** One data row (line 2) with one column replaced. */
function withValue(column: (typeof IMPORT_COLUMNS)[number], value: string): string {
  const cells = GOOD.split(',');
  cells[IMPORT_COLUMNS.indexOf(column)] = value;
  return `${HEADER}\n${cells.map(csvField).join(',')}\n`;
}

describe('register CSV import: valid files', () => {
  it('reads a row into the register shape', () => {
    expect(parse(`${HEADER}\n${GOOD}\n`)).toEqual({
      rows: [
        {
          line: 2,
          street: 'Björkvägen 12',
          postal_code: '12345',
          postal_city: 'Ort',
          building: {
            building_type: 'villa',
            construction_year: 1972,
            num_floors: 2,
            atemp: 145,
            primary_heating_systems: ['heat_pump_air', 'electric_direct'],
          },
          epc: { class: 'E', issued_at: '2021-05-03' },
        },
      ],
      errors: [],
    });
  });

  it('accepts every heating system of the shared vocabulary (all 13), not only the demo mix', () => {
    const rows = HEATING_SYSTEMS.map((system, i) => `Björkvägen ${i + 1},123 45,Ort,villa,1972,1,145,${system},,`);
    const result = parse([HEADER, ...rows].join('\n'));
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => r.building.primary_heating_systems)).toEqual(HEATING_SYSTEMS.map((s) => [s]));
    expect(HEATING_SYSTEMS).toHaveLength(13);
  });

  it('is lenient on form: header case and order, optional columns left out, BOM, CRLF, quotes, spaces, 1,5', () => {
    const text =
      '\ufeffPostal_Code, STREET ,postal_city,atemp,building_type,construction_year,primary_heating_systems\r\n' +
      '"123 45","  Storgatan   5 B ",Västra  Frölunda,"120,6",Radhus,1985, District_Heating ; wood\r\n' +
      '\r\n' +
      'SE-98131,"Gamla vägen 1, lgh 1102",Kiruna,99.4,FLERBOSTADSHUS,1965,district_heating\r\n';
    const { rows, errors } = parse(text);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        street: 'Storgatan 5 B',
        postal_code: '12345',
        postal_city: 'Västra Frölunda',
        building: {
          building_type: 'radhus',
          construction_year: 1985,
          num_floors: null,
          atemp: 121,
          primary_heating_systems: ['district_heating', 'wood'],
        },
        epc: null,
      },
      {
        line: 4,
        street: 'Gamla vägen 1, lgh 1102',
        postal_code: '98131',
        postal_city: 'Kiruna',
        building: {
          building_type: 'flerbostadshus',
          construction_year: 1965,
          num_floors: null,
          atemp: 99,
          primary_heating_systems: ['district_heating'],
        },
        epc: null,
      },
    ]);
  });

  it('accepts the example of README.md', () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    const example = /```csv\n([\s\S]*?)```/.exec(readme)![1];
    const { rows, errors } = parse(example);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.line, r.street, r.postal_code, r.building.building_type, r.epc?.class ?? null])).toEqual([
      [2, 'Björkvägen 12', '97432', 'villa', 'E'],
      [3, 'Storgatan 5, lgh 1102', '21741', 'flerbostadshus', 'D'],
      [4, 'Ekstigen 3B', '75236', 'radhus', null],
    ]);
    expect(example.split('\n')[0]).toBe(HEADER);
  });

  it('accepts the edges of every range', () => {
    const edges = [
      ['construction_year', '1600'],
      ['construction_year', '2026'],
      ['atemp', '1'],
      ['atemp', '100000'],
      ['num_floors', '1'],
      ['num_floors', '60'],
      ['epc_issued_at', '2026-11-23'],
      ['epc_class', 'a'],
    ] as const;
    for (const [column, value] of edges) {
      const text =
        column === 'construction_year'
          ? withValue(column, value).replace('2021-05-03', '2026-01-01')
          : withValue(column, value);
      expect({ column, value, errors: parse(text).errors }).toEqual({ column, value, errors: [] });
    }
  });

  it('imports only buildings the engine accepts as answers (the largest and tallest included)', () => {
    for (const [column, value] of [
      ['atemp', '100000'],
      ['num_floors', '60'],
      ['construction_year', '1600'],
    ] as const) {
      const text =
        column === 'construction_year'
          ? withValue(column, value).replace('2021-05-03', '2026-01-01')
          : withValue(column, value);
      const { rows, errors } = parse(text);
      expect(errors).toEqual([]);
      const answers = Object.fromEntries(Object.entries(rows[0]!.building).filter(([, v]) => v !== null)) as Answers;
      expect(() => buildingInputFromAnswers(answers)).not.toThrow();
    }
  });

  it('reads back the whole demo register written as CSV (5,000 rows, no errors)', () => {
    const demo = generateDemoRegister(loadGeo());
    const lines = [HEADER];
    for (const r of demo) {
      const b = r.building;
      lines.push(
        [
          r.street,
          r.postal_code,
          r.postal_city,
          b.building_type,
          String(b.construction_year),
          String(b.num_floors),
          String(b.atemp),
          b.primary_heating_systems.join(';'),
          r.epc?.class ?? '',
          r.epc?.issued_at ?? '',
        ]
          .map(csvField)
          .join(','),
      );
    }
    const { rows, errors } = parse(lines.join('\n'));
    expect(errors).toEqual([]);
    expect(rows.map(({ line: _line, ...rest }) => rest)).toEqual(
      demo.map((r) => ({
        street: r.street,
        postal_code: r.postal_code,
        postal_city: r.postal_city,
        building: r.building,
        epc: r.epc,
      })),
    );
  });
});

describe('register CSV import: every error kind, with its line and column', () => {
  const errorsOf = (text: string, options = {}): ImportError[] => parse(text, options).errors;

  it.each([
    ['postal_code', '1234', 'bad postal code "1234"'],
    ['postal_code', '123456', 'bad postal code "123456"'],
    ['postal_code', '023 45', 'bad postal code "023 45"'],
    ['postal_code', 'ABC DE', 'bad postal code "ABC DE"'],
    ['postal_code', '', 'postal_code is required'],
    ['street', '   ', 'street is required'],
    ['street', 'x'.repeat(256), 'street is longer than 255 characters'],
    ['postal_city', '', 'postal_city is required'],
    ['building_type', 'slott', 'building_type: must be one of: villa, radhus, parhus, kedjehus, flerbostadshus'],
    ['building_type', '', 'building_type is required'],
    ['construction_year', '1599', 'construction_year: must be between 1600 and 2027 (yr)'],
    ['construction_year', '2028', 'construction_year: must be between 1600 and 2027 (yr)'],
    ['construction_year', '19x2', 'construction_year: must be a number'],
    ['construction_year', '1972.5', 'construction_year: must be a whole number'],
    ['construction_year', '', 'construction_year is required'],
    ['atemp', '-5', 'atemp: must be between 1 and 100000 (sqm)'],
    ['atemp', '0', 'atemp: must be between 1 and 100000 (sqm)'],
    ['atemp', '100001', 'atemp: must be between 1 and 100000 (sqm)'],
    ['atemp', '1e3', 'atemp: must be a number'],
    ['atemp', 'big', 'atemp: must be a number'],
    ['atemp', '', 'atemp is required'],
    ['num_floors', '0', 'num_floors: must be between 1 and 60 (num)'],
    ['num_floors', 'two', 'num_floors: must be a number'],
    [
      'primary_heating_systems',
      'solar',
      'primary_heating_systems: unknown option "solar"; choose from: district_heating',
    ],
    ['primary_heating_systems', 'oil;steam', 'unknown option "steam"'],
    ['primary_heating_systems', 'oil; OIL', 'primary_heating_systems: lists an option twice'],
    ['primary_heating_systems', ' ; ', 'primary_heating_systems is required'],
    ['epc_class', 'H', 'bad energy class "H": expected one of A, B, C, D, E, F, G'],
    ['epc_class', 'A0', 'bad energy class "A0"'],
    ['epc_issued_at', '2021-02-30', 'bad date "2021-02-30": expected a real date as YYYY-MM-DD'],
    ['epc_issued_at', '03/05/2021', 'bad date "03/05/2021"'],
    ['epc_issued_at', '2027-01-01', 'epc_issued_at 2027-01-01 is in the future'],
    ['epc_issued_at', '2006-09-30', 'epc_issued_at 2006-09-30 is before 2006-10-01, when EPCs began'],
    ['epc_issued_at', '', 'epc_issued_at is required when epc_class is given'],
    ['epc_class', '', 'epc_class is required when epc_issued_at is given'],
    ['epc_issued_at', '2015-06-01', 'epc_issued_at 2015-06-01 is before construction_year 2016'],
  ] as const)('%s = "%s"', (column, value, message) => {
    let text = withValue(column, value);
    if (value === '2015-06-01') text = text.replace(',1972,', ',2016,');
    const { rows, errors } = parse(text);
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ line: 2, column, message: expect.stringContaining(message) }]);
  });

  it('reports several problems of one row, and the rows around it still import', () => {
    const text =
      `${HEADER}\n${GOOD}\nStorgatan ` +
      `1,1234,Ort,slott,1500,2,-3,solar,H,2021-02-30\n${GOOD.replace('12,', '14,')}\n`;
    const { rows, errors } = parse(text);
    expect(rows.map((r) => r.line)).toEqual([2, 4]);
    expect(errors.map((e) => [e.line, e.column])).toEqual([
      [3, 'postal_code'],
      [3, 'building_type'],
      [3, 'construction_year'],
      [3, 'atemp'],
      [3, 'primary_heating_systems'],
      [3, 'epc_class'],
      [3, 'epc_issued_at'],
    ]);
  });

  it('reports a duplicate address (same normalised street and postal code) on the later line', () => {
    const text = `${HEADER}\n${GOOD}\n${GOOD.replace('Björkvägen 12,123 45', 'BJÖRKVÄG  12,12345')}\n`;
    const { rows, errors } = parse(text);
    expect(rows).toHaveLength(1);
    expect(errors).toEqual([
      { line: 3, column: 'street', message: 'duplicate address: the same street and postal code as line 2' },
    ]);
  });

  it('counts lines from where a record starts, across quoted line breaks and blank lines', () => {
    const text = `${HEADER}\n"Björkvägen\n12",12345,Ort,villa,1972,2,145,oil,,\n\n${GOOD.replace('villa', 'castle')}\n`;
    expect(errorsOf(text)).toEqual([
      { line: 5, column: 'building_type', message: expect.stringContaining('building_type: must be one of') },
    ]);
  });

  it('reports a row with too few or too many fields', () => {
    const text = `${HEADER}\n${GOOD},extra\nBjörkvägen 13,12345\n`;
    expect(errorsOf(text)).toEqual([
      { line: 2, column: null, message: 'expected 10 fields as in the header, found 11' },
      { line: 3, column: null, message: 'expected 10 fields as in the header, found 2' },
    ]);
  });

  it('reports CSV syntax errors', () => {
    expect(errorsOf(`${HEADER}\n${GOOD}\nBjörk"vägen 3,12345,Ort,villa,1972,2,145,oil,,\n`)).toEqual([
      { line: 3, column: null, message: expect.stringContaining('CSV syntax: a quote (") inside unquoted field 1') },
    ]);
    expect(errorsOf(`${HEADER}\n"Björkvägen 3,12345,Ort,villa,1972,2,145,oil,,\n`)).toEqual([
      { line: 2, column: null, message: expect.stringContaining('CSV syntax: unterminated quoted field') },
    ]);
  });

  it('reports missing, unknown and repeated columns; nothing imported when a required one is missing', () => {
    const missing = parse(
      'street,postal_code,postal_city,building_type,construction_year,atemp\nBjörkvägen 1,12345,Ort,villa,1972,145\n',
    );
    expect(missing.rows).toEqual([]);
    expect(missing.errors).toEqual([
      { line: 1, column: 'primary_heating_systems', message: 'missing required column "primary_heating_systems"' },
    ]);

    const unknown = parse(`${HEADER},colour\n${GOOD},red\n`);
    expect(unknown.errors).toEqual([
      { line: 1, column: 'colour', message: expect.stringContaining('unknown column "colour"') },
    ]);
    expect(unknown.rows).toHaveLength(1);

    const twice = parse(`${HEADER},atemp\n${GOOD},145\n`);
    expect(twice.rows).toEqual([]);
    expect(twice.errors).toEqual([{ line: 1, column: 'atemp', message: 'column "atemp" appears twice in the header' }]);
  });

  it('reports an empty file and a semicolon-separated one', () => {
    expect(errorsOf('')).toEqual([{ line: 1, column: null, message: expect.stringContaining('the file is empty') }]);
    expect(errorsOf('\n\n')).toEqual([
      { line: 1, column: null, message: expect.stringContaining('the file is empty') },
    ]);
    expect(errorsOf(`${IMPORT_COLUMNS.join(';')}\n${GOOD.replace(/,/g, ';')}\n`)).toEqual([
      { line: 1, column: null, message: expect.stringContaining('semicolon-separated') },
    ]);
  });

  it('stops at the row limit with one error', () => {
    const rows = Array.from({ length: 5 }, (_, i) => GOOD.replace('12,', `${i + 1},`));
    const result = parse(`${HEADER}\n${rows.join('\n')}\n`, { maxRows: 3 });
    expect(result.rows).toHaveLength(3);
    expect(result.errors).toEqual([{ line: 5, column: null, message: 'too many rows: at most 3 per file' }]);
  });

  it('takes the latest year and date from "today"', () => {
    expect(
      parseRegisterCsv(withValue('construction_year', '2027').replace('2021-05-03', '2026-02-01'), {
        today: new Date('2025-06-01'),
      }).errors,
    ).toEqual([
      { line: 2, column: 'construction_year', message: 'construction_year: must be between 1600 and 2026 (yr)' },
      { line: 2, column: 'epc_issued_at', message: 'epc_issued_at 2026-02-01 is in the future' },
    ]);
  });

  it('never throws on garbage, and reports every problem with a line number', () => {
    const rng = mulberry32(7);
    const alphabet = [
      'a',
      'Ö',
      '1',
      '9',
      ',',
      ',',
      ';',
      '"',
      '\n',
      '\r\n',
      ' ',
      '-',
      '.',
      'villa',
      'oil',
      '12345',
      '\u0000',
    ];
    for (let round = 0; round < 300; round++) {
      let text = round % 2 === 0 ? `${HEADER}\n` : '';
      const length = Math.floor(rng() * 400);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(rng() * alphabet.length)];
      const result = parse(text);
      for (const e of result.errors) {
        expect(Number.isInteger(e.line) && e.line >= 1).toBe(true);
        expect(e.message.length).toBeGreaterThan(0);
      }
      for (const r of result.rows) expect(r.postal_code).toMatch(/^[1-9]\d{4}$/);
    }
    expect(() => parseRegisterCsv(Buffer.from([0xff, 0xfe, 0x00, 0x22, 0x2c]), { today: TODAY })).not.toThrow();
  });
});
