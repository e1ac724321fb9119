import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '@home-energy/shared/router';
import {
  INSTALLER_MEASURES,
  LEAD_SEARCH_MAX,
  LEAD_SORTS,
  LEAD_STATUSES,
  Loading,
  PageHead,
  Pager,
  LoadFailed,
  useMarkUsable,
  type LeadStatus,
} from '@home-energy/shared';
import { measureTextKey } from '@home-energy/shared/energy/measure-names';
import { EmptyState } from '../../../components/empty-state';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { useGetLeadsQuery } from '../api/requests-api';
import { LeadCard } from '../components/lead-card';

/** Requests per page. */
const PAGE_SIZE = 20;
const FILTERS = ['status', 'measure', 'q', 'sort', 'page'] as const;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

/**
 * /console/org/:org/requests (installer organisations): homeowners' requests to this installer, a page at a time,
 * filtered by status and measure and searched by address or name; all of it in the URL, so reload and back keep it.
 */
export function RequestsPage() {
  const { t } = useTranslation('console');
  const id = useId();
  const { organisation } = useOrganisationContext();
  const [params, setParams] = useSearchParams();
  // A value the page does not know (an old link, a typo) is left out rather than sent to be refused.
  const status = oneOf(LEAD_STATUSES, params.get('status'));
  const measure = oneOf(INSTALLER_MEASURES, params.get('measure'));
  const q = (params.get('q') ?? '').trim().slice(0, LEAD_SEARCH_MAX);
  const sort = oneOf(LEAD_SORTS, params.get('sort')) ?? 'newest';
  const page = Math.min(100_000, Math.max(1, Math.floor(Number(params.get('page'))) || 1));
  const query = useGetLeadsQuery(
    {
      org: organisation.slug,
      status,
      measure,
      q,
      sort: sort === 'newest' ? undefined : sort,
      page: page > 1 ? page : undefined,
      size: PAGE_SIZE,
    },
    { refetchOnMountOrArgChange: true },
  );
  const data = query.data;
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  // What the live region says last: a saved status, a failed save, or how many requests match.
  const [said, setSaid] = useState<string | null>(null);
  // Usable once the requests (or the empty state) show.
  useMarkUsable(!query.isError && data !== undefined);

  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;
  const filtered = !!(status || measure || q);
  // Past the last page (fewer requests since the link was made): go to the last one.
  useEffect(() => {
    if (data && !query.isFetching && data.total > 0 && page > pages) go({ page: pages }, true);
  });

  function go(next: Partial<Record<(typeof FILTERS)[number], string | number | null>>, replace = false) {
    const search = new URLSearchParams(params);
    // Another filter, search or order starts again at the first page.
    if (!('page' in next)) search.delete('page');
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '' || (key === 'page' && value === 1) || (key === 'sort' && value === 'newest'))
        search.delete(key);
      else search.set(key, String(value));
    }
    setSaid(null);
    setParams(search, { replace });
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    go({ q: draft.trim() });
  }
  function clear() {
    const search = new URLSearchParams(params);
    for (const key of FILTERS) if (key !== 'sort') search.delete(key);
    setDraft('');
    setSaid(null);
    setParams(search);
  }
  const countOf = (s: LeadStatus) => data?.counts[s];
  const all = data ? LEAD_STATUSES.reduce((sum, s) => sum + data.counts[s], 0) : undefined;
  const withCount = (label: string, count: number | undefined) =>
    count === undefined ? label : t('requests.filters.withCount', { label, n: count });

  return (
    <div className="he-stack">
      <PageHead title={t('pages.requests.title')} intro={t('pages.requests.intro')} />
      <form
        role="search"
        className="cn-inline-form cn-requests-filters"
        aria-label={t('requests.filters.label')}
        onSubmit={submit}
      >
        <div className="he-field">
          <label htmlFor={`${id}-q`}>{t('requests.filters.search')}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={draft}
            maxLength={LEAD_SEARCH_MAX}
            placeholder={t('requests.filters.searchPlaceholder')}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className="he-button he-button--secondary">
          {t('requests.filters.searchButton')}
        </button>
        <div className="he-field">
          <label htmlFor={`${id}-status`}>{t('requests.filters.status')}</label>
          <select id={`${id}-status`} value={status ?? ''} onChange={(event) => go({ status: event.target.value })}>
            <option value="">{withCount(t('requests.filters.allStatuses'), all)}</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {withCount(t(`requests.statuses.${s}`), countOf(s))}
              </option>
            ))}
          </select>
        </div>
        <div className="he-field">
          <label htmlFor={`${id}-measure`}>{t('requests.filters.measure')}</label>
          <select id={`${id}-measure`} value={measure ?? ''} onChange={(event) => go({ measure: event.target.value })}>
            <option value="">{t('requests.filters.allMeasures')}</option>
            {INSTALLER_MEASURES.map((m) => (
              <option key={m} value={m}>
                {t(measureTextKey(m))}
              </option>
            ))}
          </select>
        </div>
        <div className="he-field">
          <label htmlFor={`${id}-sort`}>{t('requests.filters.sort')}</label>
          <select id={`${id}-sort`} value={sort} onChange={(event) => go({ sort: event.target.value })}>
            {LEAD_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`requests.filters.sorts.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.total === 0 ? (
        filtered ? (
          <div>
            <EmptyState title={t('requests.noMatch.title')}>{t('requests.noMatch.text')}</EmptyState>
            <button type="button" className="he-button he-button--secondary he-button--small" onClick={clear}>
              {t('requests.filters.clear')}
            </button>
          </div>
        ) : (
          <EmptyState title={t('requests.empty.title')}>{t('requests.empty.text')}</EmptyState>
        )
      ) : (
        <>
          <div className="cn-requests-bar">
            <p className="he-muted">
              {data.requests.length === 0
                ? t('requests.count', { count: data.total })
                : t('requests.showing', {
                    from: (data.page - 1) * data.size + 1,
                    to: (data.page - 1) * data.size + data.requests.length,
                    count: data.total,
                  })}
            </p>
            {filtered ? (
              <button type="button" className="he-button he-button--secondary he-button--small" onClick={clear}>
                {t('requests.filters.clear')}
              </button>
            ) : null}
          </div>
          <ol className="cn-queue" aria-busy={query.isFetching}>
            {data.requests.map((lead) => (
              <LeadCard key={lead.id} org={organisation.slug} lead={lead} onSaved={setSaid} />
            ))}
          </ol>
          {pages > 1 ? (
            <Pager
              label={t('requests.pager.label')}
              position={t('requests.pager.page', { page: Math.min(page, pages), pages })}
              page={page}
              pages={pages}
              onPage={(to) => go({ page: to })}
              previous={t('requests.pager.previous')}
              next={t('requests.pager.next')}
            />
          ) : null}
        </>
      )}
      <p className="he-visually-hidden" aria-live="polite" role="status">
        {said ?? (data && !query.isFetching ? t('requests.count', { count: data.total }) : '')}
      </p>
    </div>
  );
}
