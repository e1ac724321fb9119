import type { QuestionDefinition } from '@home-energy/shared';
import { checkField } from '../field-value';

const YEAR = 2026;
const question = (key: string, data: QuestionDefinition['data'], required = false): QuestionDefinition => ({
  key,
  header: key,
  data,
  asked: true,
  position: 0,
  required,
  texts: { en: { header: key }, sv: { header: key } },
});
const year = question('construction_year', { type: 'integer', unit: 'yr', min: 1600, max: 2100, default: null }, true);
const height = question('ceiling_height', { type: 'float', unit: 'm', min: 1.8, max: 6, default: 2.4 });
const heating = question('primary_heating_systems', { type: 'multiple', options: ['oil', 'wood'], default: ['oil'] });
const ventilation = question('ventilation', { type: 'selection', options: ['natural', 'exhaust'], default: 'natural' });

describe('the questions form checks what the owner typed by the answer rules', () => {
  it.each([
    [year, '1972', 1972, null],
    [year, ' 1 972 ', 1972, null],
    [year, '2027', 2027, null],
    [year, '2028', null, { code: 'range', min: 1600, max: 2027 }],
    [year, '1972,5', null, { code: 'whole' }],
    [year, 'nittio', null, { code: 'number' }],
    [year, '', null, { code: 'required' }],
    [height, '2,45', 2.45, null],
    [height, '', null, null],
    [heating, ['wood', 'oil'], ['wood', 'oil'], null],
    [heating, ['oil', 'gas'], null, { code: 'choose' }],
    [heating, ['oil', 'oil'], null, { code: 'choose' }],
    [ventilation, 'exhaust', 'exhaust', null],
    [ventilation, 'open_window', null, { code: 'choose' }],
  ] as const)('%#: %j', (def, typed, answer, error) => {
    expect(checkField(def, typed as never, YEAR)).toEqual({ answer, error });
  });
});
