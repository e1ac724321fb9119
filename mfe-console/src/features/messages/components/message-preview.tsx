import { useTranslation } from 'react-i18next';
import type { ContentItemInput } from '@home-energy/shared';
import { useFormat } from '../../../lib/use-format';
import { bucketLabel } from '../../analytics/lib/labels';

/** The message as the flow shows it: title, date, picture, text, and the terms box when it asks for one. */
export function MessagePreview({ item }: { item: ContentItemInput }) {
  const { t } = useTranslation('console');
  const format = useFormat();
  return (
    <article className="cn-message-preview" data-testid="message-preview" aria-label={t('messages.preview')}>
      <p className="cn-message-preview__meta">
        {item.type || t('messages.fields.type')}
        {item.activity ? ` · ${bucketLabel(t, 'activities', item.activity)}` : ''}
        {item.date && /^\d{4}-\d{2}-\d{2}$/.test(item.date) ? ` · ${format.day(item.date)}` : ''}
      </p>
      <h3>{item.title || t('messages.untitled')}</h3>
      {item.image ? <img src={item.image} alt="" className="cn-message-preview__image" /> : null}
      {(item.content || t('messages.noContent')).split(/\n{2,}/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      {item.require_terms ? (
        <label className="he-check">
          <input type="checkbox" disabled /> {t('messages.terms')}
        </label>
      ) : null}
    </article>
  );
}
