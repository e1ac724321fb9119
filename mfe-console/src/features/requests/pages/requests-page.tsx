import { useTranslation } from 'react-i18next';
import { Loading, PageHead, LoadFailed, useMarkUsable } from '@home-energy/shared';
import { EmptyState } from '../../../components/empty-state';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { useGetLeadsQuery } from '../api/requests-api';
import { LeadCard } from '../components/lead-card';

/** /console/org/:org/requests (installer organisations): homeowners' requests to this installer, newest first. */
export function RequestsPage() {
  const { t } = useTranslation('console');
  const { organisation } = useOrganisationContext();
  const query = useGetLeadsQuery(organisation.slug, { refetchOnMountOrArgChange: true });
  const data = query.data;
  // Usable once the requests (or the empty state) show.
  useMarkUsable(!query.isError && data !== undefined);
  return (
    <div className="he-stack">
      <PageHead title={t('pages.requests.title')} intro={t('pages.requests.intro')} />
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.requests.length === 0 ? (
        <EmptyState title={t('requests.empty.title')}>{t('requests.empty.text')}</EmptyState>
      ) : (
        <>
          <p className="he-muted" aria-live="polite">
            {t('requests.count', { count: data.requests.length })}
          </p>
          <ol className="cn-queue">
            {data.requests.map((lead) => (
              <LeadCard key={lead.id} org={organisation.slug} lead={lead} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
