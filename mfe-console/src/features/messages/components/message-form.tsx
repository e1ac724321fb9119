import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_TYPES,
  LANGUAGES,
  type ContentItemInput,
  contentItemInputSchema,
  maxLengthOf,
} from '@home-energy/shared';
import { useIssueTexts } from '@home-energy/shared/ui/user-management/issue-texts';
import { bucketLabel } from '../../analytics/lib/labels';
import { MessagePreview } from './message-preview';

const CONTENT_MAX = maxLengthOf(contentItemInputSchema.shape.content);
const IMAGE_MAX = maxLengthOf(contentItemInputSchema.shape.image);

export const EMPTY_MESSAGE: ContentItemInput = {
  slug: '',
  type: '',
  title: '',
  key: '',
  content: '',
  date: null,
  valid_until: null,
  language: null,
  image: null,
  activity: null,
  require_terms: false,
  all_brands: false,
};

/** Create or edit a message, with the spec's limits on each field and a live preview beside the form. */
export function MessageForm({
  initial,
  busy,
  error,
  onSave,
  onCancel,
  title,
}: {
  initial: ContentItemInput;
  busy: boolean;
  error: unknown;
  onSave: (item: ContentItemInput) => void;
  onCancel: () => void;
  title: string;
}) {
  const { t } = useTranslation('console');
  const id = useId();
  const [item, setItem] = useState<ContentItemInput>(initial);
  const { checkErrors, fieldErrors, failureText } = useIssueTexts();
  const [checked, setChecked] = useState<Record<string, string>>({});
  // The rule of each field whose check a code alone does not say (a pattern, a day's bounds).
  const rules = {
    slug: t('messages.rules.slug'),
    key: t('messages.rules.key'),
    image: t('messages.rules.image'),
    date: t('messages.rules.date'),
    valid_until: t('messages.rules.valid_until'),
  };
  const errors = Object.keys(checked).length > 0 ? checked : fieldErrors(error, rules);
  const set = <K extends keyof ContentItemInput>(key: K, value: ContentItemInput[K]) =>
    setItem((current) => ({ ...current, [key]: value }));
  const text = (key: 'slug' | 'type' | 'title' | 'key', hint?: string) => (
    <div className="he-field">
      <label htmlFor={`${id}-${key}`}>{t(`messages.fields.${key}`)}</label>
      <input
        id={`${id}-${key}`}
        className="he-input"
        type="text"
        required
        maxLength={maxLengthOf(contentItemInputSchema.shape[key])}
        value={item[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : hint ? `${id}-${key}-hint` : undefined}
      />
      {hint && !errors[key] ? (
        <p id={`${id}-${key}-hint`} className="he-field__hint">
          {hint}
        </p>
      ) : null}
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="he-field__error">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      ...item,
      date: item.date || null,
      valid_until: item.valid_until || null,
      language: item.language || null,
      image: item.image || null,
      activity: item.activity || null,
    };
    // Checked here with the BFF's own schema, so each problem is said at its field in the page's language.
    const check = contentItemInputSchema.safeParse(body);
    setChecked(check.success ? {} : checkErrors(check.error.issues, rules));
    if (check.success) onSave(body);
  }

  return (
    <section className="he-section cn-message-editor" aria-label={title}>
      <h2>{title}</h2>
      <div className="cn-brand">
        <form className="he-form" onSubmit={submit} noValidate>
          <div className="he-form-grid">
            {text('title')}
            {text('slug', t('messages.hints.slug'))}
            {text('key', t('messages.hints.key'))}
            {text('type', t('messages.hints.type'))}
            <div className="he-field">
              <label htmlFor={`${id}-activity`}>{t('messages.fields.activity')}</label>
              <select
                id={`${id}-activity`}
                className="he-select"
                value={item.activity ?? ''}
                onChange={(e) => set('activity', (e.target.value || null) as ContentItemInput['activity'])}
              >
                <option value="">{t('messages.noActivity')}</option>
                {ACTIVITY_TYPES.map((a) => (
                  <option key={a} value={a}>
                    {bucketLabel(t, 'activities', a)}
                  </option>
                ))}
              </select>
            </div>
            <div className="he-field">
              <label htmlFor={`${id}-language`}>{t('messages.fields.language')}</label>
              <select
                id={`${id}-language`}
                className="he-select"
                value={item.language ?? ''}
                onChange={(e) => set('language', (e.target.value || null) as ContentItemInput['language'])}
              >
                <option value="">{t('messages.languages.any')}</option>
                {LANGUAGES.map((lng) => (
                  <option key={lng} value={lng}>
                    {t(`messages.languages.${lng}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="he-field">
              <label htmlFor={`${id}-date`}>{t('messages.fields.date')}</label>
              <input
                id={`${id}-date`}
                type="date"
                value={item.date ?? ''}
                onChange={(e) => set('date', e.target.value || null)}
                aria-invalid={errors.date ? true : undefined}
              />
              {errors.date ? (
                <p className="he-field__error">{errors.date}</p>
              ) : (
                <p className="he-field__hint">{t('messages.hints.date')}</p>
              )}
            </div>
            <div className="he-field">
              <label htmlFor={`${id}-valid_until`}>{t('messages.fields.valid_until')}</label>
              <input
                id={`${id}-valid_until`}
                type="date"
                value={item.valid_until ?? ''}
                min={item.date ?? undefined}
                onChange={(e) => set('valid_until', e.target.value || null)}
                aria-invalid={errors.valid_until ? true : undefined}
              />
              {errors.valid_until ? (
                <p className="he-field__error">{errors.valid_until}</p>
              ) : (
                <p className="he-field__hint">{t('messages.hints.valid_until')}</p>
              )}
            </div>
            <div className="he-field">
              <label htmlFor={`${id}-image`}>{t('messages.fields.image')}</label>
              <input
                id={`${id}-image`}
                className="he-input"
                type="url"
                maxLength={IMAGE_MAX}
                value={item.image ?? ''}
                onChange={(e) => set('image', e.target.value || null)}
                aria-invalid={errors.image ? true : undefined}
              />
              {errors.image ? (
                <p className="he-field__error">{errors.image}</p>
              ) : (
                <p className="he-field__hint">{t('messages.hints.image')}</p>
              )}
            </div>
          </div>
          <div className="he-field">
            <label htmlFor={`${id}-content`}>{t('messages.fields.content')}</label>
            <textarea
              id={`${id}-content`}
              className="he-input"
              rows={6}
              required
              maxLength={CONTENT_MAX}
              value={item.content}
              onChange={(e) => set('content', e.target.value)}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={`${id}-content-count`}
            />
            <p id={`${id}-content-count`} className="he-field__hint">
              {t('messages.characters', { count: item.content.length, max: CONTENT_MAX })}
            </p>
            {errors.content ? <p className="he-field__error">{errors.content}</p> : null}
          </div>
          <label className="he-check">
            <input
              type="checkbox"
              checked={item.all_brands ?? false}
              onChange={(e) => set('all_brands', e.target.checked)}
            />
            {t('messages.fields.all_brands')}
          </label>
          <label className="he-check">
            <input
              type="checkbox"
              checked={item.require_terms ?? false}
              onChange={(e) => set('require_terms', e.target.checked)}
            />
            {t('messages.fields.require_terms')}
          </label>
          {error && Object.keys(errors).length === 0 ? (
            <p className="he-alert" role="alert">
              {failureText(error, t('common.saveFailed'))}
            </p>
          ) : null}
          <div className="he-actions">
            <button type="submit" className="he-button" disabled={busy}>
              {busy ? t('common.saving') : t('messages.save')}
            </button>
            <button type="button" className="he-button he-button--secondary" onClick={onCancel}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
        <aside className="cn-brand__preview" aria-label={t('messages.preview')}>
          <h3>{t('messages.preview')}</h3>
          <MessagePreview item={item} />
        </aside>
      </div>
    </section>
  );
}
