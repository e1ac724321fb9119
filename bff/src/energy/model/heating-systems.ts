// From net heat need to delivered energy per carrier: shares per system, efficiencies, heat-pump SPF and backup.
import type { BuildingInput } from '../answers';
import { ENERGY_CONSTANTS, type CombustionOrDirectId, type HeatingSystemId, type HeatPumpId } from '../constants';
import { zeroPerCarrier, type PerCarrier } from '../types';
import { capacityShare, sizedCapacity, type HouseLoad, type PumpCapacity } from './heat-pump-capacity';

// Read once (hot path; an imported binding is a getter under the CJS transform).
const K = ENERGY_CONSTANTS;
const SPF = K.heatPumpSpf.value;
const COVERAGE = K.heatPumpCoverage.value;
const CARRIER_OF = K.systemCarrier.value;
const EFFICIENCY = K.systemEfficiency.value;
const WOOD_SUPPLEMENT = K.woodSupplementShare.value;
const REACH = K.airToAirReach.value;
const UNIT = K.airToAirUnitCapacity.value;
const SIZED = K.heatPumpCapacity.value;
const SMART = K.smartControlSpaceHeatSaving.value;
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
  /** The climate town's monthly means (°C): with degreeDays, the hours a heat pump's capacity is compared in. */
  monthlyMeanC: readonly number[];
  /** The house's heat loss and balance temperature (null: no heat pump, or no capacity limit wanted). */
  load: HouseLoad | null;
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
 * Share of the space heat one or more air-to-air indoor units reach (engine README step 7): the floor plan of the
 * storey a unit is on (less on a storey larger than one unit's air carries), less on the other storeys (the warm air
 * goes up the stairs), each further unit the same share of what is left; never above heatPumpCoverage (rooms no unit's
 * air reaches).
 */
export function airToAirReach(
  input: Pick<BuildingInput, 'floor_plan' | 'num_floors' | 'air_to_air_units' | 'atemp'>,
): number {
  const floors = Math.max(1, input.num_floors);
  const storeyArea = input.atemp / floors;
  const own = REACH[input.floor_plan] * Math.min(1, REACH.floorAreaPerUnitM2 / storeyArea);
  const one = own / floors + (1 - 1 / floors) * own * REACH.otherStoreys;
  const units = Math.max(1, input.air_to_air_units);
  return Math.min(COVERAGE.heat_pump_air, 1 - (1 - one) ** units);
}

/** The outdoor temperatures (°C) the makers' capacities in airToAirUnitCapacity are rated at, as its keys say. */
const RATED_AT_C = { atMinus15: -15, atMinus25: -25 } as const;

/** Heat output of `units` air-to-air indoor units against outdoor temperature (maker data, constants). */
export function airToAirCapacity(units: number): PumpCapacity {
  const slopeKwPerK = (UNIT.atMinus15 - UNIT.atMinus25) / (RATED_AT_C.atMinus15 - RATED_AT_C.atMinus25);
  const atZeroKw = UNIT.atMinus15 - slopeKwPerK * RATED_AT_C.atMinus15;
  const n = Math.max(1, units);
  const w = K.wattPerKilowatt.value;
  return { atZeroW: n * atZeroKw * w, slopeWPerK: n * slopeKwPerK * w, minOutdoorC: UNIT.minOutdoorC };
}

/**
 * Share of the year's space heat the air-to-air pump delivers: the rooms its warm air reaches, as far as its capacity
 * at each outdoor temperature of the place covers their heat loss (the reached rooms' share of H).
 */
export function airToAirShare(input: BuildingInput, ctx: SystemContext): number {
  const reach = airToAirReach(input);
  if (ctx.load === null) return reach;
  const zone: HouseLoad = {
    heatLossWPerK: ctx.load.heatLossWPerK * reach,
    balanceTemperature: ctx.load.balanceTemperature,
  };
  return reach * capacityShare(zone, ctx, airToAirCapacity(input.air_to_air_units));
}

/**
 * Share of the space heat a pump that replaced the heating delivers: heatPumpCoverage, capped by what it can deliver
 * over the year (geothermal and air/water sized for a share of the heat loss at the design outdoor temperature, the
 * air/water pump stopping in the coldest hours; the exhaust-air pump limited by the heat in the exhaust air less what
 * the tap water takes).
 */
export function hydronicCoverage(
  input: BuildingInput,
  pump: Exclude<HeatPumpId, 'heat_pump_air'>,
  ctx: SystemContext,
  tapNeed: number,
): number {
  const most = COVERAGE[pump];
  if (ctx.load === null) return most;
  let capacity: PumpCapacity;
  if (pump === 'heat_pump_geothermal') {
    capacity = sizedCapacity(ctx.load, ctx.degreeDays, SIZED.geothermalDesignShare, Number.NEGATIVE_INFINITY);
  } else if (pump === 'heat_pump_airwater') {
    capacity = sizedCapacity(ctx.load, ctx.degreeDays, SIZED.airwaterDesignShare, SIZED.airwaterMinOutdoorC);
  } else {
    const spf = seasonalPerformance(input, pump, ctx);
    const fromAirW =
      K.ventilationAirflow.value * input.atemp * K.airHeatCapacity.value * K.exhaustAirHeatSource.value.extractionK;
    const pumpW = spf > 1 ? (fromAirW * spf) / (spf - 1) : fromAirW;
    const tapW = (tapNeed * K.whPerKwh.value) / K.hoursPerYear.value;
    capacity = { atZeroW: Math.max(0, pumpW - tapW), slopeWPerK: 0, minOutdoorC: Number.NEGATIVE_INFINITY };
  }
  return Math.min(most, capacityShare(ctx.load, ctx, capacity));
}

/**
 * Space-heat shares. Supplements take a share: an air-to-air pump anywhere in the list (airToAirShare), a wood stove
 * when it is not the first (main) system. The rest is split equally over the other (main) systems, direct electric if
 * none is left. supplementShare gives a supplement's share, or null for a main system.
 */
function supplementShare(input: BuildingInput, system: HeatingSystemId, index: number, ctx: SystemContext) {
  if (system === 'heat_pump_air') return airToAirShare(input, ctx);
  if (system === 'wood' && index > 0) return WOOD_SUPPLEMENT;
  return null;
}

function addSpaceHeat(
  space: PerCarrier,
  input: BuildingInput,
  system: HeatingSystemId,
  heat: number,
  ctx: SystemContext,
  tapNeed: number,
  control: number,
): void {
  const carrier = CARRIER_OF[system];
  if (system === 'heat_pump_air') {
    space[carrier] += (heat * control) / seasonalPerformance(input, system, ctx);
  } else if (isHeatPump(system)) {
    // The pump's control steers the whole waterborne system, its electric heater too.
    const covered = heat * control * hydronicCoverage(input, system, ctx, tapNeed);
    space[carrier] +=
      covered / seasonalPerformance(input, system, ctx) + (heat * control - covered) / K.backupHeaterEfficiency.value;
  } else {
    space[carrier] += (heat * control) / EFFICIENCY[system as CombustionOrDirectId];
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

  // Smart control (answer smart_heating_control) lowers the heat of the systems it steers: the heat pumps' heat when
  // the house has one (the steering is the pump's), else all the heating (Energimyndigheten's 5–20 %, lower bound).
  const systems = input.primary_heating_systems;
  const steersPump = systems.some(isHeatPump);
  const pumpControl = input.smart_heating_control ? 1 - SMART : 1;
  const otherControl = input.smart_heating_control && !steersPump ? 1 - SMART : 1;
  const controlOf = (system: HeatingSystemId) => (isHeatPump(system) ? pumpControl : otherControl);

  // Supplements first (as listed), then the main systems: the order the delivered energy is added up in.
  const shares: (number | null)[] = [];
  let supplements = 0;
  let mains = 0;
  for (let i = 0; i < systems.length; i++) {
    const share = supplementShare(input, systems[i], i, ctx);
    shares.push(share);
    if (share === null) mains++;
    else supplements += share;
  }
  for (let i = 0; i < systems.length; i++) {
    const share = shares[i];
    if (share !== null) addSpaceHeat(space, input, systems[i], share * spaceNeed, ctx, tapNeed, controlOf(systems[i]));
  }
  const mainShare = Math.max(0, 1 - supplements) / Math.max(1, mains);
  if (mains === 0) addSpaceHeat(space, input, 'electric_direct', mainShare * spaceNeed, ctx, tapNeed, otherControl);
  for (let i = 0; i < systems.length; i++) {
    if (shares[i] === null)
      addSpaceHeat(space, input, systems[i], mainShare * spaceNeed, ctx, tapNeed, controlOf(systems[i]));
  }

  const tapSystem = tapWaterSystem(input.primary_heating_systems);
  const tapEfficiency = isHeatPump(tapSystem)
    ? K.heatPumpTapWaterEfficiency.value[tapSystem] * performanceFactor(input, tapSystem, ctx)
    : K.systemEfficiency.value[tapSystem];
  tap[K.systemCarrier.value[tapSystem]] += tapNeed / tapEfficiency;
  return { space_heating: space, tap_water_heating: tap };
}
