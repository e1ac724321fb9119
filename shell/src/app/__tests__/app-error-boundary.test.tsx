import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import common from '@home-energy/shared/locales/en/common.json';

/** Node's TextEncoder/TextDecoder (shell's tsconfig has no node types, the DOM types describe them). */
function nodeUtil() {
  const { TextEncoder, TextDecoder } =
    jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('node:util');
  return { TextEncoder, TextDecoder };
}

let AppErrorBoundary: typeof import('../app-error-boundary').AppErrorBoundary;
beforeAll(async () => {
  // jsdom lacks TextEncoder (react-router needs it at load time) and fetch (RTK Query warns at load time); both
  // are loaded through @home-energy/shared, so the boundary is imported once they exist.
  Object.assign(globalThis, { ...nodeUtil(), fetch: jest.fn() });
  ({ AppErrorBoundary } = await import('../app-error-boundary'));
});

function Crashing(): ReactNode {
  throw new Error('boom');
}

it('shows the full-page error view with code CLIENT_SIDE when the app fails to render', () => {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'en', ns: ['common'], defaultNS: 'common', resources: { en: { common } }, initAsync: false });
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    render(
      <I18nextProvider i18n={i18n}>
        <AppErrorBoundary>
          <p>app content</p>
          <Crashing />
        </AppErrorBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: common.error.title })).toBeTruthy();
    expect(screen.getByText(`${common.error.code} CLIENT_SIDE`)).toBeTruthy();
    expect(screen.getByRole('button', { name: common.reload })).toBeTruthy();
    expect(screen.queryByText('app content')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith('[shell] render error', expect.any(Error), expect.anything());
  } finally {
    consoleError.mockRestore();
  }
});

it('renders its children when nothing fails', () => {
  render(
    <AppErrorBoundary>
      <p>app content</p>
    </AppErrorBoundary>,
  );
  expect(screen.getByText('app content')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});
