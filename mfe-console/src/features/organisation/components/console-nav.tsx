import { NavLink } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import type { OrganisationDetails, VisibleMenu } from '@home-energy/shared';
import { organisationPath } from '@home-energy/shared/mfe/pages';
import { MenuLink } from './menu-link';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** The left navigation: the groups and items the rules table allows; a group heading opens its first item. */
export function ConsoleNav({
  navigation,
  organisation,
}: {
  navigation: VisibleMenu;
  organisation: OrganisationDetails;
}) {
  const { t } = useTranslation('console');
  return (
    <nav className="he-sidenav" id="console-sidenav" aria-label={t('nav.label')}>
      <NavLink to={organisationPath(organisation.slug)} end>
        {organisation.name}
      </NavLink>
      {navigation.map(({ group, items }) => {
        const groupHref = items[0]?.href;
        return (
          <div key={group}>
            <h2>
              {groupHref ? <MenuLink href={groupHref}>{t(`nav.groups.${group}`)}</MenuLink> : t(`nav.groups.${group}`)}
            </h2>
            <ul style={LIST_STYLE}>
              {items.map((item) => (
                <li key={item.id}>
                  <MenuLink href={item.href} highlightActive>
                    {t(`nav.items.${item.id}`)}
                  </MenuLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
