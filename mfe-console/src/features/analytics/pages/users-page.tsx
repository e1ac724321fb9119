import { useTranslation } from 'react-i18next';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { useGetUsersAnalyticsQuery } from '../api/analytics-api';
import { AnalyticsFrame } from '../components/analytics-frame';
import { Chart } from '../components/chart';
import { DataTable } from '../components/data-table';
import { KeyFigures } from '../components/key-figures';
import { usePeriod } from '../components/period-filter';
import { periodLabel } from '../lib/series';
import { useFormat } from '@home-energy/shared';

/** /console/org/:org/users: homeowners who signed up, and the people active in the flow, over time. */
export function UsersPage() {
  const { t } = useTranslation('console');
  const format = useFormat();
  const { organisation } = useOrganisationContext();
  const { period } = usePeriod();
  const query = useGetUsersAnalyticsQuery({ org: organisation.slug, ...period }, { refetchOnMountOrArgChange: true });
  const count = (value: number) => format.number(value);

  return (
    <AnalyticsFrame page="users" query={query} isEmpty={(d) => d.signUps === 0 && d.peakActive === 0}>
      {(data) => {
        const rows = data.signUpSeries.map((p, i) => ({
          period: p.period,
          signUps: p.value,
          active: data.activeSeries[i]?.value ?? 0,
        }));
        const label = (period: string) => periodLabel({ period, value: 0 }, data.period.grain, format);
        const title = t('analytics.users.series');
        return (
          <>
            <KeyFigures
              items={[
                { label: t('analytics.users.signUps'), value: count(data.signUps), testId: 'figure-signups' },
                { label: t(`analytics.users.peak.${data.period.grain}`), value: count(data.peakActive) },
              ]}
            />
            <section className="he-section cn-panel" aria-label={title}>
              <Chart
                testId="chart-users"
                title={title}
                type="line"
                categories={rows.map((r) => label(r.period))}
                series={[
                  { name: t('analytics.users.signUps'), data: rows.map((r) => r.signUps) },
                  { name: t(`analytics.users.active.${data.period.grain}`), data: rows.map((r) => r.active) },
                ]}
                format={count}
              />
              <DataTable
                captionHidden
                caption={title}
                fileName={`${organisation.slug}_users`}
                period={data.period}
                rows={rows}
                collapsed
                columns={[
                  {
                    key: 'period',
                    label: t(`analytics.grain.${data.period.grain}`),
                    value: (r) => r.period,
                    show: (r) => label(r.period),
                  },
                  {
                    key: 'signUps',
                    label: t('analytics.users.signUps'),
                    value: (r) => r.signUps,
                    show: (r) => count(r.signUps),
                    numeric: true,
                  },
                  {
                    key: 'active',
                    label: t(`analytics.users.active.${data.period.grain}`),
                    value: (r) => r.active,
                    show: (r) => count(r.active),
                    numeric: true,
                  },
                ]}
              />
              <p className="he-muted cn-note">{t('analytics.users.note')}</p>
            </section>
          </>
        );
      }}
    </AnalyticsFrame>
  );
}
