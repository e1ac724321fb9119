import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  ENERGY_TEXTS,
  Loading,
  useGetQuestionsQuery,
  type ActivityType,
  type ExplanationConstant,
  type ExplanationInput,
  type ExplanationSource,
  type QuestionDefinition,
  useFormat,
  type Format,
} from '@home-energy/shared';
import { useGetExplanationQuery } from '../api/get-explanation';
import { questionsPath } from '@home-energy/shared/mfe/pages';

type Lang = 'en' | 'sv';
type T = TFunction<'results'>;

/** Words for a key inside a figure's value: a measure, heating system or energy carrier, else our own part names. */
function partName(key: string, t: T, lang: Lang): string {
  for (const group of ['measures', 'heating', 'carriers'] as const) {
    const names = ENERGY_TEXTS[lang][group] as Record<string, string>;
    if (key in names) return names[key]!;
  }
  // A key without words is left out rather than shown as code (the value stays).
  return t(`explanation.parts.${key}`, { defaultValue: '' });
}

/**
 * A figure's value in words and numbers: ranges as "low–high", lists joined, entries named by partName. Never an
 * object key as it is in the engine's table.
 */
function show(value: unknown, format: Format, t: T, lang: Lang): string {
  if (typeof value === 'number') return format.number(value, { maxDecimals: 2 });
  if (typeof value === 'boolean') return t(value ? 'explanation.yes' : 'explanation.no');
  if (typeof value === 'string') return t(`explanation.parts.${value}`, { defaultValue: value });
  if (Array.isArray(value)) return value.map((v) => show(v, format, t, lang)).join(value.some(isObject) ? '; ' : ' / ');
  if (isObject(value)) {
    const range = rangeOf(value);
    if (range) return `${show(range[0], format, t, lang)}–${show(range[1], format, t, lang)}`;
    return Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => {
        const name = partName(k, t, lang);
        // A year is not a quantity: 1940, not "1 940".
        const shown =
          k === 'untilYear' && typeof v === 'number'
            ? String(v)
            : isObject(v) && !rangeOf(v)
              ? `(${show(v, format, t, lang)})`
              : show(v, format, t, lang);
        return name ? `${name} ${shown}` : shown;
      })
      .join(', ');
  }
  return '–';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
function rangeOf(v: Record<string, unknown>): [unknown, unknown] | null {
  const keys = Object.keys(v).sort().join(',');
  if (keys === 'high,low') return [v.low, v.high];
  if (keys === 'max,min') return [v.min, v.max];
  return null;
}

/** Units of the answers' numbers (the questions' data units); the same symbols in both languages. */
const UNITS: Record<string, string> = { sqm: 'm²', C: '°C', mm: 'mm', kwh: 'kWh', wp: 'W', m: 'm' };

/** The rules' name in the page's language ("BBR 29 (BFS 2011:6 ändrad genom BFS 2020:4)"). */
const ruleName = (rule: string, t: T) => rule.replace(' as amended by ', t('explanation.amendedBy'));

/** One input as the homeowner answered it, in their language: the question's own header and option texts. */
function InputItem({
  input,
  question,
  lang,
  propertyId,
  changeable,
}: {
  input: ExplanationInput;
  question?: QuestionDefinition;
  lang: Lang;
  propertyId: number;
  changeable: boolean;
}) {
  const { t } = useTranslation('results');
  const format = useFormat();
  const texts = question?.texts[lang];
  const named = texts?.header || t(`answerKeys.${input.key}`, { defaultValue: '' }) || t('explanation.unnamedInput');
  // Without the question's own words: the shared names (heating systems) or ours, never the option's key.
  const option = (v: string) => texts?.options?.[v] ?? (partName(v, t, lang) || t('explanation.unnamedValue'));
  const data = question?.data;
  // A year is not a quantity: 1975, not "1 975".
  const year = data ? data.type === 'integer' && data.unit === 'yr' : input.key.endsWith('_year');
  const unit = data && 'unit' in data && data.unit ? UNITS[data.unit] : undefined;
  const value =
    input.value === null
      ? t('explanation.typical')
      : typeof input.value === 'boolean'
        ? t(input.value ? 'explanation.yes' : 'explanation.no')
        : typeof input.value === 'number'
          ? year
            ? String(input.value)
            : `${format.number(input.value, { maxDecimals: 1 })}${unit ? ` ${unit}` : ''}`
          : Array.isArray(input.value)
            ? input.value.map(option).join(', ')
            : option(input.value);
  // Older servers send no reason: the value alone, as before.
  const assumption = input.status === 'assumed' ? (input.assumption ?? null) : null;
  let said: string = value;
  if (assumption) {
    const values = Object.fromEntries(
      Object.entries(assumption.values).map(([k, v]) => [
        k,
        // Years as years; other numbers in the page's format.
        typeof v === 'number' && k !== 'from' && k !== 'until' ? format.number(v, { maxDecimals: 2 }) : String(v),
      ]),
    );
    const used = assumption.used
      ? t(`explanation.used.${assumption.used}`, { ...values, defaultValue: value })
      : typeof input.value === 'string' || Array.isArray(input.value)
        ? t('explanation.quoted', { text: value })
        : value;
    const reason =
      assumption.reason === 'era'
        ? t(
            'from' in values && 'until' in values
              ? 'explanation.reasons.era'
              : 'until' in values
                ? 'explanation.reasons.era_until'
                : 'explanation.reasons.era_from',
            values,
          )
        : t(`explanation.reasons.${assumption.reason}`, values);
    said = t('explanation.assumed', { value: used, reason });
  }
  // "How thick is the attic insulation? We assumed …"; a name without a question mark takes a colon.
  const separator = named.endsWith('?') ? ' ' : ': ';
  return (
    <li data-input={input.key} data-status={input.status}>
      <span className="rd-explain__question">{named}</span>
      {separator}
      {assumption ? <span>{said}</span> : <strong>{said}</strong>}
      {input.status === 'register' ? <span className="rd-muted"> ({t('explanation.fromRegister')})</span> : null}
      {/* The link opens the flow at the question that sets the input (mfe-flow's ?question=). */}
      {changeable ? (
        <>
          {' '}
          <Link
            className="rd-controls"
            to={questionsPath(propertyId, input.question_key)}
            aria-label={t('explanation.changeLabel', { question: named })}
          >
            {t('explanation.change')}
          </Link>
        </>
      ) : null}
    </li>
  );
}

/** A publication as "Publisher, “Title” (year)"; the title left out where only the site is known. */
function citation(source: ExplanationSource, t: T): string {
  const named = source.title
    ? t('explanation.sourceTitle', { publisher: source.publisher, title: source.title })
    : source.publisher;
  return source.year === null ? named : `${named} (${source.year})`;
}

/**
 * One figure of the calculation: its name in the page's language, its value, and its publications or our basis.
 * Older servers send neither `sources` nor `basis`: the figure then says it has no published source.
 */
function ConstantItem({
  constant,
  rule,
  lang,
}: {
  constant: ExplanationConstant;
  rule: (r: string) => string;
  lang: Lang;
}) {
  const { t } = useTranslation('results');
  const format = useFormat();
  const sources = constant.sources ?? [];
  const basis = constant.basis ?? null;
  // Only the parts that fit this house where the server names them (its price area, era, heating system…).
  const applies = constant.applies ?? null;
  const fitting =
    applies === null
      ? constant.value
      : Array.isArray(constant.value)
        ? constant.value.filter((_, i) => applies.includes(String(i)))
        : isObject(constant.value)
          ? Object.fromEntries(Object.entries(constant.value).filter(([k]) => applies.includes(k)))
          : constant.value;
  const value =
    typeof constant.value === 'string' && constant.id === 'ruleVersion'
      ? rule(constant.value)
      : show(fitting, format, t, lang);
  return (
    <li data-constant={constant.id}>
      {t(`explanation.figures.${constant.id}`, { defaultValue: t('explanation.unnamedFigure') })}:{' '}
      <strong>{value}</strong>
      <br />
      <span className="rd-small">
        {sources.length > 0 ? (
          <>
            {t(sources.length > 1 ? 'explanation.sources' : 'explanation.source')}:{' '}
            {sources.map((s, i) => (
              <span key={i}>
                {i > 0 ? '; ' : null}
                <cite>{citation(s, t)}</cite>
              </span>
            ))}
          </>
        ) : null}
        {basis ? (
          <>
            {sources.length > 0 ? ' · ' : null}
            {t(`explanation.basisLabel.${basis}`)}: {t(`explanation.basis.${basis}`)}
          </>
        ) : null}
        {sources.length === 0 && !basis ? t('explanation.noSource') : null}
      </span>
    </li>
  );
}

/**
 * The body of "How we calculated this": range, steps, the inputs (answered and assumed) and the constants with sources.
 */
export default function ExplanationDetails({
  propertyId,
  subject,
}: {
  propertyId: number;
  subject: 'label' | ActivityType;
}) {
  const { t, i18n } = useTranslation('results');
  const format = useFormat();
  const lang: Lang = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('sv') ? 'sv' : 'en';
  const query = useGetExplanationQuery({ propertyId, subject });
  const questions = useGetQuestionsQuery();
  if (query.isError) {
    return (
      <p role="alert">
        {t('explanation.failed')}{' '}
        <button type="button" className="he-button he-button--secondary" onClick={() => void query.refetch()}>
          {t('explanation.retry')}
        </button>
      </p>
    );
  }
  // The inputs are named in the questions' own words: shown once the questions are there too, not first as raw keys
  // and values ("window_type: unknown") that change under the reader's eyes. Without them (a failed request) the
  // inputs keep the keys' translated names.
  if (!query.data || questions.isLoading) return <Loading label={t('explanation.loading')} />;
  const explanation = query.data.explanation;
  if (!explanation) return <p>{t('explanation.unavailable')}</p>;
  const byKey = new Map((questions.data?.questions ?? []).map((q) => [q.key, q]));
  // A "Change" link only where the brand asks the question (without its questions, every input has one).
  const changeable = (input: ExplanationInput) => !questions.data || byKey.get(input.question_key)?.asked === true;
  const given = explanation.inputs.filter((i) => i.status !== 'assumed');
  const assumed = explanation.inputs.filter((i) => i.status === 'assumed');
  const number = (v: number | string) => (typeof v === 'number' ? format.number(v, { maxDecimals: 2 }) : v);
  const varied = explanation.varied_inputs.length > 0;
  const inputList = (inputs: ExplanationInput[], testId: string) => (
    <ul className="rd-explain__inputs" data-testid={testId}>
      {inputs.map((input) => (
        <InputItem
          key={input.key}
          input={input}
          question={byKey.get(input.key)}
          lang={lang}
          propertyId={propertyId}
          changeable={changeable(input)}
        />
      ))}
    </ul>
  );
  return (
    <div className="rd-explain__body" data-testid="explanation">
      <h5>{t('explanation.rangeHeading')}</h5>
      {varied ? (
        <ul>
          {explanation.ranges.map((r) => (
            <li key={r.code} data-range={r.code}>
              {t(`explanation.ranges.${r.code}`, { low: number(r.low), high: number(r.high), value: number(r.value) })}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('explanation.rangeNoAssumptions')}</p>
      )}
      <h5>{t('explanation.stepsHeading')}</h5>
      <ol className="rd-explain__steps">
        {explanation.steps.map((step) => (
          <li key={step.code} data-step={step.code}>
            {t(
              `explanation.steps.${step.code}`,
              Object.fromEntries(Object.entries(step.values).map(([k, v]) => [k, number(v)])),
            )}
          </li>
        ))}
      </ol>
      <h5>{t('explanation.answeredHeading')}</h5>
      {inputList(given, 'answered-inputs')}
      <h5>{t('explanation.assumedHeading')}</h5>
      {inputList(assumed, 'assumed-inputs')}
      <h5>{t('explanation.constantsHeading')}</h5>
      <ul className="rd-explain__constants" data-testid="constants">
        {explanation.constants.map((c) => (
          <ConstantItem key={c.id} constant={c} rule={(r) => ruleName(r, t)} lang={lang} />
        ))}
      </ul>
      <p className="rd-muted rd-small">
        {t('explanation.ruleVersion', { rule: ruleName(explanation.rule_version, t) })}
      </p>
    </div>
  );
}
