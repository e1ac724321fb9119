import type { Metric } from 'web-vitals';
import {
  CONNECTION_TYPES,
  PHONE_MAX_WIDTH,
  OTHER_ROUTE,
  PAGE_PATTERN,
  PAGE_PATTERN_MAX_LENGTH,
  USABLE_MARK,
  type VitalMetric,
  type VitalsReport,
  type VitalsView,
} from '@home-energy/shared/mfe/vitals';
import { REMOTES, type RemoteName } from '@home-energy/shared/remotes';
import { whenIdle } from '../boot/yield';

/**
 * Real-user speed (docs/performance.md "Field vitals"): each page load's LCP, INP, CLS and TTFB (web-vitals) and,
 * for the load and every navigation inside the app, the time until its page was usable (the mark a page sets with
 * markUsable once what the user came for has rendered and takes input). Sent to POST /api/mfe/vitals when the tab
 * is hidden, each figure once; no path (only the pattern of the route it took), no text, nothing about the user.
 */
interface View {
  path: string;
  navigation: 'load' | 'route';
  /** When the view began (ms since the page's time origin). */
  start: number;
  figures: Partial<Record<VitalMetric, number>>;
  sent: Set<VitalMetric>;
}

/** Views a tab keeps: a report holds at most eight (vitalsReportSchema). */
const MAX_VIEWS = 8;

export interface FieldVitalsOptions {
  /** The version of a remote mounted on this page, if it was (remote-slot.tsx). */
  versionOf: (remote: RemoteName) => string | undefined;
  /**
   * The remote that renders a path and the pattern of the route it takes in that remote's route table, as the
   * registry names it for the release served (remotes/route-remotes.ts pageForPath); null: no remote renders it.
   */
  pageOf: (path: string) => { remote: RemoteName; route: string } | null;
  /** Sends a report (fetch with keepalive in the browser). */
  send?: (report: VitalsReport) => void;
  /** web-vitals, loaded when the page is idle (a test passes its own). */
  webVitals?: () => Promise<Pick<typeof import('web-vitals'), 'onLCP' | 'onINP' | 'onCLS' | 'onTTFB'>>;
}

export class FieldVitals {
  private readonly views: View[] = [];

  constructor(private readonly options: FieldVitalsOptions) {}

  /** The page load, at its path; starts watching the usable marks and, once web-vitals is loaded, the vitals. */
  start(path: string): void {
    this.views.push({ path, navigation: 'load', start: 0, figures: {}, sent: new Set() });
    if (typeof PerformanceObserver !== 'undefined') {
      try {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) this.usable(entry as PerformanceMark);
        }).observe({ type: 'mark', buffered: true });
      } catch {
        // a browser without mark observation reports the web vitals only
      }
    }
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.flush();
    });
    // Registered after web-vitals' own listeners (they listen on window, capturing): their last figures come first.
    addEventListener('pagehide', () => this.flush());
  }

  /** Loads web-vitals (its observers read the page's buffered entries, so loading it late misses nothing). */
  async watchVitals(): Promise<void> {
    const load = this.options.webVitals ?? (() => import(/* webpackChunkName: "web-vitals" */ 'web-vitals'));
    const { onLCP, onINP, onCLS, onTTFB } = await load();
    const onLoad = (metric: VitalMetric) => (m: Metric) => {
      const view = this.views.find((v) => v.navigation === 'load');
      if (view && !view.sent.has(metric)) view.figures[metric] = m.value;
    };
    onLCP(onLoad('lcp'));
    onINP(onLoad('inp'));
    onCLS(onLoad('cls'));
    onTTFB(onLoad('ttfb'));
  }

  /** A navigation inside the app to `path` (the shell's router), begun now. */
  navigated(path: string, now = performance.now()): void {
    const last = this.views[this.views.length - 1];
    if (last?.path === path) return;
    this.views.push({ path, navigation: 'route', start: now, figures: {}, sent: new Set() });
    // The oldest views that have nothing left to send make room.
    while (this.views.length > MAX_VIEWS) {
      const done = this.views.findIndex((v) => v.navigation === 'route' && unsent(v).length === 0);
      this.views.splice(done >= 0 ? done : 1, 1);
    }
  }

  /** A page's usable mark: the view of that path begun before it, if it has none yet. */
  usable(mark: Pick<PerformanceMark, 'name' | 'startTime' | 'detail'>): void {
    if (mark.name !== USABLE_MARK) return;
    const path = (mark.detail as { path?: unknown } | null)?.path;
    const view = [...this.views]
      .reverse()
      .find((v) => v.start <= mark.startTime && (typeof path !== 'string' || v.path === path));
    if (view && view.figures.usable === undefined) view.figures.usable = mark.startTime - view.start;
  }

  /** The figures not sent yet, as a report (null when there is nothing to send). */
  report(): VitalsReport | null {
    const views: VitalsView[] = [];
    for (const view of this.views) {
      const page = this.options.pageOf(view.path);
      const version = page ? this.options.versionOf(page.remote) : undefined;
      const metrics = unsent(view);
      if (!page || !version || metrics.length === 0) continue;
      const figures = Object.fromEntries(metrics.map((m) => [m, Math.round(view.figures[m]! * 1000) / 1000]));
      const pkg = REMOTES.find((r) => r.name === page.remote)!.package;
      views.push({ route: reported(page.route), remote: pkg, version, navigation: view.navigation, ...figures });
    }
    if (views.length === 0) return null;
    const effective = (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType;
    const connection = CONNECTION_TYPES.find((c) => c === effective);
    return {
      device: innerWidth <= PHONE_MAX_WIDTH ? 'phone' : 'desktop',
      ...(connection ? { connection } : {}),
      views: views.slice(-MAX_VIEWS),
    };
  }

  /** Sends what is new and marks it sent: each figure of a view goes once. */
  flush(): void {
    const report = this.report();
    if (!report) return;
    for (const view of this.views) for (const metric of unsent(view)) view.sent.add(metric);
    (this.options.send ?? sendReport)(report);
  }
}

/** A pattern the report's bounds cannot hold (a route table may nest deeper) counts as OTHER_ROUTE. */
const reported = (route: string) =>
  route.length <= PAGE_PATTERN_MAX_LENGTH && PAGE_PATTERN.test(route) ? route : OTHER_ROUTE;

/** A view's figures within the report's bounds and not sent yet (a usable time past two minutes is not one). */
function unsent(view: View): VitalMetric[] {
  return (Object.keys(view.figures) as VitalMetric[]).filter((metric) => {
    const value = view.figures[metric]!;
    const bounded = metric === 'cls' ? value <= 10 : value <= 120_000;
    const allowed = view.navigation === 'load' || metric === 'usable';
    return !view.sent.has(metric) && value >= 0 && bounded && allowed;
  });
}

function sendReport(report: VitalsReport): void {
  void fetch('/api/mfe/vitals', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
  }).catch(() => undefined); // a lost report must never disturb the page
}

let running: FieldVitals | null = null;

/** Starts reporting this page's speed, for a share `sample` (0–1) of page loads; the first call decides. */
export function startFieldVitals(
  sample: number,
  options: FieldVitalsOptions,
  loadPath = location.pathname,
  random = Math.random(),
): void {
  if (running || !(random < sample)) return;
  running = new FieldVitals(options);
  running.start(loadPath);
  // A navigation made before the registry answered.
  if (location.pathname !== loadPath) running.navigated(location.pathname);
  // Nobody waits for it: web-vitals loads once the page is idle (its observers read the buffered entries).
  const field = running;
  whenIdle(() => void field.watchVitals().catch(() => undefined), 5000);
}

/** The shell's router moved to `path` (app.tsx): a view of its own, if this page reports its speed. */
export function pageNavigated(path: string): void {
  running?.navigated(path);
}
