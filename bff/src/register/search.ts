/**
 * Pure matching helpers for the address search (GET /api/flow/property-search/geoengine-property?street=&postal_code=).
 * The database query comes later: store `normalizeStreet(street)` beside each row (an indexed key column) and look up
 * `street_key = normalizeStreet(input) AND postal_code = normalizePostalCode(input)`, or
 * `street_key LIKE prefix || '%'` for suggestions. The functions below do the same over candidate rows in memory.
 */

export interface AddressLike {
  street: string;
  postal_code: string;
  postal_city: string;
}

const DIRECTIONS: Record<string, string> = { n: 'norra', s: 'södra', ö: 'östra', v: 'västra' };
const KEEP = new Set(['å', 'ä', 'ö']);
const LOOKALIKE: Record<string, string> = { æ: 'ä', ø: 'ö' };

/** Lower-case; keeps å ä ö; folds other accents (é → e, ü → u) and æ/ø to ä/ö. */
function foldLetters(input: string): string {
  const lower = input.normalize('NFC').toLowerCase();
  if (/^[\p{ASCII}åäö]*$/u.test(lower)) return lower; // the common case: nothing to fold
  let out = '';
  for (const ch of lower) {
    if (KEEP.has(ch)) out += ch;
    else out += LOOKALIKE[ch] ?? ch.normalize('NFD').replace(/\p{M}+/gu, '');
  }
  return out;
}

/**
 * The comparable form of a street address:
 * - lower case, Swedish å ä ö kept, other accents folded (Linnégatan = Linnegatan), whitespace collapsed;
 * - abbreviations expanded: "Storg. 5" → "storgatan 5", "Björkv. 3" → "björkvägen 3", "S:t"/"S:ta" → "sankt"/"sankta",
 *   a leading "N." / "S." / "Ö." / "V." → norra / södra / östra / västra;
 * - short forms unified: "Storgata" → "storgatan", "Björkväg" → "björkvägen", "Lindallé" → "lindallen";
 * - house letters joined: "12 A" = "12a"; an apartment number ("lgh 1102") dropped;
 * - punctuation other than hyphens dropped.
 * Apply it to both sides of a comparison.
 */
export function normalizeStreet(input: string): string {
  let s = foldLetters(input);
  s = s.replace(/\bs:ta\b\.?/g, 'sankta ').replace(/\bs:t\b\.?/g, 'sankt ');
  s = s.replace(/^\s*([nsöv])\.\s*/, (_m, d: string) => `${DIRECTIONS[d]} `);
  s = s.replace(/\blgh\.?\s*\d{1,4}\b/g, ' ');
  s = s.replace(/(\p{L}{2,})g\.(?=\s|\d|$)/gu, '$1gatan ').replace(/(\p{L}{2,})v\.(?=\s|\d|$)/gu, '$1vägen ');
  s = s.replace(/[^\p{L}\p{N}\s-]+/gu, ' ');
  s = s.replace(/\s*-\s*/g, '-');
  s = s.replace(/\s+/g, ' ').trim();
  s = s
    .split(' ')
    .map((word) => word.replace(/gata$/, 'gatan').replace(/väg$/, 'vägen').replace(/alle$/, 'allen'))
    .join(' ');
  // "12 a" → "12a" (a single house letter after a number).
  s = s.replace(/(\d) ([a-zåäö])(?= |$)/g, '$1$2');
  return s;
}

/** "123 45", "12345", "SE-123 45" → "12345"; anything else → null. Swedish codes never start with 0. */
export function normalizePostalCode(input: string): string | null {
  const s = input.replace(/[\s\u00a0]+/g, '').replace(/^(SE|S)-?/i, '');
  return /^[1-9]\d{4}$/.test(s) ? s : null;
}

/** What someone typed into the one address field, split: the street, and the postal code or town written after it. */
export interface AddressQuery {
  street: string;
  postalCode: string | null;
  city: string | null;
}

const POSTAL_CODE_IN_TEXT = /(?:^|\s)(?:SE-?|S-)?([1-9]\d{2}\s?\d{2})(?=\s|$)/i;

/**
 * "Syrenvägen 63, 832 44 Frösön", "Syrenvägen 63 832 44", "Syrenvägen 63 Frösön" → the street "Syrenvägen 63" with the
 * postal code and/or town; "Syrenvägen 63" → the street alone. What follows the street counts only when it reads as a
 * postal code and/or a town (letters): anything else ("lgh 1102") stays part of the street, as before.
 */
export function splitAddressQuery(input: string): AddressQuery {
  const text = input.replace(/\s+/g, ' ').trim();
  const comma = text.indexOf(',');
  // The street ends at a comma, else after its house number (digits, maybe a letter: "12B", "12 b").
  const split =
    comma >= 0
      ? { street: text.slice(0, comma), rest: text.slice(comma + 1) }
      : /^(.*?\p{L}.*?\d+(?: ?[a-zåäö](?=\s|$))?)\s+(.+)$/iu.exec(text)?.slice(1, 3);
  const [street, rest] = Array.isArray(split) ? split : split ? [split.street, split.rest] : [text, ''];
  const code = POSTAL_CODE_IN_TEXT.exec(rest);
  const postalCode = code ? normalizePostalCode(code[1]!) : null;
  const town = (code ? rest.replace(code[0], ' ') : rest).replace(/\s+/g, ' ').trim();
  const city = /^[\p{L}][\p{L} .-]*$/u.test(town) ? town : null;
  if ((town !== '' && city === null) || (postalCode === null && city === null)) {
    return { street: text.replace(/\s*,\s*/g, ' ').trim(), postalCode: null, city: null };
  }
  return { street: street.trim(), postalCode, city };
}

/** The comparable form of a locality ("Västra  Frölunda" = "västra frölunda"). */
export function normalizeCity(input: string): string {
  return foldLetters(input).replace(/\s+/g, ' ').trim();
}

/** One key per address, for maps and unique indexes: normalised street + "|" + five-digit postal code. */
export function addressKey(street: string, postalCode: string): string | null {
  const pc = normalizePostalCode(postalCode);
  const st = normalizeStreet(street);
  return pc && st ? `${st}|${pc}` : null;
}

/** The register row at exactly this street (with house number) and postal code; null when none. First wins on ties. */
export function findExactMatch<T extends AddressLike>(
  candidates: Iterable<T>,
  street: string,
  postalCode: string,
): T | null {
  const key = addressKey(street, postalCode);
  if (!key) return null;
  for (const c of candidates) if (addressKey(c.street, c.postal_code) === key) return c;
  return null;
}

/** "Björkvägen 12A" → name "Björkvägen", number 12, letter "A"; a street without a number has number null. */
export function splitStreet(street: string): { name: string; number: number | null; letter: string } {
  const m = /^(.*?)\s+(\d+)\s*([A-Za-zÅÄÖåäö]?)$/.exec(street.trim());
  if (!m) return { name: street.trim().replace(/\s+/g, ' '), number: null, letter: '' };
  return { name: m[1].replace(/\s+/g, ' '), number: Number(m[2]), letter: m[3].toUpperCase() };
}

export interface SuggestOptions {
  /** Restrict to one postal code (any accepted form). */
  postalCode?: string;
  /** Restrict to one locality (postal_city). */
  postalCity?: string;
  /** How many to return: default 10, at most 50. */
  limit?: number;
}

const collator = new Intl.Collator('sv', { sensitivity: 'base', numeric: true });

interface Ranked<T> {
  row: T;
  rank: number;
  parts: ReturnType<typeof splitStreet>;
}

function rankCandidates<T extends AddressLike>(
  candidates: Iterable<T>,
  typed: string,
  options: SuggestOptions,
): Ranked<T>[] | null {
  const q = normalizeStreet(typed);
  if (!q) return null;
  let pc: string | null = null;
  if (options.postalCode !== undefined) {
    pc = normalizePostalCode(options.postalCode);
    if (!pc) return null;
  }
  const city = options.postalCity !== undefined ? normalizeCity(options.postalCity) : null;
  const out: Ranked<T>[] = [];
  for (const row of candidates) {
    if (pc && normalizePostalCode(row.postal_code) !== pc) continue;
    if (city !== null && normalizeCity(row.postal_city) !== city) continue;
    const key = normalizeStreet(row.street);
    // 0: the street starts with the typed text; 1: a later word does ("eriks" finds "Sankt Eriksgatan 3").
    const rank = key.startsWith(q) ? 0 : laterWordStartsWith(key, q) ? 1 : -1;
    if (rank >= 0) out.push({ row, rank, parts: splitStreet(row.street) });
  }
  return out;
}

function laterWordStartsWith(key: string, q: string): boolean {
  for (let i = 0; i < key.length; i++) {
    if ((key[i] === ' ' || key[i] === '-') && key.startsWith(q, i + 1)) return true;
  }
  return false;
}

function clampLimit(limit: number | undefined): number {
  return Math.max(1, Math.min(50, Math.floor(limit ?? 10)));
}

/**
 * Addresses whose street starts with the typed text, within a postal code and/or city, best first: prefix matches
 * before word matches, then by street name (Swedish order), house number (numeric) and letter. One per address.
 */
export function suggestAddresses<T extends AddressLike>(
  candidates: Iterable<T>,
  typed: string,
  options: SuggestOptions = {},
): T[] {
  const ranked = rankCandidates(candidates, typed, options);
  if (!ranked) return [];
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      collator.compare(a.parts.name, b.parts.name) ||
      (a.parts.number ?? -1) - (b.parts.number ?? -1) ||
      collator.compare(a.parts.letter, b.parts.letter) ||
      a.row.postal_code.localeCompare(b.row.postal_code),
  );
  const seen = new Set<string>();
  const out: T[] = [];
  for (const { row } of ranked) {
    const key = addressKey(row.street, row.postal_code) ?? `${row.street}|${row.postal_code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(row);
    if (out.length === clampLimit(options.limit)) break;
  }
  return out;
}

export interface StreetNameSuggestion {
  /** The street name without house number, as written in the first matching row, e.g. "Björkvägen". */
  name: string;
  postal_code: string;
  postal_city: string;
  /** How many addresses of the candidates lie on it (in that postal code). */
  addresses: number;
}

/** Distinct street names (without house numbers) starting with the typed text, per postal code, best first. */
export function suggestStreetNames(
  candidates: Iterable<AddressLike>,
  typed: string,
  options: SuggestOptions = {},
): StreetNameSuggestion[] {
  const ranked = rankCandidates(candidates, typed, options);
  if (!ranked) return [];
  const groups = new Map<string, StreetNameSuggestion & { rank: number }>();
  for (const { row, rank, parts } of ranked) {
    const key = `${normalizeStreet(parts.name)}|${row.postal_code}`;
    const g = groups.get(key);
    if (g) {
      g.addresses++;
      g.rank = Math.min(g.rank, rank);
    } else {
      groups.set(key, {
        name: parts.name,
        postal_code: row.postal_code,
        postal_city: row.postal_city,
        addresses: 1,
        rank,
      });
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.rank - b.rank || collator.compare(a.name, b.name) || a.postal_code.localeCompare(b.postal_code))
    .slice(0, clampLimit(options.limit))
    .map(({ rank: _rank, ...s }) => s);
}
