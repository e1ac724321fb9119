import { generateDemoRegister } from '../demo-register';
import { loadGeo } from '../geo';
import {
  splitAddressQuery,
  addressKey,
  findExactMatch,
  normalizeCity,
  normalizePostalCode,
  normalizeStreet,
  splitStreet,
  suggestAddresses,
  suggestStreetNames,
} from '../search';
import { formatPostalCode } from '../types';

describe('normalizeStreet', () => {
  it.each([
    ['Storgatan 5', 'storgatan 5'],
    ['  STORGATAN   5 ', 'storgatan 5'],
    ['Storg. 5', 'storgatan 5'],
    ['Kyrkog.12', 'kyrkogatan 12'],
    ['Storgata 5', 'storgatan 5'],
    ['Björkv. 3', 'björkvägen 3'],
    ['Björkväg 3', 'björkvägen 3'],
    ['Björkvägen 3 B', 'björkvägen 3b'],
    ['Björkvägen 3b', 'björkvägen 3b'],
    ['S:t Olofsgatan 12 a', 'sankt olofsgatan 12a'],
    ['Sankt Olofsgatan 12A', 'sankt olofsgatan 12a'],
    ['S:ta Gertruds väg 1', 'sankta gertruds vägen 1'],
    ['Ö. Storgatan 3', 'östra storgatan 3'],
    ['V. Långgatan 3', 'västra långgatan 3'],
    ['Linnégatan 1, lgh 1102', 'linnegatan 1'],
    ['Karl - Johansgatan 4', 'karl-johansgatan 4'],
    ['Lindallé 7', 'lindallen 7'],
    ['Ångbåtsbryggan 2', 'ångbåtsbryggan 2'],
    ['ÄPPELVÄGEN 1', 'äppelvägen 1'],
    ['Blåbærsvej 1', 'blåbärsvej 1'],
    ['Müllersgatan 1', 'mullersgatan 1'],
    ['Storgatan 5.', 'storgatan 5'],
    ['', ''],
    ['  ,. ', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeStreet(input)).toBe(expected);
  });

  it('keeps å, ä and ö distinct from a, o (they are different letters in Swedish)', () => {
    expect(normalizeStreet('Åsvägen 1')).not.toBe(normalizeStreet('Asvägen 1'));
    expect(normalizeStreet('Ösgatan 1')).not.toBe(normalizeStreet('Osgatan 1'));
    expect(normalizeStreet('Åsvägen 1')).toBe(normalizeStreet('ÅSVÄGEN 1'));
  });

  it('is idempotent', () => {
    for (const s of ['Storg. 5', 'S:t Olofsgatan 12 a', 'Björkväg 3 B', 'Ö. Storgatan 3', 'Linnégatan 1, lgh 1102']) {
      expect(normalizeStreet(normalizeStreet(s))).toBe(normalizeStreet(s));
    }
  });
});

describe('postal codes, cities and street parts', () => {
  it.each([
    ['123 45', '12345'],
    ['12345', '12345'],
    [' 123  45 ', '12345'],
    ['123\u00a045', '12345'],
    ['SE-123 45', '12345'],
    ['se 12345', '12345'],
    ['S-12345', '12345'],
    ['1234', null],
    ['123456', null],
    ['023 45', null],
    ['12a45', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(normalizePostalCode(input)).toBe(expected);
  });

  it('formats and compares the rest', () => {
    expect(formatPostalCode('12345')).toBe('123 45');
    expect(normalizeCity('  Västra   FRÖLUNDA ')).toBe('västra frölunda');
    expect(splitStreet('Björkvägen 12A')).toEqual({ name: 'Björkvägen', number: 12, letter: 'A' });
    expect(splitStreet('Storgatan 5 b')).toEqual({ name: 'Storgatan', number: 5, letter: 'B' });
    expect(splitStreet('Gamla  Landsvägen')).toEqual({ name: 'Gamla Landsvägen', number: null, letter: '' });
    expect(addressKey('Storg. 5', '123 45')).toBe('storgatan 5|12345');
    expect(addressKey('Storgatan 5', '1234')).toBeNull();
    expect(addressKey(' ', '12345')).toBeNull();
  });
});

const rows = [
  { id: 1, street: 'Storgatan 5', postal_code: '12345', postal_city: 'Ort' },
  { id: 2, street: 'Storgatan 10', postal_code: '12345', postal_city: 'Ort' },
  { id: 3, street: 'Storgatan 2', postal_code: '12345', postal_city: 'Ort' },
  { id: 4, street: 'Storgatan 2B', postal_code: '12345', postal_city: 'Ort' },
  { id: 5, street: 'Storgatan 2A', postal_code: '12345', postal_city: 'Ort' },
  { id: 6, street: 'Storgatan 5', postal_code: '12346', postal_city: 'Ort' },
  { id: 7, street: 'Stora vägen 1', postal_code: '12345', postal_city: 'Ort' },
  { id: 8, street: 'Sankt Eriksgatan 3', postal_code: '12345', postal_city: 'Ort' },
  { id: 9, street: 'Ängsvägen 1', postal_code: '12345', postal_city: 'Ort' },
  { id: 10, street: 'Storgatan 7', postal_code: '54321', postal_city: 'Annanstad' },
  { id: 11, street: 'Östra Storgatan 1', postal_code: '12345', postal_city: 'Ort' },
  { id: 12, street: 'Åsvägen 4', postal_code: '12345', postal_city: 'Ort' },
  { id: 13, street: 'Zetavägen 4', postal_code: '12345', postal_city: 'Ort' },
];

describe('splitAddressQuery: one field, the street with its postal code or town after it', () => {
  it.each([
    ['Syrenvägen 63', { street: 'Syrenvägen 63', postalCode: null, city: null }],
    ['Syrenvägen 63, 832 44 Frösön', { street: 'Syrenvägen 63', postalCode: '83244', city: 'Frösön' }],
    ['Syrenvägen 63, 83244', { street: 'Syrenvägen 63', postalCode: '83244', city: null }],
    ['Syrenvägen 63 832 44', { street: 'Syrenvägen 63', postalCode: '83244', city: null }],
    ['Syrenvägen 63 Frösön', { street: 'Syrenvägen 63', postalCode: null, city: 'Frösön' }],
    ['Syrenvägen 63B 832 44 Frösön', { street: 'Syrenvägen 63B', postalCode: '83244', city: 'Frösön' }],
    ['Syrenvägen 63 b, Frösön', { street: 'Syrenvägen 63 b', postalCode: null, city: 'Frösön' }],
    ['Storgatan 1, SE-111 22 Stockholm', { street: 'Storgatan 1', postalCode: '11122', city: 'Stockholm' }],
    ['Storgatan 1, Västra Frölunda', { street: 'Storgatan 1', postalCode: null, city: 'Västra Frölunda' }],
    ['Storgatan', { street: 'Storgatan', postalCode: null, city: null }],
    // What does not read as a postal code or a town stays with the street (normalizeStreet drops an lgh number).
    ['Storgatan 1 lgh 1102', { street: 'Storgatan 1 lgh 1102', postalCode: null, city: null }],
    ['Storgatan 1, 12', { street: 'Storgatan 1 12', postalCode: null, city: null }],
    ['  Storgatan   1 ,  111 22  ', { street: 'Storgatan 1', postalCode: '11122', city: null }],
  ])('%p', (input, expected) => {
    expect(splitAddressQuery(input)).toEqual(expected);
  });
});

describe('findExactMatch', () => {
  it.each([
    ['Storgatan 5', '12345', 1],
    ['storgatan 5', '123 45', 1],
    ['Storg. 5', 'SE-123 45', 1],
    ['STORGATA  5', '12345', 1],
    ['Storgatan 5', '12346', 6],
    ['Storgatan 2 b', '12345', 4],
    ['S:t Eriksgatan 3', '12345', 8],
    ['Ö. Storgatan 1', '12345', 11],
  ])('%j in %j → id %i', (street, postalCode, id) => {
    expect(findExactMatch(rows, street, postalCode)?.id).toBe(id);
  });

  it.each([
    ['Storgatan 6', '12345'], // no such number
    ['Storgatan 2C', '12345'], // no such letter
    ['Storgatan', '12345'], // no number: not exact
    ['Storgatan 5', '12347'], // other postal code
    ['Storgatan 5', '1234'], // bad postal code
    ['', '12345'],
    ['Asvägen 4', '12345'], // a is not å
  ])('%j in %j → null', (street, postalCode) => {
    expect(findExactMatch(rows, street, postalCode)).toBeNull();
  });
});

describe('suggestions', () => {
  const ids = (list: { id: number }[]) => list.map((r) => r.id);

  it('lists addresses starting with the typed text within a postal code, in street and number order', () => {
    expect(ids(suggestAddresses(rows, 'storg', { postalCode: '123 45' }))).toEqual([3, 5, 4, 1, 2, 11]);
    expect(ids(suggestAddresses(rows, 'Stor', { postalCode: '12345' }))).toEqual([7, 3, 5, 4, 1, 2, 11]);
    expect(ids(suggestAddresses(rows, 'storgatan 2', { postalCode: '12345' }))).toEqual([3, 5, 4]);
  });

  it('puts later-word matches after prefix matches ("eriks" finds Sankt Eriksgatan)', () => {
    expect(ids(suggestAddresses(rows, 'eriks', { postalCode: '12345' }))).toEqual([8]);
    expect(ids(suggestAddresses(rows, 'storgatan 1', { postalCode: '12345' }))).toEqual([2, 11]);
  });

  it('scopes to a city, or to everything, and honours the limit', () => {
    expect(ids(suggestAddresses(rows, 'storgatan', { postalCity: 'annanstad' }))).toEqual([10]);
    expect(ids(suggestAddresses(rows, 'storgatan 5'))).toEqual([1, 6]);
    expect(ids(suggestAddresses(rows, 'stor', { postalCode: '12345', limit: 2 }))).toEqual([7, 3]);
    expect(suggestAddresses(rows, 'stor', { limit: 500 })).toHaveLength(9);
    expect(suggestAddresses(rows, 's', { limit: 0 })).toHaveLength(1);
  });

  it('sorts å, ä, ö after z, as Swedish does', () => {
    expect(ids(suggestAddresses(rows, '', {}))).toEqual([]);
    const all = ['Z', 'Å', 'Ä', 'Ö'].flatMap((letter) => suggestAddresses(rows, letter, { postalCode: '12345' }));
    expect(ids(all)).toEqual([13, 12, 9, 11]);
    const names = suggestStreetNames(rows, 'ö', {}).concat(suggestStreetNames(rows, 'z', {}));
    expect(names.map((n) => n.name)).toEqual(['Östra Storgatan', 'Zetavägen']);
    const sorted = [...rows].map((r) => r.street.split(' ')[0]).sort(new Intl.Collator('sv').compare);
    expect(sorted.slice(-4)).toEqual(['Zetavägen', 'Åsvägen', 'Ängsvägen', 'Östra']);
  });

  it('returns nothing for nothing typed or a bad postal code', () => {
    expect(suggestAddresses(rows, '   ', { postalCode: '12345' })).toEqual([]);
    expect(suggestAddresses(rows, 'stor', { postalCode: '1234' })).toEqual([]);
    expect(suggestStreetNames(rows, '.,', {})).toEqual([]);
  });

  it('groups street names per postal code with how many addresses each has', () => {
    expect(suggestStreetNames(rows, 'storg')).toEqual([
      { name: 'Storgatan', postal_code: '12345', postal_city: 'Ort', addresses: 5 },
      { name: 'Storgatan', postal_code: '12346', postal_city: 'Ort', addresses: 1 },
      { name: 'Storgatan', postal_code: '54321', postal_city: 'Annanstad', addresses: 1 },
      { name: 'Östra Storgatan', postal_code: '12345', postal_city: 'Ort', addresses: 1 },
    ]);
  });
});

describe('search over the demo register', () => {
  const demo = generateDemoRegister(loadGeo(), { count: 2_000 });

  it('finds every demo home by its own street and written postal code, and by its name parts typed sloppily', () => {
    const index = new Map(demo.map((r) => [addressKey(r.street, r.postal_code), r]));
    for (const r of demo)
      expect(index.get(addressKey(r.street.toUpperCase(), formatPostalCode(r.postal_code)))).toBe(r);
    for (const r of demo.slice(0, 25)) {
      expect(findExactMatch(demo, `  ${r.street.toLowerCase()} `, `SE-${formatPostalCode(r.postal_code)}`)).toBe(r);
    }
  });

  it('suggests a demo home from the first letters of its street', () => {
    for (const r of demo.slice(0, 25)) {
      const typed = r.street.slice(0, 4);
      const found = suggestAddresses(demo, typed, { postalCode: r.postal_code, limit: 50 });
      expect(found.length).toBeGreaterThan(0);
      for (const f of found) {
        expect(f.postal_code).toBe(r.postal_code);
        expect(
          normalizeStreet(f.street).startsWith(normalizeStreet(typed)) ||
            normalizeStreet(f.street).includes(` ${normalizeStreet(typed)}`),
        ).toBe(true);
      }
    }
  });
});
