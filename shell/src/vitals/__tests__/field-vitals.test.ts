import type { Metric } from 'web-vitals';
import type { VitalsReport } from '@home-energy/shared/mfe/vitals';
import { vitalsReportSchema, USABLE_MARK } from '@home-energy/shared/mfe/vitals';
import type * as RouteRemotes from '../../remotes/route-remotes';
import { REGISTRY_WITH_PAGES } from '../../remotes/__tests__/registry-with-pages';
import { FieldVitals, startFieldVitals } from '../field-vitals';

// jsdom lacks TextEncoder, which react-router needs at load time: set it before loading anything that imports it.
const { TextEncoder, TextDecoder } =
  jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
let pageForPath: typeof RouteRemotes.pageForPath;
beforeAll(async () => {
  ({ pageForPath } = await import('../../remotes/route-remotes'));
});

type Handler = (metric: Metric) => void;

/** web-vitals as the test drives it: each on* keeps its callback, `emit` reports a value. */
function fakeWebVitals() {
  const handlers: Record<string, Handler> = {};
  // Each on* takes the callback of its own metric type; the test hands every one a plain Metric.
  const on =
    (name: string) =>
    (cb: (metric: never) => void): void => {
      handlers[name] = cb as Handler;
    };
  return {
    module: { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS'), onTTFB: on('TTFB') },
    emit: (name: string, value: number) => handlers[name]!({ name, value } as Metric),
  };
}

const versions: Record<string, string> = { mfe_flow: '0.1.0-flow', mfe_results: '0.1.0-results' };
/** The remote and the pattern of a path, by the registry's routes (remotes/route-remotes.ts). */
const pageOf = (path: string) => pageForPath(REGISTRY_WITH_PAGES, path);
const mark = (startTime: number, path?: string) => ({
  name: USABLE_MARK,
  startTime,
  detail: path === undefined ? null : { path },
});

function vitals() {
  const sent: VitalsReport[] = [];
  const web = fakeWebVitals();
  const field = new FieldVitals({
    versionOf: (remote) => versions[remote],
    pageOf,
    send: (report) => sent.push(report),
    webVitals: async () => web.module,
  });
  return { field, sent, web };
}

beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
});

describe('field vitals', () => {
  it('reports the page load: usable from its mark, the web vitals, its pattern and the mounted release', async () => {
    const { field, sent, web } = vitals();
    field.start('/property/42/building/primary/results-dashboard');
    await field.watchVitals();
    field.usable(mark(1830.4, '/property/42/building/primary/results-dashboard'));
    web.emit('LCP', 1200);
    web.emit('TTFB', 95);
    web.emit('CLS', 0.004);
    web.emit('INP', 64);
    field.flush();
    expect(sent).toEqual([
      {
        device: 'phone',
        views: [
          {
            route: '/property/:id/building/:building/results-dashboard',
            remote: 'mfe-results',
            version: '0.1.0-results',
            navigation: 'load',
            usable: 1830.4,
            lcp: 1200,
            ttfb: 95,
            cls: 0.004,
            inp: 64,
          },
        ],
      },
    ]);
    // What the BFF accepts: nothing in it names the home (42) or anything else about the user.
    expect(vitalsReportSchema.safeParse(sent[0]).success).toBe(true);
    expect(JSON.stringify(sent)).not.toContain('42');
  });

  it('times a navigation inside the app from the router change to its page’s mark, and sends each figure once', () => {
    const { field, sent } = vitals();
    field.start('/');
    field.usable(mark(900, '/'));
    field.navigated('/flow/property/7/questions', 5000);
    // A late mark of the page left behind does not count for the new one.
    field.usable(mark(5100, '/'));
    field.usable(mark(5650, '/flow/property/7/questions'));
    field.usable(mark(6000, '/flow/property/7/questions'));
    field.flush();
    expect(sent[0]!.views).toEqual([
      { route: '/', remote: 'mfe-flow', version: '0.1.0-flow', navigation: 'load', usable: 900 },
      {
        route: '/flow/property/:propertyId/questions',
        remote: 'mfe-flow',
        version: '0.1.0-flow',
        navigation: 'route',
        usable: 650,
      },
    ]);
    field.flush();
    expect(sent).toHaveLength(1);
  });

  it('waits for a figure it does not have yet, and leaves out pages of a remote that never mounted', () => {
    const { field, sent } = vitals();
    field.start('/console/org/demo-bank/activities');
    field.flush();
    expect(sent).toEqual([]);
    field.usable(mark(2400, '/console/org/demo-bank/activities'));
    field.flush();
    // mfe-console has no mounted version in this test: nothing to say about it.
    expect(sent).toEqual([]);
  });

  it("names a view by the route its remote's table took: no route's, or one too deep, is the other route", () => {
    const sent: VitalsReport[] = [];
    const deep = '/flow/a/b/c/d/e/f/g/h';
    const field = new FieldVitals({
      versionOf: (remote) => `0.1.0-${remote.slice(4)}`,
      pageOf: (path) => (path === deep ? { remote: 'mfe_flow', route: deep } : pageOf(path)),
      send: (report) => sent.push(report),
    });
    field.start('/console/org/demo-bank/property_lookup');
    field.usable(mark(1200, '/console/org/demo-bank/property_lookup'));
    field.navigated('/console/org/demo-bank/properties/42', 2000);
    field.usable(mark(2300, '/console/org/demo-bank/properties/42'));
    field.navigated(deep, 3000);
    field.usable(mark(3400, deep));
    field.flush();
    expect(sent[0]!.views.map((v) => [v.remote, v.version, v.route, v.usable])).toEqual([
      ['mfe-console', '0.1.0-console', '/console/org/:org/property_lookup', 1200],
      ['mfe-console', '0.1.0-console', '/:other', 300],
      ['mfe-flow', '0.1.0-flow', '/:other', 400],
    ]);
    expect(vitalsReportSchema.safeParse(sent[0]).success).toBe(true);
    expect(JSON.stringify(sent)).not.toMatch(/demo-bank|42/);
  });

  it('is a desktop past 767 px and names the connection where the browser tells', () => {
    const { field, sent } = vitals();
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '3g' }, configurable: true });
    field.start('/');
    field.usable(mark(700));
    field.flush();
    expect(sent[0]).toMatchObject({ device: 'desktop', connection: '3g' });
    Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
  });

  it('keeps eight views at most, dropping navigations already sent first', () => {
    const { field, sent } = vitals();
    field.start('/');
    for (let i = 1; i <= 12; i++) {
      field.navigated(i % 2 ? '/flow/profile' : '/', i * 1000);
      field.usable(mark(i * 1000 + 100, i % 2 ? '/flow/profile' : '/'));
      if (i === 6) field.flush();
    }
    field.flush();
    expect(sent).toHaveLength(2);
    for (const report of sent) expect(vitalsReportSchema.safeParse(report).success).toBe(true);
    expect(sent[1]!.views.length).toBeLessThanOrEqual(8);
    expect(sent[1]!.views.map((v) => v.usable)).toEqual([100, 100, 100, 100, 100, 100]);
  });

  it('sends on the tab being hidden', () => {
    const { field, sent } = vitals();
    field.start('/');
    field.usable(mark(500));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toHaveLength(1);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('reports for the sampled share of page loads only: the first page load in the sample starts it', async () => {
    const sent: VitalsReport[] = [];
    const noop = () => undefined;
    const options = {
      versionOf: () => '0.1.0-flow',
      pageOf,
      send: (report: VitalsReport) => sent.push(report),
      // TTFB is known at once: a started page has a figure to send.
      webVitals: async () => ({
        onLCP: noop,
        onINP: noop,
        onCLS: noop,
        onTTFB: (cb: (metric: never) => void) => cb({ name: 'TTFB', value: 80 } as never),
      }),
    };
    const hide = () => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    };
    const idle = () => new Promise((resolve) => setTimeout(resolve, 20));
    // Outside the sample (0.7 ≥ 0.5), and a sample of 0: nothing watches, nothing is sent.
    startFieldVitals(0.5, options, '/', 0.7);
    startFieldVitals(0, options, '/', 0);
    await idle();
    hide();
    expect(sent).toEqual([]);
    // Inside it (0.2 < 0.5): the page load's figures go when the tab is hidden.
    startFieldVitals(0.5, options, '/', 0.2);
    await idle();
    hide();
    expect(sent).toEqual([
      {
        device: 'phone',
        views: [{ route: '/', remote: 'mfe-flow', version: '0.1.0-flow', navigation: 'load', ttfb: 80 }],
      },
    ]);
  });
});
