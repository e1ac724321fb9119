import { useTranslation } from 'react-i18next';
import { Loading, PageHead, LoadFailed, useMarkUsable } from '@home-energy/shared';
import { EmptyState } from '../../../components/empty-state';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { useGetValidationQueueQuery } from '../api/validation-api';
import { ValidationItemCard } from '../components/validation-item';

/** /console/org/:org/validation: homes whose answers look wrong and certificates waiting for staff, oldest first. */
export function ValidationPage() {
  const { t } = useTranslation('console');
  const { organisation } = useOrganisationContext();
  const query = useGetValidationQueueQuery(organisation.slug, { refetchOnMountOrArgChange: true });
  const data = query.data;
  // Usable once the queue (or its empty state) shows.
  useMarkUsable(!query.isError && data !== undefined);
  return (
    <div className="he-stack">
      <PageHead title={t('pages.validation.title')} intro={t('pages.validation.intro')} />
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.items.length === 0 ? (
        <EmptyState title={t('validation.empty.title')}>{t('validation.empty.text')}</EmptyState>
      ) : (
        <>
          <p className="he-muted" aria-live="polite">
            {t('validation.open', { count: data.open })}
          </p>
          <ol className="cn-queue">
            {data.items.map((item) => (
              <ValidationItemCard key={item.profile_id} org={organisation.slug} item={item} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
