import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionDefinition, QuestionTexts } from '@home-energy/shared';
import { QUESTION_UNIT_SYMBOLS } from '@home-energy/shared/format/question-units';
import type { FieldError, FieldValue } from '../lib/field-value';

interface Props {
  question: QuestionDefinition;
  value: FieldValue;
  error: FieldError | null;
  onChange: (value: FieldValue) => void;
}

/** The question's texts in the page language, English as the fallback. */
export function useQuestionTexts(question: QuestionDefinition): QuestionTexts {
  const { i18n } = useTranslation('flow');
  const lng = i18n.language?.startsWith('sv') ? 'sv' : 'en';
  return question.texts[lng] ?? question.texts.en ?? { header: question.header };
}

/** One question of any type (selection, boolean, multiple, integer, float), labelled, with its unit and its error. */
export function QuestionField({ question, value, error, onChange }: Props) {
  const { t } = useTranslation('flow');
  const texts = useQuestionTexts(question);
  const id = `q-${question.key}`;
  const helpId = texts.help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  const optionLabel = (option: string) => texts.options?.[option] ?? option;
  const data = question.data;

  const unit = data.type === 'integer' || data.type === 'float' ? QUESTION_UNIT_SYMBOLS[data.unit ?? 'num'] : '';
  // Without a unit the sentence ends at the number ("from 1600 to 2027."), not at a space.
  const message = error
    ? error.code === 'range'
      ? t(unit ? 'questions.errors.rangeWithUnit' : 'questions.errors.range', { min: error.min, max: error.max, unit })
      : t(`questions.errors.${error.code}`)
    : null;

  const errorText = message ? (
    <p id={errorId} className="flow-error" role="alert">
      {message}
    </p>
  ) : null;
  const help = texts.help ? (
    <p id={helpId} className="flow-help">
      {texts.help}
    </p>
  ) : null;

  if (data.type === 'integer' || data.type === 'float') {
    return (
      <div className="flow-field" data-question={question.key}>
        <label htmlFor={id} className="flow-label">
          {texts.header}
          {question.required ? <span aria-hidden="true"> *</span> : null}
        </label>
        {help}
        <div className="flow-number">
          <input
            id={id}
            name={question.key}
            className="flow-input"
            type="text"
            inputMode={data.type === 'integer' ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={typeof value === 'string' ? value : ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            aria-required={question.required || undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          {data.unit ? <span className="flow-unit">{QUESTION_UNIT_SYMBOLS[data.unit]}</span> : null}
        </div>
        {errorText}
      </div>
    );
  }

  /** Radio buttons or check boxes under the question as their legend. */
  const choices = (options: ReactNode, inline = false) => (
    <fieldset
      className={inline ? 'flow-field flow-choices flow-choices--inline' : 'flow-field flow-choices'}
      data-question={question.key}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="flow-label">
        {texts.header}
        {question.required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {help}
      {options}
      {errorText}
    </fieldset>
  );

  if (data.type === 'boolean') {
    return choices(
      [true, false].map((option) => (
        <label key={String(option)} className="flow-choice">
          <input type="radio" name={question.key} checked={value === option} onChange={() => onChange(option)} />
          <span>{t(option ? 'questions.yes' : 'questions.no')}</span>
        </label>
      )),
      true,
    );
  }

  if (data.type === 'multiple') {
    const selected = Array.isArray(value) ? value : [];
    return choices(
      data.options.map((option) => {
        const checked = selected.includes(option);
        return (
          <label key={option} className="flow-choice">
            <input
              type="checkbox"
              name={question.key}
              value={option}
              checked={checked}
              // The order of ticking is kept: the first ticked is the main one.
              onChange={() => onChange(checked ? selected.filter((v) => v !== option) : [...selected, option])}
            />
            <span>{optionLabel(option)}</span>
            {checked && selected[0] === option && selected.length > 1 ? (
              <span className="he-badge">{t('questions.main')}</span>
            ) : null}
          </label>
        );
      }),
    );
  }

  if (data.type !== 'selection') return null;
  // selection: radio buttons for a few options, a list box for many.
  if (data.options.length > 6) {
    return (
      <div className="flow-field" data-question={question.key}>
        <label htmlFor={id} className="flow-label">
          {texts.header}
        </label>
        {help}
        <select
          id={id}
          className="flow-input"
          value={typeof value === 'string' ? value : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t('questions.choose')}</option>
          {data.options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
        {errorText}
      </div>
    );
  }
  return choices(
    data.options.map((option) => (
      <label key={option} className="flow-choice">
        <input
          type="radio"
          name={question.key}
          value={option}
          checked={value === option}
          onChange={() => onChange(option)}
        />
        <span>{optionLabel(option)}</span>
      </label>
    )),
  );
}
