// The geography tables location.ts reads. The engine does no I/O: register/geo-tables.ts loads them from the
// vendored CSVs (bff/data/geo) and the caller passes them in.
import type { PriceArea } from './types';

export interface MunicipalityRow {
  code: string;
  name: string;
  county: string;
  latitude: number;
  longitude: number;
  priceArea: PriceArea;
  /**
   * The CSV flags seats near another area or placed by "nearest": the area may be wrong for part of the municipality.
   */
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

/** Swedish postal codes: the first three digits name the postal area. */
export const POSTAL_AREA_DIGITS = 3;
