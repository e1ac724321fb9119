import type * as RouteRemotes from '../route-remotes';
import { REGISTRY_WITH_PAGES } from './registry-with-pages';

// jsdom lacks TextEncoder, which react-router needs at load time: set it before loading anything that imports it.
const { TextEncoder, TextDecoder } =
  jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

let pageForPath: typeof RouteRemotes.pageForPath;
let remoteForPath: typeof RouteRemotes.remoteForPath;
beforeAll(async () => {
  ({ pageForPath, remoteForPath } = await import('../route-remotes'));
});

const pageOf = (path: string) => pageForPath(REGISTRY_WITH_PAGES, path);

describe("a page's pattern, as the remote's route table names it", () => {
  it('is the route matched below the mount, with its params named as the table names them', () => {
    expect(pageOf('/flow/property/42/questions')).toEqual({
      remote: 'mfe_flow',
      route: '/flow/property/:propertyId/questions',
    });
    expect(pageOf('/console/org/demo-bank/property_lookup')).toEqual({
      remote: 'mfe_console',
      route: '/console/org/:org/property_lookup',
    });
    expect(pageOf('/console/org/demo-bank')).toEqual({ remote: 'mfe_console', route: '/console/org/:org' });
    expect(pageOf('/')).toEqual({ remote: 'mfe_flow', route: '/' });
    expect(pageOf('/flow')).toEqual({ remote: 'mfe_flow', route: '/flow' });
  });

  it("joins a mount's own params and the routes below it; a nested mount takes its paths from the outer one", () => {
    expect(pageOf('/property/42/building/primary/results-dashboard')).toEqual({
      remote: 'mfe_results',
      route: '/property/:id/building/:building/results-dashboard',
    });
    expect(pageOf('/console/admin/organisations/demo-energi')).toEqual({
      remote: 'mfe_admin',
      route: '/console/admin/organisations/:organisation',
    });
    expect(pageOf('/console/admin')).toEqual({ remote: 'mfe_admin', route: '/console/admin' });
    // A redirect of the shell's is its own path; a not-found route is the table's splat.
    expect(pageOf('/admin')).toEqual({ remote: 'mfe_admin', route: '/admin' });
    expect(pageOf('/property/42/building/primary/elsewhere')).toEqual({
      remote: 'mfe_results',
      route: '/property/:id/building/:building/*',
    });
    expect(pageOf('/anna@example.se/42')).toEqual({ remote: 'mfe_flow', route: '/*' });
  });

  it('is the other route for a path no route of the table takes, and none where no remote renders the path', () => {
    expect(pageOf('/console/org/demo-bank/properties/42')).toEqual({ remote: 'mfe_console', route: '/:other' });
    expect(pageOf('/api/flow/questions')).toBeNull();
    const withoutFlow = { remotes: REGISTRY_WITH_PAGES.remotes.filter((r) => r.name !== 'mfe_flow') };
    expect(pageForPath(withoutFlow, '/flow/profile')).toBeNull();
    expect(remoteForPath(withoutFlow, '/console/org/demo-bank')).toBe('mfe_console');
  });

  it('is the other route when the registry names no routes below the mount (an answer without them)', () => {
    const bare = { remotes: REGISTRY_WITH_PAGES.remotes.map(({ pageRoutes: _, ...rest }) => rest) };
    expect(pageForPath(bare, '/flow/property/42/questions')).toEqual({ remote: 'mfe_flow', route: '/:other' });
  });
});
