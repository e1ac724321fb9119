import {
  Component,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { Loading, registeredTextsLoaded, type RemoteName } from '@home-energy/shared';
import { ensureRemotesRegistered, releaseChanged, RemoteNotReleasedError, resetRemote } from './registry';
import { reportError, reportLoadedWhenIdle } from './release-beacon';
import { reloadPage } from './reload-page';
import { RemoteSlotContext } from './remote-slot-context';
import { RemoteUnavailable } from './remote-unavailable';
import { revealApp, revealWhenHeadingShown } from './first-paint';

/** The slot failed: whatever the static first paint showed gives way to the slot's message at once. */
function RevealWhenShown() {
  useEffect(revealApp, []);
  return null;
}

/**
 * Rendered after the remote's App inside the same Suspense boundary: it commits once the remote has rendered, and
 * reveals the app when the remote's page shows its heading (not while the remote still shows a spinner). A layout
 * effect: it runs in the commit that inserts the page, so the static page and the app are never both in the document
 * (a passive effect runs a task later, after a transition's commit).
 */
function RevealWhenPageShown() {
  useLayoutEffect(() => revealWhenHeadingShown(), []);
  return null;
}

// How long a loaded remote waits for its texts before rendering anyway (it then suspends on them, as before).
const TEXTS_WAIT_MS = 1000;

// Each remote's App once loaded (per page load): mounting it again, after a navigation, renders at once.
const loadedApps = new Map<RemoteName, ComponentType>();

// The version of each remote mounted on this page, and the errors that were load failures (not render errors).
const mountedVersions = new Map<RemoteName, string>();
const loadErrors = new WeakSet<object>();

/** The version of `remote` mounted on this page, if it was (the speed reports name it: vitals/field-vitals.ts). */
export const mountedVersion = (remote: RemoteName): string | undefined => mountedVersions.get(remote);

// Loads under way, so that a slot's effect run twice (React's StrictMode in development) loads once.
const loading = new Map<string, Promise<ComponentType>>();

function loadRemoteAppOnce(remote: RemoteName, attempt: number): Promise<ComponentType> {
  const key = `${remote}#${attempt}`;
  let load = loading.get(key);
  if (!load) {
    load = loadRemoteApp(remote, attempt);
    loading.set(key, load);
    const settled = () => loading.delete(key);
    load.then(settled, settled);
  }
  return load;
}

/** The remote's App, and its texts loaded, so that it renders its page in one go. */
async function loadRemoteApp(remote: RemoteName, attempt: number): Promise<ComponentType> {
  if (attempt > 0) await resetRemote(remote);
  const registry = await ensureRemotesRegistered();
  const release = registry.remotes.find((r) => r.name === remote);
  if (!release) throw new RemoteNotReleasedError(remote);
  mountedVersions.set(remote, release.version);
  let App: ComponentType;
  try {
    const module = await loadRemote<{ default: ComponentType }>(`${remote}/App`);
    if (!module?.default) throw new Error(`${remote}/App has no default export`);
    App = module.default;
  } catch (error) {
    if (error && typeof error === 'object') loadErrors.add(error);
    void reportError(remote, release.version, 'load-error', error);
    throw error;
  }
  reportLoadedWhenIdle(remote, release.version);
  // Its module registered its texts as it ran; they are mostly on their way already (the page's preload hints).
  await registeredTextsLoaded(TEXTS_WAIT_MS);
  loadedApps.set(remote, App);
  return App;
}

type Loaded = { app: ComponentType; error?: undefined } | { app?: undefined; error: Error };

/**
 * Loads the remote's App into state rather than through React.lazy and Suspense: React holds back the reveal of a
 * Suspense boundary whose fallback it has just shown by up to 300 ms, which every page load and every navigation to
 * a remote paid for. A load error is thrown while rendering, for the slot's error boundary.
 */
function RemoteApp({ remote, attempt }: { remote: RemoteName; attempt: number }) {
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const app = attempt === 0 ? loadedApps.get(remote) : undefined;
    return app ? { app } : null;
  });
  useEffect(() => {
    if (loaded) return;
    let current = true;
    // A transition: React renders the remote's page in short slices (a plain update would be one long task).
    const show = (next: Loaded) => current && startTransition(() => setLoaded(next));
    loadRemoteAppOnce(remote, attempt).then(
      (app) => show({ app }),
      (error: unknown) => show({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [remote, attempt, loaded]);
  if (loaded?.error) throw loaded.error;
  if (!loaded) return <Loading />;
  const App = loaded.app;
  return (
    <Suspense fallback={<Loading />}>
      <App />
      <RevealWhenPageShown />
    </Suspense>
  );
}

/**
 * Layer 3 of remote-failure handling: a render or load error stays inside this slot. A render error is reported to
 * the release's health count; when the registry then names another version (the canary was rolled back), the page
 * loads again and runs that one instead of showing the failure.
 */
class SlotErrorBoundary extends Component<{ remote: RemoteName; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    const { remote } = this.props;
    console.error(`[mfe] ${remote} failed`, error, info.componentStack);
    const version = mountedVersions.get(remote);
    if (!version || loadErrors.has(error)) return;
    void reportError(remote, version, 'render-error', error)
      .then(() => releaseChanged(remote, version))
      .then(
        (changed) => changed && reloadPage(),
        () => undefined,
      );
  }
  render() {
    return this.state.error ? (
      <>
        <RemoteUnavailable />
        <RevealWhenShown />
      </>
    ) : (
      this.props.children
    );
  }
}

/** Mounts one remote's App under the shell's router, with loading, fallback and a retry that really reloads it. */
export function RemoteSlot({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const slot = useMemo(() => ({ remote, retry }), [remote, retry]);
  return (
    <RemoteSlotContext.Provider value={slot}>
      <SlotErrorBoundary key={attempt} remote={remote}>
        <RemoteApp key={remote} remote={remote} attempt={attempt} />
      </SlotErrorBoundary>
    </RemoteSlotContext.Provider>
  );
}
