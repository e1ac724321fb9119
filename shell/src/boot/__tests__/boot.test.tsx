/**
 * The boot runs in several main-thread tasks (boot/boot.ts): a task queued by the page while the shell boots gets
 * to run between evaluating React DOM, the shared package, the app, and rendering; and the first render is a
 * transition (time-sliced), not a blocking update.
 */
const mockEvents: string[] = [];
let mockRenderedInTransition: boolean | null = null;

jest.mock('react-dom/client', () => {
  mockEvents.push('evaluate react-dom');
  return {
    createRoot: () => ({
      render: () => {
        // React's transition marker: the shared internals hold the current transition while startTransition runs.
        const internals = (jest.requireActual('react') as Record<string, { T?: unknown }>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
        mockRenderedInTransition = internals?.T != null;
        mockEvents.push('render');
      },
    }),
  };
});
// The libraries the shared package imports, evaluated one phase each before it.
jest.mock('@home-energy/shared/router', () => (mockEvents.push('evaluate router'), {}));
jest.mock('@reduxjs/toolkit', () => (mockEvents.push('evaluate redux'), {}));
jest.mock('react-redux', () => (mockEvents.push('evaluate react-redux'), {}));
jest.mock('@reduxjs/toolkit/query/react', () => (mockEvents.push('evaluate rtk query'), {}));
jest.mock('i18next', () => (mockEvents.push('evaluate i18next'), {}));
jest.mock('react-i18next', () => (mockEvents.push('evaluate react-i18next'), {}));
// The shared package's schema modules, evaluated in four tasks before its entry (the first one evaluates zod).
for (const name of ['energy', 'session', 'brand', 'property-flow', 'lenders']) jest.mock(`@home-energy/shared/schemas/${name}`, () => (mockEvents.push(`evaluate schemas/${name}`), {}));
jest.mock('@home-energy/shared/remotes', () => (mockEvents.push('evaluate remotes'), {}));
for (const name of ['analytics', 'content', 'configuration', 'validation-queue', 'property-lookup', 'account']) jest.mock(`@home-energy/shared/schemas/${name}`, () => (mockEvents.push(`evaluate schemas/${name}`), {}));
jest.mock('@home-energy/shared', () => {
  mockEvents.push('evaluate shared');
  return {
    createAppStore: () => (mockEvents.push('create store'), {}),
    initI18n: () => Promise.resolve(),
  };
});
jest.mock('../../remotes/federation-plugins', () => ({ installFederationPlugins: () => undefined }));
jest.mock('../../remotes/registry', () => ({ ensureRemotesRegistered: () => Promise.resolve({ remotes: [] }) }));
jest.mock('../../remotes/preload', () => ({ preloadRemoteApp: () => Promise.resolve(), preloadRemotesOnIntent: () => mockEvents.push('preload on intent') }));
jest.mock('../../app/app', () => {
  mockEvents.push('evaluate app');
  return { App: () => null };
});

test('each boot phase runs in its own task, the render is a transition, preloading on intent waits for idle', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  let stop = false;
  // Another task source: a timer chain that records every time the main thread was free.
  const tick = () => {
    mockEvents.push('other task');
    if (!stop) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  const { boot } = await import('../boot');
  await boot();
  await new Promise((resolve) => setTimeout(resolve, 20));
  stop = true;

  const phases = ['evaluate react-dom', 'evaluate router', 'evaluate redux', 'evaluate i18next', 'evaluate remotes', 'evaluate schemas/energy', 'evaluate schemas/property-flow', 'evaluate schemas/analytics', 'evaluate shared', 'create store', 'evaluate app', 'render'];
  const at = phases.map((name) => mockEvents.indexOf(name));
  expect(at.every((i) => i >= 0)).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
  // Between any two phases the page got the main thread at least once.
  for (let i = 1; i < at.length; i += 1) {
    expect(mockEvents.slice(at[i - 1] + 1, at[i])).toContain('other task');
  }
  expect(mockRenderedInTransition).toBe(true);
  expect(mockEvents.indexOf('preload on intent')).toBeGreaterThan(mockEvents.indexOf('render'));
});
