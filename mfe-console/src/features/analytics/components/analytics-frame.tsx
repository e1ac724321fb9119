import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading, type ResolvedPeriod, PageHead, LoadFailed, useFormat, useMarkUsable } from '@home-energy/shared';
import { EmptyState } from '../../../components/empty-state';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer';
import { PeriodFilter } from './period-filter';

interface QueryState<T> {
  data?: T;
  currentData?: T;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

function samePeriod(a: ResolvedPeriod, b: ResolvedPeriod): boolean {
  return a.from === b.from && a.to === b.to && a.grain === b.grain;
}

/**
 * One analytics page: heading, the period filter, then the figures, or a loading state, an error with retry, or
 * the empty state when the period holds nothing.
 */
export function AnalyticsFrame<T extends { period: ResolvedPeriod }>({
  page,
  query,
  isEmpty,
  children,
}: {
  page: string;
  query: QueryState<T>;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('console');
  const format = useFormat();
  // The figures render in a transition, so the heading and the period filter are not held up by them; figures of
  // another period are never shown.
  const data = useDeferredAnswer(query.currentData, (deferred, latest) => samePeriod(deferred.period, latest.period));
  // A period with nothing in it is usable once it says so (otherwise its first table or chart marks it).
  useMarkUsable(data !== undefined && isEmpty(data));
  return (
    <div className="he-stack" data-page={page}>
      <PageHead title={t(`pages.${page}.title`)} intro={t(`pages.${page}.intro`)}>
        <PeriodFilter />
      </PageHead>
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <p className="he-muted cn-period-note" aria-live="polite">
            {t('period.showing', { from: format.day(data.period.from), to: format.day(data.period.to) })}
            {query.isFetching ? ` ${t('period.updating')}` : ''}
          </p>
          {isEmpty(data) ? (
            <EmptyState title={t(`pages.${page}.empty.title`)}>{t(`pages.${page}.empty.text`)}</EmptyState>
          ) : (
            children(data)
          )}
        </>
      )}
    </div>
  );
}
