import { useMemo } from 'react';
import { patternsFrom, releaseRouteTable, useGetRegistryQuery, type PagePatternOf } from '@home-energy/shared';
import routeTable from '../../../app/routes.json';

/**
 * Where the menu's pages are for this visitor: the console's own from its route table (this release's), the super
 * admin's from the registry's entry for the release of mfe-admin served here (the shell puts its registry answer in
 * the store, so this asks nothing more of the server). Until the registry is known, mfe-admin's pages have no link.
 */
export function usePagePatterns(): PagePatternOf {
  const { data: registry } = useGetRegistryQuery();
  return useMemo(() => {
    const admin = registry?.remotes.find((remote) => remote.package === 'mfe-admin');
    return patternsFrom({ 'mfe-console': routeTable, ...(admin ? { 'mfe-admin': releaseRouteTable(admin) } : {}) });
  }, [registry]);
}
