// Solar PV: yearly production, the part used in the house (more with a battery) and the part exported.
import type { BuildingInput } from '../answers';
import { ENERGY_CONSTANTS } from '../constants';
import type { PriceArea } from '../types';

const K = ENERGY_CONSTANTS;

export interface PvBalance {
  production: number;
  selfUse: number;
  export: number;
}

export function pvProduction(
  input: Pick<BuildingInput, 'solar_panels_wp' | 'roof_orientation'>,
  priceArea: PriceArea,
): number {
  const kwp = input.solar_panels_wp / K.wattPerKilowatt.value;
  return kwp * K.pvYield.value[priceArea] * K.pvOrientationFactor.value[input.roof_orientation];
}

export function pvSelfUseShare(input: Pick<BuildingInput, 'solar_panels_wp' | 'battery_kwh'>): number {
  const kwp = input.solar_panels_wp / K.wattPerKilowatt.value;
  if (kwp <= 0) return 0;
  const batteryRatio = Math.min(1, input.battery_kwh / (kwp * K.batteryKwhPerKwp.value));
  return Math.min(1, K.pvSelfUseShare.value + K.pvBatterySelfUseUplift.value * batteryRatio);
}

/** electricityUse: the house's whole electricity use before PV (heating, tap water, property and household). */
export function pvBalance(input: BuildingInput, priceArea: PriceArea, electricityUse: number): PvBalance {
  const production = pvProduction(input, priceArea);
  const selfUse = Math.min(production * pvSelfUseShare(input), electricityUse * K.pvMaxShareOfElectricityUse.value);
  return { production, selfUse, export: production - selfUse };
}
