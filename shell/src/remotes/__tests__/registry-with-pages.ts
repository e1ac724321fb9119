import type { Registry } from '@home-energy/shared';

const entry = (pkg: string) => `http://localhost/mfe/${pkg}/0.1.0-${pkg.slice(4)}/mf-manifest.json`;

/**
 * A registry answer as the BFF gives it: each remote's routes (its mounts and redirects) and its own routes below them,
 * shaped as the remotes' route tables are (their src/app/routes.json, which the shell never reads). The console's has
 * no not-found route here: a path below its mount that none of its routes takes is a page of no table.
 */
export const REGISTRY_WITH_PAGES: Registry = {
  remotes: [
    {
      name: 'mfe_flow',
      package: 'mfe-flow',
      version: '0.1.0-flow',
      entry: entry('mfe-flow'),
      routes: [{ path: '*' }],
      pageRoutes: [
        { index: true },
        {
          path: 'flow',
          children: [{ index: true }, { path: 'property/:propertyId/questions' }, { path: 'profile' }],
        },
        { path: 'sign' },
        { path: '*' },
      ],
    },
    {
      name: 'mfe_results',
      package: 'mfe-results',
      version: '0.1.0-results',
      entry: entry('mfe-results'),
      routes: [{ path: 'property/:id/building/:building/*' }],
      pageRoutes: [{ path: 'results-dashboard' }, { path: '*' }],
    },
    {
      name: 'mfe_console',
      package: 'mfe-console',
      version: '0.1.0-console',
      entry: entry('mfe-console'),
      routes: [{ path: 'console/*' }],
      pageRoutes: [
        { index: true },
        { path: 'org/:org', children: [{ index: true }, { path: 'activities' }, { path: 'property_lookup' }] },
      ],
    },
    {
      name: 'mfe_admin',
      package: 'mfe-admin',
      version: '0.1.0-admin',
      entry: entry('mfe-admin'),
      routes: [{ path: 'console/admin/*' }, { path: 'admin', redirect: '/console/admin' }],
      pageRoutes: [{ index: true }, { path: 'organisations/:organisation' }],
    },
  ],
};
