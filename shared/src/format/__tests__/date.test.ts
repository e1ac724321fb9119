import { formatDate, formatDateTime, prepareDayFormat } from '../date';

describe('the shared date format', () => {
  it('shows a day as 2026-11-26 in Swedish and 26 Nov 2026 in English', () => {
    expect(formatDate('2026-11-26', 'sv')).toBe('2026-11-26');
    expect(formatDate('2026-11-26', 'en')).toBe('26 Nov 2026');
    expect(formatDate('2026-01-05', 'sv-SE')).toBe('2026-01-05');
    expect(formatDate('2026-01-05', 'en-GB')).toBe('5 Jan 2026');
  });

  it('takes timestamps and Date objects', () => {
    const noon = new Date(Date.UTC(2026, 10, 26, 11, 0));
    expect(formatDate(noon, 'sv')).toBe('2026-11-26');
    expect(formatDate(noon.toISOString(), 'en')).toBe('26 Nov 2026');
    expect(formatDate(noon.getTime(), 'en')).toBe('26 Nov 2026');
  });

  it('adds the time of day, 24-hour, in Swedish time, and says which', () => {
    const afternoon = new Date(Date.UTC(2026, 11, 6, 13, 5, 9));
    expect(formatDateTime(afternoon, 'sv')).toBe('2026-12-06 14:05 CET');
    expect(formatDateTime(afternoon, 'en')).toBe('6 Dec 2026, 14:05 CET');
    expect(formatDateTime(afternoon.toISOString(), 'sv', { seconds: true })).toBe('2026-12-06 14:05:09 CET');
    expect(formatDateTime(Date.UTC(2026, 6, 6, 12, 5), 'sv')).toBe('2026-07-06 14:05 CEST');
    expect(formatDateTime(Date.UTC(2026, 6, 6, 12, 5), 'en-GB')).toBe('6 Jul 2026, 14:05 CEST');
  });

  it('changes between CET and CEST when Sweden changes its clocks', () => {
    expect(formatDateTime('2026-03-29T00:59:00Z', 'en')).toBe('29 Mar 2026, 01:59 CET');
    expect(formatDateTime('2026-03-29T01:00:00Z', 'en')).toBe('29 Mar 2026, 03:00 CEST');
    expect(formatDateTime('2026-10-25T00:59:00Z', 'sv')).toBe('2026-10-25 02:59 CEST');
    expect(formatDateTime('2026-10-25T01:00:00Z', 'sv')).toBe('2026-10-25 02:00 CET');
  });

  it('shows a moment on its day in Sweden, the day of the time beside it', () => {
    const newYear = '2026-12-31T23:30:00Z';
    expect(formatDateTime(newYear, 'sv')).toBe('2027-01-01 00:30 CET');
    expect(formatDate(newYear, 'sv')).toBe('2027-01-01');
    expect(formatDate(newYear, 'en')).toBe('1 Jan 2027');
  });

  it('falls back to English for other languages and shows a dash for what is not a date', () => {
    expect(formatDate('2026-11-26', undefined)).toBe('26 Nov 2026');
    expect(formatDate('not a date', 'sv')).toBe('–');
    expect(formatDateTime('2026-13-45T00:00:00Z', 'en')).toBe('–');
  });

  it('shows a Swedish day exactly as the Swedish Intl format does, day by day over four years', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    });
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2028, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      expect(formatDate(day, 'sv')).toBe(intl.format(new Date(time)));
    }
    expect(formatDate('2026-02-31', 'sv')).toBe('2026-03-03');
  });

  it('shows an English day exactly as the en-GB Intl format does, day by day over four years', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2028, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      expect(formatDate(day, 'en')).toBe(intl.format(new Date(time)));
    }
  });

  it('still accepts the call that prepared the English formatter ahead', () => {
    prepareDayFormat('en');
    expect(formatDate('2026-09-05', 'en')).toBe('5 Sept 2026');
  });
});
