import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { LoadFailed, PageHead, useFormat, useMarkUsable } from '@home-energy/shared';
import { useGetOverviewQuery } from '../../analytics/api/analytics-api';
import { useOrganisationContext } from '../../organisation/components/organisation-context';

/** Stands for a number not known yet (or not loaded): a figure's card keeps its size. */
const PLACEHOLDER = '–';

/** /console/org/:org: the organisation's key figures (those the user may see) and shortcuts to its pages. */
export function OrganisationHomePage() {
  const { t } = useTranslation('console');
  const format = useFormat();
  const { organisation, navigation } = useOrganisationContext();
  const overview = useGetOverviewQuery(organisation.slug, { refetchOnMountOrArgChange: true });
  const data = overview.currentData;
  // A figure shows for each page the user may open from the menu here, and links to it.
  const items = navigation.flatMap((group) => group.items);
  const hrefOf = (id: string) => items.find((item) => item.id === id)?.href;
  // The overview answers a figure for each page the user may see (the same menu rules), so the cards are laid out
  // before it arrives and only their numbers change: nothing below them moves.
  const pending = !data;
  // Usable once its figures are in (or said to be unavailable).
  useMarkUsable(!pending || overview.isError);
  const shown = (n: number | undefined) => (n === undefined ? PLACEHOLDER : format.number(n));
  const figures = [
    {
      id: 'properties',
      label: t('home.homes'),
      value: shown(data?.homes?.total),
      note: t('home.last30', { count: data?.homes?.last30Days ?? 0, value: shown(data?.homes?.last30Days) }),
    },
    {
      id: 'activities',
      label: t('home.installerRequests'),
      value: shown(data?.installerRequests?.last30Days),
      note: t('home.last30Short'),
    },
    {
      id: 'validation',
      label: t('home.validation'),
      value: shown(data?.validation?.open),
      note: t('home.validationNote'),
    },
  ].flatMap((figure) => {
    const href = hrefOf(figure.id);
    return href === undefined ? [] : [{ ...figure, href }];
  });
  const shortcuts = items.filter(
    (i) => i.opens.remote === 'mfe-console' && i.id !== 'org-select' && i.id !== 'super-account',
  );

  return (
    <div className="he-stack">
      <PageHead title={organisation.name} intro={t('home.welcome')} />
      {figures.length > 0 ? (
        <dl className="cn-figures" aria-label={t('home.figures')} aria-busy={pending && !overview.isError}>
          {figures.map((f) => (
            <div key={f.label} className="cn-figure">
              <dt>{f.label}</dt>
              <dd>
                <Link to={f.href}>{f.value}</Link>
              </dd>
              <dd className="cn-figure__note">{f.note}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {overview.isError && pending ? (
        <LoadFailed error={overview.error} onRetry={() => void overview.refetch()} />
      ) : null}
      <section className="he-section" aria-labelledby="home-shortcuts">
        <h2 id="home-shortcuts">{t('home.shortcuts')}</h2>
        <ul className="cn-shortcuts">
          {shortcuts.map((item) => (
            <li key={item.id}>
              <Link to={item.href}>
                <strong>{t(`nav.items.${item.id}`)}</strong>
                <span>{t(`pages.${item.id}.intro`, { organisation: organisation.name })}</span>
              </Link>
            </li>
          ))}
        </ul>
        {!hrefOf('properties') ? <p className="he-muted">{t('home.noAnalytics')}</p> : null}
      </section>
    </div>
  );
}
