// The implemented activity types, in the order they are evaluated. Types of spec §3 not listed here are not done yet
// (see README): window_film, energy_efficient_products, top_of_the_line, unspecified.
import { completeRenovation } from './measures/complete-renovation';
import { energyEfficientDoors } from './measures/energy-efficient-doors';
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
import { wallboxChargerStation } from './measures/wallbox';
import type { ActivityType, Measure } from './types';

export const MEASURES: readonly Measure[] = [
  insulationAttic,
  insulationWalls,
  energyEfficientWindows,
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
  wallboxChargerStation,
  completeRenovation,
];

export const IMPLEMENTED_ACTIVITY_TYPES: readonly ActivityType[] = MEASURES.map((m) => m.type);

export function measureFor(type: ActivityType): Measure | undefined {
  return MEASURES.find((m) => m.type === type);
}
