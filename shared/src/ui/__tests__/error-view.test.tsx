import { fireEvent, render, screen } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import en from '../../../locales/en/common.json';
import sv from '../../../locales/sv/common.json';
import { ErrorView } from '../error-view';

function createI18n(lng: 'en' | 'sv' = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: en }, sv: { common: sv } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

function renderErrorView(ui: React.ReactElement, i18n: I18n = createI18n()) {
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

beforeEach(() => {
  document.title = 'before';
  window.history.replaceState(null, '', '/');
});

describe('ErrorView', () => {
  it('shows the given title and secondary title and sets the document title', () => {
    renderErrorView(<ErrorView title="Payment failed" secondaryTitle="Your card was declined." code="PAY_402" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    expect(document.title).toBe('Payment failed');
  });

  it("shows the line 'error code <CODE>'", () => {
    renderErrorView(<ErrorView title="Payment failed" code="PAY_402" />);
    expect(screen.getByText('error code PAY_402')).toBeTruthy();
  });

  it('is announced as an alert', () => {
    renderErrorView(<ErrorView code="X" />);
    expect(screen.getByRole('alert').textContent).toContain('error code X');
  });

  it('uses the translated default texts when no title is given', () => {
    renderErrorView(<ErrorView code="SERVER_500" />);
    expect(screen.getByRole('heading', { level: 1, name: en.error.title })).toBeTruthy();
    expect(screen.getByText(en.error.secondaryTitle)).toBeTruthy();
    expect(document.title).toBe(en.error.title);
  });

  it('shows the CLIENT_SIDE code with the default texts and a Reload button', () => {
    renderErrorView(<ErrorView code="CLIENT_SIDE" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('We could not show this page. Reload to try again.')).toBeTruthy();
    expect(screen.getByText('error code CLIENT_SIDE')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(document.title).toBe('Something went wrong');
  });

  it('takes its texts from the active language', () => {
    renderErrorView(<ErrorView code="CLIENT_SIDE" />, createI18n('sv'));
    expect(screen.getByRole('heading', { level: 1, name: sv.error.title })).toBeTruthy();
    expect(screen.getByText(`${sv.error.code} CLIENT_SIDE`)).toBeTruthy();
    expect(screen.getByRole('button', { name: sv.reload })).toBeTruthy();
    expect(document.title).toBe(sv.error.title);
  });

  it('falls back to English texts when the translations are not loaded', () => {
    renderErrorView(<ErrorView code="CLIENT_SIDE" />, i18next.createInstance()); // never initialised
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('error code CLIENT_SIDE')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(document.title).toBe('Something went wrong');
  });

  it('updates the document title when the title changes', () => {
    const i18n = createI18n();
    const { rerender } = renderErrorView(<ErrorView title="First" code="A" />, i18n);
    expect(document.title).toBe('First');
    rerender(
      <I18nextProvider i18n={i18n}>
        <ErrorView title="Second" code="A" />
      </I18nextProvider>,
    );
    expect(document.title).toBe('Second');
  });

  it("Reload sends the browser to '/'", () => {
    // jsdom 26 makes window.location and location.assign non-configurable, so neither can be replaced by a stub.
    // jsdom does perform navigations that differ from the current URL only in the fragment, so start at '/#error':
    // only a navigation to exactly '/' leaves the browser at http://localhost/ (a reload or any other path would
    // be a cross-document navigation, which jsdom does not perform, and the URL would stay unchanged).
    window.history.replaceState(null, '', '/#error');
    expect(window.location.href).toBe('http://localhost/#error');
    renderErrorView(<ErrorView code="CLIENT_SIDE" />);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(window.location.href).toBe('http://localhost/');
  });
});
