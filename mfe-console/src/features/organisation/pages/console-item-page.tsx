import type { ReactNode } from 'react';
import { isItemAllowed, menuItem, TextPage } from '@home-energy/shared';
import { NoAccessPanel } from '../components/no-access-panel';
import { useOrganisationContext } from '../components/organisation-context';
import { ORGANISATION_PAGES } from '../lib/organisation-pages';
import { organisationPath } from '@home-energy/shared/mfe/pages';

/**
 * One console page: shown when a menu item leading to it is allowed for this user here, else the no-access panel.
 * The page is passed as children (a page without one shows its description).
 */
export function ConsoleItemPage({ page, children }: { page: string; children?: ReactNode }) {
  const { organisation, menu } = useOrganisationContext();
  const allowed = (ORGANISATION_PAGES.get(page) ?? []).some((id) => isItemAllowed(menuItem(id), menu));
  if (!allowed) return <NoAccessPanel homeHref={organisationPath(organisation.slug)} />;
  return children ?? <TextPage namespace="console" page={page} />;
}
