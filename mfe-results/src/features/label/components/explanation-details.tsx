import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import {
  Loading,
  useGetQuestionsQuery,
  type ActivityType,
  type ExplanationConstant,
  type ExplanationInput,
  type QuestionDefinition,
  useFormat,
  type Format,
} from '@home-energy/shared';
import { useGetExplanationQuery } from '../api/get-explanation';
import { questionsPath } from '@home-energy/shared/mfe/pages';

type Lang = 'en' | 'sv';

function show(value: unknown, format: Format): string {
  if (typeof value === 'number') return format.number(value, { maxDecimals: 2 });
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => show(v, format)).join(' / ');
  if (value && typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k} ${show(v, format)}`)
      .join(', ');
  return '–';
}

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
  const header = texts?.header ?? t(`answerKeys.${input.key}`, { defaultValue: input.key });
  const option = (v: string) => texts?.options?.[v] ?? v;
  // A year is not a quantity: 1975, not "1 975".
  const year = question?.data.type === 'integer' && question.data.unit === 'yr';
  const value =
    input.value === null
      ? t('explanation.typical')
      : typeof input.value === 'boolean'
        ? t(input.value ? 'explanation.yes' : 'explanation.no')
        : typeof input.value === 'number'
          ? year
            ? String(input.value)
            : format.number(input.value, { maxDecimals: 1 })
          : Array.isArray(input.value)
            ? input.value.map(option).join(', ')
            : option(input.value);
  return (
    <li data-input={input.key} data-status={input.status}>
      <span className="rd-explain__question">{header}</span>: <strong>{value}</strong>
      {input.status === 'register' ? <span className="rd-muted"> ({t('explanation.fromRegister')})</span> : null}
      {/* The link opens the flow at the question that sets the input (mfe-flow's ?question=). */}
      {changeable ? (
        <>
          {' '}
          <Link
            className="rd-controls"
            to={questionsPath(propertyId, input.question_key)}
            aria-label={t('explanation.changeLabel', { question: header })}
          >
            {t('explanation.change')}
          </Link>
        </>
      ) : null}
    </li>
  );
}

function ConstantItem({ constant }: { constant: ExplanationConstant }) {
  const { t } = useTranslation('results');
  const format = useFormat();
  return (
    <li data-constant={constant.id}>
      {/* The table's id, value and unit as the engine has them (bff/src/energy/constants.ts), not translated. */}
      <code translate="no">{constant.id}</code> = <span translate="no">{show(constant.value, format)}</span>{' '}
      <span className="rd-muted" translate="no">
        {constant.unit}
      </span>
      <br />
      <span className="rd-small">
        {t('explanation.source')}:{' '}
        {constant.source ? <cite translate="no">{constant.source}</cite> : t('explanation.noSource')}
        {constant.estimate ? (
          <>
            {' · '}
            {t('explanation.estimate')}: <cite translate="no">{constant.estimate}</cite>
          </>
        ) : null}
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
          <ConstantItem key={c.id} constant={c} />
        ))}
      </ul>
      <p className="rd-muted rd-small">{t('explanation.ruleVersion', { rule: explanation.rule_version })}</p>
    </div>
  );
}
