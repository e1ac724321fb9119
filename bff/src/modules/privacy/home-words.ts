// A home's answers, prices, metered consumption and plan in words, for the readable page of "Download my data"
// (export.ts): each question as the questions page asks it (the organisation's question set), carriers and measures by
// their shared names, figures in the dashboard's formats (shared/src/format/formats.ts). data.json keeps them as the
// flow's API has them.
import type { Consumption, QuestionDefinition, Rates } from '@home-energy/shared/schemas/property-flow';
import type { LoanType } from '@home-energy/shared/finance/loan-terms';
import type { MailLanguage } from '@home-energy/shared/schemas/mail-language';
import { formatsFor } from '@home-energy/shared/format/formats';
import { QUESTION_UNIT_SYMBOLS } from '@home-energy/shared/format/question-units';
import { ENERGY_TEXTS } from '@home-energy/shared/i18n/energy';
import { measureName } from '@home-energy/shared/energy/measure-names';
import { worthOf } from '../../energy/activities/ranking';
import type { StoredPlan } from '../building/repository';
import en from './locales/en.json';
import sv from './locales/sv.json';

/** One line of a table on the page: a term and its value, or (prices, consumption) the cells of a row. */
export type Line = string[];

const TEXTS = { sv, en };

const wordFor = (words: Record<string, string>, code: string) => (Object.hasOwn(words, code) ? words[code]! : code);

/** A carrier's shared name ("El", "Fjärrvärme"): the words the results' inputs use. */
export const carrierName = (language: MailLanguage, carrier: string) =>
  wordFor(ENERGY_TEXTS[language].carriers, carrier);

/** A key no question names (a question an admin has since taken away): its words, without the underscores. */
const keyWords = (key: string) => {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function answerText(
  language: MailLanguage,
  question: QuestionDefinition | undefined,
  value: unknown,
): string | undefined {
  const formats = formatsFor(language);
  const values = TEXTS[language].values;
  if (typeof value === 'boolean') return value ? values.yes : values.no;
  if (!question) return typeof value === 'number' ? formats.number(value) : undefined;
  const texts = question.texts[language] ?? question.texts.en ?? { header: question.header };
  const option = (code: string) => texts.options?.[code] ?? code;
  const data = question.data;
  if (Array.isArray(value)) return value.map((v) => option(String(v))).join(', ');
  if (typeof value === 'string') return data.type === 'selection' || data.type === 'multiple' ? option(value) : value;
  if (typeof value !== 'number') return undefined;
  const unit = data.type === 'integer' || data.type === 'float' ? (data.unit ?? 'num') : 'num';
  // A year as it is written, never with a thousands space ("1975").
  if (unit === 'yr') return String(value);
  const symbol = QUESTION_UNIT_SYMBOLS[unit];
  return symbol ? `${formats.number(value)} ${symbol}` : formats.number(value);
}

/**
 * Each answer as [question, answer] in the questions' order: the question's text and the chosen option's words (or the
 * value with its unit) from the question set the home was answered under; a key that set lacks is asked in the
 * platform's set (`platform`), else named by its words.
 */
export function answerLines(
  language: MailLanguage,
  questions: readonly QuestionDefinition[],
  platform: readonly QuestionDefinition[],
  answers: Record<string, unknown>,
): Line[] {
  const asked = new Map(questions.map((q) => [q.key, q]));
  for (const q of platform) if (!asked.has(q.key)) asked.set(q.key, q);
  const order = [...asked.keys()];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.keys(answers)
    .filter((key) => answers[key] != null)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => {
      const question = asked.get(key);
      const texts = question ? (question.texts[language] ?? question.texts.en) : undefined;
      const value = answers[key];
      return [
        texts?.header ?? question?.header ?? keyWords(key),
        answerText(language, question, value) ?? String(value),
      ];
    });
}

/** Prices as [carrier, bought or sold, kr/kWh, what the price is made of], bought first. */
export function priceLines(language: MailLanguage, rates: Rates | null): Line[] {
  if (!rates) return [];
  const words = TEXTS[language].home;
  const formats = formatsFor(language);
  const price = (cents: number) =>
    words.pricePerKwh.replace('{{price}}', formats.number(cents / 100, { minDecimals: 2 }));
  const sides = [
    [words.bought, rates.energy_carriers_import ?? {}],
    [words.sold, rates.energy_carriers_export ?? {}],
  ] as const;
  return sides.flatMap(([side, carriers]) =>
    Object.entries(carriers).flatMap(([carrier, rate]) =>
      rate
        ? [
            [
              carrierName(language, carrier),
              side,
              price(rate.cents_per_kwh),
              (rate.components ?? []).map((c) => `${c.name}: ${price(c.cents_per_kwh)}`).join(', ') || '–',
            ],
          ]
        : [],
    ),
  );
}

/** Metered consumption as [period, carrier, kWh] for each carrier of the year, then the year's details. */
export function consumptionLines(
  language: MailLanguage,
  consumption: Consumption | null,
): { rows: Line[]; details: Line[] } {
  if (!consumption) return { rows: [], details: [] };
  const words = TEXTS[language].home;
  const formats = formatsFor(language);
  const period = String(consumption.year);
  const rows = Object.entries(consumption.energy_carriers).flatMap(([carrier, kwh]) =>
    kwh == null ? [] : [[period, carrierName(language, carrier), formats.kwh(kwh)]],
  );
  const details: Line[] = [
    [
      words.householdIncluded,
      consumption.household_electricity_included === false ? TEXTS[language].values.no : TEXTS[language].values.yes,
    ],
  ];
  if (consumption.household_electricity != null)
    details.push([words.householdElectricity, formats.kwh(consumption.household_electricity)]);
  if (consumption.tap_water != null) details.push([words.tapWater, formats.kwh(consumption.tap_water)]);
  if (consumption.degree_days != null) details.push([words.degreeDays, formats.number(consumption.degree_days)]);
  return { rows, details };
}

/**
 * A saved plan as [term, value]: its measures by their names (the dashboard's words), the loan it is financed with,
 * and the figures as computed when it was saved: investment, subsidies, the yearly saving in kWh and kronor, the
 * payback (the engine's cash payback, energy/activities/ranking.ts) and the energy class before and after.
 */
export function planLines(language: MailLanguage, plan: StoredPlan | null): Line[] {
  if (!plan) return [];
  const words = TEXTS[language].home;
  const formats = formatsFor(language);
  const years = (value: number) => (value === 1 ? words.year : words.years).replace('{{years}}', formats.years(value));
  const lines: Line[] = [
    [
      words.measures,
      plan.measures.length > 0 ? plan.measures.map((m) => measureName(language, m)).join(' + ') : words.noMeasures,
    ],
  ];
  if (plan.loan) lines.push([words.loan, loanText(language, plan.loan)]);
  const figures = plan.figures;
  if (!figures) return lines;
  const payback = worthOf(figures.investment_cost, figures.energy_cost_savings, 0).payback_years;
  lines.push(
    [words.savedOn, formats.day(figures.saved_on)],
    [words.investment, formats.kr(figures.investment_cost)],
    [words.subsidies, formats.kr(figures.subsidies)],
    [
      words.savesPerYear,
      words.savesValue
        .replace('{{kwh}}', formats.kwh(figures.kwh_saved_bought))
        .replace('{{kr}}', formats.kr(figures.energy_cost_savings)),
    ],
    [words.payback, payback === null ? words.never : years(payback)],
  );
  if (figures.label_before || figures.label_after)
    lines.push([words.labels, `${figures.label_before ?? '–'} → ${figures.label_after ?? '–'}`]);
  return lines;
}

function loanText(language: MailLanguage, loan: StoredPlan['loan']): string {
  const words = TEXTS[language].home;
  const formats = formatsFor(language);
  const parts = [wordFor(TEXTS[language].values.loanTypes as Record<LoanType, string>, loan.type)];
  if (loan.type !== 'Cash') {
    if (loan.term != null) parts.push(words.loanTerm.replace('{{years}}', formats.number(loan.term)));
    if (loan.interest_rate != null) parts.push(words.interest.replace('{{rate}}', formats.number(loan.interest_rate)));
  }
  if (loan.home_valuation != null) parts.push(words.homeValuation.replace('{{kr}}', formats.kr(loan.home_valuation)));
  if (loan.home_loan != null) parts.push(words.homeLoan.replace('{{kr}}', formats.kr(loan.home_loan)));
  return parts.join(', ');
}
