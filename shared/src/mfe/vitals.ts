import { z } from 'zod';
import { lazySchema } from '../schemas/lazy-schema';
import { releaseVersionSchema, remotePackageSchema, type RemotePackage } from './remotes';

/**
 * Real-user speed (docs/performance.md "Field vitals"): what each page load and in-app navigation reports to
 * POST /api/mfe/vitals. `usable` is ours: the time until the page's remote has rendered what the user came for and
 * takes input (a page marks it with markUsable). The others are web-vitals' LCP, INP, CLS and TTFB.
 */
export const VITAL_METRICS = ['usable', 'lcp', 'inp', 'cls', 'ttfb'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** The performance mark a page sets when it becomes usable (markUsable). */
export const USABLE_MARK = 'he:usable';

/** Phones by viewport: narrower than this many CSS pixels. */
export const PHONE_MAX_WIDTH = 767;
export const DEVICE_CLASSES = ['phone', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
/** The Network Information API's effectiveType, where the browser tells. */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g'] as const;

/**
 * A page's pattern as a report names it: the route a remote's route table matched (routePattern,
 * shared/src/mfe/page-routes.tsx). At most 8 segments, each a word of a route table (letters, digits, `_`, `.`, `-`),
 * a named parameter, or a final splat `*`. The shape only keeps out text that is no pattern: the BFF keeps a pattern
 * only if the release's own route table has it (an id, a name or an invented path counts as OTHER_ROUTE).
 */
const SEGMENT = '(?:[A-Za-z0-9_.-]{1,32}|:[A-Za-z0-9_-]{1,32})';
export const PAGE_PATTERN = new RegExp(`^/(?:${SEGMENT}(?:/${SEGMENT}){0,6}(?:/(?:${SEGMENT}|\\*))?|\\*)?$`);
export const PAGE_PATTERN_MAX_LENGTH = 160;

/** What a view counts under when its pattern is none of its release's (the Speed view lists it as such). */
export const OTHER_ROUTE = '/:other';

/** Milliseconds a vital may report: a page that took over two minutes is not measured by this. */
const millis = () => z.number().min(0).max(120_000);

/** One page view's figures: a page load (`load`) or a navigation inside the app (`route`, its usable time only). */
export const vitalsViewSchema = lazySchema(() =>
  z
    .object({
      route: z
        .string()
        .max(PAGE_PATTERN_MAX_LENGTH)
        .regex(PAGE_PATTERN, 'a route pattern such as /flow/property/:propertyId/questions'),
      remote: remotePackageSchema,
      version: releaseVersionSchema,
      navigation: z.enum(['load', 'route']),
      usable: millis().optional(),
      lcp: millis().optional(),
      inp: millis().optional(),
      ttfb: millis().optional(),
      cls: z.number().min(0).max(10).optional(),
    })
    .strict()
    .refine((v) => VITAL_METRICS.some((m) => v[m] !== undefined), 'a view reports at least one figure')
    .refine(
      (v) => v.navigation === 'load' || VITAL_METRICS.every((m) => m === 'usable' || v[m] === undefined),
      'a navigation inside the app reports its usable time only',
    ),
);
export type VitalsView = z.infer<typeof vitalsViewSchema>;

/** POST /api/mfe/vitals: a tab's figures, sent when it is hidden. Never a path with ids, a text or a user. */
export const vitalsReportSchema = lazySchema(() =>
  z
    .object({
      device: z.enum(DEVICE_CLASSES),
      connection: z.enum(CONNECTION_TYPES).optional(),
      views: z.array(vitalsViewSchema).min(1).max(8),
    })
    .strict(),
);
export type VitalsReport = z.infer<typeof vitalsReportSchema>;

/** Who a page is for: its budgets differ (docs/performance.md "Budgets"). */
export type PageAudience = 'homeowner' | 'staff';
export function audienceOfRemote(remote: RemotePackage): PageAudience {
  return remote === 'mfe-console' || remote === 'mfe-admin' ? 'staff' : 'homeowner';
}

/**
 * The p75 each page should stay within in the field: usable as the lab budget (2.5 s for homeowners, 3.5 s for
 * staff); LCP, INP, CLS and TTFB at the thresholds web.dev calls "good" (web.dev/articles/vitals).
 */
export const FIELD_BUDGETS: Record<PageAudience, Record<VitalMetric, number>> = {
  homeowner: { usable: 2500, lcp: 2500, inp: 200, cls: 0.1, ttfb: 800 },
  staff: { usable: 3500, lcp: 2500, inp: 200, cls: 0.1, ttfb: 800 },
};
