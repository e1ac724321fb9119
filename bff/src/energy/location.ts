// Postal code → municipality → price area (SE1–SE4) and climate (degree days, F_geo estimate), behind one lookup.
// The official F_geo table (BBR 9:2c) is not available: fGeoEstimate() is the single place to swap it in.
import { ENERGY_CONSTANTS as K } from './constants';
import { POSTAL_AREA_DIGITS, type ClimateStationRow, type GeoTables, type MunicipalityRow } from './geo-data';
import type { PriceArea } from './types';

export interface Location {
  postalCode: string | null;
  /** true when the postal code is not in the table and its 3-digit area decided the municipality. */
  postalCodeApproximate: boolean;
  municipalityCode: string;
  municipalityName: string;
  county: string;
  latitude: number;
  priceArea: PriceArea;
  priceAreaUncertain: boolean;
  /** Normal-year heating degree days (base 17 °C) at the municipality seat. */
  degreeDays: number;
  /** Degree days of the F_geo reference town (Stockholm); degreeDays / this scales air-source heat pumps. */
  referenceDegreeDays: number;
  climateStation: string;
  /** The climate town's monthly means (°C): the shape of the year, used for degree days at other base temperatures. */
  monthlyMeanC: number[];
  fGeo: number;
  fGeoIsEstimate: boolean;
}

export class LocationError extends Error {}

export function normalisePostalCode(raw: string): string | null {
  const digits = raw.replace(/\s+/g, '');
  return /^\d{5}$/.test(digits) ? digits : null;
}

const DEG = Math.PI / 180;
function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const h =
    Math.sin(((bLat - aLat) * DEG) / 2) ** 2 +
    Math.cos(aLat * DEG) * Math.cos(bLat * DEG) * Math.sin(((bLon - aLon) * DEG) / 2) ** 2;
  return 2 * K.earthRadiusKm.value * Math.asin(Math.sqrt(h));
}

/** Nearest normal-temperature town, corrected by the latitude gradient (inland/altitude effects are not captured). */
export function degreeDaysAt(latitude: number, longitude: number, stations: readonly ClimateStationRow[]) {
  if (stations.length === 0) throw new LocationError('no climate stations loaded');
  let nearest = stations[0];
  for (const s of stations) {
    if (
      distanceKm(latitude, longitude, s.latitude, s.longitude) <
      distanceKm(latitude, longitude, nearest.latitude, nearest.longitude)
    )
      nearest = s;
  }
  const degreeDays = nearest.degreeDays + K.degreeDayLatitudeGradient.value * (latitude - nearest.latitude);
  return { degreeDays, station: nearest };
}

/** The reference degree days (F_geo = 1), also used to scale air-source heat-pump SPF northward. */
export function referenceDegreeDays(stations: readonly ClimateStationRow[]): number {
  const reference = stations.find((s) => s.town === K.fGeoReferenceTown.value);
  if (!reference) throw new LocationError(`reference climate station ${K.fGeoReferenceTown.value} missing`);
  return reference.degreeDays;
}

/**
 * F_geo estimate: degree days relative to the reference town, clamped to BBR's range (constants: fGeoReferenceTown).
 */
export function fGeoEstimate(degreeDays: number, referenceDays: number): number {
  const { min, max } = K.fGeoRange.value;
  const value = Math.min(max, Math.max(min, degreeDays / referenceDays));
  return Math.round(value * 100) / 100;
}

function municipalityForPostalCode(postalCode: string, geo: GeoTables): { code: string; approximate: boolean } | null {
  const exact = geo.postalCodes.get(postalCode);
  if (exact) return { code: exact.municipalityCode, approximate: false };
  const area = geo.postalAreaMunicipality.get(postalCode.slice(0, POSTAL_AREA_DIGITS));
  return area === undefined ? null : { code: area, approximate: true };
}

export function locateMunicipality(
  municipality: MunicipalityRow,
  geo: GeoTables,
): Omit<Location, 'postalCode' | 'postalCodeApproximate'> {
  const { degreeDays, station } = degreeDaysAt(municipality.latitude, municipality.longitude, geo.climateStations);
  const referenceDays = referenceDegreeDays(geo.climateStations);
  return {
    municipalityCode: municipality.code,
    municipalityName: municipality.name,
    county: municipality.county,
    latitude: municipality.latitude,
    priceArea: municipality.priceArea,
    priceAreaUncertain: municipality.priceAreaUncertain,
    degreeDays: Math.round(degreeDays),
    referenceDegreeDays: referenceDays,
    climateStation: station.town,
    monthlyMeanC: station.monthlyMeanC,
    fGeo: fGeoEstimate(degreeDays, referenceDays),
    fGeoIsEstimate: true,
  };
}

/** The one lookup: postal code (with or without space) → Location; null when nothing matches. */
export function locate(postalCodeRaw: string, geo: GeoTables): Location | null {
  const postalCode = normalisePostalCode(postalCodeRaw);
  if (!postalCode) return null;
  const match = municipalityForPostalCode(postalCode, geo);
  const municipality = match && geo.municipalities.get(match.code);
  if (!match || !municipality) return null;
  return { postalCode, postalCodeApproximate: match.approximate, ...locateMunicipality(municipality, geo) };
}
