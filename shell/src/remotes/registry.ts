import { registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRegistry, type Registry, type RemoteName } from '@home-energy/shared';
import { takeRegistryResponse } from './registry-request';

let registered: Promise<Registry> | null = null;
// The registry last answered, and who wants to hear of the next answer (the shell's routes: use-active-releases.ts).
let latest: Registry | null = null;
const listeners = new Set<(registry: Registry) => void>();

/** The registry's last answer on this page, if it answered. */
export const latestRegistry = (): Registry | null => latest;

/** Calls `listener` with every later answer of the registry (a retry's, a rollback's); returns the unsubscriber. */
export function onRegistry(listener: (registry: Registry) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function fetchRegistry(): Promise<Registry> {
  const res = await takeRegistryResponse();
  if (!res.ok) throw new Error(`registry answered ${res.status}`);
  // Each remote's entry is checked on its own: one bad release makes only its remote unavailable
  // (docs/releases.md "Registry").
  const { registry, refused } = parseRegistry(await res.json());
  for (const entry of refused)
    console.warn(`The registry's entry ${entry.name ?? `#${entry.index}`} is left out: ${entry.problem}`);
  // Remote URLs exist only at run time: the BFF's registry names each remote's active release.
  registerRemotes(registry.remotes.map((remote) => ({ name: remote.name, entry: remote.entry })));
  latest = registry;
  for (const listener of listeners) listener(registry);
  return registry;
}

/** Fetches and registers the remotes once; a failure is forgotten so the next slot (or a retry) asks again. */
export function ensureRemotesRegistered(): Promise<Registry> {
  registered ??= fetchRegistry().catch((error: unknown) => {
    registered = null;
    throw error;
  });
  return registered;
}

export class RemoteNotReleasedError extends Error {
  constructor(readonly remote: RemoteName) {
    super(`No active release of ${remote}`);
  }
}

/** Before a user-triggered retry: forget the registry and any failed container so everything is fetched anew. */
export async function resetRemote(remote: RemoteName): Promise<void> {
  registered = null;
  const registry = await ensureRemotesRegistered();
  const entry = registry.remotes.find((r) => r.name === remote);
  if (entry) registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
}

/** After a release failed here: whether the registry now names another version (a rollback), asked anew. */
export async function releaseChanged(remote: RemoteName, failedVersion: string): Promise<boolean> {
  registered = null;
  const registry = await ensureRemotesRegistered();
  const entry = registry.remotes.find((r) => r.name === remote);
  return !!entry && entry.version !== failedVersion;
}
