import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '@home-energy/shared/router';
import {
  ACCESS_REASONS,
  baseApi,
  formatDateTime,
  LoadFailed,
  Loading,
  PageHead,
  Pager,
  useMarkUsable,
  type AccessLog,
  type AccessReason,
  type StaffAccessEntry,
} from '@home-energy/shared';
import { EmptyState } from '../../../components/empty-state';
import { useOrganisationContext } from '../../organisation/components/organisation-context';

/** GET /api/console/org/{org}/data-access: who of the organisation's staff saw which homeowner's personal data. */
const dataAccessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDataAccess: build.query<AccessLog<StaffAccessEntry>, { org: string; page: number; reason?: AccessReason }>({
      query: ({ org, page, reason }) => ({
        url: `console/org/${encodeURIComponent(org)}/data-access`,
        params: { ...(page > 1 ? { page: String(page) } : {}), ...(reason ? { reason } : {}) },
        cache: 'no-store',
      }),
    }),
  }),
});

/**
 * /console/org/:org/data-access (the organisation's admins): each time its staff were shown a homeowner's personal
 * data, newest first, by the page that showed it. The homeowner sees the same entries in My homes.
 */
export function DataAccessPage() {
  const { t, i18n } = useTranslation('console');
  const id = useId();
  const { organisation } = useOrganisationContext();
  const [params, setParams] = useSearchParams();
  const reason = ACCESS_REASONS.find((r) => r === params.get('reason'));
  const page = Math.min(10_000, Math.max(1, Math.floor(Number(params.get('page'))) || 1));
  const query = dataAccessApi.useGetDataAccessQuery(
    { org: organisation.slug, page, reason },
    { refetchOnMountOrArgChange: true },
  );
  const data = query.data;
  useMarkUsable(!query.isError && data !== undefined);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;

  function go(next: { reason?: string; page?: number }) {
    const search = new URLSearchParams(params);
    if (next.reason !== undefined) {
      search.delete('page');
      if (next.reason) search.set('reason', next.reason);
      else search.delete('reason');
    }
    if (next.page !== undefined) {
      if (next.page > 1) search.set('page', String(next.page));
      else search.delete('page');
    }
    setParams(search);
  }

  return (
    <div className="he-stack">
      <PageHead title={t('pages.data-access.title')} intro={t('pages.data-access.intro')} />
      <div className="he-field">
        <label htmlFor={`${id}-reason`}>{t('dataAccess.reason')}</label>
        <select id={`${id}-reason`} value={reason ?? ''} onChange={(event) => go({ reason: event.target.value })}>
          <option value="">{t('dataAccess.allReasons')}</option>
          {ACCESS_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`dataAccess.reasons.${r}`)}
            </option>
          ))}
        </select>
      </div>
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.total === 0 ? (
        <EmptyState title={t('dataAccess.empty.title')}>{t('dataAccess.empty.text')}</EmptyState>
      ) : (
        <>
          <p className="he-muted">{t('dataAccess.count', { count: data.total })}</p>
          <div className="he-table-wrap">
            <table className="he-table" aria-busy={query.isFetching}>
              <caption className="he-visually-hidden">{t('pages.data-access.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dataAccess.at')}</th>
                  <th scope="col">{t('dataAccess.staff')}</th>
                  <th scope="col">{t('dataAccess.role')}</th>
                  <th scope="col">{t('dataAccess.reason')}</th>
                  <th scope="col">{t('dataAccess.homeowner')}</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry, index) => (
                  <tr key={`${entry.at}-${index}`}>
                    <td>{formatDateTime(entry.at, i18n.language)}</td>
                    <td>{entry.staff ?? t('dataAccess.removedUser')}</td>
                    <td>
                      {t(`dataAccess.roles.${entry.role}`)}
                      {entry.impersonating ? ` (${t('dataAccess.impersonating')})` : ''}
                    </td>
                    <td>{t(`dataAccess.reasons.${entry.reason}`)}</td>
                    <td>{entry.homeowner}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <Pager
              label={t('dataAccess.pager.label')}
              position={t('dataAccess.pager.page', { page: Math.min(page, pages), pages })}
              page={page}
              pages={pages}
              onPage={(to) => go({ page: to })}
              previous={t('dataAccess.pager.previous')}
              next={t('dataAccess.pager.next')}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
