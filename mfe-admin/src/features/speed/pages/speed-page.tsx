import { Fragment, useId, useState } from 'react';
import { useSearchParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { Loading, LoadFailed, PageHead, useMarkUsable, TableScroll } from '@home-energy/shared';
import type { AdminSpeed, AdminSpeedPage } from '@home-energy/shared/schemas/admin';
import { TableHead } from '../../../components/table-head';
import { DEFAULT_SPEED_WINDOW, SPEED_WINDOWS, useGetSpeedQuery, type SpeedWindow } from '../api/speed-api';
import { MetricCell, MetricsTable, reportsOf, SPEED_METRICS } from '../components/speed-figures';
import { SpeedTrend } from '../components/speed-trend';
import { useSpeedFormat } from '../lib/speed-format';
import '../speed.css';

/** The window in the address (?days=), or the default one for anything else. */
function windowOf(days: string | null): SpeedWindow {
  return SPEED_WINDOWS.find((w) => String(w) === days) ?? DEFAULT_SPEED_WINDOW;
}

/** 7, 28 or 90 days, as radio buttons: one choice, arrow keys move it. The choice goes into the address. */
function WindowChoice({ days }: { days: SpeedWindow }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [params, setParams] = useSearchParams();
  function choose(next: SpeedWindow) {
    const search = new URLSearchParams(params);
    if (next === DEFAULT_SPEED_WINDOW) search.delete('days');
    else search.set('days', String(next));
    setParams(search, { replace: true });
  }
  return (
    <fieldset className="he-checks">
      <legend>{t('speed.window')}</legend>
      {SPEED_WINDOWS.map((w) => (
        <label key={w} className="he-check">
          <input type="radio" name={`${id}-days`} checked={w === days} onChange={() => choose(w)} />
          {t('speed.windowDays', { count: w })}
        </label>
      ))}
    </fieldset>
  );
}

/** A page's figures per device and per release, and its trend: under its row once opened. */
function PageDetails({ page }: { page: AdminSpeedPage }) {
  const { t } = useTranslation('admin');
  return (
    <div className="ad-speed-detail">
      <MetricsTable
        caption={t('speed.byDevice')}
        rowHeading={t('speed.device')}
        budgets={page.budgets}
        rows={page.devices.map((d) => ({ key: d.device, label: t(`speed.devices.${d.device}`), metrics: d.metrics }))}
      />
      <MetricsTable
        caption={t('speed.byRelease')}
        rowHeading={t('speed.release')}
        budgets={page.budgets}
        rows={page.releases.map((r) => ({
          key: r.version,
          label: <code className="he-id">{r.version}</code>,
          metrics: r.metrics,
        }))}
      />
      <SpeedTrend page={page} />
    </div>
  );
}

const COLUMNS = ['page', ...SPEED_METRICS, 'reports'] as const;

/** One row per page pattern, slowest first (the server's order), each with its details one click away. */
function SpeedTable({ speed }: { speed: AdminSpeed }) {
  const { t } = useTranslation('admin');
  const format = useSpeedFormat();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <TableScroll label={t('speed.caption')}>
      <table className="he-table" data-testid="speed-pages">
        <caption className="he-visually-hidden">{t('speed.caption')}</caption>
        <TableHead columns={COLUMNS.map((c) => t(`speed.columns.${c}`))} actions={t('speed.columns.actions')} />
        <tbody>
          {speed.pages.map((page, index) => {
            // A pattern may be served by two remotes (a page moved from one to another): each is its own row.
            const key = `${page.route} ${page.remote}`;
            const expanded = open === key;
            const detailsId = `speed-page-${index}`;
            return (
              <Fragment key={key}>
                <tr>
                  <th scope="row" className="ad-speed__page">
                    <code className="he-id">{page.route}</code>
                    <div className="he-muted">
                      {t(`speed.audience.${page.audience}`)} · {page.remote}
                    </div>
                  </th>
                  {SPEED_METRICS.map((metric) => (
                    <MetricCell
                      key={metric}
                      metric={metric}
                      figures={page.metrics[metric]}
                      budget={page.budgets[metric]}
                    />
                  ))}
                  <td>{format.count(reportsOf(page.metrics))}</td>
                  <td>
                    <button
                      type="button"
                      className="he-button he-button--small he-button--secondary"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      aria-label={t(expanded ? 'speed.hideDetails' : 'speed.showDetails', { route: page.route })}
                      onClick={() => setOpen(expanded ? null : key)}
                    >
                      {expanded ? t('speed.close') : t('speed.details')}
                    </button>
                  </td>
                </tr>
                {expanded ? (
                  <tr className="he-table__detail" id={detailsId}>
                    <td colSpan={COLUMNS.length + 1}>
                      <PageDetails page={page} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * /console/admin/speed: how fast each page is for real users (their browsers' reports, docs/performance.md "Field
 * vitals") over the last 7, 28 or 90 days, against each page's budgets; per device, per release and per day.
 */
export function SpeedPage() {
  const { t } = useTranslation('admin');
  const format = useSpeedFormat();
  const [params] = useSearchParams();
  const days = windowOf(params.get('days'));
  const speed = useGetSpeedQuery(days, { refetchOnMountOrArgChange: true });
  // Only this window's figures: another window's would be shown under the new choice while it loads.
  const data = speed.currentData;
  useMarkUsable(!!data);
  return (
    <div className="he-stack">
      <PageHead title={t('pages.speed.title')} intro={t('pages.speed.intro')} />
      <section className="he-section" aria-labelledby="speed-pages-title">
        <h2 id="speed-pages-title">{t('speed.pagesTitle')}</h2>
        <WindowChoice days={days} />
        {speed.isError && !data ? (
          <LoadFailed error={speed.error} onRetry={() => void speed.refetch()} />
        ) : !data ? (
          <Loading />
        ) : data.pages.length === 0 ? (
          <div className="ad-speed-empty">
            <p>
              <strong>{t('speed.empty')}</strong>
            </p>
            <p className="he-muted">{t('speed.emptyHint')}</p>
          </div>
        ) : (
          <>
            <p className="he-muted">
              {t('speed.summary', { count: data.pages.length, date: format.day(data.since.slice(0, 10)) })}{' '}
              {t('speed.legend')}
            </p>
            <SpeedTable speed={data} />
          </>
        )}
      </section>
    </div>
  );
}
