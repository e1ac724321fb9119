// Every date the API takes (query filters, periods, dates in bodies) goes through these schemas: a real calendar day
// within sane bounds, and a range check that caps the span after resolving a missing end. A day outside PostgreSQL's
// range or a span of millennia would otherwise reach the database or a per-day loop (README.md, "Hardening and
// security").
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const DAY_MS = 86_400_000;

/** The earliest day any date parameter takes: the product holds nothing from before it. */
export const EARLIEST_DAY = '2000-01-01';

/** How many calendar years after the current one a date may lie (a period's end, a planned date). */
export const YEARS_AHEAD = 5;

export const DAY_FORMAT_MESSAGE = 'a date such as 2026-01-31';
const DAY_OR_INSTANT_MESSAGE = 'a date such as 2026-01-31 or an ISO time';

/** YYYY-MM-DD, the shape tried before the calendar check (an ISO time is longer). */
const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** Today as a UTC day (YYYY-MM-DD). */
export function todayUtc(now: number = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

// Made on first use: a formatter with a time zone is costly to build, and every page loads this module without it.
let stockholmDays: Intl.DateTimeFormat | undefined;

/** Today in Sweden (YYYY-MM-DD): the day a homeowner reads on their calendar. */
export function todayStockholm(now: number = Date.now()): string {
  stockholmDays ??= new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Stockholm',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return stockholmDays.format(now);
}

/** The latest day a date may be: 31 December, YEARS_AHEAD years after the current (UTC) year. */
export function latestDay(now: number = Date.now()): string {
  return `${new Date(now).getUTCFullYear() + YEARS_AHEAD}-12-31`;
}

/** Days since 1970-01-01 of a YYYY-MM-DD day (years below 100 included: Date.UTC would read 0099 as 1999). */
export function dayNumber(day: string): number {
  const date = new Date(0);
  date.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Math.floor(date.getTime() / DAY_MS);
}

/** The YYYY-MM-DD day of a day number (inside the bounds this is always four-digit years). */
export function dayOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOfNumber(dayNumber(day) + days);
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysInclusive(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

function dayBoundProblem(day: string, now: number): string | null {
  if (dayNumber(day) < dayNumber(EARLIEST_DAY)) return `no earlier than ${EARLIEST_DAY}`;
  const latest = latestDay(now);
  if (dayNumber(day) > dayNumber(latest)) return `no later than ${latest}`;
  return null;
}

/**
 * A calendar day YYYY-MM-DD that exists (z.iso.date knows month lengths and leap days: 2024-02-30 is refused, not read
 * as 1 March) between EARLIEST_DAY and latestDay().
 */
export const calendarDaySchema = lazySchema(() =>
  z.iso.date({ message: DAY_FORMAT_MESSAGE, abort: true }).superRefine((day, ctx) => {
    const problem = dayBoundProblem(day, Date.now());
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

/** An ISO time with an offset (2026-01-31T23:00:00.000Z) inside the same bounds as a calendar day. */
export const instantSchema = lazySchema(() =>
  z.iso.datetime({ offset: true, message: DAY_OR_INSTANT_MESSAGE, abort: true }).superRefine((value, ctx) => {
    const time = Date.parse(value);
    const now = Date.now();
    if (!(time >= dayNumber(EARLIEST_DAY) * DAY_MS))
      ctx.addIssue({ code: 'custom', message: `no earlier than ${EARLIEST_DAY}` });
    else if (!(time < (dayNumber(latestDay(now)) + 1) * DAY_MS))
      ctx.addIssue({ code: 'custom', message: `no later than ${latestDay(now)}` });
  }),
);

/**
 * A period bound that is either a whole day or an exact ISO time (the audit page sends the user's local days as times).
 */
export const dayOrInstantSchema = lazySchema(() =>
  z.string({ message: DAY_OR_INSTANT_MESSAGE }).superRefine((value, ctx) => {
    const result = (DAY_SHAPE.test(value) ? calendarDaySchema : instantSchema).safeParse(value);
    if (!result.success)
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  }),
);

const isBound = (value: string | undefined): value is string =>
  value !== undefined && dayOrInstantSchema.safeParse(value).success;

/** The start of a bound in ms: a day is its first instant (UTC). */
export function boundTime(value: string): number {
  return DAY_SHAPE.test(value) ? dayNumber(value) * DAY_MS : Date.parse(value);
}

/** The UTC day a bound falls on. */
function boundDay(value: string): string {
  return DAY_SHAPE.test(value) ? value : dayOfNumber(Math.floor(Date.parse(value) / DAY_MS));
}

export interface DateRange {
  from?: string;
  to?: string;
}

/**
 * A capped range after defaults: a missing `to` is today; a missing `from` is the earliest day the cap allows before
 * `to` (never before EARLIEST_DAY). Days (UTC); call it on a range that passed dateRangeCheck with the same cap.
 */
export function resolveDateRange(
  range: DateRange,
  maxDays: number,
  now: number = Date.now(),
): { from: string; to: string } {
  const to = range.to !== undefined ? boundDay(range.to) : todayUtc(now);
  if (range.from !== undefined) return { from: boundDay(range.from), to };
  return { from: dayOfNumber(Math.max(dayNumber(EARLIEST_DAY), dayNumber(to) - (maxDays - 1))), to };
}

/**
 * The checks of a ?from=&to= range, for an object schema's superRefine: `from` not after `to`; with `maxDays`, the
 * span after resolving a missing end (resolveDateRange) at most that many days. Without it the bounds cap the span.
 */
export function dateRangeCheck(options: { maxDays?: number } = {}) {
  return <T extends DateRange>(range: T, ctx: z.core.$RefinementCtx<T>): void => {
    // A bound that failed its own schema has its issue already.
    if ((range.from !== undefined && !isBound(range.from)) || (range.to !== undefined && !isBound(range.to))) return;
    if (range.from !== undefined && range.to !== undefined && boundTime(range.from) > boundTime(range.to)) {
      ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['from'] });
      return;
    }
    const { maxDays } = options;
    if (maxDays === undefined || range.from === undefined) return;
    const resolved = resolveDateRange(range, maxDays);
    if (range.to === undefined && dayNumber(resolved.from) > dayNumber(resolved.to)) {
      ctx.addIssue({ code: 'custom', message: 'from must not be after today when to is left out', path: ['from'] });
    } else if (daysInclusive(resolved.from, resolved.to) > maxDays) {
      const message = `at most ${maxDays} days${range.to === undefined ? ' (to is today when left out)' : ''}`;
      ctx.addIssue({ code: 'custom', message, path: [range.to === undefined ? 'from' : 'to'] });
    }
  };
}
