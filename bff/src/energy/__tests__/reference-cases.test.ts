// Published Swedish reference cases (README "Reference cases"): each compares the engine with a published figure at a stated
// tolerance — savings ±15 %, EP and its parts ±10 %. Houses are sized so the model's heating need equals the published one.
import { buildingInputFromAnswers, type Answers } from '../answers';
import { modelEnergy, type Building } from '../building-model';
import { recommendationsFor } from '../activities/recommendations';
import { measuredEpParts } from '../measured-label';
import type { ActivityType } from '@home-energy/shared/schemas/energy';
import { place, POSTAL, YEAR } from './fixtures';

const SAVINGS_TOLERANCE = 0.15;
const EP_TOLERANCE = 0.1;
const POSTAL_BORAS = '50330';
const POSTAL_GOTEBORG = '41103';

function building(answers: Answers, postal: string, atemp: number): Building {
  return { input: buildingInputFromAnswers({ construction_year: 1975, num_floors: 1, ...answers, atemp }), location: place(postal), year: YEAR };
}

/** The whole-m² Atemp at which the model's need (space heat, or space heat + tap water) is closest to `target` kWh/yr. */
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

describe('air-to-air heat pump: Energimyndigheten, test of air-to-air heat pumps 2009–2013 (savings ±15 %)', () => {
  // heating need kWh and the published saving range kWh per test town
  const cases = [
    { town: 'Malmö', postal: POSTAL.malmo, need: 9100, low: 6500, high: 6900 },
    { town: 'Borås', postal: POSTAL_BORAS, need: 11000, low: 7000, high: 7800 },
    { town: 'Luleå', postal: POSTAL.lulea, need: 15400, low: 7900, high: 9300 },
  ];
  it.each(cases)('$town: a direct-electric house needing $need kWh of heat saves $low–$high kWh (mid ±15 %)', ({ postal, need, low, high }) => {
    const b = sizedFor(need, { construction_year: 1995, primary_heating_systems: ['electric_direct'] }, postal, false);
    expect(modelEnergy(b, 'actual').need.space_heating / need).toBeCloseTo(1, 1);
    const ours = saving(b, 'heat_pump_air');
    expect(Math.abs(deviation(ours, (low + high) / 2))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
  });
});

describe('air/water heat pump: Energimyndigheten, test of air/water heat pumps (2011, 2013) (saving share ±15 %)', () => {
  it('south Sweden, a house needing 15 000 kWh a year (heat + tap water), electric boiler replaced: 45–60 % saved', () => {
    const b = sizedFor(15000, { primary_heating_systems: ['electric_waterborne'] }, POSTAL.malmo, true);
    const actual = modelEnergy(b, 'actual');
    const share = saving(b, 'heat_pump_airwater') / (actual.byUse.space_heating + actual.byUse.tap_water_heating);
    expect(Math.abs(deviation(share, 0.525))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
  });
});

describe('ground-source heat pump: Energimyndigheten field test of 20 ground-source pumps, Västra Götaland 2012–13 (saving share ±15 %)', () => {
  it('an electric-boiler house near Göteborg saves about the 62 % field average', () => {
    const b = building({ primary_heating_systems: ['electric_waterborne'] }, POSTAL_GOTEBORG, 150);
    const actual = modelEnergy(b, 'actual');
    const heatingAndTap = actual.byUse.space_heating + actual.byUse.tap_water_heating;
    const share = saving(b, 'heat_pump_geothermal') / heatingAndTap;
    expect(Math.abs(deviation(share, 0.62))).toBeLessThanOrEqual(SAVINGS_TOLERANCE);
  });
});

describe('measured label: Boverket, BEN worked example (older småhus, ground-source heat pump, 160 m²) (EP parts ±10 %)', () => {
  // Published: 16 350 kWh electricity, household unknown → BEN 30 kWh/m² = 4 800, property 880, tap water 1 386 → heating 9 284;
  // tap water normalised to 20 × 160 / 2.5 = 1 280 kWh.
  const b = building({ construction_year: 1965, primary_heating_systems: ['heat_pump_geothermal'] }, POSTAL.stockholm, 160);
  const parts = measuredEpParts({ byCarrier: { electricity: 16350 }, tapWater: 1386 }, b).electricity;

  it('heating = 16 350 − 1 386 − 880 − 4 800 = 9 284 kWh', () => {
    expect(Math.abs(deviation(parts.heating, 9284))).toBeLessThanOrEqual(EP_TOLERANCE);
  });
  it('normalised tap water 1 280 kWh and property energy 880 kWh', () => {
    expect(Math.abs(deviation(parts.tapWater, 1280))).toBeLessThanOrEqual(EP_TOLERANCE);
    expect(Math.abs(deviation(parts.property, 880))).toBeLessThanOrEqual(EP_TOLERANCE);
  });
});

// Prints the README table's "ours" column: REFERENCE_TABLE=1 node … jest.js bff/src/energy/__tests__/reference-cases.test.ts
if (process.env.REFERENCE_TABLE) {
  it('prints the reference table', () => {
    const rows: string[] = [];
    for (const [town, postal, need, low, high] of [
      ['Malmö', POSTAL.malmo, 9100, 6500, 6900], ['Borås', POSTAL_BORAS, 11000, 7000, 7800], ['Luleå', POSTAL.lulea, 15400, 7900, 9300],
    ] as const) {
      void town;
      const b = sizedFor(need, { construction_year: 1995, primary_heating_systems: ['electric_direct'] }, postal, false);
      const ours = saving(b, 'heat_pump_air');
      rows.push(`${town} ${need}: ours ${ours} (Atemp ${b.input.atemp}, dd ${b.location.degreeDays}) vs ${(low + high) / 2} → ${(deviation(ours, (low + high) / 2) * 100).toFixed(1)} %`);
    }
    const aw = sizedFor(15000, { primary_heating_systems: ['electric_waterborne'] }, POSTAL.malmo, true);
    const awa = modelEnergy(aw, 'actual');
    const awShare = saving(aw, 'heat_pump_airwater') / (awa.byUse.space_heating + awa.byUse.tap_water_heating);
    rows.push(`air/water: ${(awShare * 100).toFixed(1)} % (Atemp ${aw.input.atemp}) vs 52.5 → ${(deviation(awShare, 0.525) * 100).toFixed(1)} %`);
    const g = building({ primary_heating_systems: ['electric_waterborne'] }, POSTAL_GOTEBORG, 150);
    const ga = modelEnergy(g, 'actual');
    const gShare = saving(g, 'heat_pump_geothermal') / (ga.byUse.space_heating + ga.byUse.tap_water_heating);
    rows.push(`geothermal: ${(gShare * 100).toFixed(1)} % vs 62 → ${(deviation(gShare, 0.62) * 100).toFixed(1)} %`);
    const ben = measuredEpParts({ byCarrier: { electricity: 16350 }, tapWater: 1386 }, building({ construction_year: 1965, primary_heating_systems: ['heat_pump_geothermal'] }, POSTAL.stockholm, 160)).electricity;
    rows.push(`BEN: heating ${ben.heating.toFixed(0)}, tap ${ben.tapWater.toFixed(0)}, property ${ben.property.toFixed(0)}`);
    console.log(rows.join('\n'));
  });
}
