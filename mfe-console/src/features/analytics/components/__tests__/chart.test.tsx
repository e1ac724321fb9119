/** A chart loads its library and draws only when it comes near the screen; its place is held until then (chart.tsx). */
import { act, render, screen } from '@testing-library/react';
import { Chart } from '../chart';
import { markUsable } from '@home-energy/shared';
import { NEAR_SCREEN_MARGIN } from '../../lib/near-screen';

// The shared package's only use here: a drawn chart marks its page usable.
jest.mock('@home-energy/shared', () => ({ markUsable: jest.fn() }));

const mockChartLoaded = jest.fn();
jest.mock('../apex-chart', () => {
  mockChartLoaded();
  return jest.requireActual('../../../../testing/chart-stand-in');
});

/** The browser's IntersectionObserver as the test plays it: each observer, what it watches and with what margin. */
class TestIntersectionObserver {
  static all: TestIntersectionObserver[] = [];
  readonly watched: Element[] = [];
  constructor(
    private readonly report: (entries: { isIntersecting: boolean; target: Element }[]) => void,
    readonly options: { rootMargin?: string } = {},
  ) {
    TestIntersectionObserver.all.push(this);
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  disconnect() {
    this.watched.length = 0;
  }
  /** The element has come within the observer's margin of the screen (or not). */
  show(isIntersecting: boolean) {
    this.report(this.watched.map((target) => ({ isIntersecting, target })));
  }
}

const chart = (testId: string) => (
  <Chart
    testId={testId}
    title="Homes by label"
    type="bar"
    categories={['A', 'B']}
    series={[{ name: 'Homes', data: [3, 5] }]}
    format={String}
  />
);

afterEach(() => {
  TestIntersectionObserver.all = [];
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

test('a chart off the screen holds its height and loads no chart library; near the screen it draws', async () => {
  Object.assign(window, { IntersectionObserver: TestIntersectionObserver });
  render(chart('chart-labels'));
  const observer = TestIntersectionObserver.all[0]!;
  expect(observer.options.rootMargin).toBe(NEAR_SCREEN_MARGIN);
  expect(screen.getByText('Homes by label')).toBeTruthy();
  expect(screen.getByTestId('chart-skeleton').style.height).toBe('260px');

  await act(async () => observer.show(false));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(mockChartLoaded).not.toHaveBeenCalled();
  expect(screen.queryByTestId('chart-data')).toBeNull();
  expect(markUsable).not.toHaveBeenCalled();

  await act(async () => observer.show(true));
  expect((await screen.findByTestId('chart-data')).dataset.type).toBe('bar');
  // Drawn: the page it is on is usable (its first chart, unless a table came first).
  expect(markUsable).toHaveBeenCalled();
  expect(screen.getByTestId('chart-categories').textContent).toBe('A|B');
  expect(mockChartLoaded).toHaveBeenCalledTimes(1);
  expect(observer.watched).toHaveLength(0);
});

test('where the browser has no IntersectionObserver, the chart draws once the page is idle', async () => {
  render(chart('chart-series'));
  expect(screen.getByTestId('chart-skeleton')).toBeTruthy();
  expect(await screen.findByTestId('chart-data')).toBeTruthy();
});

test('a chart gone before the chart library arrived takes no turn: the next chart still draws', async () => {
  // The page is idle at once: the library starts loading as soon as a chart comes near the screen.
  const idle = (work: () => void) => (work(), 1);
  Object.assign(window, { IntersectionObserver: TestIntersectionObserver, requestIdleCallback: idle });
  try {
    const first = render(chart('chart-labels'));
    act(() => TestIntersectionObserver.all[0]!.show(true));
    first.unmount();
    render(chart('chart-series'));
    await act(async () => TestIntersectionObserver.all[1]!.show(true));
    expect(await screen.findByTestId('chart-data')).toBeTruthy();
  } finally {
    delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
  }
});
