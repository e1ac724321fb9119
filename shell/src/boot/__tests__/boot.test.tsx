/**
 * The shell's boot (boot/boot.ts) as the page sees it: the app appears in #root with the store and the session the
 * entry's early request found; each phase is marked (the performance budgets read the marks) and runs in its own task,
 * so work the page queued meanwhile runs between phases; the page's own remote is asked for before the first render
 * and the other remotes preload on intent only once the browser says the page is idle.
 */
import { waitFor } from '@testing-library/react';
import type { Session } from '@home-energy/shared';
import { BOOT_PHASES, boot } from '../boot';
import { requestSessionEarly } from '../early-session';

const mockPreloadApp = jest.fn();
/** What #root showed when the preloading on intent started. */
const mockOnIntentSaw: (string | undefined)[] = [];

// The texts come over HTTP in the real page: not needed to see the boot's outcome.
jest.mock('@home-energy/shared', () => ({
  ...jest.requireActual('@home-energy/shared'),
  initI18n: () => Promise.resolve(),
}));
jest.mock('../../remotes/federation-plugins', () => ({ installFederationPlugins: () => undefined }));
// The registry names where each release is mounted: the results remote at its dashboard's mount.
jest.mock('../../remotes/registry', () => ({
  ensureRemotesRegistered: () =>
    Promise.resolve({
      remotes: [
        { name: 'mfe_flow', routes: [{ path: '*' }] },
        { name: 'mfe_results', routes: [{ path: 'property/:id/building/:building/*' }] },
      ],
    }),
}));
jest.mock('../../remotes/registry-store', () => ({ keepRegistryInStore: () => undefined }));
jest.mock('../../remotes/preload', () => ({
  preloadRemoteApp: (remote: string) => mockPreloadApp(remote),
  preloadRemotesOnIntent: () => mockOnIntentSaw.push(document.getElementById('root')?.textContent ?? undefined),
}));
jest.mock('../../app/app', () => ({
  App: ({ store, session }: { store?: unknown; session?: Session | null }) =>
    `${store ? 'store ready' : 'no store'}; ${
      session ? `signed in as ${session.user.name}` : session === null ? 'signed out' : 'session unknown'
    }`,
}));

const ann = { user: { kind: 'homeowner', id: 'h-1', name: 'Ann Homeowner' }, expires: '2099-01-01T00:00:00.000Z' };
const RESULTS_PATH = '/property/7/building/primary/results-dashboard';

/** Everything the page saw, in order: a boot phase's mark, or a task the page itself had queued. */
let events: string[];
/** Work handed to requestIdleCallback: the test plays the browser saying the page is idle. */
let idleWork: (() => void)[];

beforeAll(() => {
  // The boot renders as the page does, outside act().
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  // The package entry loads react-router, which needs TextEncoder; jsdom has none (node's, typed as the DOM's).
  type Codecs = Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>;
  const { TextEncoder, TextDecoder } = jest.requireActual<Codecs>('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
});

beforeEach(() => {
  events = [];
  idleWork = [];
  Object.assign(window, { requestIdleCallback: (work: () => void) => idleWork.push(work) });
  mockPreloadApp.mockClear();
  mockOnIntentSaw.length = 0;
  localStorage.clear();
  const mark = (name: string) => events.push(`mark ${name}`);
  Object.defineProperty(performance, 'mark', { configurable: true, value: mark });
  (globalThis as { fetch: unknown }).fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ann }));
});

/** A chain of the page's own tasks (a timer re-queued whenever it runs) until the returned stop is called. */
function pageTasks(): () => void {
  let stopped = false;
  const tick = () => {
    events.push('page task');
    if (!stopped) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  return () => {
    stopped = true;
  };
}

test('the app shows with the early session, each phase in its own task; intent preloading waits for idle', async () => {
  window.history.replaceState(null, '', RESULTS_PATH);
  document.body.innerHTML = '<div id="root"></div>';
  requestSessionEarly();
  const stop = pageTasks();

  await boot();
  const root = document.getElementById('root')!;
  await waitFor(() => expect(root.textContent).toBe('store ready; signed in as Ann Homeowner'));
  stop();
  expect(mockOnIntentSaw).toEqual([]);
  for (const work of idleWork) work();

  const marks = events.filter((event) => event.startsWith('mark '));
  expect(marks).toEqual(BOOT_PHASES.map((phase) => `mark ${phase}`));
  // Between any two phases the page's own work got the main thread at least once.
  for (let i = 1; i < marks.length; i += 1) {
    const between = events.slice(events.indexOf(marks[i - 1]) + 1, events.indexOf(marks[i]));
    expect([marks[i], between.includes('page task')]).toEqual([marks[i], true]);
  }
  expect(mockPreloadApp).toHaveBeenCalledWith('mfe_results');
  expect(mockOnIntentSaw).toEqual(['store ready; signed in as Ann Homeowner']);
  // The session fetched early is told to the other tabs, as the auth client's own request would have been.
  expect(JSON.parse(localStorage.getItem('nextauth.message') ?? 'null')).toMatchObject({ event: 'session' });
});

test('with no early answer the app renders with the session unknown, and no other tab is told anything', async () => {
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '<div id="root"></div>';

  await boot();
  await waitFor(() => expect(document.getElementById('root')!.textContent).toBe('store ready; session unknown'));
  expect(localStorage.getItem('nextauth.message')).toBeNull();
});

test('a page without #root fails the boot with a message that says so', async () => {
  document.body.innerHTML = '';
  await expect(boot()).rejects.toThrow('#root missing in index.html');
});
