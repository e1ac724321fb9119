import { registerPlugins } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_FILE_TIMEOUT_MS } from '@home-energy/shared/mfe/load-timeout';

/** A remote's file that did not arrive in time; the message names a timeout so the health report classes it so. */
export class RemoteFileTimeoutError extends Error {
  constructor(what: string, timeoutMs: number) {
    super(`${what} timed out after ${timeoutMs} ms`);
    this.name = 'RemoteFileTimeoutError';
  }
}

function withDeadline<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteFileTimeoutError(what, timeoutMs)), timeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** A script element as the federation runtime makes one (@module-federation/sdk createScript). */
function scriptElement(url: string, attrs: Record<string, unknown>): HTMLScriptElement {
  const script = document.createElement('script');
  script.type = attrs.type === 'module' ? 'module' : 'text/javascript';
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'async' || name === 'defer') script[name] = Boolean(value);
    else if (!script.hasAttribute(name)) script.setAttribute(name, String(value));
  }
  script.src = url;
  return script;
}

/**
 * Each step of loading a remote fails at once when its answer is final (an error status, a refused connection, a
 * script that does not run) and after `timeoutMs` when no answer comes; nothing is retried, since the slot's "Try
 * again" asks anew at once. Through the federation runtime's own hooks, so the preloads and loadRemote share them.
 */
export function loadDeadlinePlugin(timeoutMs = REMOTE_FILE_TIMEOUT_MS): ModuleFederationRuntimePlugin {
  return {
    name: 'home-energy-remote-load-deadline',
    // mf-manifest.json: an error status is final (the runtime would otherwise try to read its body as a manifest).
    async fetch(url, init) {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }).catch((error: unknown) => {
        throw error instanceof DOMException && error.name === 'TimeoutError'
          ? new RemoteFileTimeoutError(url, timeoutMs)
          : error;
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response;
    },
    // remoteEntry.js (and any script a preload makes): the runtime takes our element with a time limit, so the element
    // gets the attributes the runtime asks for (fetchpriority) as the runtime's own would.
    createScript({ url, attrs = {} }) {
      return { script: scriptElement(url, attrs), timeout: timeoutMs };
    },
    // The App's chunks and styles, loaded by the remote's own webpack runtime (which waits up to 120 s).
    getModuleFactory({ remoteEntryExports, expose, moduleInfo }) {
      // A container's get answers a promise of the factory (the runtime awaits it), whatever its type says.
      const factory = Promise.resolve(remoteEntryExports.get(expose));
      return withDeadline(factory, timeoutMs, `${moduleInfo.name}/${expose.replace(/^\.\//, '')}`);
    },
  };
}

/**
 * Registered before the page's remote is first asked for (index.ts, before the registry request): the preload starts
 * the manifest and entry requests that loadRemote later waits on, so they must carry the deadline from the start.
 */
export function installLoadDeadline(): void {
  registerPlugins([loadDeadlinePlugin()]);
}
