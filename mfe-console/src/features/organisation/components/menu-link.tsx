import type { ReactNode } from 'react';
import { Link, NavLink } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { isExternalPath } from '@home-energy/shared';

/** A navigation target: external http(s) paths open in a new tab, console paths stay in the app. */
export function MenuLink({
  href,
  children,
  highlightActive = false,
  current,
}: {
  href: string;
  children: ReactNode;
  highlightActive?: boolean;
  current?: boolean;
}) {
  const { t } = useTranslation('console');
  if (isExternalPath(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" aria-current={current ? 'true' : undefined}>
        {children}
        <span className="he-visually-hidden"> {t('nav.opensInNewTab')}</span>
      </a>
    );
  }
  return highlightActive ? (
    <NavLink to={href}>{children}</NavLink>
  ) : (
    <Link to={href} aria-current={current ? 'true' : undefined}>
      {children}
    </Link>
  );
}
