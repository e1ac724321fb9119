// From net heat need to delivered energy per carrier: shares per system, efficiencies, heat-pump SPF and backup.
import type { BuildingInput } from '../answers';
import { ENERGY_CONSTANTS as K, type CombustionOrDirectId, type HeatingSystemId, type HeatPumpId } from '../constants';
import { zeroPerCarrier, type PerCarrier } from '../types';

export interface HeatDelivery {
  space_heating: PerCarrier;
  tap_water_heating: PerCarrier;
}

export interface SystemContext {
  /** Degree days / the reference town's (Stockholm = 1): air-source pumps lose SPF northward. */
  degreeDayRatio: number;
  /** The year the model describes; decides whether an installed heat pump is past its life span. */
  year: number;
}

export function isHeatPump(system: HeatingSystemId): system is HeatPumpId {
  return system in K.heatPumpSpf.value;
}

const AIR_SOURCE: readonly HeatPumpId[] = ['heat_pump_airwater', 'heat_pump_air'];

/** true when the answers give an installation year older than the pump's life span. */
export function heatPumpIsOld(input: Pick<BuildingInput, 'heat_pump_installation_year'>, pump: HeatPumpId, year: number): boolean {
  return input.heat_pump_installation_year !== null && year - input.heat_pump_installation_year > K.lifeSpan.value[pump];
}

function performanceFactor(input: BuildingInput, pump: HeatPumpId, ctx: SystemContext): number {
  const climate = AIR_SOURCE.includes(pump) ? Math.max(0, 1 - K.airSourceSpfClimateSlope.value * (ctx.degreeDayRatio - 1)) : 1;
  const age = heatPumpIsOld(input, pump, ctx.year) ? K.oldHeatPumpSpfFactor.value : 1;
  return climate * age;
}

export function seasonalPerformance(input: BuildingInput, pump: HeatPumpId, ctx: SystemContext): number {
  return K.heatPumpSpf.value[pump] * performanceFactor(input, pump, ctx);
}

/**
 * Space-heat shares. Supplements take a fixed share: an air-to-air pump anywhere in the list, a wood stove when it is not
 * the first (main) system. The rest is split equally over the other systems (direct electric if none is left).
 */
export function spaceHeatShares(systems: readonly HeatingSystemId[]): Map<HeatingSystemId, number> {
  const shares = new Map<HeatingSystemId, number>();
  let supplements = 0;
  const main: HeatingSystemId[] = [];
  systems.forEach((system, i) => {
    if (system === 'heat_pump_air') shares.set(system, K.heatPumpCoverage.value.heat_pump_air);
    else if (system === 'wood' && i > 0) shares.set(system, K.woodSupplementShare.value);
    else main.push(system);
  });
  for (const share of shares.values()) supplements += share;
  if (main.length === 0) main.push('electric_direct');
  for (const system of main) shares.set(system, (shares.get(system) ?? 0) + Math.max(0, 1 - supplements) / main.length);
  return shares;
}

/** The system that makes tap water: the first listed one that is not an air-to-air pump (else an electric heater). */
export function tapWaterSystem(systems: readonly HeatingSystemId[]): HeatingSystemId {
  return systems.find((s) => s !== 'heat_pump_air') ?? 'electric_direct';
}

export function deliverHeat(input: BuildingInput, spaceNeed: number, tapNeed: number, ctx: SystemContext): HeatDelivery {
  const space = zeroPerCarrier();
  const tap = zeroPerCarrier();
  const backup = K.backupHeaterEfficiency.value;

  for (const [system, share] of spaceHeatShares(input.primary_heating_systems)) {
    const heat = share * spaceNeed;
    const carrier = K.systemCarrier.value[system];
    if (system === 'heat_pump_air') {
      space[carrier] += heat / seasonalPerformance(input, system, ctx);
    } else if (isHeatPump(system)) {
      const covered = heat * K.heatPumpCoverage.value[system];
      space[carrier] += covered / seasonalPerformance(input, system, ctx) + (heat - covered) / backup;
    } else {
      space[carrier] += heat / K.systemEfficiency.value[system as CombustionOrDirectId];
    }
  }

  const tapSystem = tapWaterSystem(input.primary_heating_systems);
  const tapEfficiency = isHeatPump(tapSystem)
    ? K.heatPumpTapWaterEfficiency.value[tapSystem] * performanceFactor(input, tapSystem, ctx)
    : K.systemEfficiency.value[tapSystem];
  tap[K.systemCarrier.value[tapSystem]] += tapNeed / tapEfficiency;
  return { space_heating: space, tap_water_heating: tap };
}
