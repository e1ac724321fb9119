import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider, useToast } from '../toasts';

function Trigger({ messages, kind }: { messages: string[]; kind?: 'info' | 'error' }) {
  const show = useToast();
  return (
    <button type="button" onClick={() => messages.forEach((message) => show(message, kind))}>
      show
    </button>
  );
}

function renderWith(messages: string[], kind?: 'info' | 'error') {
  render(
    <ToastProvider>
      <Trigger messages={messages} kind={kind} />
    </ToastProvider>,
  );
  return () => fireEvent.click(screen.getByRole('button', { name: 'show' }));
}

/** Renders a provider and returns its show function, for tests that interleave showing with the clock. */
function renderCapturing(): ReturnType<typeof useToast> {
  let show: ReturnType<typeof useToast> | undefined;
  function Capture() {
    show = useToast();
    return null;
  }
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
  return (message, kind) => show?.(message, kind);
}

const shown = () => screen.queryAllByRole('status').map((el) => el.textContent);

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
});

describe('ToastProvider / useToast', () => {
  it('shows a toast', () => {
    const click = renderWith(['Saved']);
    expect(shown()).toEqual([]);
    click();
    expect(shown()).toEqual(['Saved']);
  });

  it('shows at most 5 toasts: of 7 the first 2 are dropped', () => {
    const click = renderWith(['t1', 't2', 't3', 't4', 't5', 't6', 't7']);
    click();
    expect(shown()).toEqual(['t3', 't4', 't5', 't6', 't7']);
  });

  it('drops the oldest when a sixth toast arrives later', () => {
    const show = renderCapturing();
    act(() => ['a', 'b', 'c', 'd', 'e'].forEach((m) => show(m)));
    act(() => jest.advanceTimersByTime(1000));
    act(() => show('f'));
    expect(shown()).toEqual(['b', 'c', 'd', 'e', 'f']);
  });

  it('hides each toast after 3000 ms', () => {
    const click = renderWith(['Saved']);
    click();
    act(() => jest.advanceTimersByTime(2999));
    expect(shown()).toEqual(['Saved']);
    act(() => jest.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it('hides toasts one by one, each 3000 ms after it was shown', () => {
    const show = renderCapturing();
    act(() => show('first'));
    act(() => jest.advanceTimersByTime(1000));
    act(() => show('second'));
    act(() => jest.advanceTimersByTime(1000));
    act(() => show('third'));
    expect(shown()).toEqual(['first', 'second', 'third']);

    act(() => jest.advanceTimersByTime(1000)); // t = 3000
    expect(shown()).toEqual(['second', 'third']);
    act(() => jest.advanceTimersByTime(1000)); // t = 4000
    expect(shown()).toEqual(['third']);
    act(() => jest.advanceTimersByTime(999)); // t = 4999
    expect(shown()).toEqual(['third']);
    act(() => jest.advanceTimersByTime(1)); // t = 5000
    expect(shown()).toEqual([]);
  });

  it('a dropped toast does not take a newer one with it when its timer fires', () => {
    const show = renderCapturing();
    act(() => ['1', '2', '3', '4', '5', '6', '7'].forEach((m) => show(m)));
    act(() => jest.advanceTimersByTime(2000));
    act(() => show('late'));
    expect(shown()).toEqual(['4', '5', '6', '7', 'late']);
    act(() => jest.advanceTimersByTime(1000)); // the first seven expire
    expect(shown()).toEqual(['late']);
    act(() => jest.advanceTimersByTime(2000));
    expect(shown()).toEqual([]);
  });

  it('marks error toasts', () => {
    const click = renderWith(['Could not save'], 'error');
    click();
    expect(screen.getByRole('status').className).toContain('he-toast--error');
  });

  it('shows info toasts by default', () => {
    const click = renderWith(['Saved']);
    click();
    expect(screen.getByRole('status').className).not.toContain('he-toast--error');
  });

  it('announces toasts politely', () => {
    renderWith(['Saved'])();
    expect(screen.getByRole('status').closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
  });

  it('useToast outside the provider throws a clear error', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Orphan() {
      useToast();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useToast must be used inside <ToastProvider>');
    spy.mockRestore();
  });
});
