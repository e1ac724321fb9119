import { fireEvent } from '@testing-library/react';

// The federation runtime is replaced: the test asserts what the preloader asks it for.
const mockPreloadRemote = jest.fn();
const mockLoadRemote = jest.fn();
const mockRegisterRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  preloadRemote: (...args: unknown[]) => mockPreloadRemote(...args),
  loadRemote: (...args: unknown[]) => mockLoadRemote(...args),
  registerRemotes: (...args: unknown[]) => mockRegisterRemotes(...args),
}));

// jsdom lacks TextEncoder, which react-router (imported through @home-energy/shared) needs at load time.
const { TextEncoder, TextDecoder } =
  jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

const entry = (pkg: string) => `http://localhost/mfe/${pkg}/1.0.0-abc/mf-manifest.json`;
// Each entry with the routes its release declares (its pages.json mount and redirects), as the BFF names them.
const REGISTRY = {
  remotes: [
    { name: 'mfe_flow', package: 'mfe-flow', version: '1.0.0-abc', entry: entry('mfe-flow'), routes: [{ path: '*' }] },
    {
      name: 'mfe_results',
      package: 'mfe-results',
      version: '1.0.0-abc',
      entry: entry('mfe-results'),
      routes: [{ path: 'property/:id/building/:building/*' }],
    },
    {
      name: 'mfe_console',
      package: 'mfe-console',
      version: '1.0.0-abc',
      entry: entry('mfe-console'),
      routes: [{ path: 'console/*' }],
    },
  ],
};
const ADMIN = {
  name: 'mfe_admin',
  package: 'mfe-admin' as const,
  version: '1.0.0-abc',
  entry: entry('mfe-admin'),
  routes: [{ path: 'console/admin/*' }, { path: 'admin', redirect: '/console/admin' }],
};
const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => REGISTRY }));

/** Fresh modules per test: registry.ts and preload.ts keep per-page-load state. */
async function load() {
  const preload = await import('../preload');
  const routes = await import('../route-remotes');
  return { ...preload, ...routes };
}

const preloadedRemotes = () =>
  mockPreloadRemote.mock.calls.map(([args]) => (args as { nameOrAlias: string }[])[0].nameOrAlias);

function link(href: string, text = 'go'): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  document.body.append(a);
  return a;
}

let uninstall: (() => void) | undefined;

beforeEach(() => {
  jest.resetModules();
  mockPreloadRemote.mockReset().mockResolvedValue(undefined);
  mockLoadRemote.mockReset().mockResolvedValue({ default: () => null });
  mockRegisterRemotes.mockReset();
  fetchMock.mockClear();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  document.body.innerHTML = '';
});

afterEach(() => uninstall?.());

describe('remoteForPath', () => {
  it("finds a path's remote by react-router's ranking of the routes the releases declare", async () => {
    const { remoteForPath } = await load();
    const registry = { remotes: [...REGISTRY.remotes, ADMIN] } as Parameters<typeof remoteForPath>[0];
    expect(remoteForPath(registry, '/')).toBe('mfe_flow');
    expect(remoteForPath(registry, '/flow/property/42/questions')).toBe('mfe_flow');
    expect(remoteForPath(registry, '/no-such-page')).toBe('mfe_flow');
    expect(remoteForPath(registry, '/property/42/building/primary/results-dashboard')).toBe('mfe_results');
    expect(remoteForPath(registry, '/property/42/building')).toBe('mfe_flow');
    expect(remoteForPath(registry, '/console')).toBe('mfe_console');
    expect(remoteForPath(registry, '/console/org/demo-energi/properties')).toBe('mfe_console');
    expect(remoteForPath(registry, '/console/admin')).toBe('mfe_admin');
    expect(remoteForPath(registry, '/console/admin/releases')).toBe('mfe_admin');
    expect(remoteForPath(registry, '/console/administration')).toBe('mfe_console');
    expect(remoteForPath(registry, '/admin')).toBe('mfe_admin');
    expect(remoteForPath(registry, '/api/flow/property/42/report.pdf')).toBeNull();
    expect(remoteForPath(registry, '/mfe/mfe-flow/1.0.0/mf-manifest.json')).toBeNull();
  });

  it('a path no release mounts is no page of the app', async () => {
    const { remoteForPath } = await load();
    const withoutFlow = { remotes: REGISTRY.remotes.slice(1) } as Parameters<typeof remoteForPath>[0];
    expect(remoteForPath(withoutFlow, '/sign')).toBeNull();
    expect(remoteForPath(withoutFlow, '/console')).toBe('mfe_console');
  });
});

describe('preload on intent', () => {
  it('hovering a link to another remote fetches and runs its App once, after registering the registry', async () => {
    const { preloadRemotesOnIntent } = await load();
    uninstall = preloadRemotesOnIntent(document);
    const results = link('/property/42/building/primary/results-dashboard', 'Results');
    fireEvent.pointerOver(results);
    fireEvent.pointerOver(results);
    fireEvent.focusIn(link('/property/7/building/primary/results-dashboard'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(mockRegisterRemotes).toHaveBeenCalledTimes(1);
    expect(mockPreloadRemote).toHaveBeenCalledTimes(1);
    expect(mockPreloadRemote).toHaveBeenCalledWith([
      { nameOrAlias: 'mfe_results', exposes: ['App'], resourceCategory: 'sync' },
    ]);
    expect(mockLoadRemote.mock.calls).toEqual([['mfe_results/App']]);
  });

  it('follows focus on a nested element, and ignores other origins and BFF links', async () => {
    const { preloadRemotesOnIntent } = await load();
    uninstall = preloadRemotesOnIntent(document);
    const consoleLink = link('/console');
    const span = document.createElement('span');
    consoleLink.append(span);
    fireEvent.pointerOver(link('https://example.com/console/admin'));
    fireEvent.pointerOver(link('/api/flow/property/42/report.pdf'));
    fireEvent.focusIn(span);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloadedRemotes()).toEqual(['mfe_console']);
    expect(mockLoadRemote.mock.calls).toEqual([['mfe_console/App']]);
  });

  it('does not preload a remote the registry does not list, and tries again after a failure', async () => {
    // (the boot preload: fetches only, the App module runs when the slot mounts it)
    const { preloadRemoteApp } = await load();
    preloadRemoteApp('mfe_admin');
    mockPreloadRemote.mockRejectedValueOnce(new Error('manifest 503'));
    preloadRemoteApp('mfe_flow');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloadedRemotes()).toEqual(['mfe_flow']);
    preloadRemoteApp('mfe_flow');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloadedRemotes()).toEqual(['mfe_flow', 'mfe_flow']);
    expect(mockLoadRemote).not.toHaveBeenCalled();
  });
});
