// Reads the geography CSVs (bff/data/geo, vendored; see its README) into the engine's tables (energy/geo-data.ts).
// parseGeoTables is pure; loadGeoTables is the only function here that touches the file system.
import fs from 'node:fs';
import path from 'node:path';
import { PRICE_AREAS, type PriceArea } from './types';
import {
  POSTAL_AREA_DIGITS,
  type ClimateStationRow,
  type GeoTables,
  type MunicipalityRow,
  type PostalCodeRow,
} from '../energy/geo-data';
import { parseCsv } from './csv';

export const GEO_FILES = {
  postalCodes: 'postal_codes.csv',
  municipalities: 'municipality_price_area.csv',
  climate: 'climate_normals_1991_2020.csv',
} as const;

/**
 * CSV text → one object per data row, keyed by the header names (the register's RFC 4180 reader, `register/csv.ts`).
 * A syntax error (unterminated or stray quote) throws, naming the table and line: the geo tables are vendored files.
 */
export function csvObjects(text: string, table = 'CSV'): Record<string, string>[] {
  const { records, errors } = parseCsv(text);
  if (errors.length > 0) throw new Error(`${table}:${errors[0].line}: ${errors[0].message}`);
  const [header, ...data] = records;
  if (!header) return [];
  const names = header.fields;
  return data.map(({ fields }) => {
    const row: Record<string, string> = {};
    for (let i = 0; i < names.length; i++) row[names[i]] = fields[i] ?? '';
    return row;
  });
}

function isPriceArea(value: string): value is PriceArea {
  return (PRICE_AREAS as readonly string[]).includes(value);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

function mostCommonMunicipalityPerArea(rows: Iterable<PostalCodeRow>): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const area = row.postalCode.slice(0, POSTAL_AREA_DIGITS);
    const perMunicipality = counts.get(area) ?? new Map<string, number>();
    perMunicipality.set(row.municipalityCode, (perMunicipality.get(row.municipalityCode) ?? 0) + 1);
    counts.set(area, perMunicipality);
  }
  const result = new Map<string, string>();
  for (const [area, perMunicipality] of counts) {
    const [best] = [...perMunicipality].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    result.set(area, best[0]);
  }
  return result;
}

export function parseGeoTables(csv: { postalCodes: string; municipalities: string; climate: string }): GeoTables {
  const municipalities = new Map<string, MunicipalityRow>();
  for (const r of csvObjects(csv.municipalities, GEO_FILES.municipalities)) {
    if (!isPriceArea(r.elomrade_derived))
      throw new Error(`municipality ${r.municipality_code}: bad price area ${r.elomrade_derived}`);
    municipalities.set(r.municipality_code, {
      code: r.municipality_code,
      name: r.municipality_name,
      county: r.county,
      latitude: Number(r.seat_lat),
      longitude: Number(r.seat_lon),
      priceArea: r.elomrade_derived,
      priceAreaUncertain: r.flag.trim() !== '' || r.method !== 'inside',
    });
  }

  const postalCodes = new Map<string, PostalCodeRow>();
  for (const r of csvObjects(csv.postalCodes, GEO_FILES.postalCodes)) {
    postalCodes.set(r.postal_code, {
      postalCode: r.postal_code,
      locality: r.locality,
      municipalityCode: r.municipality_code,
    });
  }

  const postalAreaMunicipality = mostCommonMunicipalityPerArea(postalCodes.values());

  // Only rows with a numeric simple degree-day sum (Härnösand's value uses another method) and a known seat.
  const seatsByName = new Map([...municipalities.values()].map((m) => [m.name, m]));
  const climateStations: ClimateStationRow[] = [];
  for (const r of csvObjects(csv.climate, GEO_FILES.climate)) {
    const degreeDays = Number(r.DERIVED_simple_degree_days_base17_monthly_method);
    const seat = seatsByName.get(r.town);
    const monthlyMeanC = MONTHS.map((m) => Number(r[m]));
    if (!Number.isFinite(degreeDays) || degreeDays <= 0 || !seat || monthlyMeanC.some((t) => !Number.isFinite(t)))
      continue;
    climateStations.push({
      town: r.town,
      annualMeanC: Number(r.annual_mean_C_1991_2020),
      monthlyMeanC,
      degreeDays,
      latitude: seat.latitude,
      longitude: seat.longitude,
    });
  }
  return { postalCodes, postalAreaMunicipality, municipalities, climateStations };
}

/** The geo folder for a repository root: the copy vendored with the BFF, so a fresh clone needs nothing beside it. */
export function geoDirFor(repoRoot: string): string {
  return path.join(repoRoot, 'bff', 'data', 'geo');
}

/** geoDir: the folder with the CSVs (see geoDirFor). */
export function loadGeoTables(geoDir: string): GeoTables {
  const read = (file: string) => fs.readFileSync(path.join(geoDir, file), 'utf8');
  return parseGeoTables({
    postalCodes: read(GEO_FILES.postalCodes),
    municipalities: read(GEO_FILES.municipalities),
    climate: read(GEO_FILES.climate),
  });
}
