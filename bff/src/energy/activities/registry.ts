// The activity types, in the order they are evaluated and returned: all 20 of docs/product.md §3 (README table).
import { completeRenovation } from './measures/complete-renovation';
import { energyEfficientDoors } from './measures/energy-efficient-doors';
import { energyEfficientProducts } from './measures/energy-efficient-products';
import { energyEfficientWindows } from './measures/energy-efficient-windows';
import { heatPumpAir } from './measures/heat-pump-air';
import { heatPumpBest } from './measures/heat-pump-best';
import { heatPumpAirwater, heatPumpGeothermal } from './measures/heat-pump-replacement';
import { heatPumpSmartSteering } from './measures/heat-pump-smart-steering';
import { insulationAttic } from './measures/insulation-attic';
import { insulationWalls } from './measures/insulation-walls';
import { lowFlushFaucets } from './measures/low-flush-faucets';
import { lowerTemperature } from './measures/lower-temperature';
import { batteryInstallation, solarPanelAndBatteryInstallation, solarPanelInstallation } from './measures/solar';
import { topOfTheLine } from './measures/top-of-the-line';
import { unspecified } from './measures/unspecified';
import { wallboxChargerStation } from './measures/wallbox';
import { windowFilm } from './measures/window-film';
import type { ActivityType, Measure } from './types';

export const MEASURES: readonly Measure[] = [
  insulationAttic,
  insulationWalls,
  energyEfficientWindows,
  windowFilm,
  energyEfficientDoors,
  heatPumpGeothermal,
  heatPumpAirwater,
  heatPumpAir,
  heatPumpBest,
  heatPumpSmartSteering,
  solarPanelInstallation,
  batteryInstallation,
  solarPanelAndBatteryInstallation,
  lowerTemperature,
  lowFlushFaucets,
  energyEfficientProducts,
  wallboxChargerStation,
  unspecified,
  completeRenovation,
  topOfTheLine,
];

export const IMPLEMENTED_ACTIVITY_TYPES: readonly ActivityType[] = MEASURES.map((m) => m.type);

export function measureFor(type: ActivityType): Measure | undefined {
  return MEASURES.find((m) => m.type === type);
}
