import { useTranslation } from 'react-i18next';
import { KnowledgeMessage, type ContentItemInput, useFormat } from '@home-energy/shared';
import { bucketLabel } from '../../analytics/lib/labels';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The message as homeowners see it (the flow's own component, so the two cannot drift), under a line saying where and
 * to whom it is shown, which homeowners do not see.
 */
export function MessagePreview({ item }: { item: ContentItemInput }) {
  const { t } = useTranslation('console');
  const format = useFormat();
  const where = [
    item.type || t('messages.fields.type'),
    item.activity ? bucketLabel(t, 'activities', item.activity) : null,
    item.key || null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="cn-message-preview" data-testid="message-preview" aria-label={t('messages.preview')} role="group">
      <p className="cn-message-preview__meta">{where}</p>
      <KnowledgeMessage
        message={{
          title: item.title || t('messages.untitled'),
          content: item.content || t('messages.noContent'),
          date: item.date && DAY.test(item.date) ? item.date : null,
          image: item.image,
          language: item.language,
        }}
      />
      <p className="cn-message-preview__meta">
        {[
          item.language ? t(`messages.languages.${item.language}`) : t('messages.languages.any'),
          item.all_brands ? t('messages.audience.all') : t('messages.audience.own'),
          item.valid_until && DAY.test(item.valid_until)
            ? t('messages.until', { date: format.day(item.valid_until) })
            : null,
          item.require_terms ? t('messages.fields.require_terms') : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </div>
  );
}
