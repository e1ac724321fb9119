// Dates as the product shows them, in every remote: Swedish "2026-11-26", English "26 Nov 2026" (Intl, no library).

/** A calendar day `YYYY-MM-DD` (no time of day): shown as that day wherever the reader is. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type DateInput = Date | string | number;

function isSwedish(language: string | undefined): boolean {
  return (language ?? 'en').toLowerCase().startsWith('sv');
}

function toDate(value: DateInput): { date: Date; day: boolean } {
  if (typeof value === 'string' && DAY.test(value)) return { date: new Date(`${value}T00:00:00Z`), day: true };
  return { date: value instanceof Date ? value : new Date(value), day: false };
}

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(
  swedish: boolean,
  timeZone: string | undefined,
  time: 'none' | 'minutes' | 'seconds',
): Intl.DateTimeFormat {
  const key = `${swedish}:${timeZone}:${time}`;
  let found = cache.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions = swedish
      ? { year: 'numeric', month: '2-digit', day: '2-digit' }
      : { day: 'numeric', month: 'short', year: 'numeric' };
    if (time !== 'none')
      Object.assign(
        options,
        { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
        time === 'seconds' ? { second: '2-digit' } : {},
      );
    if (timeZone) options.timeZone = timeZone;
    found = new Intl.DateTimeFormat(swedish ? 'sv-SE' : 'en-GB', options);
    cache.set(key, found);
  }
  return found;
}

/** "2026-11-26" (sv) or "26 Nov 2026" (en); a `YYYY-MM-DD` day stays that day. Invalid input gives "–". */
export function formatDate(value: DateInput, language: string | undefined): string {
  const { date, day } = toDate(value);
  if (Number.isNaN(date.getTime())) return '–';
  const swedish = isSwedish(language);
  // A day is written out without an Intl formatter, whose first construction loads the locale's date data (one long
  // task on a phone); a time of day still goes through Intl.
  if (day && date.getUTCFullYear() >= 1000) return swedish ? date.toISOString().slice(0, 10) : englishDay(date);
  return formatter(swedish, day ? 'UTC' : undefined, 'none').format(date);
}

/** The short month names of the en-GB format ("Sept" as Intl writes it). */
const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** "5 Jan 2026": what the en-GB Intl format gives for a day at UTC. */
function englishDay(date: Date): string {
  return `${date.getUTCDate()} ${ENGLISH_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Did build the English day formatter ahead; days need none now. Kept for remotes released before that. */
export function prepareDayFormat(_language: string | undefined): void {}

/**
 * The date as formatDate, then the time of day: "2026-11-26 14:05" (sv) or "26 Nov 2026, 14:05" (en); in the
 * reader's time zone unless `timeZone` names one (a server writing to people in Sweden).
 */
export function formatDateTime(
  value: DateInput,
  language: string | undefined,
  options: { seconds?: boolean; timeZone?: string } = {},
): string {
  const { date } = toDate(value);
  if (Number.isNaN(date.getTime())) return '–';
  return formatter(isSwedish(language), options.timeZone, options.seconds ? 'seconds' : 'minutes').format(date);
}
