import { useLocation } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import type { VisibleMenu } from '@home-energy/shared';
import { MenuLink } from './menu-link';

/**
 * The console's top bar (docs/product.md §2): one entry per navigation group the user may see, filtered by the same
 * rules table; an entry opens the group's first permitted page, and is marked current while one of the group's pages is
 * open.
 */
export function ConsoleTopBar({
  navigation,
  onToggleMenu,
  menuOpen,
}: {
  navigation: VisibleMenu;
  onToggleMenu: () => void;
  menuOpen: boolean;
}) {
  const { t } = useTranslation('console');
  const { pathname } = useLocation();
  return (
    <div className="cn-topbar">
      <button
        type="button"
        className="he-button he-button--secondary he-button--small cn-menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="console-sidenav"
        onClick={onToggleMenu}
      >
        {t('nav.menu')}
      </button>
      <nav aria-label={t('nav.topBar')}>
        <ul>
          {navigation.map(({ group, items }) => {
            const href = items[0]?.href;
            const current = items.some((item) => pathname === item.href || pathname.startsWith(`${item.href}/`));
            return href ? (
              <li key={group} className={current ? 'cn-topbar__current' : undefined}>
                <MenuLink href={href} current={current}>
                  {t(`nav.groups.${group}`)}
                </MenuLink>
              </li>
            ) : null;
          })}
        </ul>
      </nav>
    </div>
  );
}
