import type { QuestionData } from '../../schemas/property-flow';
import { answerProblem, answerProblemMessage, answerSchema, numberFromText } from '../answers';

const YEAR = 2026;
const year: QuestionData = { type: 'integer', unit: 'yr', min: 1600, max: 2100, default: null };
const area: QuestionData = { type: 'integer', unit: 'sqm', min: 1, max: 100_000, default: null };
const height: QuestionData = { type: 'float', unit: 'm', min: 1.8, max: 6, default: 2.4 };
const heating: QuestionData = { type: 'multiple', options: ['oil', 'wood'], default: ['oil'] };
const building: QuestionData = { type: 'selection', options: ['villa', 'radhus'], default: 'villa' };
const flag: QuestionData = { type: 'boolean', default: false };

describe('answer rules', () => {
  it.each([
    [year, 1600, null],
    [year, 2027, null],
    [year, 2028, 'must be between 1600 and 2027 (yr)'],
    [year, 1972.5, 'must be a whole number'],
    [year, '1972', 'must be a number'],
    [area, 0, 'must be between 1 and 100000 (sqm)'],
    [area, Number.NaN, 'must be a number'],
    [height, 2.45, null],
    [height, 6.1, 'must be between 1.8 and 6 (m)'],
    [heating, ['wood', 'oil'], null],
    [heating, [], null],
    [heating, 'oil', 'must be a list of: oil, wood'],
    [heating, ['oil', 'gas'], 'unknown option "gas"; choose from: oil, wood'],
    [heating, ['oil', 'oil'], 'lists an option twice'],
    [building, 'radhus', null],
    [building, 'slott', 'must be one of: villa, radhus'],
    [flag, false, null],
    [flag, 'yes', 'must be true or false'],
  ] as const)('%j: %j → %s', (data, value, message) => {
    const problem = answerProblem(data as QuestionData, value, YEAR);
    expect(problem && answerProblemMessage(problem)).toBe(message);
  });

  it('gives the same message as a zod issue, with the problem in its params', () => {
    const result = answerSchema(heating, YEAR).safeParse(['oil', 'oil']);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: 'lists an option twice', params: { problem: { code: 'twice' } } }),
    ]);
    expect(answerSchema(heating, YEAR).safeParse(['oil']).success).toBe(true);
  });
});

describe('numbers as people type them', () => {
  it.each([
    ['1972', 1972],
    [' 1 200 ', 1200],
    ['145,5', 145.5],
    ['-3', -3],
    ['1e3', Number.NaN],
    ['12a', Number.NaN],
    ['', Number.NaN],
  ])('"%s" → %d', (text, number) => {
    expect(numberFromText(text)).toBe(number);
  });
});
