import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../paths';
import { defaultGeoDir, GeoDataError, loadGeo, locatePostalCode, PRICE_AREA_COLUMNS } from '../geo';

const PRICE_AREA_HEADER = PRICE_AREA_COLUMNS.join(',');

describe('geo tables', () => {
  const geo = loadGeo();

  it('is vendored in the repository (bff/data/geo), so a fresh clone needs nothing beside it', () => {
    expect(defaultGeoDir()).toBe(path.join(REPO_ROOT, 'bff', 'data', 'geo'));
    expect(fs.existsSync(path.join(defaultGeoDir(), 'postal_codes.csv'))).toBe(true);
  });

  it('has the row counts the README states', () => {
    expect(geo.counties).toHaveLength(21);
    expect(geo.municipalities).toHaveLength(290);
    expect(geo.postalCodes).toHaveLength(15_463);
    expect(geo.priceAreas).toHaveLength(290);
  });

  it('parses typed rows (leading zeros kept, CRLF file without stray carriage returns)', () => {
    expect(geo.countyByCode.get('01')).toEqual({ code: '01', name: 'Stockholms län', shortName: 'Stockholm' });
    expect(geo.municipalityByCode.get('0114')).toEqual({
      code: '0114',
      name: 'Upplands Väsby kommun',
      shortName: 'Upplands Väsby',
      countyCode: '01',
    });
    expect(geo.postalCodeByCode.get('98692')).toEqual({
      postalCode: '98692',
      locality: 'Karesuando',
      municipalityCode: '2584',
      municipalityName: 'Kiruna kommun',
    });
    const osteraker = geo.priceAreaByMunicipality.get('0117')!;
    expect(osteraker).toMatchObject({
      municipalityName: 'Österåker',
      priceArea: 'SE3',
      nearestOtherArea: 'SE2',
      nearBorder: true,
    });
    expect(osteraker.seatLat).toBeCloseTo(59.5);
    expect(osteraker.kmToNearestOtherArea).toBeCloseTo(151.5);
    expect(geo.priceAreaByMunicipality.get('0114')!.nearBorder).toBe(false);
    const areaCounts = new Map<string, number>();
    for (const p of geo.priceAreas) areaCounts.set(p.priceArea, (areaCounts.get(p.priceArea) ?? 0) + 1);
    expect(Object.fromEntries(areaCounts)).toEqual({ SE1: 17, SE2: 33, SE3: 181, SE4: 59 });
  });

  it('places a postal code in its municipality, county and price area', () => {
    expect(locatePostalCode(geo, '98131')).toMatchObject({
      locality: 'Kiruna',
      municipality: { code: '2584', shortName: 'Kiruna' },
      county: { code: '25', name: 'Norrbottens län' },
      priceArea: 'SE1',
      priceAreaNearBorder: false,
    });
    expect(locatePostalCode(geo, '21741')?.priceArea).toBe('SE4');
    expect(locatePostalCode(geo, '00000')).toBeNull();
  });
});

describe('geo tables: bad input names the file and line', () => {
  const good = {
    'counties.csv':
      'county_code,county_name,county_name_short\n01,Stockholms län,Stockholm\n25,Norrbottens län,Norrbotten\n',
    'municipalities.csv':
      'municipality_code,municipality_name,municipality_name_short,county_code\n0180,Stockholms ' +
      'kommun,Stockholm,01\n2584,Kiruna kommun,Kiruna,25\n',
    'postal_codes.csv':
      'postal_code,locality,municipality_code,municipality_name\n11122,Stockholm,0180,Stockholms ' +
      'kommun\n98131,Kiruna,2584,Kiruna kommun\n',
    'municipality_price_area.csv':
      `${PRICE_AREA_HEADER}\r\n` +
      '0180,Stockholm,Stockholms län,59.33,18.07,SE3,inside,SE2,161.4,\r\n' +
      '2584,Kiruna,Norrbottens län,67.85,20.22,SE1,inside,SE2,259.1,\r\n',
  };
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  function withFiles(changes: Partial<Record<keyof typeof good, string | null>>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geo-test-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries({ ...good, ...changes })) {
      if (text !== null) fs.writeFileSync(path.join(dir, name), text);
    }
    return dir;
  }

  function errorOf(dir: string): GeoDataError {
    try {
      loadGeo(dir);
    } catch (e) {
      if (e instanceof GeoDataError) return e;
      throw e;
    }
    throw new Error('loadGeo did not throw');
  }

  it('loads the small good set', () => {
    const geo = loadGeo(withFiles({}));
    expect(geo.postalCodes.map((p) => p.postalCode)).toEqual(['11122', '98131']);
    expect(locatePostalCode(geo, '98131')?.priceArea).toBe('SE1');
  });

  it.each([
    [
      'a bad postal code',
      'postal_codes.csv',
      good['postal_codes.csv'].replace('98131', '9813'),
      3,
      'postal_code "9813" is not a five-digit postal code',
    ],
    [
      'a missing column',
      'postal_codes.csv',
      good['postal_codes.csv'].replace('locality', 'ort'),
      1,
      'missing column "locality"',
    ],
    [
      'a short row',
      'municipalities.csv',
      good['municipalities.csv'].replace(',Kiruna,25', ',Kiruna'),
      3,
      'expected 4 fields, found 3',
    ],
    [
      'an unterminated quote',
      'counties.csv',
      good['counties.csv'].replace('Norrbottens län', '"Norrbottens län'),
      3,
      'unterminated quoted field',
    ],
    [
      'an unknown price area',
      'municipality_price_area.csv',
      good['municipality_price_area.csv'].replace(',SE1,', ',SE5,'),
      3,
      'elomrade_derived "SE5" is not one of SE1, SE2, SE3, SE4',
    ],
    [
      'a non-numeric latitude',
      'municipality_price_area.csv',
      good['municipality_price_area.csv'].replace('59.33', 'north'),
      2,
      'seat_lat "north"',
    ],
    [
      'an unknown flag',
      'municipality_price_area.csv',
      good['municipality_price_area.csv'].replace('161.4,', '161.4,maybe'),
      2,
      'flag "maybe"',
    ],
    [
      'a postal code in an unknown municipality',
      'postal_codes.csv',
      good['postal_codes.csv'].replace('98131,Kiruna,2584', '98131,Kiruna,2585'),
      3,
      'municipality_code "2585" is not in municipalities.csv',
    ],
    [
      'a duplicate postal code',
      'postal_codes.csv',
      `${good['postal_codes.csv']}11122,Stockholm,0180,Stockholms kommun\n`,
      4,
      'duplicate postal code "11122" (first on line 2)',
    ],
    [
      'a municipality without a price area',
      'municipality_price_area.csv',
      good['municipality_price_area.csv'].split('\r\n').slice(0, 2).join('\r\n'),
      3,
      'municipality 2584 has no row in municipality_price_area.csv',
    ],
    ['an empty file', 'counties.csv', '', 1, 'the file is empty'],
  ] as const)('%s', (_what, file, text, line, message) => {
    const dir = withFiles({ [file]: text });
    const error = errorOf(dir);
    const reportedFile = message.includes('has no row in')
      ? path.join(dir, 'municipalities.csv')
      : path.join(dir, file);
    expect(error.file).toBe(reportedFile);
    expect(error.line).toBe(line);
    expect(error.message.startsWith(`${reportedFile}:${line}: `)).toBe(true);
    expect(error.message).toContain(message);
  });

  it('names a missing file', () => {
    const dir = withFiles({ 'postal_codes.csv': null });
    const error = errorOf(dir);
    expect(error.file).toBe(path.join(dir, 'postal_codes.csv'));
    expect(error.message).toContain('cannot read the file (ENOENT)');
  });
});
