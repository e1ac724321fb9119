// estimated_measured label from metered consumption: a simplified BEN normalisation (BFS 2016:12, energy-domain.md §1.4).
//  1. electricity: take out household electricity (BEN 30 kWh/m² when it is on the same meter) and property electricity
//     (model), add back PV used in the house (the meter does not see it);
//  2. split what is left of each carrier into space heating and tap water in the proportions the model gives for that
//     carrier (all of it is heating when the model has no heat on that carrier);
//  3. normalise space heating to a normal year: × normal degree days / degree days of the metered period (SMHI energiindex
//     simplified to degree days) when the period's degree days are given;
//  4. replace the measured tap water by the BEN standard (20 kWh/m² ÷ η_tvv, on the model's tap-water carrier);
//  5. EP by the BBR formula; the class as for the calculated label.
import { buildingCategory, modelEnergy, type Building } from './building-model';
import { epcLabel, primaryEnergyNumber, type EpParts, type EpcLabelInformation } from './epc';
import { CARRIERS, type Carrier } from './types';

export interface Consumption {
  /** Bought energy per carrier over one year, kWh. Carriers left out count as zero. */
  byCarrier: Partial<Record<Carrier, number>>;
  /** Heating degree days of the metered year; omitted → the year is taken as a normal year. */
  degreeDays?: number;
  /** Whether household electricity is on the same meter as the rest (default true, as in a villa). */
  householdElectricityIncluded?: boolean;
}

export class ConsumptionError extends Error {}

export function measuredLabel(consumption: Consumption, building: Building): EpcLabelInformation {
  const { input, location } = building;
  for (const [carrier, kwh] of Object.entries(consumption.byCarrier)) {
    if (!(CARRIERS as readonly string[]).includes(carrier)) throw new ConsumptionError(`unknown carrier ${carrier}`);
    if (typeof kwh !== 'number' || !Number.isFinite(kwh) || kwh < 0) throw new ConsumptionError(`${carrier}: expected kWh ≥ 0`);
  }
  if (consumption.degreeDays !== undefined && !(consumption.degreeDays > 0)) throw new ConsumptionError('degreeDays must be positive');

  const actual = modelEnergy(building, 'actual');
  const standard = modelEnergy(building, 'standard');
  const climate = consumption.degreeDays === undefined ? 1 : location.degreeDays / consumption.degreeDays;

  const parts = {} as Record<Carrier, EpParts>;
  for (const c of CARRIERS) {
    let remaining = consumption.byCarrier[c] ?? 0;
    let property = 0;
    if (c === 'electricity') {
      if (consumption.householdElectricityIncluded ?? true) remaining -= actual.delivered.electricity.household_electricity;
      property = actual.delivered.electricity.property_electricity;
      remaining += actual.pv.selfUse - property;
    }
    remaining = Math.max(0, remaining);
    const modelSpace = actual.delivered[c].space_heating;
    const modelTap = actual.delivered[c].tap_water_heating;
    const heatingShare = modelSpace + modelTap > 0 ? modelSpace / (modelSpace + modelTap) : 1;
    parts[c] = {
      heating: remaining * heatingShare * climate,
      cooling: 0,
      tapWater: standard.delivered[c].tap_water_heating,
      property,
    };
  }
  const ep = primaryEnergyNumber(parts, input.atemp, location.fGeo);
  return epcLabel('estimated_measured', ep, {
    category: buildingCategory(input),
    atemp: input.atemp,
    fGeo: location.fGeo,
    fGeoIsEstimate: location.fGeoIsEstimate,
  });
}
