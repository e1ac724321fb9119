// Published Swedish reference cases (README "Reference cases"): each compares the engine with a published figure at a
// stated tolerance — savings ±15 %, EP and its parts ±10 %, the class exactly unless the published EP lies within 3 %
// of a class boundary. Houses are sized so the model's heating need equals the published one.
import { buildingInputFromAnswers, type Answers } from '../answers';
import { modelEnergy, type Building } from '../building-model';
import { recommendationsFor } from '../activities/recommendations';
import { ENERGY_CONSTANTS as K } from '../constants';
import { measuredEpParts, measuredLabel } from '../measured-label';
import type { ActivityType } from '@home-energy/shared/schemas/energy';
import { place, POSTAL, YEAR } from './fixtures';

const SAVINGS_TOLERANCE = 0.15;
const EP_TOLERANCE = 0.1;
const CLASS_BOUNDARY_MARGIN = 0.03;
const POSTAL_BORAS = '50330';
const POSTAL_GOTEBORG = '41103';

function building(answers: Answers, postal: string, atemp: number): Building {
  return {
    input: buildingInputFromAnswers({ construction_year: 1975, num_floors: 1, ...answers, atemp }),
    location: place(postal),
    year: YEAR,
  };
}

/**
 * The whole-m² Atemp at which the model's need (space heat, or space heat + tap water) is closest to `target` kWh/yr.
 */
function sizedFor(target: number, answers: Answers, postal: string, withTapWater: boolean): Building {
  const need = (atemp: number) => {
    const n = modelEnergy(building(answers, postal, atemp), 'actual').need;
    return n.space_heating + (withTapWater ? n.tap_water_heating : 0);
  };
  let low = 30;
  let high = 1000;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (need(mid) < target) low = mid;
    else high = mid;
  }
  return building(answers, postal, Math.abs(need(low) - target) < Math.abs(need(high) - target) ? low : high);
}

function saving(b: Building, type: ActivityType): number {
  const activity = recommendationsFor(b).find((a) => a.name === type);
  if (!activity) throw new Error(`no ${type}`);
  return activity.energy_diff;
}

const deviation = (ours: number, published: number) => (ours - published) / published;

/** Heat + tap water bought for them in the actual run (kWh/yr): the "energibehov" published savings are shares of. */
function heatingAndTapWater(b: Building): number {
  const { byUse } = modelEnergy(b, 'actual');
  return byUse.space_heating + byUse.tap_water_heating;
}

/** True when `ep` lies within 3 % of a class boundary of `requirement` (then only EP is compared, not the class). */
function nearClassBoundary(ep: number, requirement: number): boolean {
  return K.classBandsPercent.value.some(
    (percent) => Math.abs(ep - (requirement * percent) / 100) <= CLASS_BOUNDARY_MARGIN * ep,
  );
}

/** The smallest whole-m² Atemp at which heat + tap water reaches `target` kWh/yr. */
function sizedForTotal(target: number, answers: Answers, postal: string): Building {
  let atemp = 30;
  while (heatingAndTapWater(building(answers, postal, atemp)) < target) atemp += 1;
  return building(answers, postal, atemp);
}

// enara.se, "Exempel på energiklasser i Skåne, Göteborg, Stockholm och Luleå" (energiklasser år 2024, BBR 29), example
// 1: 150 m² Atemp, exhaust-air heat pump, 4 people, 15 000 kWh electricity a year including household electricity.
const ENARA_EXAMPLE_1 = [
  { town: 'Skåne (Malmö)', postal: POSTAL.malmo, ep: 145, energyClass: 'E' },
  { town: 'Göteborg', postal: POSTAL_GOTEBORG, ep: 132, energyClass: 'E' },
  { town: 'Stockholm', postal: POSTAL.stockholm, ep: 122, energyClass: 'E' },
  { town: 'Luleå', postal: POSTAL.lulea, ep: 91, energyClass: 'D' },
] as const;
const enaraLabel = (postal: string) =>
  measuredLabel(
    { byCarrier: { electricity: 15000 } },
    building(
      {
        construction_year: 1990,
        primary_heating_systems: ['heat_pump_exhaust_air'],
        ventilation: 'exhaust',
        occupants: 4,
      },
      postal,
      150,
    ),
  ).value;

// Energimyndigheten, Husguiden "Exempel på besparingar av åtgärder" (from "Potential för energieffektivisering i
// småhus, Förstudie Besmå", June 2019): an older 1.5-storey house needing 20 000 kWh of heat and tap water a year.
const HUSGUIDEN_ANSWERS: Answers = {
  construction_year: 1940,
  primary_heating_systems: ['electric_direct'],
  ventilation: 'exhaust',
  occupants: 4,
};
const husguidenHouse = () => sizedForTotal(20000, HUSGUIDEN_ANSWERS, POSTAL.stockholm);
const husguidenShare = (b: Building, type: ActivityType) => saving(b, type) / heatingAndTapWater(b);
const husguidenFtxShare = (b: Building) =>
  1 -
  heatingAndTapWater({ ...b, input: { ...b.input, ventilation: 'balanced_heat_recovery' } }) / heatingAndTapWater(b);
const HUSGUIDEN_MEASURES = [
  { measure: 'insulation_walls', published: 0.13 },
  { measure: 'energy_efficient_windows', published: 0.14 },
  { measure: 'low_flush_faucets', published: 0.08 },
] as const;

// Luleå kommun (energy and climate advice), 2016-09-14, "Se om huset inför vintern – tilläggsisolera vindsbjälklaget":
// a 120 m² one-storey villa in Luleå taking its attic from 100 mm to 500 mm loses 5 719 kWh less heat a year.
const luleaAtticSaving = () => {
  const before = building({ construction_year: 1970, attic_insulation_mm: 100, occupants: 2 }, POSTAL.lulea, 120);
  const after = { ...before, input: { ...before.input, attic_insulation_mm: 500 } };
  return heatingAndTapWater(before) - heatingAndTapWater(after);
};

// byggahus.se, "Energieffektivisera huset – åtgärderna som ger störst besparing": a 1960s villa in Stockholm with a
// waterborne electric boiler using 30 000 kWh for heat and tap water moves to ground source and buys 7 500 kWh.
const byggahusGroundSource = () =>
  sizedForTotal(
    30000,
    { construction_year: 1965, primary_heating_systems: ['electric_waterborne'], occupants: 4 },
    POSTAL.stockholm,
  );

// hornbach.se (building-materials retailer), "Tilläggsisolera och spara pengar": a 190 m² direct-electric villa in
// central Sweden with 125 m² of outer wall (ours, one storey: 116 m²) at U 0.4 insulated to 0.23 (about 70 mm) loses
// 2 338 kWh less a year. Modelled: built 1950 (wall 0.42), 79 mm added (0.42 → 0.23), Stockholm.
const hornbachWallSaving = () => {
  const before = building({ construction_year: 1950, occupants: 4 }, POSTAL.stockholm, 190);
  const after = { ...before, input: { ...before.input, wall_insulation_added_mm: 79 } };
  return heatingAndTapWater(before) - heatingAndTapWater(after);
};

// Documented, not tested (README "Reference cases"): polarpumpen.se (heat-pump installers), "Så mycket kan du spara",
// an air/water pump in a 130 m² house needing 22 000 kWh (18 000 heat, 4 000 tap water) saves 15 210 kWh in Göteborg
// and 13 415 in Kiruna; sveaisol.se (loose-fill insulation), "Besparingskalkyl", an attic taken from 10 to 50 cm in
// Stockholm saves 48 kWh per m² a year (6 720 kWh for 140 m²).
const polarpumpenShare = (postal: string) => {
  const b = sizedFor(
    22000,
    { primary_heating_systems: ['electric_waterborne'], occupants: 3, indoor_temperature: 20 },
    postal,
    true,
  );
  return saving(b, 'heat_pump_airwater') / heatingAndTapWater(b);
};
const sveaisolAtticSaving = () => {
  const before = building({ construction_year: 1970, attic_insulation_mm: 100 }, POSTAL.stockholm, 140);
  const after = { ...before, input: { ...before.input, attic_insulation_mm: 500 } };
  return heatingAndTapWater(before) - heatingAndTapWater(after);
};

// swedensol.se, "Lönsamhet / Återbetalningstid": 5 kW facing south in Stockholm = 975 × 1.12 × 5 × 0.9 = 4 914 kWh a
// year.
const swedensolPv = () =>
  modelEnergy(
    building({ construction_year: 1990, solar_panels_wp: 5000, roof_orientation: 'south' }, POSTAL.stockholm, 150),
    'actual',
  ).pv.production;

describe('air-to-air heat pump: Energimyndigheten, test of air-to-air heat pumps 2009–2013 (savings ±15 %)', () => {
  // heating need kWh and the published saving range kWh per test town
  const cases = [
    { town: 'Malmö', postal: POSTAL.malmo, need: 9100, low: 6500, high: 6900 },
    { town: 'Borås', postal: POSTAL_BORAS, need: 11000, low: 7000, high: 7800 },
    { town: 'Luleå', postal: POSTAL.lulea, need: 15400, low: 7900, high: 9300 },
  ];
  it.each(cases)(
    '$town: a direct-electric house needing $need kWh of heat saves $low–$high kWh (mid ±15 %)',
    ({ postal, need, low, high }) => {
      const b = sizedFor(
        need,
        // The test houses are open plan on one storey, one indoor unit.
        {
          construction_year: 1995,
          primary_heating_systems: ['electric_direct'],
          floor_plan: 'open',
          air_to_air_units: 1,
        },
        postal,
        false,
      );
      expect(modelEnergy(b, 'actual').need.space_heating / need).toBeCloseTo(1, 1);
      const ours = saving(b, 'heat_pump_air');
      expect(Math.abs(deviation(ours, (low + high) / 2))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
    },
  );
});

describe('air/water heat pump: Energimyndigheten, test of air/water heat pumps (2011, 2013) (saving ±15 %)', () => {
  it('south Sweden, a house needing 15 000 kWh a year (heat + tap water), boiler replaced: 45–60 % saved', () => {
    const b = sizedFor(15000, { primary_heating_systems: ['electric_waterborne'] }, POSTAL.malmo, true);
    const actual = modelEnergy(b, 'actual');
    const share = saving(b, 'heat_pump_airwater') / (actual.byUse.space_heating + actual.byUse.tap_water_heating);
    expect(Math.abs(deviation(share, 0.525))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
  });
});

describe('ground-source heat pump: Energimyndigheten field test, 20 pumps, Västra Götaland (saving ±15 %)', () => {
  it('an electric-boiler house near Göteborg saves about the 62 % field average', () => {
    const b = building({ primary_heating_systems: ['electric_waterborne'] }, POSTAL_GOTEBORG, 150);
    const actual = modelEnergy(b, 'actual');
    const heatingAndTap = actual.byUse.space_heating + actual.byUse.tap_water_heating;
    const share = saving(b, 'heat_pump_geothermal') / heatingAndTap;
    expect(Math.abs(deviation(share, 0.62))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
  });
});

describe('measured label: Boverket BEN example (older småhus, ground-source pump, 160 m²) (EP parts ±10 %)', () => {
  // Published: 16 350 kWh electricity, household unknown → BEN 30 kWh/m² = 4 800, property 880, tap water 1 386 →
  // heating 9 284; tap water normalised to 20 × 160 / 2.5 = 1 280 kWh.
  const b = building(
    { construction_year: 1965, primary_heating_systems: ['heat_pump_geothermal'] },
    POSTAL.stockholm,
    160,
  );
  const parts = measuredEpParts({ byCarrier: { electricity: 16350 }, tapWater: 1386 }, b).electricity;

  it('heating = 16 350 − 1 386 − 880 − 4 800 = 9 284 kWh', () => {
    expect(Math.abs(deviation(parts.heating, 9284))).toBeLessThanOrEqual(EP_TOLERANCE);
  });
  it('normalised tap water 1 280 kWh and property energy 880 kWh', () => {
    expect(Math.abs(deviation(parts.tapWater, 1280))).toBeLessThanOrEqual(EP_TOLERANCE);
    expect(Math.abs(deviation(parts.property, 880))).toBeLessThanOrEqual(EP_TOLERANCE);
  });
});

describe('label: enara.se example 1, one exhaust-air heat-pump house in four places (EP ±10 %, class exact)', () => {
  it.each(ENARA_EXAMPLE_1)('$town: EP $ep, class $energyClass', ({ postal, ep, energyClass }) => {
    const label = enaraLabel(postal);
    expect(Math.abs(deviation(label.ep, ep))).toBeLessThanOrEqual(EP_TOLERANCE);
    if (!nearClassBoundary(ep, label.ep_requirement ?? 0)) expect(label.energy_class).toBe(energyClass);
  });
});

describe("envelope, ventilation, tap water: Husguiden's older house of 20 000 kWh, one storey (savings ±15 %)", () => {
  const b = husguidenHouse();
  it('the house needs 20 000 kWh of heat and tap water', () => {
    expect(Math.abs(deviation(heatingAndTapWater(b), 20000))).toBeLessThanOrEqual(0.01);
  });
  it.each(HUSGUIDEN_MEASURES)('$measure saves $published of it', ({ measure, published }) => {
    expect(Math.abs(deviation(husguidenShare(b, measure), published))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
  });
  it('exhaust ventilation replaced by FTX saves 16 % of the heat and tap water', () => {
    expect(Math.abs(deviation(husguidenFtxShare(b), 0.16))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
  });
});

describe('attic insulation: Luleå kommun worked example (saving ±15 %)', () => {
  it('120 m² one-storey villa in Luleå, attic 100 → 500 mm: 5 719 kWh less heat a year', () => {
    expect(Math.abs(deviation(luleaAtticSaving(), 5719))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
  });
});

describe('ground-source heat pump: byggahus.se worked example (saving ±15 %)', () => {
  it('1960s villa in Stockholm, electric boiler, 30 000 kWh → 7 500 kWh bought: saves 22 500 kWh', () => {
    const b = byggahusGroundSource();
    expect(Math.abs(deviation(heatingAndTapWater(b), 30000))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(deviation(saving(b, 'heat_pump_geothermal'), 22500))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
  });
});

describe('wall insulation: hornbach.se worked example (saving ±15 %)', () => {
  it('190 m² villa, central Sweden, wall U 0.4 → 0.23: 2 338 kWh less heat a year', () => {
    expect(Math.abs(deviation(hornbachWallSaving(), 2338))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
  });
});

describe('solar PV: swedensol.se yield example (production ±15 %)', () => {
  it('5 kW facing south in Stockholm produces 4 914 kWh a year', () => {
    expect(Math.abs(deviation(swedensolPv(), 4914))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
  });
});

// Prints the README table's "ours" column: REFERENCE_TABLE=1 node … jest.js
// bff/src/energy/__tests__/reference-cases.test.ts
if (process.env.REFERENCE_TABLE) {
  it('prints the reference table', () => {
    const rows: string[] = [];
    for (const [town, postal, need, low, high] of [
      ['Malmö', POSTAL.malmo, 9100, 6500, 6900],
      ['Borås', POSTAL_BORAS, 11000, 7000, 7800],
      ['Luleå', POSTAL.lulea, 15400, 7900, 9300],
    ] as const) {
      void town;
      const b = sizedFor(
        need,
        // The test houses are open plan on one storey, one indoor unit.
        {
          construction_year: 1995,
          primary_heating_systems: ['electric_direct'],
          floor_plan: 'open',
          air_to_air_units: 1,
        },
        postal,
        false,
      );
      const ours = saving(b, 'heat_pump_air');
      rows.push(
        `${town} ${need}: ours ${ours} (Atemp ${b.input.atemp}, dd ${b.location.degreeDays}) vs ` +
          `${(low + high) / 2} → ${(deviation(ours, (low + high) / 2) * 100).toFixed(1)} %`,
      );
    }
    const aw = sizedFor(15000, { primary_heating_systems: ['electric_waterborne'] }, POSTAL.malmo, true);
    const awa = modelEnergy(aw, 'actual');
    const awShare = saving(aw, 'heat_pump_airwater') / (awa.byUse.space_heating + awa.byUse.tap_water_heating);
    rows.push(
      `air/water: ${(awShare * 100).toFixed(1)} % (Atemp ${aw.input.atemp}) vs 52.5 → ` +
        `${(deviation(awShare, 0.525) * 100).toFixed(1)} %`,
    );
    const g = building({ primary_heating_systems: ['electric_waterborne'] }, POSTAL_GOTEBORG, 150);
    const ga = modelEnergy(g, 'actual');
    const gShare = saving(g, 'heat_pump_geothermal') / (ga.byUse.space_heating + ga.byUse.tap_water_heating);
    rows.push(`geothermal: ${(gShare * 100).toFixed(1)} % vs 62 → ${(deviation(gShare, 0.62) * 100).toFixed(1)} %`);
    const ben = measuredEpParts(
      { byCarrier: { electricity: 16350 }, tapWater: 1386 },
      building({ construction_year: 1965, primary_heating_systems: ['heat_pump_geothermal'] }, POSTAL.stockholm, 160),
    ).electricity;
    rows.push(
      `BEN: heating ${ben.heating.toFixed(0)}, tap ${ben.tapWater.toFixed(0)}, property ${ben.property.toFixed(0)}`,
    );
    const pct = (ours: number, published: number) => `${(deviation(ours, published) * 100).toFixed(1)} %`;
    for (const { town, postal, ep } of ENARA_EXAMPLE_1) {
      const label = enaraLabel(postal);
      rows.push(
        `enara ${town}: EP ${label.ep} ${label.energy_class} (F_geo ${label.f_geo}) vs ${ep} → ${pct(label.ep, ep)}`,
      );
    }
    const hg = husguidenHouse();
    rows.push(`Husguiden house: Atemp ${hg.input.atemp}, heat + tap ${heatingAndTapWater(hg).toFixed(0)}`);
    for (const { measure, published } of [
      ...HUSGUIDEN_MEASURES,
      { measure: 'insulation_attic', published: 0.1 },
    ] as const) {
      const share = husguidenShare(hg, measure);
      rows.push(
        `Husguiden ${measure}: ${(share * 100).toFixed(1)} % vs ${Math.round(published * 100)} → ` +
          `${pct(share, published)}`,
      );
    }
    const twoStorey = sizedForTotal(20000, { ...HUSGUIDEN_ANSWERS, num_floors: 2 }, POSTAL.stockholm);
    rows.push(
      `Husguiden insulation_attic, two storeys: ${(husguidenShare(twoStorey, 'insulation_attic') * 100).toFixed(1)} %`,
    );
    rows.push(
      `Husguiden FTX: ${(husguidenFtxShare(hg) * 100).toFixed(1)} % vs 16 → ${pct(husguidenFtxShare(hg), 0.16)}`,
    );
    rows.push(`Luleå attic: ${luleaAtticSaving().toFixed(0)} vs 5719 → ${pct(luleaAtticSaving(), 5719)}`);
    const gs = byggahusGroundSource();
    rows.push(
      `byggahus ground source: Atemp ${gs.input.atemp}, saves ${saving(gs, 'heat_pump_geothermal')} vs 22500 ` +
        `→ ${pct(saving(gs, 'heat_pump_geothermal'), 22500)}`,
    );
    rows.push(`swedensol PV: ${swedensolPv().toFixed(0)} vs 4914 → ${pct(swedensolPv(), 4914)}`);
    rows.push(`hornbach wall: ${hornbachWallSaving().toFixed(0)} vs 2338 → ${pct(hornbachWallSaving(), 2338)}`);
    for (const [town, postal, published] of [
      ['Göteborg', POSTAL_GOTEBORG, 15210 / 22000],
      ['Kiruna', POSTAL.kiruna, 13415 / 22000],
    ] as const) {
      const share = polarpumpenShare(postal);
      rows.push(
        `polarpumpen ${town} (not tested): ${(share * 100).toFixed(1)} % vs ${(published * 100).toFixed(1)} → ` +
          `${pct(share, published)}`,
      );
    }
    rows.push(
      `sveaisol attic (not tested): ${sveaisolAtticSaving().toFixed(0)} vs 6720 → ${pct(sveaisolAtticSaving(), 6720)}`,
    );
    console.log(rows.join('\n'));
  });
}
