/** Node's TextEncoder/TextDecoder (shell's tsconfig has no node types, the DOM types describe them). */
function nodeUtil() {
  const { TextEncoder, TextDecoder } =
    jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('node:util');
  return { TextEncoder, TextDecoder };
}
// jsdom lacks TextEncoder, which react-router (imported through @home-energy/shared) needs at load time.
Object.assign(globalThis, nodeUtil());

const mockRegisterRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (...args: unknown[]) => mockRegisterRemotes(...args),
}));
let answer: unknown;
jest.mock('../registry-request', () => ({
  takeRegistryResponse: async () => ({ ok: true, status: 200, json: async () => answer }),
}));

const entry = (name: string, version: string) => ({
  name,
  package: name.replace('_', '-'),
  version,
  entry: `http://x/mfe/${name.replace('_', '-')}/${version}/mf-manifest.json`,
});

// docs/releases.md "Registry": one remote's bad entry (a release made before versions were checked) must not take
// every page down; only that remote is unavailable.
describe('the registry as the shell reads it', () => {
  let registry: typeof import('../registry');
  let warn: jest.SpyInstance;
  beforeEach(() => {
    jest.resetModules();
    mockRegisterRemotes.mockClear();
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    registry = jest.requireActual<typeof import('../registry')>('../registry');
  });
  afterEach(() => warn.mockRestore());

  it('leaves out an entry with a bad version and registers every other remote', async () => {
    answer = {
      remotes: [
        entry('mfe_flow', '0.1.0-4adaf6cba1'),
        entry('mfe_results', '0.1.0_evil-4adaf6cba1'),
        entry('mfe_admin', '0.1.0-1234567890'),
        { name: 'mfe_console', package: 'mfe-nothing' },
      ],
    };
    const read = await registry.ensureRemotesRegistered();
    expect(read.remotes.map((r) => r.name)).toEqual(['mfe_flow', 'mfe_admin']);
    expect(mockRegisterRemotes).toHaveBeenCalledWith([
      { name: 'mfe_flow', entry: 'http://x/mfe/mfe-flow/0.1.0-4adaf6cba1/mf-manifest.json' },
      { name: 'mfe_admin', entry: 'http://x/mfe/mfe-admin/0.1.0-1234567890/mf-manifest.json' },
    ]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mfe_results'));
    // The remote whose entry was left out is "not released": its slot says it is unavailable, the others load.
    await expect(registry.releaseChanged('mfe_results', '0.1.0_evil-4adaf6cba1')).resolves.toBe(false);
    await expect(registry.releaseChanged('mfe_flow', '0.0.9-0000000000')).resolves.toBe(true);
  });

  it('still refuses an answer that is not a registry at all', async () => {
    answer = { remotes: 'everything' };
    await expect(registry.ensureRemotesRegistered()).rejects.toThrow();
  });
});

// The remotes read the registry the shell routes by from the store (the console's menu finds mfe-admin's pages there).
describe('the registry in the store', () => {
  it("holds each answer for the page's life, so a remote reads it without asking the server", async () => {
    jest.resetModules();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    const fetchMock = jest.fn();
    globalThis.fetch = fetchMock;
    try {
      const { createAppStore, registryApi } =
        jest.requireActual<typeof import('@home-energy/shared')>('@home-energy/shared');
      const registry = jest.requireActual<typeof import('../registry')>('../registry');
      const { keepRegistryInStore } = jest.requireActual<typeof import('../registry-store')>('../registry-store');
      const store = createAppStore();
      keepRegistryInStore(store);
      const read = () => registryApi.endpoints.getRegistry.select()(store.getState()).data;

      answer = { remotes: [{ ...entry('mfe_admin', '1.0.0'), routes: [{ path: 'console/admin/*' }] }] };
      await registry.ensureRemotesRegistered();
      await jest.advanceTimersByTimeAsync(0);
      expect(read()?.remotes.map((r) => r.version)).toEqual(['1.0.0']);
      // RTK Query drops an answer nobody reads after a minute: the page's own hold keeps it.
      await jest.advanceTimersByTimeAsync(10 * 60_000);
      expect(read()?.remotes.map((r) => r.version)).toEqual(['1.0.0']);

      // A later answer (a rollback seen by a retry) replaces it.
      answer = { remotes: [entry('mfe_admin', '0.9.0')] };
      await registry.releaseChanged('mfe_admin', '1.0.0');
      await jest.advanceTimersByTimeAsync(0);
      expect(read()?.remotes.map((r) => r.version)).toEqual(['0.9.0']);
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});
