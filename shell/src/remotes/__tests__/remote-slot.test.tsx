import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import common from '@home-energy/shared/locales/en/common.json';
import type { RemoteName } from '@home-energy/shared';

/** Node's TextEncoder/TextDecoder (shell's tsconfig has no node types, the DOM types describe them). */
function nodeUtil() {
  const { TextEncoder, TextDecoder } =
    jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('node:util');
  return { TextEncoder, TextDecoder };
}

// The federation runtime is replaced; the wrappers defer to the mock functions so that every fresh module
// registry (see beforeEach) sees the same ones.
const mockLoadRemote = jest.fn();
const mockRegisterRemotes = jest.fn();
const mockRegisterPlugins = jest.fn();
const mockReloadPage = jest.fn();
jest.mock('../reload-page', () => ({ reloadPage: () => mockReloadPage() }));
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => mockLoadRemote(...args),
  registerRemotes: (...args: unknown[]) => mockRegisterRemotes(...args),
  registerPlugins: (...args: unknown[]) => mockRegisterPlugins(...args),
}));

// registry.ts caches the fetched registry in module state, so each test loads remote-slot (and registry) anew.
// React and react-i18next must stay the instances this file renders with, or hooks and context would not match.
const outer = {
  react: jest.requireActual<object>('react'),
  jsxRuntime: jest.requireActual<object>('react/jsx-runtime'),
  jsxDevRuntime: jest.requireActual<object>('react/jsx-dev-runtime'),
  reactI18next: jest.requireActual<object>('react-i18next'),
};

// jsdom lacks TextEncoder, which react-router (imported through @home-energy/shared) needs at load time.
Object.assign(globalThis, nodeUtil());

const ENTRY = 'http://x/mfe/mfe-results/1.0.0-abc/mf-manifest.json';
const REGISTRY = { remotes: [{ name: 'mfe_results', package: 'mfe-results', version: '1.0.0-abc', entry: ENTRY }] };

type FetchAnswer = { status: number; body: unknown };
let fetchAnswers: FetchAnswer[];
const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => {
  const answer = fetchAnswers.length > 1 ? fetchAnswers.shift()! : fetchAnswers[0];
  return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, json: async () => answer.body };
});

let beacons: unknown[];

function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

async function renderPage(remote: RemoteName = 'mfe_results') {
  const { RemoteSlot } = await import('../remote-slot');
  const page = (
    <I18nextProvider i18n={createI18n()}>
      <header>Shell header</header>
      <main>
        <RemoteSlot remote={remote} />
      </main>
      <footer>Shell footer</footer>
    </I18nextProvider>
  );
  await act(async () => {
    render(page);
  });
}

const ok = (text: string) => ({ __esModule: true, default: () => <p>{text}</p> });

function Crashing(): ReactNode {
  throw new Error('render failed');
}

async function expectUnavailable() {
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain(common.remote.unavailableTitle);
  expect(alert.textContent).toContain(common.remote.unavailableText);
  return alert;
}

let consoleError: jest.SpyInstance;
let consoleWarn: jest.SpyInstance;

beforeEach(() => {
  jest.resetModules();
  jest.doMock('react', () => outer.react);
  jest.doMock('react/jsx-runtime', () => outer.jsxRuntime);
  jest.doMock('react/jsx-dev-runtime', () => outer.jsxDevRuntime);
  jest.doMock('react-i18next', () => outer.reactI18next);
  mockLoadRemote.mockReset();
  mockRegisterRemotes.mockReset();
  mockRegisterPlugins.mockReset();
  mockReloadPage.mockReset();
  fetchMock.mockClear();
  fetchAnswers = [{ status: 200, body: REGISTRY }];
  beacons = [];
  sessionStorage.clear();
  // Health beacons (release-beacon.ts) are collected apart; fetchMock sees the registry requests only.
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    if (url === '/api/mfe/beacon') {
      beacons.push(JSON.parse(String(init?.body)));
      return { ok: true, status: 204 };
    }
    return fetchMock(url, init);
  }) as unknown as typeof fetch;
  // Expected errors (caught render errors, React's own reporting) would otherwise flood the output.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  consoleError.mockRestore();
  consoleWarn.mockRestore();
});

describe('RemoteSlot', () => {
  it('loads the remote registered from the registry and renders its App', async () => {
    mockLoadRemote.mockResolvedValue(ok('remote ok'));
    await renderPage();

    expect(await screen.findByText('remote ok')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/mfe/registry');
    expect(mockRegisterRemotes).toHaveBeenCalledWith([{ name: 'mfe_results', entry: ENTRY }]);
    expect(mockLoadRemote).toHaveBeenCalledTimes(1);
    expect(mockLoadRemote).toHaveBeenCalledWith('mfe_results/App');
  });

  it('shows the loading indicator while the remote loads', async () => {
    let resolve!: (module: unknown) => void;
    mockLoadRemote.mockReturnValue(new Promise((r) => (resolve = r)));
    await renderPage();

    expect(screen.getByRole('status').textContent).toBe(common.loading);
    await act(async () => resolve(ok('remote ok')));
    expect(await screen.findByText('remote ok')).toBeTruthy();
    expect(screen.queryByText(common.loading)).toBeNull();
  });

  it('loads the remote once under StrictMode, whose effects run twice in development', async () => {
    mockLoadRemote.mockResolvedValue(ok('remote ok'));
    const { RemoteSlot } = await import('../remote-slot');
    render(
      <StrictMode>
        <I18nextProvider i18n={createI18n()}>
          <RemoteSlot remote="mfe_results" />
        </I18nextProvider>
      </StrictMode>,
    );
    expect(await screen.findByText('remote ok')).toBeTruthy();
    expect(mockLoadRemote).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("removes the static first paint in the commit showing the remote's page, before the page's effects", async () => {
    const firstPaint = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'first-paint' }));
    const container = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
    const seenByPage: boolean[] = [];
    function Page() {
      useEffect(() => void seenByPage.push(document.getElementById('first-paint') !== null), []);
      return <h1>Your home</h1>;
    }
    mockLoadRemote.mockResolvedValue({ __esModule: true, default: Page });
    const { RemoteSlot } = await import('../remote-slot');
    await act(async () => {
      render(
        <I18nextProvider i18n={createI18n()}>
          <RemoteSlot remote="mfe_results" />
        </I18nextProvider>,
        { container },
      );
    });
    expect(await screen.findByRole('heading', { name: 'Your home' })).toBeTruthy();
    expect(firstPaint.isConnected).toBe(false);
    expect(seenByPage).toEqual([false]);
    container.remove();
  });

  it('renders a remote mounted again (after a navigation) at once, without a loading step', async () => {
    mockLoadRemote.mockResolvedValue(ok('remote ok'));
    const { RemoteSlot } = await import('../remote-slot');
    const first = render(
      <I18nextProvider i18n={createI18n()}>
        <RemoteSlot remote="mfe_results" />
      </I18nextProvider>,
    );
    expect(await screen.findByText('remote ok')).toBeTruthy();
    first.unmount();

    // Rendered and checked within one synchronous act: no promise may settle in between.
    act(() => {
      render(
        <I18nextProvider i18n={createI18n()}>
          <RemoteSlot remote="mfe_results" />
        </I18nextProvider>,
      );
    });
    expect(screen.getByText('remote ok')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(mockLoadRemote).toHaveBeenCalledTimes(1);
  });

  it('contains a render error in the slot and recovers on Try again', async () => {
    mockLoadRemote
      .mockResolvedValueOnce({ __esModule: true, default: Crashing })
      .mockResolvedValueOnce(ok('remote ok'));
    await renderPage();

    await expectUnavailable();
    // The rest of the page still renders.
    expect(screen.getByText('Shell header')).toBeTruthy();
    expect(screen.getByText('Shell footer')).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith('[mfe] mfe_results failed', expect.any(Error), expect.anything());

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: common.remote.retry }));
    });

    expect(await screen.findByText('remote ok')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mockLoadRemote).toHaveBeenCalledTimes(2);
    // After the error the registry is asked whether the release changed; the retry forgets it and re-registers the
    // remote so its container is fetched anew.
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(mockRegisterRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_results', entry: ENTRY }], { force: true });
    expect(screen.getByText('Shell header')).toBeTruthy();
  });

  it('reports the release it loaded, once per tab session', async () => {
    mockLoadRemote.mockResolvedValue(ok('remote ok'));
    await renderPage();
    expect(await screen.findByText('remote ok')).toBeTruthy();
    await waitFor(() => expect(beacons).toEqual([{ kind: 'loaded', remote: 'mfe-results', version: '1.0.0-abc' }]));

    jest.resetModules();
    await renderPage();
    await waitFor(() => expect(screen.getAllByText('remote ok')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(beacons).toHaveLength(1);
  });

  it('reports a render error by its class only; when the registry names another release, loads again', async () => {
    const previous = 'http://x/mfe/mfe-results/0.9.0-old/mf-manifest.json';
    fetchAnswers = [
      { status: 200, body: REGISTRY },
      {
        status: 200,
        body: { remotes: [{ name: 'mfe_results', package: 'mfe-results', version: '0.9.0-old', entry: previous }] },
      },
    ];
    function CrashingCanary(): ReactNode {
      throw new TypeError("Cannot read properties of undefined (reading 'name')");
    }
    mockLoadRemote.mockResolvedValue({ __esModule: true, default: CrashingCanary });
    await renderPage();

    await waitFor(() => expect(mockReloadPage).toHaveBeenCalledTimes(1));
    expect(beacons).toEqual([
      { kind: 'loaded', remote: 'mfe-results', version: '1.0.0-abc' },
      { kind: 'render-error', remote: 'mfe-results', version: '1.0.0-abc', errorClass: 'type' },
    ]);
  });

  it('stays on the failure panel, not loading again, while the registry names the release that threw', async () => {
    mockLoadRemote.mockResolvedValue({ __esModule: true, default: Crashing });
    await renderPage();
    await expectUnavailable();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(beacons).toEqual([
      { kind: 'loaded', remote: 'mfe-results', version: '1.0.0-abc' },
      { kind: 'render-error', remote: 'mfe-results', version: '1.0.0-abc', errorClass: 'other' },
    ]);
    expect(mockReloadPage).not.toHaveBeenCalled();
  });

  it('reports a load failure as a load error, not a render error', async () => {
    mockLoadRemote.mockRejectedValue(new Error('[ Federation Runtime ]: RUNTIME-008 Failed to fetch remoteEntry'));
    await renderPage();
    await expectUnavailable();
    expect(beacons).toEqual([
      { kind: 'load-error', remote: 'mfe-results', version: '1.0.0-abc', errorClass: 'network' },
    ]);
  });

  it('keeps showing the panel when the retry fails as well', async () => {
    mockLoadRemote.mockResolvedValue({ __esModule: true, default: Crashing });
    await renderPage();
    await expectUnavailable();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: common.remote.retry }));
    });
    await waitFor(() => expect(mockLoadRemote).toHaveBeenCalledTimes(2));
    await expectUnavailable();
    expect(screen.getByRole('button', { name: common.remote.retry })).toBeTruthy();
  });

  it('shows the unavailable panel when the registry has no entry for the remote', async () => {
    fetchAnswers = [{ status: 200, body: { remotes: [] } }];
    mockLoadRemote.mockResolvedValue(ok('remote ok'));
    await renderPage();

    await expectUnavailable();
    expect(screen.getByRole('button', { name: common.remote.retry })).toBeTruthy();
    expect(mockLoadRemote).not.toHaveBeenCalled();
    expect(screen.getByText('Shell footer')).toBeTruthy();
  });

  it('shows the unavailable panel for a remote the registry does not list while others are released', async () => {
    mockLoadRemote.mockResolvedValue(ok('remote ok'));
    await renderPage('mfe_flow');

    await expectUnavailable();
    expect(mockLoadRemote).not.toHaveBeenCalled();
  });

  it('shows the panel when the registry cannot be fetched, and asks again on Try again', async () => {
    fetchAnswers = [
      { status: 503, body: {} },
      { status: 200, body: REGISTRY },
    ];
    mockLoadRemote.mockResolvedValue(ok('remote ok'));
    await renderPage();

    await expectUnavailable();
    expect(mockLoadRemote).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: common.remote.retry }));
    });
    expect(await screen.findByText('remote ok')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the panel when loading the remote fails', async () => {
    mockLoadRemote.mockRejectedValue(new Error('manifest 404'));
    await renderPage();
    await expectUnavailable();
    expect(screen.getByText('Shell header')).toBeTruthy();
  });

  it('shows the panel when the remote module has no default export', async () => {
    mockLoadRemote.mockResolvedValue({ __esModule: true });
    await renderPage();
    await expectUnavailable();
  });
});
