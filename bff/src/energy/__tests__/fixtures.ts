// Test helpers: the real geo tables (loaded once) and a house builder.
import { REPO_ROOT } from '../../paths';
import { buildingInputFromAnswers, type Answers } from '../answers';
import type { Building } from '../building-model';
import type { GeoTables } from '../geo-data';
import { geoDirFor, loadGeoTables } from '../../register/geo-tables';
import { locate, type Location } from '../location';
import { contextFor } from '../activities/runner';
import type { MeasureContext } from '../activities/types';
import { defaultPrices } from '../prices';

let tables: GeoTables | undefined;
export function geo(): GeoTables {
  tables ??= loadGeoTables(geoDirFor(REPO_ROOT));
  return tables;
}

export const POSTAL = {
  stockholm: '11455',
  lulea: '97100',
  malmo: '21120',
  kiruna: '98131',
  sundsvall: '85230',
} as const;

export function place(postalCode: string = POSTAL.stockholm): Location {
  const location = locate(postalCode, geo());
  if (!location) throw new Error(`no location for ${postalCode}`);
  return location;
}

export const YEAR = 2026;

/** A 150 m² one-storey 1970 villa in Stockholm, direct electric, 4 occupants, unless answers say otherwise. */
export function house(answers: Answers = {}, postalCode: string = POSTAL.stockholm): Building {
  const input = buildingInputFromAnswers({
    construction_year: 1970,
    atemp: 150,
    num_floors: 1,
    occupants: 4,
    ...answers,
  });
  return { input, location: place(postalCode), year: YEAR };
}

/**
 * The measures' context of the test house with these answers, at SE3's prices; a new one at each call, so that what
 * a measure works out (a context memoises it) is worked out in the test that checks it, which is the test Stryker
 * credits.
 */
export function measureContext(answers: Answers = {}): MeasureContext {
  return contextFor(house(answers), defaultPrices('SE3'));
}
