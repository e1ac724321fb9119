import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useToast,
  type EngineKeyDefinition,
  type QuestionData,
  type QuestionDefinition,
  questionSetUpdateSchema,
  questionTextsSchema,
  maxLengthOf,
} from '@home-energy/shared';
import type { ValueIssue } from '@home-energy/shared/ui/user-management/issue-texts';
import { useSaveQuestionsMutation } from '../api/configuration-api';
import { ApiIssues, type IssuePlace } from './api-issues';

const HEADER_MAX = maxLengthOf(questionTextsSchema.shape.header);
const HELP_MAX = maxLengthOf(questionTextsSchema.shape.help);
const OPTION_LABEL_MAX = maxLengthOf(questionTextsSchema.shape.options.unwrap().valueType);

type Lang = 'en' | 'sv';
const LANGS: Lang[] = ['en', 'sv'];

/** A number typed in a field: empty → null; anything else a number (NaN when it is not one). */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/**
 * One question: texts in both languages, whether it is asked, its default, and for lists and numbers what it allows.
 */
function QuestionFields({
  question,
  engine,
  onChange,
}: {
  question: QuestionDefinition;
  engine: EngineKeyDefinition;
  onChange: (q: QuestionDefinition) => void;
}) {
  const { t } = useTranslation('console');
  const id = `q-${question.key}`;
  const data = question.data;
  const setData = (next: QuestionData) => onChange({ ...question, data: next });
  const setText = (lang: Lang, field: 'header' | 'help', value: string) => {
    const texts = {
      ...question.texts,
      [lang]: { ...question.texts[lang], [field]: value || (field === 'help' ? undefined : '') },
    };
    onChange({ ...question, texts, header: lang === 'en' && field === 'header' ? value : question.header });
  };
  const setOptionLabel = (lang: Lang, option: string, value: string) =>
    onChange({
      ...question,
      texts: {
        ...question.texts,
        [lang]: { ...question.texts[lang], options: { ...(question.texts[lang].options ?? {}), [option]: value } },
      },
    });

  function toggleOption(option: string, on: boolean) {
    if (data.type !== 'selection' && data.type !== 'multiple') return;
    // Engine order, so the flow lists them the way the engine defines them.
    const options = (engine.options ?? []).filter((o) => (o === option ? on : data.options.includes(o)));
    const keep = (lang: Lang) =>
      Object.fromEntries(Object.entries(question.texts[lang].options ?? {}).filter(([o]) => options.includes(o)));
    const texts = {
      en: { ...question.texts.en, options: keep('en') },
      sv: { ...question.texts.sv, options: keep('sv') },
    };
    if (data.type === 'selection')
      onChange({
        ...question,
        texts,
        data: {
          ...data,
          options,
          default: data.default && options.includes(data.default) ? data.default : (options[0] ?? null),
        },
      });
    else
      onChange({
        ...question,
        texts,
        data: { ...data, options, default: data.default.filter((d) => options.includes(d)) },
      });
  }

  return (
    <div className="cn-question__body">
      <label className="he-check">
        <input
          type="checkbox"
          checked={question.asked}
          disabled={engine.required}
          onChange={(e) => onChange({ ...question, asked: e.target.checked })}
        />
        {t('configuration.questions.asked')}
        {engine.required ? <span className="he-muted"> {t('configuration.questions.required')}</span> : null}
      </label>
      <div className="he-form-grid">
        {LANGS.map((lang) => (
          <div key={lang} className="he-field">
            <label htmlFor={`${id}-header-${lang}`}>{t(`configuration.questions.header.${lang}`)}</label>
            <input
              id={`${id}-header-${lang}`}
              type="text"
              className="he-input"
              required
              maxLength={HEADER_MAX}
              value={question.texts[lang].header}
              onChange={(e) => setText(lang, 'header', e.target.value)}
            />
          </div>
        ))}
        {LANGS.map((lang) => (
          <div key={lang} className="he-field">
            <label htmlFor={`${id}-help-${lang}`}>{t(`configuration.questions.help.${lang}`)}</label>
            <textarea
              id={`${id}-help-${lang}`}
              className="he-input"
              rows={2}
              maxLength={HELP_MAX}
              value={question.texts[lang].help ?? ''}
              onChange={(e) => setText(lang, 'help', e.target.value)}
            />
          </div>
        ))}
      </div>

      {data.type === 'selection' || data.type === 'multiple' ? (
        <fieldset className="cn-options">
          <legend>{t('configuration.questions.options')}</legend>
          <table className="he-table">
            <thead>
              <tr>
                <th scope="col">{t('configuration.questions.offered')}</th>
                <th scope="col">{t('configuration.questions.default')}</th>
                <th scope="col">{t('configuration.questions.label.en')}</th>
                <th scope="col">{t('configuration.questions.label.sv')}</th>
              </tr>
            </thead>
            <tbody>
              {(engine.options ?? []).map((option) => {
                const offered = data.options.includes(option);
                const isDefault = data.type === 'selection' ? data.default === option : data.default.includes(option);
                return (
                  <tr key={option}>
                    <th scope="row">
                      <label className="he-check">
                        <input
                          type="checkbox"
                          checked={offered}
                          onChange={(e) => toggleOption(option, e.target.checked)}
                          disabled={offered && data.options.length === 1}
                        />
                        <code>{option}</code>
                      </label>
                    </th>
                    <td>
                      {data.type === 'selection' ? (
                        <input
                          type="radio"
                          name={`${id}-default`}
                          aria-label={t('configuration.questions.defaultOf', { option })}
                          checked={isDefault}
                          disabled={!offered}
                          onChange={() => setData({ ...data, default: option })}
                        />
                      ) : (
                        <input
                          type="checkbox"
                          aria-label={t('configuration.questions.defaultOf', { option })}
                          checked={isDefault}
                          disabled={!offered}
                          onChange={(e) =>
                            setData({
                              ...data,
                              default: e.target.checked
                                ? [...data.default, option]
                                : data.default.filter((d) => d !== option),
                            })
                          }
                        />
                      )}
                    </td>
                    {LANGS.map((lang) => (
                      <td key={lang}>
                        <input
                          type="text"
                          className="he-input"
                          aria-label={t(`configuration.questions.labelOf.${lang}`, { option })}
                          value={question.texts[lang].options?.[option] ?? ''}
                          disabled={!offered}
                          maxLength={OPTION_LABEL_MAX}
                          onChange={(e) => setOptionLabel(lang, option, e.target.value)}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </fieldset>
      ) : null}

      {data.type === 'boolean' ? (
        <div className="he-field">
          <label htmlFor={`${id}-default`}>{t('configuration.questions.default')}</label>
          <select
            id={`${id}-default`}
            className="he-select"
            value={data.default === null ? '' : String(data.default)}
            onChange={(e) => setData({ ...data, default: e.target.value === '' ? null : e.target.value === 'true' })}
          >
            <option value="">{t('configuration.questions.noDefault')}</option>
            <option value="true">{t('configuration.questions.yes')}</option>
            <option value="false">{t('configuration.questions.no')}</option>
          </select>
        </div>
      ) : null}

      {data.type === 'integer' || data.type === 'float' ? (
        <div className="he-form-grid">
          {(['min', 'max', 'default'] as const).map((field) => (
            <div key={field} className="he-field">
              <label htmlFor={`${id}-${field}`}>
                {t(`configuration.questions.${field}`)}{' '}
                {data.unit ? <span className="he-muted">({t(`configuration.units.${data.unit}`)})</span> : null}
              </label>
              <input
                id={`${id}-${field}`}
                type="number"
                className="he-input"
                step={data.type === 'integer' ? 1 : 'any'}
                min={engine.min}
                max={engine.max}
                value={data[field] ?? ''}
                onChange={(e) => {
                  const value = numberOrNull(e.target.value);
                  if (field === 'default') setData({ ...data, default: value });
                  else if (value !== null) setData({ ...data, [field]: value });
                }}
              />
            </div>
          ))}
          <p className="he-field__hint">{t('configuration.questions.range', { min: engine.min, max: engine.max })}</p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The organisation's question set: order, texts (en/sv), defaults and which questions are asked. The editor only offers
 * what the engine accepts; the BFF checks it again on save.
 */
export function QuestionSetEditor({
  org,
  questions,
  engineKeys,
}: {
  org: string;
  questions: QuestionDefinition[];
  engineKeys: Record<string, EngineKeyDefinition>;
}) {
  const { t, i18n } = useTranslation('console');
  // Each question by its text in the console's language (the English one while it has none).
  const lang: Lang = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('sv') ? 'sv' : 'en';
  const toast = useToast();
  const [list, setList] = useState(questions);
  const [save, state] = useSaveQuestionsMutation();
  const [checked, setChecked] = useState<readonly ValueIssue[] | null>(null);
  useEffect(() => setList(questions), [questions]);
  const dirty = JSON.stringify(list) !== JSON.stringify(questions);

  function move(index: number, by: -1 | 1) {
    setList((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  }

  /** A problem's place: the question's key and the field, e.g. "atemp – Question (Swedish)". */
  const place: IssuePlace = ([at, index, part, sub, field]) => {
    const key = at === 'questions' && index !== undefined ? list[Number(index)]?.key : undefined;
    if (!key) return undefined;
    // texts.{lang}.header|help|options, or data.min|max|default
    const label =
      part === 'texts' && (sub === 'en' || sub === 'sv')
        ? field === 'header' || field === 'help'
          ? t(`configuration.questions.${field}.${sub}`)
          : field === 'options'
            ? t(`configuration.questions.label.${sub}`)
            : undefined
        : part === 'data' && (sub === 'min' || sub === 'max' || sub === 'default')
          ? t(`configuration.questions.${sub}`)
          : undefined;
    return label ? `${key} – ${label}` : key;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Checked here with the BFF's schema first, so each problem is said in the page's language at its question.
    const check = questionSetUpdateSchema.safeParse({ questions: list });
    setChecked(check.success ? null : check.error.issues);
    if (!check.success) return;
    try {
      await save({ org, questions: list }).unwrap();
      toast(t('configuration.questions.saved'));
    } catch {
      // The error is shown above the save button.
    }
  }

  return (
    <form onSubmit={submit} className="he-stack" aria-label={t('configuration.questions.title')}>
      <ol className="cn-questions">
        {list.map((question, index) => (
          <li key={question.key} className="cn-question" data-key={question.key}>
            <details>
              <summary>
                <span className="cn-question__position">{index + 1}</span>
                <span className="cn-question__title">{question.texts[lang].header || question.texts.en.header}</span>
                <code className="he-muted">{question.key}</code>
                {question.asked ? null : (
                  <span className="he-badge he-badge--muted">{t('configuration.questions.notAsked')}</span>
                )}
              </summary>
              <QuestionFields
                question={question}
                engine={engineKeys[question.key]!}
                onChange={(q) => setList((current) => current.map((c) => (c.key === q.key ? q : c)))}
              />
            </details>
            <div className="cn-question__move">
              <button
                type="button"
                className="he-button he-button--secondary he-button--small"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={t('configuration.questions.up', { key: question.key })}
              >
                ↑
              </button>
              <button
                type="button"
                className="he-button he-button--secondary he-button--small"
                disabled={index === list.length - 1}
                onClick={() => move(index, 1)}
                aria-label={t('configuration.questions.down', { key: question.key })}
              >
                ↓
              </button>
            </div>
          </li>
        ))}
      </ol>
      {checked ? (
        <ApiIssues issues={checked} place={place} />
      ) : state.isError ? (
        <ApiIssues error={state.error} place={place} />
      ) : null}
      <div className="he-actions cn-sticky-actions">
        <button type="submit" className="he-button" disabled={!dirty || state.isLoading}>
          {state.isLoading ? t('common.saving') : t('configuration.questions.save')}
        </button>
        <button
          type="button"
          className="he-button he-button--secondary"
          disabled={!dirty || state.isLoading}
          onClick={() => {
            setList(questions);
            setChecked(null);
          }}
        >
          {t('common.undo')}
        </button>
        {dirty ? <span className="he-muted">{t('common.unsaved')}</span> : null}
      </div>
    </form>
  );
}
