// From net heat need to delivered energy per carrier: shares per system, efficiencies, heat-pump SPF and backup.
import type { BuildingInput } from '../answers';
import { ENERGY_CONSTANTS, type CombustionOrDirectId, type HeatingSystemId, type HeatPumpId } from '../constants';
import { zeroPerCarrier, type PerCarrier } from '../types';

// Read once (hot path; an imported binding is a getter under the CJS transform).
const K = ENERGY_CONSTANTS;
const SPF = K.heatPumpSpf.value;
const COVERAGE = K.heatPumpCoverage.value;
const CARRIER_OF = K.systemCarrier.value;
const EFFICIENCY = K.systemEfficiency.value;
const WOOD_SUPPLEMENT = K.woodSupplementShare.value;
const zeroCarriers = zeroPerCarrier;

export interface HeatDelivery {
  space_heating: PerCarrier;
  tap_water_heating: PerCarrier;
}

export interface SystemContext {
  /** Degree days / the reference town's (Stockholm = 1): air/water pumps lose SPF northward. */
  degreeDayRatio: number;
  /** The place's normal-year degree days (base 17 °C): the air-to-air SPF follows Energimyndigheten's climate towns. */
  degreeDays: number;
  /** The year the model describes; decides whether an installed heat pump is past its life span. */
  year: number;
}

export function isHeatPump(system: HeatingSystemId): system is HeatPumpId {
  return system in SPF;
}

const AIR_TO_AIR = K.airToAirSpfByClimate.value;
const AIR_TO_AIR_SLOPE =
  (AIR_TO_AIR.cold.spf - AIR_TO_AIR.warm.spf) / (AIR_TO_AIR.cold.degreeDays - AIR_TO_AIR.warm.degreeDays);

/**
 * Air-to-air SPF at the place: linear in degree days between the tested south and north climates, not above the south
 * value.
 */
export function airToAirSpf(degreeDays: number): number {
  const spf = AIR_TO_AIR.warm.spf + AIR_TO_AIR_SLOPE * (degreeDays - AIR_TO_AIR.warm.degreeDays);
  return Math.max(K.airToAirMinSpf.value, Math.min(AIR_TO_AIR.warm.spf, spf));
}

/** true when the answers give an installation year older than the pump's life span. */
export function heatPumpIsOld(
  input: Pick<BuildingInput, 'heat_pump_installation_year'>,
  pump: HeatPumpId,
  year: number,
): boolean {
  return (
    input.heat_pump_installation_year !== null && year - input.heat_pump_installation_year > K.lifeSpan.value[pump]
  );
}

function performanceFactor(input: BuildingInput, pump: HeatPumpId, ctx: SystemContext): number {
  const climate =
    pump === 'heat_pump_airwater' ? Math.max(0, 1 - K.airSourceSpfClimateSlope.value * (ctx.degreeDayRatio - 1)) : 1;
  const age = heatPumpIsOld(input, pump, ctx.year) ? K.oldHeatPumpSpfFactor.value : 1;
  return climate * age;
}

export function seasonalPerformance(input: BuildingInput, pump: HeatPumpId, ctx: SystemContext): number {
  const base = pump === 'heat_pump_air' ? airToAirSpf(ctx.degreeDays) : SPF[pump];
  return base * performanceFactor(input, pump, ctx);
}

/** The system that makes tap water: the first listed one that is not an air-to-air pump (else an electric heater). */
export function tapWaterSystem(systems: readonly HeatingSystemId[]): HeatingSystemId {
  return systems.find((s) => s !== 'heat_pump_air') ?? 'electric_direct';
}

/**
 * Space-heat shares. Supplements take a fixed share: an air-to-air pump anywhere in the list, a wood stove when it is
 * not the first (main) system. The rest is split equally over the other (main) systems, direct electric if none is
 * left. supplementShare gives a supplement's share, or null for a main system.
 */
function supplementShare(system: HeatingSystemId, index: number): number | null {
  if (system === 'heat_pump_air') return COVERAGE.heat_pump_air;
  if (system === 'wood' && index > 0) return WOOD_SUPPLEMENT;
  return null;
}

function addSpaceHeat(
  space: PerCarrier,
  input: BuildingInput,
  system: HeatingSystemId,
  heat: number,
  ctx: SystemContext,
): void {
  const carrier = CARRIER_OF[system];
  if (system === 'heat_pump_air') {
    space[carrier] += heat / seasonalPerformance(input, system, ctx);
  } else if (isHeatPump(system)) {
    const covered = heat * COVERAGE[system];
    space[carrier] +=
      covered / seasonalPerformance(input, system, ctx) + (heat - covered) / K.backupHeaterEfficiency.value;
  } else {
    space[carrier] += heat / EFFICIENCY[system as CombustionOrDirectId];
  }
}

export function deliverHeat(
  input: BuildingInput,
  spaceNeed: number,
  tapNeed: number,
  ctx: SystemContext,
): HeatDelivery {
  const space = zeroCarriers();
  const tap = zeroCarriers();

  // Supplements first (as listed), then the main systems: the order the delivered energy is added up in.
  const systems = input.primary_heating_systems;
  let supplements = 0;
  let mains = 0;
  for (let i = 0; i < systems.length; i++) {
    const share = supplementShare(systems[i], i);
    if (share === null) mains++;
    else supplements += share;
  }
  for (let i = 0; i < systems.length; i++) {
    const share = supplementShare(systems[i], i);
    if (share !== null) addSpaceHeat(space, input, systems[i], share * spaceNeed, ctx);
  }
  const mainShare = Math.max(0, 1 - supplements) / Math.max(1, mains);
  if (mains === 0) addSpaceHeat(space, input, 'electric_direct', mainShare * spaceNeed, ctx);
  for (let i = 0; i < systems.length; i++) {
    if (supplementShare(systems[i], i) === null) addSpaceHeat(space, input, systems[i], mainShare * spaceNeed, ctx);
  }

  const tapSystem = tapWaterSystem(input.primary_heating_systems);
  const tapEfficiency = isHeatPump(tapSystem)
    ? K.heatPumpTapWaterEfficiency.value[tapSystem] * performanceFactor(input, tapSystem, ctx)
    : K.systemEfficiency.value[tapSystem];
  tap[K.systemCarrier.value[tapSystem]] += tapNeed / tapEfficiency;
  return { space_heating: space, tap_water_heating: tap };
}
