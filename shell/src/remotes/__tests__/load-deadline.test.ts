import type { RemoteEntryExports, RemoteInfo } from '@module-federation/runtime/types';
import { loadDeadlinePlugin, RemoteFileTimeoutError } from '../load-deadline';

// A short deadline keeps the tests quick; the product's figure is REMOTE_FILE_TIMEOUT_MS.
const DEADLINE_MS = 40;
const MANIFEST = 'http://x/mfe/mfe-admin/1.0.0-abc/mf-manifest.json';
const plugin = loadDeadlinePlugin(DEADLINE_MS);

/** A fetch that answers `answer`, or (none) never answers until its request is aborted, as a browser's does. */
function installFetch(answer?: () => Promise<Response>) {
  const calls: RequestInit[] = [];
  globalThis.fetch = jest.fn((_url: unknown, init: RequestInit = {}) => {
    calls.push(init);
    if (answer) return answer();
    return new Promise<Response>((_, reject) =>
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
    );
  }) as unknown as typeof fetch;
  return calls;
}

const fetchManifest = () => plugin.fetch!(MANIFEST, {}) as Promise<Response>;

describe('the deadline on loading a remote', () => {
  it('fails a manifest answered with an error status at once, asking once', async () => {
    const calls = installFetch(async () => ({ ok: false, status: 503 }) as Response);
    await expect(fetchManifest()).rejects.toThrow(`${MANIFEST} answered 503`);
    expect(calls).toHaveLength(1);
  });

  it('passes on a refused connection as it is, asking once', async () => {
    const calls = installFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchManifest()).rejects.toThrow('Failed to fetch');
    expect(calls).toHaveLength(1);
  });

  it('hands on a manifest that arrives in time', async () => {
    const response = { ok: true, status: 200 } as Response;
    installFetch(async () => response);
    await expect(fetchManifest()).resolves.toBe(response);
  });

  it('gives up on a manifest that never arrives after the deadline, as a timeout', async () => {
    const calls = installFetch();
    const started = Date.now();
    const failure = await fetchManifest().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RemoteFileTimeoutError);
    expect((failure as Error).message).toBe(`${MANIFEST} timed out after ${DEADLINE_MS} ms`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(calls[0]!.signal!.aborted).toBe(true);
  });

  it("gives the runtime's scripts the deadline, with the attributes the runtime asked for", () => {
    const url = 'http://x/mfe/mfe-admin/1.0.0-abc/remoteEntry.js';
    const made = plugin.createScript!({ url, attrs: { fetchpriority: 'high' } }) as {
      script: HTMLScriptElement;
      timeout: number;
    };
    expect(made.timeout).toBe(DEADLINE_MS);
    expect(made.script.src).toBe(url);
    expect(made.script.type).toBe('text/javascript');
    expect(made.script.getAttribute('fetchpriority')).toBe('high');
    const esm = plugin.createScript!({ url, attrs: { type: 'module', async: true } }) as { script: HTMLScriptElement };
    expect([esm.script.type, esm.script.async]).toEqual(['module', true]);
  });

  const remote = { name: 'mfe_admin' } as RemoteInfo;
  const container = (get: () => Promise<unknown>) => ({ get }) as unknown as RemoteEntryExports;

  it("hands on the App's factory when its files arrive in time", async () => {
    const factory = () => ({ default: 'App' });
    const got = plugin.getModuleFactory!({
      remoteEntryExports: container(async () => factory),
      expose: './App',
      moduleInfo: remote,
    });
    await expect(got).resolves.toBe(factory);
  });

  it("gives up on the App's files after the deadline, naming the remote's module", async () => {
    const got = plugin.getModuleFactory!({
      remoteEntryExports: container(() => new Promise(() => undefined)),
      expose: './App',
      moduleInfo: remote,
    });
    await expect(got).rejects.toThrow(new RemoteFileTimeoutError('mfe_admin/App', DEADLINE_MS));
  });
});
