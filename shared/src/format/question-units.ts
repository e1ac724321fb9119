// The unit a number answer is shown with, the same in Swedish and English: the questions page (mfe-flow) writes it
// beside the field and the readable page of "Download my data" after the answer. A year or a count has none.
import type { QuestionUnit } from '../schemas/property-flow';

export const QUESTION_UNIT_SYMBOLS: Record<QuestionUnit, string> = {
  yr: '',
  sqm: 'm²',
  C: '°C',
  num: '',
  kwh: 'kWh',
  mm: 'mm',
  wp: 'Wp',
  m: 'm',
};
