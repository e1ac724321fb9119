import { registerPlugins } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailable } from './remote-unavailable';

/**
 * Layer 1 of remote-failure handling: when a remote's manifest, entry or module cannot be loaded, loadRemote
 * resolves to a module whose component says so (with a retry button) instead of rejecting.
 */
export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'home-energy-remote-fallback',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined; // manifest failures surface again at onLoad
      console.warn(`[mfe] ${args.id} could not be loaded`, args.error);
      const fallbackModule = { __esModule: true, default: RemoteUnavailable };
      return args.from === 'build' ? () => fallbackModule : fallbackModule;
    },
  };
}

export function installFederationPlugins(): void {
  registerPlugins([
    // Layer 2: transient network failures are retried before anyone sees a fallback.
    RetryPlugin({
      fetch: { retryTimes: 2, retryDelay: 400 },
      script: { retryTimes: 2, retryDelay: 400 },
    }),
    fallbackPlugin(),
  ]);
}
