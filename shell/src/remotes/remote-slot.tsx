import { Component, lazy, Suspense, useCallback, useEffect, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { Loading, type RemoteName } from '@home-energy/shared';
import { ensureRemotesRegistered, RemoteNotReleasedError, resetRemote } from './registry';
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
 * reveals the app when the remote's page shows its heading (not while the remote still shows a spinner).
 */
function RevealWhenPageShown() {
  useEffect(() => revealWhenHeadingShown(), []);
  return null;
}

function lazyRemoteApp(remote: RemoteName, attempt: number) {
  return lazy(async () => {
    if (attempt > 0) await resetRemote(remote);
    const registry = await ensureRemotesRegistered();
    if (!registry.remotes.some((r) => r.name === remote)) throw new RemoteNotReleasedError(remote);
    const module = await loadRemote<{ default: ComponentType }>(`${remote}/App`);
    if (!module?.default) throw new Error(`${remote}/App has no default export`);
    return module;
  });
}

/** Layer 3 of remote-failure handling: a render or load error stays inside this slot. */
class SlotErrorBoundary extends Component<{ remote: RemoteName; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[mfe] ${this.props.remote} failed`, error, info.componentStack);
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
  const RemoteApp = useMemo(() => lazyRemoteApp(remote, attempt), [remote, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const slot = useMemo(() => ({ remote, retry }), [remote, retry]);
  return (
    <RemoteSlotContext.Provider value={slot}>
      <SlotErrorBoundary key={attempt} remote={remote}>
        <Suspense fallback={<Loading />}>
          <RemoteApp />
          <RevealWhenPageShown />
        </Suspense>
      </SlotErrorBoundary>
    </RemoteSlotContext.Provider>
  );
}
