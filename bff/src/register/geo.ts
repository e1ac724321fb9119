/**
 * Swedish geography tables (bff/data/geo, see its README): counties, municipalities, postal codes and the derived
 * municipality → electricity price area table. Read with node:fs, parsed and checked row by row; any bad input throws a
 * GeoDataError naming the file and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GEO_DIR } from '../paths';
import { parseCsv } from './csv';
import { PRICE_AREAS, type PriceArea } from './types';

export const GEO_FILES = {
  counties: 'counties.csv',
  municipalities: 'municipalities.csv',
  postalCodes: 'postal_codes.csv',
  priceAreas: 'municipality_price_area.csv',
} as const;

export interface County {
  /** Two digits (SCB län code), e.g. "01". */
  code: string;
  /** e.g. "Stockholms län". */
  name: string;
  /** e.g. "Stockholm". */
  shortName: string;
}

export interface Municipality {
  /** Four digits (SCB kommun code), e.g. "0180". */
  code: string;
  /** e.g. "Stockholms kommun". */
  name: string;
  /** e.g. "Stockholm". */
  shortName: string;
  countyCode: string;
}

export interface PostalCode {
  /** Five digits, no space. */
  postalCode: string;
  /** Postort, e.g. "Bromma". */
  locality: string;
  municipalityCode: string;
  /** As written in the file, e.g. "Stockholms kommun". */
  municipalityName: string;
}

export interface MunicipalityPriceArea {
  municipalityCode: string;
  /** Short name, e.g. "Stockholm". */
  municipalityName: string;
  /** County name, e.g. "Stockholms län". */
  county: string;
  seatLat: number;
  seatLon: number;
  /** Derived from the municipality seat's position (README caveat: grid areas do not follow municipal borders). */
  priceArea: PriceArea;
  /** How the area was derived: "inside" a price-area shape or "nearest" one. */
  method: string;
  nearestOtherArea: PriceArea;
  kmToNearestOtherArea: number;
  /** The file's BORDER<25km flag: the municipality may lie in two price areas. */
  nearBorder: boolean;
}

export interface GeoData {
  dir: string;
  counties: County[];
  municipalities: Municipality[];
  postalCodes: PostalCode[];
  priceAreas: MunicipalityPriceArea[];
  countyByCode: ReadonlyMap<string, County>;
  municipalityByCode: ReadonlyMap<string, Municipality>;
  postalCodeByCode: ReadonlyMap<string, PostalCode>;
  priceAreaByMunicipality: ReadonlyMap<string, MunicipalityPriceArea>;
}

export class GeoDataError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    detail: string,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}: ${detail}`);
    this.name = 'GeoDataError';
  }
}

/** The geography data vendored with the BFF (bff/data/geo), so a fresh clone needs nothing beside it. */
export function defaultGeoDir(): string {
  return GEO_DIR;
}

type Row = { line: number; get(column: string): string };

/** The CSV line each loaded row came from, for cross-file error messages. */
const sourceLine = new WeakMap<object, number>();
function withLine<T extends object>(row: Row, value: T): T {
  sourceLine.set(value, row.line);
  return value;
}
function lineOf(value: object): number | null {
  return sourceLine.get(value) ?? null;
}

/** Reads one CSV file with the given header columns (order free, extra columns ignored); every cell trimmed. */
export function readCsvTable(dir: string, fileName: string, columns: readonly string[]): Row[] {
  const file = path.join(dir, fileName);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new GeoDataError(
      file,
      null,
      `cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  const { records, errors } = parseCsv(text);
  if (errors.length > 0) throw new GeoDataError(file, errors[0].line, errors[0].message);
  const [header, ...body] = records;
  if (!header) throw new GeoDataError(file, 1, 'the file is empty (a header row is expected)');
  const names = header.fields.map((f) => f.trim());
  const index = new Map<string, number>();
  for (const column of columns) {
    const at = names.indexOf(column);
    if (at < 0)
      throw new GeoDataError(
        file,
        header.line,
        `missing column "${column}" in the header (found: ${names.join(', ')})`,
      );
    index.set(column, at);
  }
  return body.map((record) => {
    if (record.fields.length !== names.length) {
      throw new GeoDataError(file, record.line, `expected ${names.length} fields, found ${record.fields.length}`);
    }
    return { line: record.line, get: (column: string) => record.fields[index.get(column)!].trim() };
  });
}

function field(file: string, row: Row, column: string, pattern: RegExp, what: string): string {
  const value = row.get(column);
  if (!pattern.test(value)) throw new GeoDataError(file, row.line, `${column} "${value}" is not ${what}`);
  return value;
}

function numberField(file: string, row: Row, column: string, min: number, max: number): number {
  const raw = row.get(column);
  const value = Number(raw);
  if (raw === '' || !Number.isFinite(value) || value < min || value > max) {
    throw new GeoDataError(file, row.line, `${column} "${raw}" is not a number in ${min}..${max}`);
  }
  return value;
}

function priceArea(file: string, row: Row, column: string): PriceArea {
  const value = row.get(column);
  if (!(PRICE_AREAS as readonly string[]).includes(value)) {
    throw new GeoDataError(file, row.line, `${column} "${value}" is not one of ${PRICE_AREAS.join(', ')}`);
  }
  return value as PriceArea;
}

const NON_EMPTY = /\S/;

export function loadCounties(dir: string): County[] {
  const file = path.join(dir, GEO_FILES.counties);
  return readCsvTable(dir, GEO_FILES.counties, ['county_code', 'county_name', 'county_name_short']).map((row) =>
    withLine(row, {
      code: field(file, row, 'county_code', /^\d{2}$/, 'a two-digit county code'),
      name: field(file, row, 'county_name', NON_EMPTY, 'a name'),
      shortName: field(file, row, 'county_name_short', NON_EMPTY, 'a name'),
    }),
  );
}

export function loadMunicipalities(dir: string): Municipality[] {
  const file = path.join(dir, GEO_FILES.municipalities);
  const columns = ['municipality_code', 'municipality_name', 'municipality_name_short', 'county_code'];
  return readCsvTable(dir, GEO_FILES.municipalities, columns).map((row) =>
    withLine(row, {
      code: field(file, row, 'municipality_code', /^\d{4}$/, 'a four-digit municipality code'),
      name: field(file, row, 'municipality_name', NON_EMPTY, 'a name'),
      shortName: field(file, row, 'municipality_name_short', NON_EMPTY, 'a name'),
      countyCode: field(file, row, 'county_code', /^\d{2}$/, 'a two-digit county code'),
    }),
  );
}

export function loadPostalCodes(dir: string): PostalCode[] {
  const file = path.join(dir, GEO_FILES.postalCodes);
  const columns = ['postal_code', 'locality', 'municipality_code', 'municipality_name'];
  return readCsvTable(dir, GEO_FILES.postalCodes, columns).map((row) =>
    withLine(row, {
      postalCode: field(file, row, 'postal_code', /^[1-9]\d{4}$/, 'a five-digit postal code'),
      locality: field(file, row, 'locality', NON_EMPTY, 'a locality name'),
      municipalityCode: field(file, row, 'municipality_code', /^\d{4}$/, 'a four-digit municipality code'),
      municipalityName: field(file, row, 'municipality_name', NON_EMPTY, 'a name'),
    }),
  );
}

/** The header of municipality_price_area.csv. */
export const PRICE_AREA_COLUMNS = [
  'municipality_code',
  'municipality_name',
  'county',
  'seat_lat',
  'seat_lon',
  'elomrade_derived',
  'method',
  'nearest_other_zone',
  'km_to_nearest_other_zone',
  'flag',
] as const;

export function loadPriceAreas(dir: string): MunicipalityPriceArea[] {
  const file = path.join(dir, GEO_FILES.priceAreas);
  return readCsvTable(dir, GEO_FILES.priceAreas, [...PRICE_AREA_COLUMNS]).map((row) => {
    const flag = row.get('flag');
    if (flag !== '' && flag !== 'BORDER<25km')
      throw new GeoDataError(file, row.line, `flag "${flag}" is not empty or BORDER<25km`);
    return withLine(row, {
      municipalityCode: field(file, row, 'municipality_code', /^\d{4}$/, 'a four-digit municipality code'),
      municipalityName: field(file, row, 'municipality_name', NON_EMPTY, 'a name'),
      county: field(file, row, 'county', NON_EMPTY, 'a name'),
      // Sweden lies within about 55.3..69.1 N, 10.9..24.2 E.
      seatLat: numberField(file, row, 'seat_lat', 55, 70),
      seatLon: numberField(file, row, 'seat_lon', 10, 25),
      priceArea: priceArea(file, row, 'elomrade_derived'),
      method: field(file, row, 'method', NON_EMPTY, 'a method'),
      nearestOtherArea: priceArea(file, row, 'nearest_other_zone'),
      kmToNearestOtherArea: numberField(file, row, 'km_to_nearest_other_zone', 0, 2000),
      nearBorder: flag === 'BORDER<25km',
    });
  });
}

function uniqueBy<T extends object>(file: string, rows: T[], key: (row: T) => string, what: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    const first = map.get(k);
    if (first) throw new GeoDataError(file, lineOf(row), `duplicate ${what} "${k}" (first on line ${lineOf(first)})`);
    map.set(k, row);
  }
  return map;
}

/**
 * Loads the four tables and checks that they agree: unique keys, every municipality's county exists, every postal
 * code's municipality exists, every municipality has exactly one price area.
 */
export function loadGeo(dir: string = defaultGeoDir()): GeoData {
  const counties = loadCounties(dir);
  const municipalities = loadMunicipalities(dir);
  const postalCodes = loadPostalCodes(dir);
  const priceAreas = loadPriceAreas(dir);
  const f = (name: string) => path.join(dir, name);

  const countyByCode = uniqueBy(f(GEO_FILES.counties), counties, (c) => c.code, 'county code');
  const municipalityByCode = uniqueBy(f(GEO_FILES.municipalities), municipalities, (m) => m.code, 'municipality code');
  const postalCodeByCode = uniqueBy(f(GEO_FILES.postalCodes), postalCodes, (p) => p.postalCode, 'postal code');
  const priceAreaByMunicipality = uniqueBy(
    f(GEO_FILES.priceAreas),
    priceAreas,
    (p) => p.municipalityCode,
    'municipality code',
  );

  municipalities.forEach((m) => {
    if (!countyByCode.has(m.countyCode)) {
      throw new GeoDataError(
        f(GEO_FILES.municipalities),
        lineOf(m),
        `county_code "${m.countyCode}" is not in ${GEO_FILES.counties}`,
      );
    }
    if (!priceAreaByMunicipality.has(m.code)) {
      throw new GeoDataError(
        f(GEO_FILES.municipalities),
        lineOf(m),
        `municipality ${m.code} has no row in ${GEO_FILES.priceAreas}`,
      );
    }
  });
  priceAreas.forEach((p) => {
    if (!municipalityByCode.has(p.municipalityCode)) {
      throw new GeoDataError(
        f(GEO_FILES.priceAreas),
        lineOf(p),
        `municipality_code "${p.municipalityCode}" is not in ${GEO_FILES.municipalities}`,
      );
    }
  });
  postalCodes.forEach((p) => {
    if (!municipalityByCode.has(p.municipalityCode)) {
      throw new GeoDataError(
        f(GEO_FILES.postalCodes),
        lineOf(p),
        `municipality_code "${p.municipalityCode}" is not in ${GEO_FILES.municipalities}`,
      );
    }
  });

  return {
    dir,
    counties,
    municipalities,
    postalCodes,
    priceAreas,
    countyByCode,
    municipalityByCode,
    postalCodeByCode,
    priceAreaByMunicipality,
  };
}

export interface PostalLocation {
  postalCode: string;
  locality: string;
  municipality: Municipality;
  county: County;
  priceArea: PriceArea;
  /** The municipality may lie in two price areas (README caveat); keep the area overridable per property. */
  priceAreaNearBorder: boolean;
}

/** Places a postal code (5 digits) in its municipality, county and price area; null when the table does not have it. */
export function locatePostalCode(geo: GeoData, postalCode: string): PostalLocation | null {
  const row = geo.postalCodeByCode.get(postalCode);
  if (!row) return null;
  const municipality = geo.municipalityByCode.get(row.municipalityCode)!;
  const area = geo.priceAreaByMunicipality.get(row.municipalityCode)!;
  return {
    postalCode: row.postalCode,
    locality: row.locality,
    municipality,
    county: geo.countyByCode.get(municipality.countyCode)!,
    priceArea: area.priceArea,
    priceAreaNearBorder: area.nearBorder,
  };
}
