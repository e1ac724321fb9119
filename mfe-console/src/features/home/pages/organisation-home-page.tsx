import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { isItemAllowed, menuItem, visibleMenu, PageHead, useFormat } from '@home-energy/shared';
import { useGetOverviewQuery } from '../../analytics/api/analytics-api';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { organisationPath } from '@home-energy/shared/mfe/pages';

/** /console/org/:org: the organisation's key figures (those the user may see) and shortcuts to its pages. */
export function OrganisationHomePage() {
  const { t } = useTranslation('console');
  const format = useFormat();
  const { user, organisation, menu } = useOrganisationContext();
  const overview = useGetOverviewQuery(organisation.slug, { refetchOnMountOrArgChange: true });
  const data = overview.currentData;
  const may = (id: string) => isItemAllowed(menuItem(id), menu);
  const figures = [
    data?.homes
      ? {
          label: t('home.homes'),
          value: format.number(data.homes.total),
          note: t('home.last30', { count: data.homes.last30Days, value: format.number(data.homes.last30Days) }),
          href: 'properties',
        }
      : null,
    data?.installerRequests
      ? {
          label: t('home.installerRequests'),
          value: format.number(data.installerRequests.last30Days),
          note: t('home.last30Short'),
          href: 'activities',
        }
      : null,
    data?.validation
      ? {
          label: t('home.validation'),
          value: format.number(data.validation.open),
          note: t('home.validationNote'),
          href: 'validation',
        }
      : null,
  ].filter((f) => f !== null);
  const shortcuts = visibleMenu(menu)
    .flatMap((g) => g.items)
    .filter((i) => i.href.startsWith('/console/org/') && i.id !== 'org-select' && i.id !== 'super-account');

  return (
    <div className="he-stack">
      <PageHead
        title={organisation.name}
        intro={t('home.welcome', { name: user.name || user.email || '', organisation: organisation.name })}
      />
      {figures.length > 0 ? (
        <dl className="cn-figures" aria-label={t('home.figures')}>
          {figures.map((f) => (
            <div key={f.label} className="cn-figure">
              <dt>{f.label}</dt>
              <dd>
                <Link to={organisationPath(organisation.slug, f.href)}>{f.value}</Link>
              </dd>
              <p className="cn-figure__note">{f.note}</p>
            </div>
          ))}
        </dl>
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
        {!may('properties') ? <p className="he-muted">{t('home.noAnalytics')}</p> : null}
      </section>
    </div>
  );
}
