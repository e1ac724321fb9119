import { z } from 'zod';
import {
  calendarDaySchema,
  dateRangeCheck,
  dayNumber,
  dayOrInstantSchema,
  daysInclusive,
  EARLIEST_DAY,
  latestDay,
  resolveDateRange,
  todayStockholm,
  todayUtc,
} from '../dates';
import { ANALYTICS_MAX_DAYS, analyticsPeriodSchema } from '../analytics';
import { auditQuerySchema } from '../admin';

// A fixed "now" so the upper bound (31 December five years on) and "today" are known: 2026-11-26.
const NOW = Date.UTC(2026, 10, 26, 12);

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
});

const messages = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe("today in Sweden (the day a homeowner's messages start)", () => {
  it('is the calendar day in Stockholm, a day ahead of UTC late in the evening', () => {
    expect(todayStockholm(Date.UTC(2026, 0, 31, 23, 30))).toBe('2026-02-01');
    expect(todayStockholm(Date.UTC(2026, 5, 30, 21, 59))).toBe('2026-06-30');
    expect(todayStockholm(Date.UTC(2026, 5, 30, 22, 0))).toBe('2026-07-01');
  });
});

describe('a calendar day', () => {
  it('takes a real YYYY-MM-DD day between 2000-01-01 and 31 December five years on', () => {
    expect(latestDay()).toBe('2031-12-31');
    for (const day of [EARLIEST_DAY, '2026-01-31', '2026-11-26', '2031-12-31'])
      expect(calendarDaySchema.parse(day)).toBe(day);
  });

  it('refuses days before the earliest and after the latest, naming the bound', () => {
    expect(messages(calendarDaySchema.safeParse('1999-12-31'))).toEqual([': no earlier than 2000-01-01']);
    expect(messages(calendarDaySchema.safeParse('0000-01-01'))).toEqual([': no earlier than 2000-01-01']);
    expect(messages(calendarDaySchema.safeParse('2032-01-01'))).toEqual([': no later than 2031-12-31']);
    expect(messages(calendarDaySchema.safeParse('9999-12-31'))).toEqual([': no later than 2031-12-31']);
  });

  it('refuses what is no day or not in the YYYY-MM-DD shape, with one format message', () => {
    for (const bad of [
      '2024-02-30',
      '2023-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '275760-09-13',
      '-000001-01-01',
      '+002026-01-01',
      '2026-1-1',
      '20260101',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
      '',
    ]) {
      expect(messages(calendarDaySchema.safeParse(bad))).toEqual([': a date such as 2026-01-31']);
    }
    expect(calendarDaySchema.safeParse(20260101).success).toBe(false);
  });

  it('knows leap days: 29 February only in leap years (2000 is one, 2100 would not be)', () => {
    expect(calendarDaySchema.safeParse('2000-02-29').success).toBe(true);
    expect(calendarDaySchema.safeParse('2024-02-29').success).toBe(true);
    expect(calendarDaySchema.safeParse('2028-02-29').success).toBe(true);
    expect(calendarDaySchema.safeParse('2025-02-29').success).toBe(false);
    expect(calendarDaySchema.safeParse('2026-02-29').success).toBe(false);
  });

  it('moves its upper bound with the clock', () => {
    jest.setSystemTime(Date.UTC(2027, 0, 1));
    expect(calendarDaySchema.safeParse('2032-12-31').success).toBe(true);
    expect(calendarDaySchema.safeParse('2033-01-01').success).toBe(false);
  });
});

describe('a day or an ISO time (the audit filter)', () => {
  it('takes either inside the same bounds', () => {
    for (const value of [
      '2026-01-31',
      '2026-01-31T23:00:00.000Z',
      '2026-03-15T11:00:00+01:00',
      '2000-01-01T00:00:00Z',
      '2031-12-31T23:59:59.999Z',
    ]) {
      expect(dayOrInstantSchema.parse(value)).toBe(value);
    }
  });

  it('refuses times outside the bounds, also when the offset moves them across', () => {
    expect(messages(dayOrInstantSchema.safeParse('1999-12-31T23:59:59Z'))).toEqual([': no earlier than 2000-01-01']);
    expect(messages(dayOrInstantSchema.safeParse('2000-01-01T00:30:00+01:00'))).toEqual([
      ': no earlier than 2000-01-01',
    ]);
    expect(messages(dayOrInstantSchema.safeParse('2031-12-31T23:30:00-01:00'))).toEqual([': no later than 2031-12-31']);
    expect(messages(dayOrInstantSchema.safeParse('9999-12-31T23:59:59Z'))).toEqual([': no later than 2031-12-31']);
    expect(messages(dayOrInstantSchema.safeParse('9999-12-31'))).toEqual([': no later than 2031-12-31']);
    expect(messages(dayOrInstantSchema.safeParse('0000-01-01'))).toEqual([': no earlier than 2000-01-01']);
  });

  it('refuses anything else with one message', () => {
    for (const bad of [
      'yesterday',
      '2024-02-30',
      '+275760-09-13T00:00:00Z',
      '275760-09-13',
      '-000001-01-01',
      '2026-01-01T25:00:00Z',
      '2026-01-01T10:00:00',
    ]) {
      expect(dayOrInstantSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('a range', () => {
  const capped = z
    .object({ from: calendarDaySchema.optional(), to: calendarDaySchema.optional() })
    .superRefine(dateRangeCheck({ maxDays: 30 }));

  it('resolves a missing `to` to today, a missing `from` to the cap before `to`, never before the earliest day', () => {
    expect(todayUtc()).toBe('2026-11-26');
    expect(resolveDateRange({}, 30)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(resolveDateRange({ to: '2026-01-31' }, 31)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(resolveDateRange({ from: '2026-11-01' }, 30)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(resolveDateRange({ to: '2000-01-10' }, 30)).toEqual({ from: EARLIEST_DAY, to: '2000-01-10' });
    expect(resolveDateRange({ from: '2026-01-31T23:00:00.000Z', to: '2026-02-01T23:00:00.000Z' }, 30)).toEqual({
      from: '2026-01-31',
      to: '2026-02-01',
    });
  });

  it('caps the span with both ends given: at most maxDays, both days included', () => {
    expect(capped.safeParse({ from: '2026-01-01', to: '2026-01-30' }).success).toBe(true);
    expect(messages(capped.safeParse({ from: '2026-01-01', to: '2026-01-31' }))).toEqual(['to: at most 30 days']);
    expect(daysInclusive('2026-01-01', '2026-01-30')).toBe(30);
  });

  it('caps the span when `to` is left out (today)', () => {
    expect(capped.safeParse({ from: '2026-10-28' }).success).toBe(true);
    expect(messages(capped.safeParse({ from: '2026-10-27' }))).toEqual([
      'from: at most 30 days (to is today when left out)',
    ]);
    expect(messages(capped.safeParse({ from: '2026-12-01' }))).toEqual([
      'from: from must not be after today when to is left out',
    ]);
  });

  it('never exceeds the cap when `from` is left out, whatever `to` is', () => {
    for (const to of [EARLIEST_DAY, '2026-11-26', latestDay()]) {
      expect(capped.safeParse({ to }).success).toBe(true);
      const resolved = resolveDateRange({ to }, 30);
      expect(daysInclusive(resolved.from, resolved.to)).toBeLessThanOrEqual(30);
      expect(dayNumber(resolved.from)).toBeGreaterThanOrEqual(dayNumber(EARLIEST_DAY));
    }
  });

  it('refuses `from` after `to`, naming from', () => {
    expect(messages(capped.safeParse({ from: '2026-01-02', to: '2026-01-01' }))).toEqual([
      'from: from must not be after to',
    ]);
  });

  it('reports a bad end once, as that end', () => {
    expect(messages(capped.safeParse({ from: '2026-01-01', to: '9999-12-31' }))).toEqual([
      'to: no later than 2031-12-31',
    ]);
    expect(messages(capped.safeParse({ from: '0000-01-01' }))).toEqual(['from: no earlier than 2000-01-01']);
  });
});

describe('the API periods built on it', () => {
  it('analytics: ten years at most, either end missing included', () => {
    expect(ANALYTICS_MAX_DAYS).toBe(3660);
    expect(analyticsPeriodSchema.parse({})).toEqual({});
    expect(analyticsPeriodSchema.safeParse({ to: '2031-12-31' }).success).toBe(true);
    expect(messages(analyticsPeriodSchema.safeParse({ to: '9999-12-31' }))).toEqual(['to: no later than 2031-12-31']);
    expect(messages(analyticsPeriodSchema.safeParse({ from: '0000-01-01' }))).toEqual([
      'from: no earlier than 2000-01-01',
    ]);
    expect(messages(analyticsPeriodSchema.safeParse({ from: '2000-01-01' }))).toEqual([
      'from: at most 3660 days (to is today when left out)',
    ]);
    expect(messages(analyticsPeriodSchema.safeParse({ from: '2000-01-01', to: '2031-12-31' }))).toEqual([
      'to: at most 3660 days',
    ]);
    expect(analyticsPeriodSchema.safeParse({ from: '2016-11-30' }).success).toBe(true);
  });

  it('audit: days or times within the bounds, from not after to, no other cap', () => {
    expect(auditQuerySchema.parse({ from: '2000-01-01', to: '2031-12-31' })).toMatchObject({
      from: '2000-01-01',
      to: '2031-12-31',
    });
    expect(messages(auditQuerySchema.safeParse({ to: '9999-12-31' }))).toEqual(['to: no later than 2031-12-31']);
    expect(messages(auditQuerySchema.safeParse({ from: '0000-01-01' }))).toEqual(['from: no earlier than 2000-01-01']);
    expect(messages(auditQuerySchema.safeParse({ from: '2026-01-02T00:00:00Z', to: '2026-01-01' }))).toEqual([
      'from: from must not be after to',
    ]);
  });
});
