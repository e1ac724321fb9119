// Reads the geography CSVs (bff/data/geo, vendored; see its README) into plain tables for location.ts.
// parseGeoTables is pure; loadGeoTables is the only function here that touches the file system.
import fs from 'node:fs';
import path from 'node:path';
import { PRICE_AREAS, type PriceArea } from './types';

export interface MunicipalityRow {
  code: string;
  name: string;
  county: string;
  latitude: number;
  longitude: number;
  priceArea: PriceArea;
  /** The CSV flags seats near another area or placed by "nearest": the area may be wrong for part of the municipality. */
  priceAreaUncertain: boolean;
}

export interface PostalCodeRow {
  postalCode: string;
  locality: string;
  municipalityCode: string;
}

export interface ClimateStationRow {
  town: string;
  annualMeanC: number;
  /** Monthly mean temperatures Jan…Dec, °C (1991–2020 normals). */
  monthlyMeanC: number[];
  degreeDays: number;
  latitude: number;
  longitude: number;
}

export interface GeoTables {
  postalCodes: ReadonlyMap<string, PostalCodeRow>;
  /** First three digits → the most common municipality among the known codes (for codes missing from the extract). */
  postalAreaMunicipality: ReadonlyMap<string, string>;
  municipalities: ReadonlyMap<string, MunicipalityRow>;
  climateStations: readonly ClimateStationRow[];
}

export const GEO_FILES = {
  postalCodes: 'postal_codes.csv',
  municipalities: 'municipality_price_area.csv',
  climate: 'climate_normals_1991_2020.csv',
} as const;

/** RFC 4180-style: quoted fields may hold commas and doubled quotes. Returns one object per data row. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  const [header, ...data] = rows;
  if (!header) return [];
  return data.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

function isPriceArea(value: string): value is PriceArea {
  return (PRICE_AREAS as readonly string[]).includes(value);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/** Swedish postal codes: the first three digits name the postal area. */
export const POSTAL_AREA_DIGITS = 3;
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
  for (const r of parseCsv(csv.municipalities)) {
    if (!isPriceArea(r.elomrade_derived)) throw new Error(`municipality ${r.municipality_code}: bad price area ${r.elomrade_derived}`);
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
  for (const r of parseCsv(csv.postalCodes)) {
    postalCodes.set(r.postal_code, { postalCode: r.postal_code, locality: r.locality, municipalityCode: r.municipality_code });
  }

  const postalAreaMunicipality = mostCommonMunicipalityPerArea(postalCodes.values());

  // Only rows with a numeric simple degree-day sum (Härnösand's value uses another method) and a known seat.
  const seatsByName = new Map([...municipalities.values()].map((m) => [m.name, m]));
  const climateStations: ClimateStationRow[] = [];
  for (const r of parseCsv(csv.climate)) {
    const degreeDays = Number(r.DERIVED_simple_degree_days_base17_monthly_method);
    const seat = seatsByName.get(r.town);
    const monthlyMeanC = MONTHS.map((m) => Number(r[m]));
    if (!Number.isFinite(degreeDays) || degreeDays <= 0 || !seat || monthlyMeanC.some((t) => !Number.isFinite(t))) continue;
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
