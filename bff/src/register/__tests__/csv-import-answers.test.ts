// A register row and an owner's answer are held to one set of rules: the import refuses a value exactly when the
// answers API does, with the API's message.
import { HttpError } from '../../http/errors';
import { defaultQuestions } from '../../modules/questions/catalogue';
import { validateAnswers } from '../../modules/questions/validate-answers';
import { csvField } from '../csv';
import { IMPORT_COLUMNS, parseRegisterCsv } from '../csv-import';

const TODAY = new Date('2026-11-23T12:00:00Z');
const GOOD = ['Björkvägen 12', '123 45', 'Ort', 'villa', '1972', '2', '145', 'heat_pump_air', '', ''];

function importMessage(column: (typeof IMPORT_COLUMNS)[number], cell: string): string | null {
  const cells = [...GOOD];
  cells[IMPORT_COLUMNS.indexOf(column)] = cell;
  const text = `${IMPORT_COLUMNS.join(',')}\n${cells.map(csvField).join(',')}\n`;
  const { errors } = parseRegisterCsv(text, { today: TODAY });
  return errors.length === 0 ? null : errors.map((e) => e.message).join('; ');
}

function apiMessage(key: string, answer: unknown): string | null {
  try {
    validateAnswers({ [key]: answer } as never, defaultQuestions(), TODAY.getUTCFullYear());
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return (error.details as { message: string }[]).map((issue) => issue.message).join('; ');
  }
}

describe('register CSV import and the answers API agree', () => {
  it.each([
    ['construction_year', '1599', 1599],
    ['construction_year', '1600', 1600],
    ['construction_year', '2027', 2027],
    ['construction_year', '2028', 2028],
    ['construction_year', '1972.5', 1972.5],
    ['atemp', '0', 0],
    ['atemp', '100000', 100_000],
    ['atemp', '100001', 100_001],
    ['num_floors', '60', 60],
    ['num_floors', '61', 61],
    ['building_type', 'slott', 'slott'],
    ['building_type', 'radhus', 'radhus'],
    ['primary_heating_systems', 'oil;steam', ['oil', 'steam']],
    ['primary_heating_systems', 'oil;oil', ['oil', 'oil']],
    ['primary_heating_systems', 'oil;wood', ['oil', 'wood']],
  ] as const)('%s = "%s"', (column, cell, answer) => {
    const fromApi = apiMessage(column, answer);
    expect(importMessage(column, cell)).toBe(fromApi);
  });

  it('refuses a repeated heating system in both', () => {
    expect(importMessage('primary_heating_systems', 'oil;oil')).toBe('primary_heating_systems: lists an option twice');
  });
});
