import { registerPlugins } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailable } from './remote-unavailable';

/**
 * Layer 1 of remote-failure handling: when a remote's manifest, entry or module cannot be loaded, loadRemote
 * resolves to a module whose component says so (with a retry button) instead of rejecting. Layer 2, how soon a load
 * counts as failed, is load-deadline.ts.
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
  registerPlugins([fallbackPlugin()]);
}
