// The building model: carriers and uses, standard vs actual use, EP and label (its calibration against
// Energimyndigheten's statistics: calibration.test.ts).
import { buildingInputFromAnswers, type Answers } from '../answers';
import { calculatedLabel, epPartsOf, modelEnergy, primaryEnergyOf, type Building } from '../building-model';
import { ENERGY_CONSTANTS as K } from '../constants';
import { primaryEnergyNumber } from '../epc';
import { ventilationOf } from '../model/heat-demand';
import { airToAirShare, airToAirSpf, hydronicCoverage } from '../model/heating-systems';
import { systemContext } from '../building-model';
import { ALL_USES, CARRIERS, ENERGY_USES } from '../types';
import { house, place, POSTAL, YEAR } from './fixtures';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('delivered energy per carrier and use', () => {
  it('direct electric: everything on electricity; matrix sums equal byCarrier and byUse', () => {
    const balance = modelEnergy(house(), 'actual');
    for (const c of CARRIERS) if (c !== 'electricity') expect(balance.byCarrier[c]).toBe(0);
    expect(balance.byCarrier.electricity).toBeCloseTo(sum(Object.values(balance.delivered.electricity)), 6);
    for (const u of ENERGY_USES)
      expect(balance.byUse[u]).toBeCloseTo(sum(CARRIERS.map((c) => balance.delivered[c][u])), 6);
    expect(balance.totalImport).toBeCloseTo(sum(CARRIERS.map((c) => balance.byCarrier[c])), 6);
    expect(balance.byUse.space_cooling).toBe(0);
  });

  it('district heating: heat and tap water on district_heating, property and household power on electricity', () => {
    const balance = modelEnergy(house({ primary_heating_systems: ['district_heating'] }), 'actual');
    expect(balance.delivered.district_heating.space_heating).toBeCloseTo(balance.need.space_heating, 6);
    expect(balance.delivered.district_heating.tap_water_heating).toBeCloseTo(balance.need.tap_water_heating, 6);
    expect(balance.delivered.electricity.space_heating).toBe(0);
    expect(balance.delivered.electricity.property_electricity).toBeCloseTo(K.propertyElectricity.value * 150, 6);
    expect(balance.delivered.electricity.household_electricity).toBeCloseTo(K.householdElectricity.value * 150, 6);
  });

  it('every system maps to its carrier (oil, gas, pellets, wood, bio, bio_other)', () => {
    const cases = [
      ['oil', 'oil'],
      ['gas', 'gas'],
      ['pellets', 'bio_tree_pellets_bricks'],
      ['wood', 'wood'],
      ['bio', 'bio'],
      ['bio_other', 'bio_other'],
    ] as const;
    for (const [system, carrier] of cases) {
      const balance = modelEnergy(house({ primary_heating_systems: [system] }), 'actual');
      const efficiency = K.systemEfficiency.value[system];
      expect(balance.delivered[carrier].space_heating).toBeCloseTo(balance.need.space_heating / efficiency, 6);
    }
  });

  it('a geothermal pump: its share of the heat (≤ 95 %) at SPF 3.25, the rest by el backup; tap water η 2.5', () => {
    const b = house({ primary_heating_systems: ['heat_pump_geothermal'] });
    const balance = modelEnergy(b, 'actual');
    const q = balance.need.space_heating;
    const share = hydronicCoverage(b.input, 'heat_pump_geothermal', systemContext(b), balance.need.tap_water_heating);
    expect(share).toBeLessThanOrEqual(0.95);
    expect(share).toBeGreaterThan(0.9);
    expect(balance.delivered.electricity.space_heating).toBeCloseTo((q * share) / 3.25 + q * (1 - share), 6);
    expect(balance.delivered.electricity.tap_water_heating).toBeCloseTo(balance.need.tap_water_heating / 2.5, 6);
  });

  it('supplements: an air-to-air pump takes its share at the SPF of the place, a wood stove listed second 20 %', () => {
    const balance = modelEnergy(house({ primary_heating_systems: ['heat_pump_geothermal', 'wood'] }), 'actual');
    expect(balance.delivered.wood.space_heating).toBeCloseTo(
      (balance.need.space_heating * 0.2) / K.systemEfficiency.value.wood,
      6,
    );
    const b = house({ primary_heating_systems: ['heat_pump_air', 'electric_direct'] });
    const air = modelEnergy(b, 'actual');
    const q = air.need.space_heating;
    const share = airToAirShare(b.input, systemContext(b));
    expect(air.delivered.electricity.space_heating).toBeCloseTo(
      (q * share) / airToAirSpf(place().degreeDays) + q * (1 - share),
      6,
    );
  });

  it("air-to-air SPF follows Energimyndigheten's test climates: 3.45 Malmö, 2.45 Luleå, between in Stockholm", () => {
    expect(airToAirSpf(place(POSTAL.malmo).degreeDays)).toBeCloseTo(3.45, 1);
    expect(airToAirSpf(place(POSTAL.lulea).degreeDays)).toBeCloseTo(2.45, 1);
    const stockholm = airToAirSpf(place(POSTAL.stockholm).degreeDays);
    expect(stockholm).toBeGreaterThan(2.45);
    expect(stockholm).toBeLessThan(3.45);
    expect(stockholm).toBeCloseTo(K.heatPumpSpf.value.heat_pump_air, 1);
    expect(airToAirSpf(1000)).toBe(3.45);
    expect(airToAirSpf(20_000)).toBe(K.airToAirMinSpf.value);
  });

  it('air-source pumps work less well in the north; a geothermal pump covers less of the coldest hours', () => {
    const spfUse = (postal: string, system: 'heat_pump_airwater' | 'heat_pump_geothermal') => {
      const b = modelEnergy(house({ primary_heating_systems: [system] }, postal), 'actual');
      return b.delivered.electricity.space_heating / b.need.space_heating;
    };
    expect(spfUse(POSTAL.lulea, 'heat_pump_airwater')).toBeGreaterThan(spfUse(POSTAL.stockholm, 'heat_pump_airwater'));
    const coverage = (postal: string) => {
      const b = house({ primary_heating_systems: ['heat_pump_geothermal'] }, postal);
      return hydronicCoverage(b.input, 'heat_pump_geothermal', systemContext(b), 0);
    };
    // Same SPF everywhere: the electricity per kWh of heat differs only by the share the electric heater takes.
    const perShare = (postal: string) => (spfUse(postal, 'heat_pump_geothermal') - 1) / -coverage(postal);
    expect(perShare(POSTAL.lulea)).toBeCloseTo(perShare(POSTAL.stockholm), 10);
    expect(coverage(POSTAL.lulea)).toBeLessThanOrEqual(coverage(POSTAL.stockholm));
  });

  it('an old heat pump (past its life span) uses more electricity than a new one', () => {
    const old = modelEnergy(
      house({ primary_heating_systems: ['heat_pump_geothermal'], heat_pump_installation_year: 2000 }),
      'actual',
    );
    const fresh = modelEnergy(
      house({ primary_heating_systems: ['heat_pump_geothermal'], heat_pump_installation_year: 2020 }),
      'actual',
    );
    expect(old.byCarrier.electricity).toBeGreaterThan(fresh.byCarrier.electricity);
  });

  it('byUse, byCarrier and totalImport add up the energy of every carrier, whichever carries the heat', () => {
    const cases = [
      ['electric_direct', 'electricity'],
      ['district_heating', 'district_heating'],
      ['oil', 'oil'],
      ['gas', 'gas'],
      ['pellets', 'bio_tree_pellets_bricks'],
      ['wood', 'wood'],
      ['bio', 'bio'],
      ['bio_other', 'bio_other'],
    ] as const;
    for (const [system, carrier] of cases) {
      const balance = modelEnergy(house({ primary_heating_systems: [system], solar_panels_wp: 3000 }), 'actual');
      const { delivered, byUse, byCarrier } = balance;
      expect(delivered[carrier].space_heating).toBeGreaterThan(0);
      expect(delivered[carrier].tap_water_heating).toBeGreaterThan(0);
      for (const u of ALL_USES) expect(byUse[u]).toBeCloseTo(sum(CARRIERS.map((c) => delivered[c][u])), 6);
      for (const c of CARRIERS) expect(byCarrier[c]).toBeCloseTo(sum(ALL_USES.map((u) => delivered[c][u])), 6);
      expect(balance.totalImport).toBeCloseTo(sum(CARRIERS.map((c) => byCarrier[c])), 6);
      // Heat on the system's carrier, the rest of the house's use on electricity (less the self-used PV).
      expect(byUse.space_heating).toBeCloseTo(delivered[carrier].space_heating, 6);
      expect(byUse.tap_water_heating).toBeCloseTo(delivered[carrier].tap_water_heating, 6);
      expect(byUse.property_electricity).toBeCloseTo(K.propertyElectricity.value * 150, 6);
      expect(byUse.household_electricity).toBeCloseTo(K.householdElectricity.value * 150, 6);
      expect(byUse.pv_production).toBeLessThan(0);
      expect(byUse.pv_production).toBeCloseTo(-balance.pv.selfUse, 6);
      if (carrier !== 'electricity') {
        expect(byCarrier[carrier]).toBeCloseTo(
          delivered[carrier].space_heating + delivered[carrier].tap_water_heating,
          6,
        );
        expect(balance.totalImport).toBeCloseTo(byCarrier[carrier] + byCarrier.electricity, 6);
      }
    }
  });

  it('a house with a heat pump carries its heat loss and balance temperature to the systems; one without, none', () => {
    for (const systems of [['electric_direct'], ['district_heating', 'wood'], ['oil']]) {
      expect(systemContext(house({ primary_heating_systems: systems })).load).toBeNull();
    }
    for (const systems of [['heat_pump_geothermal'], ['wood', 'heat_pump_air'], ['heat_pump_exhaust_air']]) {
      const load = systemContext(house({ primary_heating_systems: systems })).load;
      expect(load?.heatLossWPerK).toBeGreaterThan(0);
      expect(load?.balanceTemperature).toBeLessThan(21);
    }
  });

  it('colder places need more heat: Luleå > Stockholm > Malmö', () => {
    const need = (postal: string) => modelEnergy(house({}, postal), 'actual').need.space_heating;
    expect(need(POSTAL.lulea)).toBeGreaterThan(need(POSTAL.stockholm));
    expect(need(POSTAL.stockholm)).toBeGreaterThan(need(POSTAL.malmo));
  });
});

describe("an unanswered ventilation is the era's", () => {
  const spaceHeat = (answers: Answers) => modelEnergy(house(answers), 'actual').need.space_heating;

  it('reads natural draught for houses built up to 1975 and an exhaust fan from 1976, never FTX', () => {
    const of = (construction_year: number) => ventilationOf(house({ construction_year }).input);
    expect(house({ construction_year: 1985 }).input.ventilation).toBe('unknown');
    expect([of(1960), of(1975), of(1976), of(1985), of(2022)]).toEqual([
      'natural',
      'natural',
      'exhaust',
      'exhaust',
      'exhaust',
    ]);
  });

  it('models an unanswered 1985 house as one with an exhaust fan and a 1960 one as one with natural draught', () => {
    expect(spaceHeat({ construction_year: 1985 })).toBeCloseTo(
      spaceHeat({ construction_year: 1985, ventilation: 'exhaust' }),
      6,
    );
    expect(spaceHeat({ construction_year: 1960 })).toBeCloseTo(
      spaceHeat({ construction_year: 1960, ventilation: 'natural' }),
      6,
    );
    // The fan moves more air than natural draught: the 1985 house needs more than with natural draught.
    expect(spaceHeat({ construction_year: 1985 })).toBeGreaterThan(
      spaceHeat({ construction_year: 1985, ventilation: 'natural' }),
    );
  });

  it('the answered ventilation wins over the era', () => {
    expect(spaceHeat({ construction_year: 1985, ventilation: 'natural' })).toBeLessThan(
      spaceHeat({ construction_year: 1985 }),
    );
    expect(spaceHeat({ construction_year: 1960, ventilation: 'exhaust' })).toBeGreaterThan(
      spaceHeat({ construction_year: 1960 }),
    );
    const ftx = house({ construction_year: 2022, ventilation: 'balanced_heat_recovery' });
    expect(ventilationOf(ftx.input)).toBe('balanced_heat_recovery');
    expect(modelEnergy(ftx, 'actual').delivered.electricity.property_electricity).toBeCloseTo(
      (K.propertyElectricity.value + K.ftxExtraPropertyElectricity.value) * 150,
      6,
    );
    // Unanswered, a new house is not taken for FTX: no FTX fan electricity.
    expect(
      modelEnergy(house({ construction_year: 2022 }), 'actual').delivered.electricity.property_electricity,
    ).toBeCloseTo(K.propertyElectricity.value * 150, 6);
  });
});

describe('standard use (label) vs actual use (bills)', () => {
  it('indoor temperature, occupants and low-flow fittings change the bills, not the label', () => {
    const base = house();
    const other = house({ indoor_temperature: 23, occupants: 6, low_flush_faucets: true });
    expect(modelEnergy(other, 'actual').totalImport).not.toBeCloseTo(modelEnergy(base, 'actual').totalImport, 0);
    expect(calculatedLabel(other)).toEqual(calculatedLabel(base));
  });

  it('+1 °C adds 5 % to space heating (indoorTemperatureSensitivity)', () => {
    const a = modelEnergy(house({ indoor_temperature: 21 }), 'actual').need.space_heating;
    const b = modelEnergy(house({ indoor_temperature: 22 }), 'actual').need.space_heating;
    expect(b / a).toBeCloseTo(1.05, 10);
  });

  it('tap water: BEN 20 kWh/m² for the label; 1 170 kWh per person for bills; BEN when occupants are unknown', () => {
    expect(modelEnergy(house(), 'standard').need.tap_water_heating).toBeCloseTo(20 * 150, 6);
    expect(modelEnergy(house({ occupants: 3 }), 'actual').need.tap_water_heating).toBeCloseTo(3 * 1170, 6);
    const unknown: Building = {
      input: buildingInputFromAnswers({ construction_year: 1970, atemp: 150 }),
      location: place(),
      year: YEAR,
    };
    expect(modelEnergy(unknown, 'actual').need.tap_water_heating).toBeCloseTo(20 * 150, 6);
  });
});

describe('EP and the estimated_calculated label', () => {
  it('EP is the BBR formula on the standard balance (household electricity excluded, heating ÷ F_geo)', () => {
    const b = house({ primary_heating_systems: ['district_heating'] }, POSTAL.lulea);
    const standard = modelEnergy(b, 'standard');
    const d = standard.delivered;
    const expected =
      ((d.district_heating.space_heating / b.location.fGeo + d.district_heating.tap_water_heating) * 0.7 +
        d.electricity.property_electricity * 1.8) /
      150;
    expect(primaryEnergyOf(b)).toBeCloseTo(expected, 8);
    expect(primaryEnergyNumber(epPartsOf(standard), 150, b.location.fGeo)).toBeCloseTo(expected, 8);
  });

  it('primaryEnergyOf (skipping the PV and household steps) equals the EP of the full standard balance exactly', () => {
    const systems = [
      ['electric_direct'],
      ['district_heating', 'wood'],
      ['heat_pump_air', 'oil'],
      ['heat_pump_geothermal'],
      ['gas', 'pellets'],
    ];
    for (const postal of [POSTAL.malmo, POSTAL.stockholm, POSTAL.kiruna]) {
      for (const s of systems) {
        const extras: Answers[] = [
          {},
          { solar_panels_wp: 6000, battery_kwh: 6, ventilation: 'balanced_heat_recovery' },
          { building_type: 'flerbostadshus', atemp: 900 },
        ];
        for (const extra of extras) {
          const b = house({ primary_heating_systems: s, ...extra }, postal);
          expect(primaryEnergyOf(b)).toBe(
            primaryEnergyNumber(epPartsOf(modelEnergy(b, 'standard')), b.input.atemp, b.location.fGeo),
          );
        }
      }
    }
  });

  it('F_geo makes EP about climate-neutral for the same direct-electric house (Luleå vs Stockholm within 3 %)', () => {
    expect(primaryEnergyOf(house({}, POSTAL.lulea)) / primaryEnergyOf(house())).toBeGreaterThan(0.97);
    expect(primaryEnergyOf(house({}, POSTAL.lulea)) / primaryEnergyOf(house())).toBeLessThan(1.03);
  });

  it('the label: type estimated_calculated, class from EP, rule version, F_geo marked as estimate', () => {
    const label = calculatedLabel(house({ primary_heating_systems: ['heat_pump_geothermal'] }));
    expect(label.type).toBe('epc_label');
    expect(label.value).toMatchObject({
      type: 'estimated_calculated',
      ep_requirement: 90,
      f_geo: 1,
      f_geo_is_estimate: true,
    });
    expect(label.value.rule_version).toMatch(/BBR 29/);
    expect(['A', 'B', 'C', 'D', 'E', 'F', 'G']).toContain(label.value.energy_class);
  });

  it('heat pumps and district heating label better than direct electric; oil worst', () => {
    const ep = (systems: string[]) => primaryEnergyOf(house({ primary_heating_systems: systems }));
    expect(ep(['heat_pump_geothermal'])).toBeLessThan(ep(['district_heating']));
    expect(ep(['district_heating'])).toBeLessThan(ep(['electric_direct']));
    expect(ep(['electric_direct'])).toBeLessThan(ep(['oil']));
  });

  it('own PV does not count in EP (docs/energy.md §1.1); it lowers bought electricity and exports the rest', () => {
    const withPv = house({ solar_panels_wp: 6000, roof_orientation: 'south' });
    expect(primaryEnergyOf(withPv)).toBeCloseTo(primaryEnergyOf(house()), 10);
    const balance = modelEnergy(withPv, 'actual');
    expect(balance.pv.production).toBeCloseTo(6 * K.pvYield.value.SE3, 6);
    expect(balance.delivered.electricity.pv_production).toBeCloseTo(-balance.pv.selfUse, 10);
    expect(balance.pv.selfUse + balance.pv.export).toBeCloseTo(balance.pv.production, 6);
    expect(balance.exported.electricity).toBeCloseTo(balance.pv.export, 10);
  });

  it('a battery raises self-use; east/west panels produce 25 % less', () => {
    const pv = (answers: object) => modelEnergy(house({ solar_panels_wp: 6000, ...answers }), 'actual').pv;
    expect(pv({ battery_kwh: 6 }).selfUse).toBeGreaterThan(pv({}).selfUse);
    expect(pv({ roof_orientation: 'east_west' }).production / pv({ roof_orientation: 'south' }).production).toBeCloseTo(
      0.75,
      10,
    );
  });

  it('apartment buildings use the flerbostadshus requirement (75) and 25 kWh/m² tap water', () => {
    const b = house({
      building_type: 'flerbostadshus',
      atemp: 2000,
      num_floors: 4,
      primary_heating_systems: ['district_heating'],
    });
    expect(calculatedLabel(b).value.ep_requirement).toBe(75);
    expect(modelEnergy(b, 'standard').need.tap_water_heating).toBeCloseTo(25 * 2000, 6);
  });

  it('a 45 m² cottage gets an EP but no class', () => {
    const label = calculatedLabel(house({ atemp: 45 }));
    expect(label.value.energy_class).toBeNull();
    expect(label.value.ep).toBeGreaterThan(0);
  });
});
