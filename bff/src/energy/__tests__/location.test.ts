// Postal code → municipality → price area and climate, on the real geo tables.
import { ENERGY_CONSTANTS as K } from '../constants';
import { csvObjects, parseGeoTables } from '../../register/geo-tables';
import { PRICE_AREA_COLUMNS } from '../../register/geo';
import { locate, normalisePostalCode } from '../location';
import { geo, POSTAL } from './fixtures';

const PRICE_AREA_HEADER = PRICE_AREA_COLUMNS.join(',');

describe('geo tables', () => {
  it('loads the CSVs: 290 municipalities, > 15 000 postal codes, the five SMHI towns (not Härnösand)', () => {
    const g = geo();
    expect(g.municipalities.size).toBe(290);
    expect(g.postalCodes.size).toBeGreaterThan(15_000);
    expect(g.climateStations.map((s) => s.town).sort()).toEqual([
      'Göteborg',
      'Luleå',
      'Malmö',
      'Stockholm',
      'Sundsvall',
    ]);
  });

  it("reads CSV with the register's parser: quoted commas, doubled quotes, CRLF, BOM; errors name table, line", () => {
    expect(csvObjects('\ufeffa,b\r\n1,"x, ""y"""\r\n\r\n2\r\n')).toEqual([
      { a: '1', b: 'x, "y"' },
      { a: '2', b: '' },
    ]);
    expect(() => csvObjects('a,b\n1,"open\n', 'postal_codes.csv')).toThrow(/^postal_codes\.csv:2: unterminated/);
  });

  it('rejects an unknown price area', () => {
    const municipalities = `${PRICE_AREA_HEADER}\n0114,X,Y,59,18,SE9,inside,SE2,1,\n`;
    expect(() => parseGeoTables({ postalCodes: 'postal_code\n', municipalities, climate: 'town\n' })).toThrow(/SE9/);
  });
});

describe('locate', () => {
  it('Stockholm 114 55 → 0180, SE3, 3 393 degree days, F_geo 1.0 (reference)', () => {
    expect(locate('114 55', geo())).toMatchObject({
      postalCode: '11455',
      postalCodeApproximate: false,
      municipalityCode: '0180',
      priceArea: 'SE3',
      degreeDays: 3393,
      climateStation: 'Stockholm',
      fGeo: 1,
      fGeoIsEstimate: true,
    });
  });

  it('Luleå → SE1, F_geo 1.51 (docs/energy.md §1.2); Malmö → SE4, 0.86; Sundsvall → SE2', () => {
    expect(locate(POSTAL.lulea, geo())).toMatchObject({ municipalityName: 'Luleå', priceArea: 'SE1', fGeo: 1.51 });
    expect(locate(POSTAL.malmo, geo())).toMatchObject({ municipalityName: 'Malmö', priceArea: 'SE4', fGeo: 0.86 });
    expect(locate(POSTAL.sundsvall, geo())).toMatchObject({ municipalityName: 'Sundsvall', priceArea: 'SE2' });
  });

  it('Kiruna is colder than Luleå (latitude correction) and F_geo stays within BBR’s 0.8–1.9', () => {
    const kiruna = locate(POSTAL.kiruna, geo())!;
    expect(kiruna.degreeDays).toBeGreaterThan(locate(POSTAL.lulea, geo())!.degreeDays);
    for (const m of geo().municipalities.values()) {
      const code = [...geo().postalCodes.values()].find((p) => p.municipalityCode === m.code)?.postalCode;
      if (!code) continue;
      const place = locate(code, geo())!;
      expect(place.fGeo).toBeGreaterThanOrEqual(K.fGeoRange.value.min);
      expect(place.fGeo).toBeLessThanOrEqual(K.fGeoRange.value.max);
      expect(['SE1', 'SE2', 'SE3', 'SE4']).toContain(place.priceArea);
    }
  });

  it('a code missing from the extract falls back to its postal area and says so', () => {
    const known = geo().postalCodes;
    const missing = ['11400', '11401', '11499', '11498'].find((c) => !known.has(c))!;
    expect(locate(missing, geo())).toMatchObject({ postalCodeApproximate: true, municipalityCode: '0180' });
  });

  it('flags municipalities whose price area is uncertain (border or nearest-area seats)', () => {
    expect(geo().municipalities.get('0319')!.priceAreaUncertain).toBe(true); // Älvkarleby, 20 km from SE2
    expect(geo().municipalities.get('0180')!.priceAreaUncertain).toBe(false);
  });

  it('bad codes give null', () => {
    expect(normalisePostalCode('1234')).toBeNull();
    expect(normalisePostalCode('abcde')).toBeNull();
    expect(locate('00000', geo())).toBeNull();
    expect(locate('', geo())).toBeNull();
  });
});
