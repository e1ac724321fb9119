import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { commonTestI18n, commonTexts } from '../../../testing/common-i18n';
import { LoadFailed } from '../load-failed';
import { PageHead } from '../page-head';
import { useDebounced } from '../use-debounced';
import { useFormat } from '../use-format';

const { en, sv } = commonTexts;

const inLanguage = (lng: 'en' | 'sv') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <I18nextProvider i18n={commonTestI18n(lng)}>{children}</I18nextProvider>;
  };

describe('PageHead', () => {
  it('names the page in its h1 and the document title, with what it is for and its actions', () => {
    render(
      <PageHead title="Organisations" intro="Every organisation on the platform.">
        <button type="button">New organisation</button>
      </PageHead>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Organisations' })).toBeTruthy();
    expect(document.title).toBe('Organisations');
    expect(screen.getByText('Every organisation on the platform.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New organisation' })).toBeTruthy();
  });
});

describe('LoadFailed', () => {
  it("shows the server's message when it sent one, and Try again asks once more", () => {
    const onRetry = jest.fn();
    const error = { status: 403, data: { error: 'forbidden', message: 'Only admins may see this.' } };
    render(<LoadFailed error={error} onRetry={onRetry} />, { wrapper: inLanguage('en') });
    expect(screen.getByRole('alert').textContent).toContain('Only admins may see this.');
    fireEvent.click(screen.getByRole('button', { name: en.loadFailed.retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says the load failed in the page’s own words, not in the server’s English', () => {
    const error = { status: 403, data: { error: 'forbidden', message: 'Only admins may see this.' } };
    render(<LoadFailed error={error} onRetry={() => undefined} />, { wrapper: inLanguage('sv') });
    expect(screen.getByRole('alert').textContent).toContain(sv.loadFailed.text);
    expect(screen.getByRole('alert').textContent).not.toContain('Only admins');
  });

  it('says the load failed in the page’s language when the server said nothing', () => {
    render(<LoadFailed error={{ status: 'FETCH_ERROR' }} onRetry={() => undefined} />, { wrapper: inLanguage('sv') });
    expect(screen.getByRole('alert').textContent).toContain(sv.loadFailed.text);
    expect(screen.getByRole('button', { name: sv.loadFailed.retry })).toBeTruthy();
  });
});

describe('useFormat', () => {
  it('writes numbers with the decimal separator of the page’s language', () => {
    const english = renderHook(() => useFormat(), { wrapper: inLanguage('en') }).result.current;
    const swedish = renderHook(() => useFormat(), { wrapper: inLanguage('sv') }).result.current;
    expect([english.years(7.43), swedish.years(7.43)]).toEqual(['7.4', '7,4']);
    expect([english.tonnes(1340), swedish.tonnes(1340)]).toEqual(['1.3 t', '1,3 t']);
    expect([english.swedish, swedish.swedish]).toEqual([false, true]);
  });
});

describe('useDebounced', () => {
  afterEach(() => jest.useRealTimers());

  it('gives a new value only once it has stayed the same for the given time', () => {
    jest.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 250), { initialProps: { value: 'st' } });
    rerender({ value: 'sto' });
    act(() => void jest.advanceTimersByTime(200));
    rerender({ value: 'stor' });
    act(() => void jest.advanceTimersByTime(200));
    expect(result.current).toBe('st');
    act(() => void jest.advanceTimersByTime(50));
    expect(result.current).toBe('stor');
  });
});
