// Dates as the product shows them, in every remote and mail: Swedish "2026-11-26", English "26 Nov 2026", a time of
// day in Swedish time with its zone (Intl, no library).

/** A calendar day `YYYY-MM-DD` (no time of day): shown as that day wherever the reader is. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type DateInput = Date | string | number;

/** The product's people are in Sweden: a time of day is shown in Swedish time wherever the reader or server is. */
export const PRODUCT_TIME_ZONE = 'Europe/Stockholm';

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

/**
 * "2026-11-26" (sv) or "26 Nov 2026" (en); a `YYYY-MM-DD` day stays that day, a moment is its day in Sweden. Invalid
 * input gives "–".
 */
export function formatDate(value: DateInput, language: string | undefined): string {
  const { date, day } = toDate(value);
  if (Number.isNaN(date.getTime())) return '–';
  const swedish = isSwedish(language);
  // A day is written out without an Intl formatter, whose first construction loads the locale's date data (one long
  // task on a phone); a time of day still goes through Intl.
  if (day && date.getUTCFullYear() >= 1000) return swedish ? date.toISOString().slice(0, 10) : englishDay(date);
  return formatter(swedish, day ? 'UTC' : PRODUCT_TIME_ZONE, 'none').format(date);
}

/** The short month names of the en-GB format ("Sept" as Intl writes it). */
const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** "5 Jan 2026": what the en-GB Intl format gives for a day at UTC. */
function englishDay(date: Date): string {
  return `${date.getUTCDate()} ${ENGLISH_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Did build the English day formatter ahead; days need none now. Kept for remotes released before that. */
export function prepareDayFormat(_language: string | undefined): void {}

let stockholmParts: Intl.DateTimeFormat | undefined;

/**
 * "CET" or "CEST": worked out from Stockholm's offset from UTC at that moment, not Intl's zone name, which some
 * locales and ICU versions write as "GMT+1".
 */
function stockholmZone(date: Date): string {
  stockholmParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: PRODUCT_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const part: Record<string, number> = {};
  for (const { type, value } of stockholmParts.formatToParts(date)) part[type] = Number(value);
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute);
  const minutes = Math.round((wall - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
  if (minutes === 60) return 'CET';
  if (minutes === 120) return 'CEST';
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * The date as formatDate, then the time of day in Swedish time and its zone: "2026-12-06 14:05 CET" (sv) or
 * "6 Dec 2026, 14:05 CET" (en), CEST in summer. Every time of day the product shows or mails goes through this.
 */
export function formatDateTime(
  value: DateInput,
  language: string | undefined,
  options: { seconds?: boolean } = {},
): string {
  const { date } = toDate(value);
  if (Number.isNaN(date.getTime())) return '–';
  const time = formatter(isSwedish(language), PRODUCT_TIME_ZONE, options.seconds ? 'seconds' : 'minutes').format(date);
  return `${time} ${stockholmZone(date)}`;
}
