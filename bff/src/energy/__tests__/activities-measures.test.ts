// Focused unit tests of the measures (bff/src/energy/activities/measures, engine README "Activity types"): for each
// type its status from the answers, the answers after it, its cost items (range × quantity, subsidy, life span), when
// it is offered and the messages it carries. Each measure is asked directly on one property's context; the figures
// are the README table's, worked out for the test house (150 m², one storey, 1970, Stockholm, direct electric).
import { copyInput, type Answers } from '../answers';
import { message } from '../activities/messages';
import { completeRenovation, packageParts } from '../activities/measures/complete-renovation';
import { energyEfficientDoors } from '../activities/measures/energy-efficient-doors';
import { energyEfficientProducts } from '../activities/measures/energy-efficient-products';
import { energyEfficientWindows } from '../activities/measures/energy-efficient-windows';
import { heatPumpAir } from '../activities/measures/heat-pump-air';
import { bestHeatPump, heatPumpBest } from '../activities/measures/heat-pump-best';
import { heatPumpAirwater, heatPumpGeothermal } from '../activities/measures/heat-pump-replacement';
import { heatPumpSmartSteering } from '../activities/measures/heat-pump-smart-steering';
import { insulationAttic } from '../activities/measures/insulation-attic';
import { insulationWalls } from '../activities/measures/insulation-walls';
import { lowFlushFaucets } from '../activities/measures/low-flush-faucets';
import { lowerTemperature } from '../activities/measures/lower-temperature';
import { combinedInput, packageAvailability, packageCompletion } from '../activities/measures/package-common';
import {
  batteryInstallation,
  proposedBatteryKwh,
  proposedPvKwp,
  solarPanelAndBatteryInstallation,
  solarPanelInstallation,
} from '../activities/measures/solar';
import { topOfTheLine, topOfTheLineParts } from '../activities/measures/top-of-the-line';
import { unspecified } from '../activities/measures/unspecified';
import { wallboxChargerStation } from '../activities/measures/wallbox';
import { windowFilm } from '../activities/measures/window-film';
import { MEASURES } from '../activities/registry';
import { difference } from '../activities/runner';
import type { CostItem, Measure, MeasureContext } from '../activities/types';
import { systemContext } from '../building-model';
import { envelopeOf } from '../model/geometry';
import { airToAirShare } from '../model/heating-systems';
import { house, measureContext as ctx, YEAR } from './fixtures';

const ids = (m: Measure, answers: Answers = {}) => m.availability(ctx(answers)).messages.map((x) => x.id);
const rot = (labourShare: number) => ({ kind: 'rot', labourShare });
const green = (rate: number) => ({ kind: 'green_technology', rate });
const NONE = { kind: 'none' };
/** A cost item of `quantity` × the per-unit range. */
const priced = (low: number, high: number, quantity: number, subsidy: object, lifeSpan: number): CostItem =>
  ({ low: expect.closeTo(low * quantity, 6), high: expect.closeTo(high * quantity, 6), subsidy, lifeSpan }) as CostItem;

const ENVELOPE = envelopeOf(house().input);

describe('what each type is (README table): category, installer, choice', () => {
  it.each([
    ['insulation_attic', 'reduce_heat_losses', true, null],
    ['insulation_walls', 'reduce_heat_losses', true, null],
    ['energy_efficient_windows', 'reduce_heat_losses', true, 'windows'],
    ['window_film', 'reduce_heat_losses', true, 'windows'],
    ['energy_efficient_doors', 'reduce_heat_losses', true, null],
    ['heat_pump_geothermal', 'reduce_energy_usage', true, 'heat_pump'],
    ['heat_pump_airwater', 'reduce_energy_usage', true, 'heat_pump'],
    ['heat_pump_air', 'reduce_energy_usage', true, 'heat_pump'],
    ['heat_pump', 'reduce_energy_usage', true, 'heat_pump'],
    ['heat_pump_smart_steering', 'optimisations', true, null],
    ['solar_panel_installation', 'use_solar_energy', true, 'solar'],
    ['battery_installation', 'use_solar_energy', true, 'solar'],
    ['solar_panel_and_battery_installation', 'use_solar_energy', true, 'solar'],
    ['lower_temperature_1_deg_c', 'optimisations', false, null],
    ['low_flush_faucets', 'reduce_energy_usage', true, null],
    ['energy_efficient_products', 'reduce_energy_usage', false, null],
    ['wallbox_charger_station', 'optimisations', true, null],
    ['unspecified', 'optimisations', false, null],
    ['complete_renovation', 'package', true, null],
    ['top_of_the_line', 'package', true, null],
  ])('%s: %s, installer %s, choice %s', (type, category, installer, choice) => {
    const m = MEASURES.find((x) => x.type === type)!;
    expect({ category: m.category, installer: m.installer, choice: m.choice }).toEqual({ category, installer, choice });
  });
});

describe('insulation_attic: to 400 mm; 77–127 kr/m² of roof, ROT on 30 %, 40 years', () => {
  it.each([
    [400, 'completed'],
    [450, 'completed'],
    [399, 'upgrade_available'],
    [250, 'upgrade_available'],
    [249, 'not_completed'],
    [0, 'not_completed'],
  ] as const)('%d mm: %s', (mm, status) => {
    expect(insulationAttic.completion(ctx({ attic_insulation_mm: mm }))).toBe(status);
  });

  it("unanswered: the era's (1970: 150 mm, not_completed; 2000: 250 mm, upgrade_available; 2010: 400 mm)", () => {
    expect(insulationAttic.completion(ctx())).toBe('not_completed');
    expect(insulationAttic.completion(ctx({ construction_year: 2000 }))).toBe('upgrade_available');
    expect(insulationAttic.completion(ctx({ construction_year: 2010 }))).toBe('completed');
  });

  it('the attic after it holds 400 mm, nothing else changed', () => {
    const c = ctx({ attic_insulation_mm: 100 });
    expect(insulationAttic.apply(c)).toEqual(copyInput(c.building.input, { attic_insulation_mm: 400 }));
    expect(insulationAttic.availability(c)).toEqual({ available: true, messages: [] });
  });

  it('cost: the roof (one storey of 150 m²: 150 m²; two storeys of 150 m²: 150 m²)', () => {
    expect(insulationAttic.cost(ctx())).toEqual([priced(77, 127, 150, rot(0.3), 40)]);
    expect(insulationAttic.cost(ctx({ atemp: 300, num_floors: 2 }))).toEqual([priced(77, 127, 150, rot(0.3), 40)]);
  });
});

describe('insulation_walls: +100 mm; 1 500–2 500 kr/m² of wall, ROT on 50 %, 40 years', () => {
  it.each([
    [100, 'completed'],
    [150, 'completed'],
    [99, 'upgrade_available'],
    [1, 'upgrade_available'],
    [0, 'not_completed'],
  ] as const)('%d mm added: %s', (mm, status) => {
    expect(insulationWalls.completion(ctx({ wall_insulation_added_mm: mm }))).toBe(status);
  });

  it('adds 100 mm to what is there; says the facade is done when it is renewed anyway', () => {
    const c = ctx({ wall_insulation_added_mm: 50 });
    expect(insulationWalls.apply(c)).toEqual(copyInput(c.building.input, { wall_insulation_added_mm: 150 }));
    expect(insulationWalls.availability(c)).toEqual({
      available: true,
      messages: [message('facade_only_when_renewing')],
    });
  });

  it('cost: the outer wall less windows and doors', () => {
    expect(ENVELOPE.wall).toBeGreaterThan(100);
    expect(insulationWalls.cost(ctx())).toEqual([priced(1500, 2500, ENVELOPE.wall, rot(0.5), 40)]);
  });
});

describe('energy_efficient_windows: to energy glazing (U 1.0); 4 500–8 250 kr/m², ROT on 26 %, 30 years', () => {
  it.each([
    ['energy', 'completed'],
    ['triple', 'upgrade_available'], // U 1.9 < 2.8
    ['double', 'not_completed'],
    ['single', 'not_completed'],
    ['unknown', 'not_completed'], // a 1970 house: 2.8
  ] as const)('%s glazing: %s', (window_type, status) => {
    expect(energyEfficientWindows.completion(ctx({ window_type }))).toBe(status);
  });

  it('the glazing decides, not a film on it; a 1980 house’s unanswered glazing (U 2.0) is an upgrade', () => {
    expect(energyEfficientWindows.completion(ctx({ window_type: 'double', window_film: true }))).toBe('not_completed');
    expect(energyEfficientWindows.completion(ctx({ construction_year: 1980 }))).toBe('upgrade_available');
  });

  it('after: energy glazing; says new windows rarely pay back; cost by window area', () => {
    const c = ctx({ window_type: 'double' });
    expect(energyEfficientWindows.apply(c)).toEqual(copyInput(c.building.input, { window_type: 'energy' }));
    expect(ids(energyEfficientWindows)).toEqual(['windows_rarely_pay_back']);
    expect(energyEfficientWindows.cost(ctx())).toEqual([priced(4500, 8250, ENVELOPE.window, rot(0.26), 30)]);
  });
});

describe('window_film: on 1- and 2-pane glass only; 600–1 200 kr/m² of glass (75 % of the window), ROT on 50 %', () => {
  it('status from the answer', () => {
    expect(windowFilm.completion(ctx({ window_film: true }))).toBe('completed');
    expect(windowFilm.completion(ctx())).toBe('not_completed');
  });

  it.each([
    ['single', true],
    ['double', true],
    ['triple', false],
    ['energy', false],
  ] as const)('%s glazing: offered %s', (window_type, offered) => {
    const a = windowFilm.availability(ctx({ window_type }));
    expect(a.available).toBe(offered);
    expect(a.messages).toEqual([message(offered ? 'window_film_effect' : 'window_film_good_glazing')]);
  });

  it('after: the film on; cost by glass area, 15 years', () => {
    const c = ctx();
    expect(windowFilm.apply(c)).toEqual(copyInput(c.building.input, { window_film: true }));
    expect(windowFilm.cost(c)).toEqual([priced(600, 1200, ENVELOPE.window * 0.75, rot(0.5), 15)]);
  });
});

describe('energy_efficient_doors: to energy doors (U 0.8); two at 12 000–20 000 kr, ROT on 30 %, 30 years', () => {
  it.each([
    ['energy', 'completed'],
    ['insulated', 'upgrade_available'],
    ['original', 'not_completed'], // a 1970 door: U 2.0
  ] as const)('%s door: %s', (door_type, status) => {
    expect(energyEfficientDoors.completion(ctx({ door_type }))).toBe(status);
  });

  it('after: energy doors, always offered; cost', () => {
    const c = ctx();
    expect(energyEfficientDoors.apply(c)).toEqual(copyInput(c.building.input, { door_type: 'energy' }));
    expect(energyEfficientDoors.availability(c)).toEqual({ available: true, messages: [] });
    expect(energyEfficientDoors.cost(c)).toEqual([priced(12_000, 20_000, 2, rot(0.3), 30)]);
  });
});

describe('heat pumps replacing the heating: geothermal 150–200 k (20 years), air/water 50–100 k (15 years)', () => {
  const NEW = { heat_pump_installation_year: 2020 };
  const OLD = { heat_pump_installation_year: 2000 };

  it('status: present and within its life span completed, past it upgrade_available, absent not_completed', () => {
    expect(heatPumpGeothermal.completion(ctx({ primary_heating_systems: ['heat_pump_geothermal'], ...NEW }))).toBe(
      'completed',
    );
    expect(heatPumpGeothermal.completion(ctx({ primary_heating_systems: ['heat_pump_geothermal'], ...OLD }))).toBe(
      'upgrade_available',
    );
    expect(heatPumpAirwater.completion(ctx({ primary_heating_systems: ['heat_pump_geothermal'], ...NEW }))).toBe(
      'not_completed',
    );
    expect(heatPumpAirwater.completion(ctx({ primary_heating_systems: ['oil', 'heat_pump_airwater'], ...OLD }))).toBe(
      'upgrade_available',
    );
  });

  it('after: the pump is the only system, installed this year', () => {
    const c = ctx({ primary_heating_systems: ['oil', 'wood'] });
    for (const [m, pump] of [
      [heatPumpGeothermal, 'heat_pump_geothermal'],
      [heatPumpAirwater, 'heat_pump_airwater'],
    ] as const)
      expect(m.apply(c)).toEqual(
        copyInput(c.building.input, { primary_heating_systems: [pump], heat_pump_installation_year: YEAR }),
      );
  });

  it('cost: one pump, ROT on 35 %', () => {
    expect(heatPumpGeothermal.cost(ctx())).toEqual([priced(150_000, 200_000, 1, rot(0.35), 20)]);
    expect(heatPumpAirwater.cost(ctx())).toEqual([priced(50_000, 100_000, 1, rot(0.35), 15)]);
  });

  it('a house without waterborne heating (direct electric, air-to-air only) is warned it needs it', () => {
    expect(heatPumpGeothermal.availability(ctx())).toEqual({
      available: true,
      messages: [message('needs_waterborne_heating')],
    });
    expect(ids(heatPumpAirwater, { primary_heating_systems: ['electric_direct', 'heat_pump_air'] })).toEqual([
      'needs_waterborne_heating',
    ]);
    expect(ids(heatPumpAirwater, { primary_heating_systems: ['oil'] })).toEqual([]);
    expect(ids(heatPumpAirwater, { primary_heating_systems: ['electric_direct', 'oil'] })).toEqual([]);
  });

  it('district heating present: a notice', () => {
    expect(ids(heatPumpGeothermal, { primary_heating_systems: ['district_heating'] })).toEqual([
      'district_heating_present',
    ]);
  });

  it('not offered where it would not lower the heat delivered: air/water beside a new geothermal pump', () => {
    const a = heatPumpAirwater.availability(ctx({ primary_heating_systems: ['heat_pump_geothermal'], ...NEW }));
    expect(a).toEqual({ available: false, messages: [message('better_heat_pump_present')] });
  });
});

describe('heat_pump_air: one indoor unit beside the heating; 13 400–27 900 kr a unit, ROT on 35 %, 12 years', () => {
  it('status: an air-to-air pump present', () => {
    expect(heatPumpAir.completion(ctx())).toBe('not_completed');
    expect(
      heatPumpAir.completion(
        ctx({ primary_heating_systems: ['oil', 'heat_pump_air'], heat_pump_installation_year: 2020 }),
      ),
    ).toBe('completed');
    expect(
      heatPumpAir.completion(
        ctx({ primary_heating_systems: ['oil', 'heat_pump_air'], heat_pump_installation_year: 2005 }),
      ),
    ).toBe('upgrade_available');
  });

  it('after: added to the systems, one unit, installed this year', () => {
    const c = ctx({ primary_heating_systems: ['oil'], air_to_air_units: 3 });
    expect(heatPumpAir.apply(c)).toEqual(
      copyInput(c.building.input, {
        primary_heating_systems: ['oil', 'heat_pump_air'],
        heat_pump_installation_year: YEAR,
        air_to_air_units: 1,
      }),
    );
    expect(heatPumpAir.cost(c)).toEqual([priced(13_400, 27_900, 1, rot(0.35), 12)]);
  });

  it('replacing an old air-to-air pump: as many units as it had, the systems as they were', () => {
    const answers: Answers = {
      primary_heating_systems: ['heat_pump_air', 'oil'],
      air_to_air_units: 3,
      heat_pump_installation_year: 2005,
    };
    const c = ctx(answers);
    expect(heatPumpAir.apply(c)).toEqual(copyInput(c.building.input, { heat_pump_installation_year: YEAR }));
    expect(heatPumpAir.cost(c)).toEqual([priced(13_400, 27_900, 3, rot(0.35), 12)]);
  });

  it('beside an exhaust-air pump, the installation year answered stays that pump’s', () => {
    const c = ctx({ primary_heating_systems: ['heat_pump_exhaust_air'], heat_pump_installation_year: 2015 });
    expect(heatPumpAir.apply(c).heat_pump_installation_year).toBe(2015);
    expect(heatPumpAir.apply(c).primary_heating_systems).toEqual(['heat_pump_exhaust_air', 'heat_pump_air']);
  });

  it('says the share of the space heat it covers, in whole per cent', () => {
    const c = ctx({ floor_plan: 'open' });
    const after = heatPumpAir.apply(c);
    const share = airToAirShare(after, systemContext({ ...c.building, input: after }));
    expect(share).toBeGreaterThan(0.3);
    expect(heatPumpAir.availability(c)).toEqual({
      available: true,
      messages: [message('air_to_air_partial', { percent: Math.round(share * 100) })],
    });
  });

  it.each([['heat_pump_geothermal'], ['heat_pump_airwater']] as const)(
    'not offered beside a %s pump: a better one is there',
    (pump) => {
      const a = heatPumpAir.availability(ctx({ primary_heating_systems: ['oil', pump] }));
      expect(a).toEqual({ available: false, messages: [message('better_heat_pump_present')] });
    },
  );
});

describe('heat_pump: the pump type that saves the most kronor', () => {
  const kronor = (c: MeasureContext, m: Measure) =>
    difference(c.before, c.runs.actual(m.apply(c)), c.prices).energyCostSavings;

  it.each([
    [{}, 'heat_pump_geothermal'],
    [{ primary_heating_systems: ['oil'] }, 'heat_pump_geothermal'],
    [{ primary_heating_systems: ['heat_pump_geothermal'], heat_pump_installation_year: 2000 }, 'heat_pump_geothermal'],
  ] as [Answers, string][])('%j: %s, the largest saving of the three', (answers, type) => {
    const c = ctx(answers);
    const best = bestHeatPump(c)!;
    expect(best.type).toBe(type);
    for (const other of [heatPumpGeothermal, heatPumpAirwater, heatPumpAir])
      if (other.availability(c).available && other.completion(c) !== 'completed')
        expect(kronor(c, best)).toBeGreaterThanOrEqual(kronor(c, other));
    expect(heatPumpBest.apply(c)).toEqual(best.apply(c));
    expect(heatPumpBest.cost(c)).toEqual(best.cost(c));
    expect(heatPumpBest.availability(c).messages).toEqual([
      message('heat_pump_choice'),
      ...best.availability(c).messages,
    ]);
  });

  it('status: a waterborne pump present decides (an air-to-air pump alone leaves it to do)', () => {
    const NEW = { heat_pump_installation_year: 2020 };
    expect(heatPumpBest.completion(ctx({ primary_heating_systems: ['heat_pump_airwater'], ...NEW }))).toBe('completed');
    expect(heatPumpBest.completion(ctx({ primary_heating_systems: ['heat_pump_exhaust_air'], ...NEW }))).toBe(
      'completed',
    );
    expect(heatPumpBest.completion(ctx({ primary_heating_systems: ['oil', 'heat_pump_air'], ...NEW }))).toBe(
      'not_completed',
    );
  });

  it('no pump type possible: not offered, and says so', () => {
    const c = ctx({ primary_heating_systems: ['heat_pump_geothermal'], heat_pump_installation_year: 2020 });
    expect(bestHeatPump(c)).toBeNull();
    expect(heatPumpBest.availability(c)).toEqual({ available: false, messages: [message('no_heat_pump_option')] });
  });
});

describe('heat_pump_smart_steering: needs a heat pump; 7 000–12 000 kr, ROT on 30 %, 10 years', () => {
  it('status from the answer; offered beside any heat pump, air-to-air too', () => {
    expect(heatPumpSmartSteering.completion(ctx({ smart_heating_control: true }))).toBe('completed');
    expect(heatPumpSmartSteering.completion(ctx())).toBe('not_completed');
    expect(heatPumpSmartSteering.availability(ctx({ primary_heating_systems: ['oil', 'heat_pump_air'] }))).toEqual({
      available: true,
      messages: [],
    });
    expect(heatPumpSmartSteering.availability(ctx())).toEqual({
      available: false,
      messages: [message('smart_steering_needs_heat_pump')],
    });
  });

  it('after: steered; cost', () => {
    const c = ctx();
    expect(heatPumpSmartSteering.apply(c)).toEqual(copyInput(c.building.input, { smart_heating_control: true }));
    expect(heatPumpSmartSteering.cost(c)).toEqual([priced(7000, 12_000, 1, rot(0.3), 10)]);
  });
});

describe('solar: half the roof at 5 m² a kWp, 2–10 kWp in 0.5 kWp steps; a battery of 1 kWh a kWp, ≤ 15 kWh', () => {
  const input = (atemp: number, num_floors = 1) => house({ atemp, num_floors }).input;

  it.each([
    [150, 1, 10], // 75 m² → 15 kWp, at most 10
    [100, 1, 10],
    [90, 1, 9],
    [200, 2, 10],
    [160, 2, 8], // footprint 80 m² → 40 m² → 8 kWp
    [47, 1, 4.5], // 23.5 m² → 4.7 → 4.5
    [23, 1, 2], // 11.5 m² → 2.3 → 2
    [19, 1, 1.5], // 9.5 m² → 1.9 → 1.5 (too small to offer)
  ])('%d m² on %d storeys: %d kWp', (atemp, floors, kwp) => {
    expect(proposedPvKwp(input(atemp, floors))).toBeCloseTo(kwp, 9);
  });

  it.each([
    [10, 10],
    [4.5, 5], // rounded to the kWh
    [4.4, 4],
    [20, 15],
    [15.6, 15],
  ])('%d kWp: a %d kWh battery', (kwp, kwh) => {
    expect(proposedBatteryKwh(kwp)).toBe(kwh);
  });

  it('panels: any present completes them; after, the proposed size; 16 000–20 000 kr a kWp, grön teknik 15 %', () => {
    expect(solarPanelInstallation.completion(ctx({ solar_panels_wp: 500 }))).toBe('completed');
    const c = ctx({ roof_orientation: 'south' });
    expect(solarPanelInstallation.completion(c)).toBe('not_completed');
    expect(solarPanelInstallation.apply(c)).toEqual(copyInput(c.building.input, { solar_panels_wp: 10_000 }));
    expect(solarPanelInstallation.cost(c)).toEqual([priced(16_000, 20_000, 10, green(0.15), 25)]);
  });

  it.each([
    ['south', true, ['solar_not_in_label']],
    ['unknown', true, ['solar_not_in_label', 'solar_orientation_unknown']],
    ['east_west', true, ['solar_not_in_label', 'solar_east_west']],
    ['north', false, ['solar_roof_north']],
  ] as const)('a %s roof: offered %s, %j', (roof_orientation, available, messages) => {
    const a = solarPanelInstallation.availability(ctx({ roof_orientation }));
    expect(a.available).toBe(available);
    expect(a.messages.map((m) => m.id)).toEqual(messages);
  });

  it('a roof too small for 2 kWp: not offered', () => {
    expect(solarPanelInstallation.availability(ctx({ atemp: 19, roof_orientation: 'south' }))).toEqual({
      available: false,
      messages: [message('solar_roof_too_small')],
    });
    expect(solarPanelInstallation.availability(ctx({ atemp: 23, roof_orientation: 'south' })).available).toBe(true);
  });

  it('battery: needs panels; sized to them; 6 700–10 700 kr a kWh, grön teknik 50 %, 10 years', () => {
    expect(batteryInstallation.availability(ctx())).toEqual({
      available: false,
      messages: [message('battery_needs_solar')],
    });
    const c = ctx({ solar_panels_wp: 6500 });
    expect(batteryInstallation.availability(c)).toEqual({ available: true, messages: [] });
    expect(batteryInstallation.completion(c)).toBe('not_completed');
    expect(batteryInstallation.completion(ctx({ solar_panels_wp: 6500, battery_kwh: 1 }))).toBe('completed');
    expect(batteryInstallation.apply(c)).toEqual(copyInput(c.building.input, { battery_kwh: 7 })); // 6.5 → 7
    expect(batteryInstallation.cost(c)).toEqual([priced(6700, 10_700, 7, green(0.5), 10)]);
  });

  it('panels and battery: both items; completed only with both; not offered beside panels', () => {
    const c = ctx({ roof_orientation: 'south' });
    expect(solarPanelAndBatteryInstallation.apply(c)).toEqual(
      copyInput(c.building.input, { solar_panels_wp: 10_000, battery_kwh: 10 }),
    );
    expect(solarPanelAndBatteryInstallation.cost(c)).toEqual([
      priced(16_000, 20_000, 10, green(0.15), 25),
      priced(6700, 10_700, 10, green(0.5), 10),
    ]);
    expect(solarPanelAndBatteryInstallation.availability(c)).toEqual(solarPanelInstallation.availability(c));
    expect(solarPanelAndBatteryInstallation.completion(ctx({ solar_panels_wp: 6000 }))).toBe('not_completed');
    expect(solarPanelAndBatteryInstallation.completion(ctx({ battery_kwh: 6 }))).toBe('not_completed');
    expect(solarPanelAndBatteryInstallation.completion(ctx({ solar_panels_wp: 6000, battery_kwh: 6 }))).toBe(
      'completed',
    );
    expect(solarPanelAndBatteryInstallation.availability(ctx({ solar_panels_wp: 6000 }))).toEqual({
      available: false,
      messages: [message('solar_present_use_battery')],
    });
    expect(ids(solarPanelAndBatteryInstallation, { roof_orientation: 'north' })).toEqual(['solar_roof_north']);
  });
});

describe('lower_temperature_1_deg_c: one degree less, not below 20 °C; free', () => {
  it.each([
    [22, 21],
    [20.5, 20],
  ])('%d °C: not_completed, after %d °C', (indoor_temperature, after) => {
    const c = ctx({ indoor_temperature });
    expect(lowerTemperature.completion(c)).toBe('not_completed');
    expect(lowerTemperature.apply(c)).toEqual(copyInput(c.building.input, { indoor_temperature: after }));
  });

  it('20 °C or less: completed', () => {
    expect(lowerTemperature.completion(ctx({ indoor_temperature: 20 }))).toBe('completed');
    expect(lowerTemperature.completion(ctx({ indoor_temperature: 19 }))).toBe('completed');
  });

  it('not in the label; no cost, the default 30 years', () => {
    expect(ids(lowerTemperature)).toEqual(['not_in_label']);
    expect(lowerTemperature.cost(ctx())).toEqual([{ low: 0, high: 0, subsidy: NONE, lifeSpan: 30 }]);
  });
});

describe('low_flush_faucets, energy_efficient_products, wallbox, unspecified', () => {
  it('low-flow fittings: the answer; 1 500–4 000 kr, ROT on 30 %, 10 years; not in the label', () => {
    expect(lowFlushFaucets.completion(ctx({ low_flush_faucets: true }))).toBe('completed');
    expect(lowFlushFaucets.completion(ctx())).toBe('not_completed');
    expect(lowFlushFaucets.apply(ctx())).toEqual(copyInput(ctx().building.input, { low_flush_faucets: true }));
    expect(lowFlushFaucets.cost(ctx())).toEqual([priced(1500, 4000, 1, rot(0.3), 10)]);
    expect(ids(lowFlushFaucets)).toEqual(['not_in_label']);
  });

  it('products: the answer; 15–35 kr/m² Atemp, no subsidy, 10 years; the appliance notice unless efficient', () => {
    expect(energyEfficientProducts.completion(ctx({ energy_reducing_products: true }))).toBe('completed');
    expect(energyEfficientProducts.completion(ctx())).toBe('not_completed');
    expect(energyEfficientProducts.apply(ctx())).toEqual(
      copyInput(ctx().building.input, { energy_reducing_products: true }),
    );
    expect(energyEfficientProducts.cost(ctx())).toEqual([priced(15, 35, 150, NONE, 10)]);
    expect(ids(energyEfficientProducts)).toEqual([
      'household_electricity_not_in_label',
      'less_waste_heat',
      'efficient_appliances_when_replacing',
    ]);
    expect(ids(energyEfficientProducts, { appliances: 'efficient' })).toEqual([
      'household_electricity_not_in_label',
      'less_waste_heat',
    ]);
  });

  it('wallbox: the answer; 10 000–30 000 kr, grön teknik 50 %, 10 years; no energy saving', () => {
    expect(wallboxChargerStation.completion(ctx({ wallbox: true }))).toBe('completed');
    expect(wallboxChargerStation.completion(ctx())).toBe('not_completed');
    expect(wallboxChargerStation.apply(ctx())).toEqual(copyInput(ctx().building.input, { wallbox: true }));
    expect(wallboxChargerStation.cost(ctx())).toEqual([priced(10_000, 30_000, 1, green(0.5), 10)]);
    expect(wallboxChargerStation.availability(ctx())).toEqual({
      available: true,
      messages: [message('no_energy_saving')],
    });
  });

  it('unspecified: never done, always offered, changes nothing, costs nothing', () => {
    const c = ctx({ attic_insulation_mm: 500, smart_heating_control: true });
    expect(unspecified.completion(c)).toBe('not_completed');
    expect(unspecified.availability(c)).toEqual({ available: true, messages: [message('savings_not_estimated')] });
    expect(unspecified.apply(c)).toBe(c.building.input);
    expect(unspecified.cost(c)).toEqual([{ low: 0, high: 0, subsidy: NONE, lifeSpan: 30 }]);
  });
});

describe('packages: the parts still to do, combined in one input', () => {
  it('complete_renovation: attic, walls, windows, doors not done, then the best pump', () => {
    const c = ctx({ primary_heating_systems: ['oil'] });
    expect(packageParts(c).map((m) => m.type)).toEqual([
      'insulation_attic',
      'insulation_walls',
      'energy_efficient_windows',
      'energy_efficient_doors',
      'heat_pump_geothermal',
    ]);
    const done = ctx({ attic_insulation_mm: 400, door_type: 'energy' });
    expect(packageParts(done).map((m) => m.type)).toEqual([
      'insulation_walls',
      'energy_efficient_windows',
      'heat_pump_geothermal',
    ]);
  });

  it('complete_renovation without a pump to add: the envelope alone', () => {
    const c = ctx({ primary_heating_systems: ['heat_pump_geothermal'], heat_pump_installation_year: 2020 });
    expect(packageParts(c).map((m) => m.type)).toEqual([
      'insulation_attic',
      'insulation_walls',
      'energy_efficient_windows',
      'energy_efficient_doors',
    ]);
  });

  it('the combined input lays each part’s changes over the house, the later part last', () => {
    const c = ctx({ primary_heating_systems: ['oil'] });
    const input = combinedInput(c, [insulationAttic, heatPumpGeothermal, heatPumpSmartSteering]);
    expect(input).toEqual(
      copyInput(c.building.input, {
        attic_insulation_mm: 400,
        primary_heating_systems: ['heat_pump_geothermal'],
        heat_pump_installation_year: YEAR,
        smart_heating_control: true,
      }),
    );
    expect(c.building.input.attic_insulation_mm).toBeNull(); // the house's own answers untouched
    expect(combinedInput(c, [])).toEqual(c.building.input);
  });

  it('a package needs two parts; none left is completed', () => {
    expect(packageAvailability([insulationAttic, insulationWalls])).toEqual({ available: true, messages: [] });
    expect(packageAvailability([insulationAttic])).toEqual({
      available: false,
      messages: [message('package_too_few_measures')],
    });
    expect(packageCompletion([])).toBe('completed');
    expect(packageCompletion([insulationAttic])).toBe('not_completed');
  });

  it('a package costs its parts’ items, and is their combined input', () => {
    const c = ctx({ primary_heating_systems: ['oil'] });
    const parts = packageParts(c);
    expect(completeRenovation.cost(c)).toEqual(parts.flatMap((m) => m.cost(c)));
    expect(completeRenovation.apply(c)).toEqual(combinedInput(c, parts));
    expect(completeRenovation.availability(c)).toEqual({ available: true, messages: [] });
    expect(completeRenovation.completion(c)).toBe('not_completed');
    const top = topOfTheLineParts(c);
    expect(topOfTheLine.cost(c)).toEqual(top.flatMap((m) => m.cost(c)));
    expect(topOfTheLine.apply(c)).toEqual(combinedInput(c, top));
  });

  it('top_of_the_line on a south roof: envelope, pump and steering, panels with a battery, fittings, products', () => {
    const c = ctx({ roof_orientation: 'south' });
    expect(topOfTheLineParts(c).map((m) => m.type)).toEqual([
      'insulation_attic',
      'insulation_walls',
      'energy_efficient_windows',
      'energy_efficient_doors',
      'heat_pump_geothermal',
      'heat_pump_smart_steering',
      'solar_panel_and_battery_installation',
      'low_flush_faucets',
      'energy_efficient_products',
    ]);
  });

  it('top_of_the_line: nothing done twice; steering beside the house’s own pump; no solar on a north roof', () => {
    const c = ctx({
      window_type: 'energy',
      primary_heating_systems: ['heat_pump_geothermal'],
      heat_pump_installation_year: 2020,
      roof_orientation: 'north',
    });
    const types = topOfTheLineParts(c).map((m) => m.type);
    expect(types).toEqual([
      'insulation_attic',
      'insulation_walls',
      'energy_efficient_doors',
      'heat_pump_smart_steering',
      'low_flush_faucets',
      'energy_efficient_products',
    ]);
  });
});
