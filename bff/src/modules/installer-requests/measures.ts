import type { Activity } from '@home-energy/shared/schemas/energy';
import type { Db } from '../../db/client';
import type { GeoTables } from '../../energy/geo-data';
import { profileDocuments, type ProfileState, type PropertyRow } from '../building/repository';
import { computeBuilding } from '../building/service';
import { organisationRates } from '../configuration/repository';

/**
 * The results dashboard offers installers for a measure that needs one and is proposed: available, not done, saving
 * kWh bought or kronor (mfe-results' offersInstallers). The same test here, on the engine's answer for this home.
 */
export function offersInstallers(activity: Activity): boolean {
  return (
    activity.needs_installer &&
    activity.available &&
    activity.completion_status !== 'completed' &&
    (activity.kwh_saved_bought > 0 || activity.savings.energyCostSavings > 0)
  );
}

/**
 * The measures of this home an installer may be asked about: the recommendations the dashboard shows the owner, from
 * the same inputs as `GET …/building/primary/recommendations` (the property, the owner's answers, prices, consumption
 * and documents, the organisation's default prices).
 */
export async function installerMeasures(input: {
  db: Db;
  geo: GeoTables;
  property: PropertyRow;
  profile: ProfileState;
  pricingOrganisationId: number | null;
  year: number;
}): Promise<Set<string>> {
  const { db, profile } = input;
  const result = computeBuilding({
    property: input.property,
    answers: profile.answers,
    rates: profile.rates,
    consumption: profile.consumption,
    documents: await profileDocuments(db, profile.id),
    geo: input.geo,
    year: input.year,
    organisationRates: await organisationRates(db, input.pricingOrganisationId),
  });
  return new Set(result.recommendations.filter(offersInstallers).map((a) => a.name));
}
