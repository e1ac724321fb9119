// estimated_measured label from metered consumption, following Boverket's method for measured energy (BEN, BFS 2016:12
// as amended, 3 kap.; "Energiprestanda baserat på mätning", boverket.se). It uses the answers that describe the meters
// and the systems (Atemp, heating systems, ventilation, PV) and never the modelled envelope, so U-values and the
// construction year do not move it:
//  1. electricity: take out household electricity (given, or BEN tabell 3:3's normal value 30 kWh/m² Atemp, when it is
//     on the same meter) and property electricity (5.5 kWh/m², as BEN's worked example), add back PV used in the house;
//  2. take out the energy for tap water: the metered value when given, else BEN's normal value (BEN tabell 3:1,
//     20 kWh/m² Atemp for småhus, ÷ η_tvv of the tap-water system, BEN tabell 3:2) — what is left is heating;
//  3. normalise heating to a normal year: × normal degree days / degree days of the metered year (SMHI energiindex,
//     BEN 3 kap. 6 §, simplified to degree days) when that year's degree days are given;
//  4. tap water counts at BEN's normal value (BEN 3 kap. 3 §); EP by the BBR formula; the class as for the calculated
//     label.
import { buildingCategory, propertyElectricity, systemContext, type Building } from './building-model';
import { ENERGY_CONSTANTS as K } from './constants';
import { epcLabel, primaryEnergyNumber, type EpParts, type EpcLabelInformation } from './epc';
import { standardTapWaterNeed } from './model/heat-demand';
import { deliverHeat } from './model/heating-systems';
import { pvProduction, pvSelfUseShare } from './model/pv';
import { CARRIERS, type Carrier } from './types';

export interface Consumption {
  /** Bought energy per carrier over one year, kWh. Carriers left out count as zero. */
  byCarrier: Partial<Record<Carrier, number>>;
  /** Heating degree days of the metered year; omitted → the year is taken as a normal year. */
  degreeDays?: number;
  /** Whether household electricity is on the same meter as the rest (default true, as in a villa). */
  householdElectricityIncluded?: boolean;
  /** Household electricity of the year when known (own meter or estimate), kWh; omitted → BEN's normal value. */
  householdElectricity?: number;
  /**
   * Energy delivered for tap water when metered separately, kWh on the tap-water system's carrier; omitted → BEN's
   * normal value.
   */
  tapWater?: number;
}

export class ConsumptionError extends Error {}

function checkKwh(name: string, kwh: unknown): void {
  if (typeof kwh !== 'number' || !Number.isFinite(kwh) || kwh < 0)
    throw new ConsumptionError(`${name}: expected kWh ≥ 0`);
}

/** The EP parts (kWh/yr per carrier) of a metered year after BEN's normalisation. */
export function measuredEpParts(consumption: Consumption, building: Building): Record<Carrier, EpParts> {
  const { input, location } = building;
  for (const [carrier, kwh] of Object.entries(consumption.byCarrier)) {
    if (!(CARRIERS as readonly string[]).includes(carrier)) throw new ConsumptionError(`unknown carrier ${carrier}`);
    checkKwh(carrier, kwh);
  }
  if (consumption.householdElectricity !== undefined)
    checkKwh('householdElectricity', consumption.householdElectricity);
  if (consumption.tapWater !== undefined) checkKwh('tapWater', consumption.tapWater);
  if (consumption.degreeDays !== undefined && !(consumption.degreeDays > 0))
    throw new ConsumptionError('degreeDays must be positive');

  const ctx = systemContext(building);
  const climate = consumption.degreeDays === undefined ? 1 : location.degreeDays / consumption.degreeDays;
  // BEN normal tap water on the carrier of the system that makes it (BEN tabell 3:1 ÷ η_tvv, tabell 3:2).
  const normalTap = deliverHeat(
    input,
    0,
    standardTapWaterNeed(buildingCategory(input), input.atemp),
    ctx,
  ).tap_water_heating;
  const normalTapTotal = CARRIERS.reduce((sum, c) => sum + normalTap[c], 0);
  const tapScale =
    consumption.tapWater === undefined || normalTapTotal === 0 ? 1 : consumption.tapWater / normalTapTotal;

  const property = propertyElectricity(input);
  const household = consumption.householdElectricity ?? K.householdElectricity.value * input.atemp;
  const meteredElectricity = consumption.byCarrier.electricity ?? 0;
  // PV used in the house: the model's share of production, capped as in the model at a share of the house's electricity
  // use (= metered + self-used), so it depends on the meter, not on modelled heating.
  const cap = K.pvMaxShareOfElectricityUse.value;
  const pvSelfUse = Math.min(
    pvProduction(input, location.priceArea) * pvSelfUseShare(input),
    (cap / (1 - cap)) * meteredElectricity,
  );

  const parts = {} as Record<Carrier, EpParts>;
  for (const c of CARRIERS) {
    let remaining = consumption.byCarrier[c] ?? 0;
    if (c === 'electricity') {
      if (consumption.householdElectricityIncluded ?? true) remaining -= household;
      remaining += pvSelfUse - property;
    }
    remaining -= normalTap[c] * tapScale;
    parts[c] = {
      heating: Math.max(0, remaining) * climate,
      cooling: 0,
      tapWater: normalTap[c],
      property: c === 'electricity' ? property : 0,
    };
  }
  return parts;
}

export function measuredLabel(consumption: Consumption, building: Building): EpcLabelInformation {
  const { input, location } = building;
  const ep = primaryEnergyNumber(measuredEpParts(consumption, building), input.atemp, location.fGeo);
  return epcLabel('estimated_measured', ep, {
    category: buildingCategory(input),
    atemp: input.atemp,
    fGeo: location.fGeo,
    fGeoIsEstimate: location.fGeoIsEstimate,
  });
}
