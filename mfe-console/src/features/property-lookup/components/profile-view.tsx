import { useTranslation } from 'react-i18next';
import { Loading, type Activity, type InformationItem, LoadFailed, useFormat, TableScroll } from '@home-energy/shared';
// Bundled into this remote (a deep import): the same cards as the homeowner's dashboard, whatever the shell's shared.
import { measureCardsToShow, type MeasureCard } from '@home-energy/shared/energy/measure-cards';
import { bucketLabel } from '../../analytics/lib/labels';
import { useGetLookupProfileQuery } from '../api/property-lookup-api';

/**
 * Shown like the homeowner's results: the same cards (each measure once, the best heat pump as the pump type it is;
 * negative and no savings hidden, docs/product.md §4), packages left out, sorted by savings.
 */
function shownRecommendations(list: Activity[]): MeasureCard[] {
  return measureCardsToShow(list)
    .filter((a) => a.category !== 'package')
    .sort((a, b) => b.savings.energySavings - a.savings.energySavings);
}

/** A homeowner's home as their results page shows it: labels, energy use and the recommendations, read-only. */
export function ProfileView({ org, profileId }: { org: string; profileId: number }) {
  const { t } = useTranslation('console');
  const format = useFormat();
  const query = useGetLookupProfileQuery({ org, id: profileId });
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (!data) return <Loading />;
  const labels = data.information.filter(
    (i): i is Extract<InformationItem, { type: 'epc_label' }> => i.type === 'epc_label',
  );
  const use = data.information.find(
    (i): i is Extract<InformationItem, { type: 'energy_use' }> => i.type === 'energy_use',
  );
  const recommendations = shownRecommendations(data.recommendations);
  return (
    <section className="he-section cn-profile" aria-labelledby="profile-view-title" data-testid="profile-view">
      <h2 id="profile-view-title">{t('lookup.profileTitle', { address: data.property.name })}</h2>
      <p className="he-muted">
        {t('lookup.readOnly')}{' '}
        {data.profile.organisation ? t('lookup.through', { organisation: data.profile.organisation.name }) : null}
      </p>
      {data.errors.length > 0 ? (
        <ul className="he-alert he-alert--info">
          {data.errors.map((e) => (
            <li key={e.code}>{e.message}</li>
          ))}
        </ul>
      ) : null}
      <div className="cn-label-row">
        {labels.map((label) => (
          <div key={label.value.type} className="cn-label" data-class={label.value.energy_class ?? 'unknown'}>
            <span className="cn-label__class">{label.value.energy_class ?? '–'}</span>
            <span>
              {t(`lookup.labelTypes.${label.value.type}`)}
              {label.value.type === 'issued' ? ` (${t(`lookup.sources.${label.value.source}`)})` : ''}
            </span>
          </div>
        ))}
      </div>
      {use ? (
        <dl className="cn-facts">
          <dt>{t('lookup.energy')}</dt>
          <dd>{format.kwh(Object.values(use.value.by_carrier).reduce((s, v) => s + v, 0))}</dd>
          <dt>{t('lookup.cost')}</dt>
          <dd>{format.kr(use.value.cost_per_year)}</dd>
        </dl>
      ) : null}
      <TableScroll label={t('lookup.recommendations')}>
        <table className="he-table">
          <caption>{t('lookup.recommendations')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.columns.activity')}</th>
              <th scope="col" className="cn-num">
                {t('lookup.saves')}
              </th>
              <th scope="col" className="cn-num">
                {t('lookup.savesKr')}
              </th>
              <th scope="col" className="cn-num">
                {t('lookup.investment')}
              </th>
              <th scope="col">{t('lookup.label')}</th>
            </tr>
          </thead>
          <tbody>
            {recommendations.map((a) => (
              <tr key={a.name}>
                <th scope="row">
                  {bucketLabel(t, 'activities', a.name)}
                  {a.best_heat_pump ? <span className="he-badge"> {t('lookup.bestHeatPump')}</span> : null}
                  {a.completion_status === 'completed' ? (
                    <span className="he-badge he-badge--ok"> {t('lookup.done')}</span>
                  ) : null}
                </th>
                <td className="cn-num">{format.kwh(a.savings.energySavings)}</td>
                <td className="cn-num">{format.kr(a.savings.energyCostSavings)}</td>
                <td className="cn-num">{format.kr(a.investment_cost)}</td>
                <td>{a.epc_label.energy_class ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
