// "How we calculated this", case by case: the figures of each step, why each assumed answer is what it is, which parts
// of a figure fit this house, and what the ranges span. Every explanation is built inside its test.
import type { ActivityType, Explanation } from '@home-energy/shared/schemas/energy';
import { ANSWER_KEYS, copyInput, type AnswerKey, type BuildingInput } from '../answers';
import { calculatedLabel, modelEnergy, type Building } from '../building-model';
import { ENERGY_CONSTANTS as K } from '../constants';
import { explainLabel, explainRecommendation, type InputSources } from '../explanation';
import { heatLoss, totalHeatLoss } from '../model/heat-demand';
import { defaultPrices, yearlyEnergyCost } from '../prices';
import { house } from './fixtures';

const building = house();
const prices = defaultPrices(building.location.priceArea);
/** The fixture house's own answers (as explanation.test.ts); everything else is assumed. */
const ANSWERED: InputSources = {
  construction_year: 'answered',
  atemp: 'answered',
  num_floors: 'register',
  occupants: 'answered',
};
/** Every answer given except `open`: only those are assumed. */
const allAnsweredBut = (...open: AnswerKey[]): InputSources =>
  Object.fromEntries(
    (Object.keys(ANSWER_KEYS) as AnswerKey[]).filter((key) => !open.includes(key)).map((key) => [key, 'answered']),
  );
const withInput = (b: Building, changes: Partial<BuildingInput>): Building => ({
  ...b,
  input: copyInput(b.input, changes),
});
const card = (b: Building, type: ActivityType, sources: InputSources = ANSWERED) =>
  explainRecommendation(b, type, defaultPrices(b.location.priceArea), sources)!;
const step = (e: Explanation, code: string) => e.steps.find((s) => s.code === code);
const codes = (e: Explanation) => e.steps.map((s) => s.code);
const applies = (e: Explanation, id: string) => e.constants.find((c) => c.id === id)!.applies;
const ids = (e: Explanation) => e.constants.map((c) => c.id);
const assumption = (e: Explanation, key: string) => e.inputs.find((i) => i.key === key)!.assumption;

/** The 1970 fixture's era in the archetype table, as an explanation names it. */
const ERAS = K.eraArchetypes.value;
const ERA_1970 = ERAS.findIndex((e) => 1970 <= e.untilYear);
const ERA = { from: ERAS[ERA_1970 - 1]!.untilYear + 1, until: ERAS[ERA_1970]!.untilYear };

describe('the label: each step shows the figure the calculation used', () => {
  it('heat loss, degree days, the standard heat and tap-water need, as the model computes them', () => {
    const e = explainLabel(building, ANSWERED);
    const standard = modelEnergy(building, 'standard');
    expect(step(e, 'heat_loss')!.values).toEqual({ w_per_k: Math.round(totalHeatLoss(heatLoss(building.input))) });
    expect(step(e, 'heat_loss')!.values.w_per_k).toBeGreaterThan(0);
    expect(step(e, 'degree_days')!.values).toEqual({
      degree_days: Math.round(building.location.degreeDays),
      municipality: 'Stockholm',
    });
    expect(step(e, 'space_heat_need')!.values).toEqual({
      kwh: Math.round(standard.need.space_heating),
      temperature: K.referenceIndoorTemperature.value,
    });
    // BEN's 20 kWh/m² for a småhus of 150 m².
    expect(step(e, 'tap_water_need')!.values).toEqual({ kwh: 3000 });
  });

  it('the delivered energy the label counts, weighted for electricity and the place, is the EP per m²', () => {
    const e = explainLabel(building, ANSWERED);
    const label = calculatedLabel(building).value;
    expect(step(e, 'primary_energy')!.values).toEqual({ ep: label.ep, f_geo: label.f_geo, atemp: 150 });
    const delivered = step(e, 'delivered_for_label')!.values.kwh as number;
    // An all-electric house: every delivered kWh weighs the same.
    expect((delivered * K.primaryEnergyFactor.value.electricity * label.f_geo) / 150).toBeCloseTo(label.ep, 0);
    expect(step(e, 'energy_class')!.values).toEqual({
      requirement: label.ep_requirement,
      percent: label.percent_of_requirement,
      energy_class: label.energy_class,
    });
    expect(label.energy_class).toEqual(expect.any(String));
  });

  it('a house of 50 m² or less has no requirement to compare with: it says so instead of a class', () => {
    const small = house({ atemp: 40 });
    const e = explainLabel(small, ANSWERED);
    expect(codes(e).at(-1)).toBe('no_requirement');
    expect(codes(e)).not.toContain('energy_class');
    expect(step(e, 'no_requirement')!.values).toEqual({ atemp: 40, min_atemp: K.epRequirementMinAtemp.value });
    // No band of the small-house requirement fits it.
    expect(applies(e, 'epRequirementSmallHouse')).toBeNull();
  });

  it('singles out the band of the small-house requirement its floor area falls in (above the bound, not at it)', () => {
    const band = (atemp: number) => applies(explainLabel(house({ atemp }), ANSWERED), 'epRequirementSmallHouse');
    expect(band(131)).toEqual(['0']);
    expect(band(130)).toEqual(['1']);
    expect(band(100)).toEqual(['1']);
    expect(band(60)).toEqual(['2']);
  });

  it('shows the ep range first and only the inputs the label reads, each with its value', () => {
    const e = explainLabel(building, ANSWERED);
    expect(e.subject).toBe('label');
    expect(e.ranges.map((r) => r.code)).toEqual(['ep']);
    const keys = e.inputs.map((i) => i.key);
    // The household's own use and the roof side (no PV in EP) are not part of the label.
    for (const key of ['occupants', 'indoor_temperature', 'appliances', 'roof_orientation', 'wallbox']) {
      expect(keys).not.toContain(key);
    }
    expect(keys).toEqual(expect.arrayContaining(['atemp', 'attic_insulation_mm', 'ventilation', 'basement']));
    expect(e.inputs.find((i) => i.key === 'primary_heating_systems')!.value).toEqual(['electric_direct']);
  });
});

describe('the label: its constants follow the house', () => {
  it('a flerbostadshus shows the multi-dwelling requirement and tap water, a villa the small-house ones', () => {
    const flats = explainLabel(house({ building_type: 'flerbostadshus', atemp: 400 }), ANSWERED);
    expect(ids(flats)).toEqual(expect.arrayContaining(['epRequirementMultiDwelling', 'standardTapWaterMultiDwelling']));
    expect(ids(flats)).not.toContain('epRequirementSmallHouse');
    expect(ids(flats)).not.toContain('standardTapWaterSmallHouse');
    const villa = explainLabel(building, ANSWERED);
    expect(ids(villa)).toEqual(expect.arrayContaining(['epRequirementSmallHouse', 'standardTapWaterSmallHouse']));
    expect(ids(villa)).not.toContain('epRequirementMultiDwelling');
    expect(ids(villa)).not.toContain('standardTapWaterMultiDwelling');
  });

  it('FTX figures only where there is FTX', () => {
    const ftx = explainLabel(house({ ventilation: 'balanced_heat_recovery' }), ANSWERED);
    expect(ids(ftx)).toEqual(expect.arrayContaining(['ftxHeatRecovery', 'ftxExtraPropertyElectricity']));
    const plain = explainLabel(building, ANSWERED);
    expect(ids(plain)).not.toContain('ftxHeatRecovery');
    expect(ids(plain)).not.toContain('ftxExtraPropertyElectricity');
  });

  it('heat-pump figures where any of its systems is a pump, air-to-air figures only with an air-to-air pump', () => {
    const both = explainLabel(house({ primary_heating_systems: ['electric_direct', 'heat_pump_air'] }), ANSWERED);
    expect(ids(both)).toEqual(
      expect.arrayContaining(['heatPumpSpf', 'heatPumpCoverage', 'airToAirSpfByClimate', 'airToAirReach']),
    );
    const ground = explainLabel(house({ primary_heating_systems: ['heat_pump_geothermal'] }), ANSWERED);
    expect(ids(ground)).toContain('heatPumpSpf');
    expect(ids(ground)).not.toContain('airToAirReach');
    const none = explainLabel(building, ANSWERED);
    expect(ids(none)).not.toContain('heatPumpSpf');
    expect(ids(none)).not.toContain('airToAirReach');
  });

  it('a house with a pump is asked its age; the label lists it', () => {
    const both = explainLabel(house({ primary_heating_systems: ['electric_direct', 'heat_pump_air'] }), ANSWERED);
    expect(both.inputs.map((i) => i.key)).toEqual(
      expect.arrayContaining(['heat_pump_installation_year', 'smart_heating_control']),
    );
  });
});

describe('which parts of a figure fit this house', () => {
  it('its heating systems and their carriers, and electricity always', () => {
    const pellets = explainLabel(house({ primary_heating_systems: ['pellets'] }), ANSWERED);
    expect(applies(pellets, 'primaryEnergyFactor')).toEqual(['electricity', 'bio_tree_pellets_bricks']);
    expect(applies(pellets, 'systemEfficiency')).toEqual(['pellets']);
    const district = explainLabel(house({ primary_heating_systems: ['district_heating'] }), ANSWERED);
    expect(applies(district, 'primaryEnergyFactor')).toEqual(['electricity', 'district_heating']);
  });

  it("its doors and glazing; on the windows' and doors' cards also the new ones; none where nothing fits", () => {
    const label = explainLabel(building, ANSWERED);
    // Unknown glazing and original doors are the era's: no part of the U tables is this house's.
    expect(applies(label, 'windowU')).toBeNull();
    expect(applies(label, 'doorU')).toBeNull();
    expect(applies(explainLabel(house({ door_type: 'insulated' }), ANSWERED), 'doorU')).toEqual(['insulated']);
    expect(applies(explainLabel(house({ window_type: 'double' }), ANSWERED), 'windowU')).toEqual(['double']);
    expect(applies(card(building, 'energy_efficient_windows').explanation, 'windowU')).toEqual(['energy']);
    expect(applies(card(house({ window_type: 'double' }), 'energy_efficient_windows').explanation, 'windowU')).toEqual([
      'double',
      'energy',
    ]);
    expect(applies(card(building, 'energy_efficient_doors').explanation, 'doorU')).toEqual(['energy']);
  });

  it('the measure itself; "heat pump" for the pumps but not for the smart control of one, nor other measures', () => {
    const attic = card(building, 'insulation_attic').explanation;
    expect(applies(attic, 'labourShare')).toEqual(['insulation_attic']);
    expect(applies(attic, 'lifeSpan')).toEqual(['insulation_attic']);
    const smart = card(building, 'heat_pump_smart_steering').explanation;
    expect(applies(smart, 'labourShare')).toEqual(['heat_pump_smart_steering']);
    expect(applies(smart, 'lifeSpan')).toEqual(['heat_pump_smart_steering']);
    const ground = card(building, 'heat_pump_geothermal').explanation;
    expect(applies(ground, 'labourShare')).toEqual(['heat_pump']);
    expect(applies(ground, 'costHeatPump')).toEqual(['heat_pump_geothermal']);
  });
});

describe('why each assumed answer is what it is', () => {
  it("the era's walls, glazing, doors and ventilation when not told; the preset answer otherwise", () => {
    const era = explainLabel(building, {});
    expect(assumption(era, 'wall_insulation_added_mm')).toEqual({
      reason: 'era',
      used: 'walls_as_built',
      values: { ...ERA, u: ERAS[ERA_1970]!.wallU },
    });
    expect(assumption(era, 'door_type')).toEqual({
      reason: 'era',
      used: 'door_u',
      values: { ...ERA, u: ERAS[ERA_1970]!.doorU },
    });
    const given = explainLabel(
      house({ wall_insulation_added_mm: 50, window_type: 'triple', door_type: 'insulated', ventilation: 'exhaust' }),
      {},
    );
    const preset = { reason: 'default', used: null, values: {} };
    for (const key of ['wall_insulation_added_mm', 'window_type', 'door_type', 'ventilation']) {
      expect([key, assumption(given, key)]).toEqual([key, preset]);
    }
  });

  it('an era with no end year names its start only; the first era its end only', () => {
    const newest = assumption(explainLabel(house({ construction_year: 2020 }), {}), 'attic_insulation_mm');
    expect(newest).toEqual({
      reason: 'era',
      used: 'attic_mm',
      values: { from: ERAS.at(-2)!.untilYear + 1, mm: ERAS.at(-1)!.atticInsulationMm },
    });
    const oldest = assumption(explainLabel(house({ construction_year: 1900 }), {}), 'attic_insulation_mm');
    expect(oldest).toEqual({
      reason: 'era',
      used: 'attic_mm',
      values: { until: ERAS[0]!.untilYear, mm: ERAS[0]!.atticInsulationMm },
    });
  });

  it('the standard tap water only when the number of people is not known, per m² of the building type', () => {
    const known = card(building, 'low_flush_faucets', {}).explanation;
    expect(assumption(known, 'occupants')).toEqual({ reason: 'default', used: null, values: {} });
    const flats = withInput(house({ building_type: 'flerbostadshus', atemp: 400 }), { occupants: null });
    const perM2 = K.standardTapWaterMultiDwelling.value;
    expect(perM2).not.toBe(K.standardTapWaterSmallHouse.value);
    expect(assumption(card(flats, 'low_flush_faucets', {}).explanation, 'occupants')).toEqual({
      reason: 'standard_use',
      used: 'tap_water_standard',
      values: { kwh_per_m2: perM2, kwh: perM2 * 400 },
    });
  });

  it("a pump's age not told is taken as within its life; a told one needs no such word", () => {
    const pump = house({ primary_heating_systems: ['heat_pump_geothermal'] });
    expect(assumption(explainLabel(pump, {}), 'heat_pump_installation_year')).toEqual({
      reason: 'not_told',
      used: 'heat_pump_within_life',
      values: {},
    });
    const dated = house({ primary_heating_systems: ['heat_pump_geothermal'], heat_pump_installation_year: 2015 });
    expect(assumption(explainLabel(dated, {}), 'heat_pump_installation_year')).toEqual({
      reason: 'not_told',
      used: null,
      values: {},
    });
  });

  it('a roof side not told is taken as south; a told one needs no such word', () => {
    expect(assumption(card(building, 'solar_panel_installation', {}).explanation, 'roof_orientation')).toEqual({
      reason: 'not_told',
      used: 'roof_south',
      values: {},
    });
    const south = house({ roof_orientation: 'south' });
    expect(assumption(card(south, 'solar_panel_installation', {}).explanation, 'roof_orientation')).toEqual({
      reason: 'not_told',
      used: null,
      values: {},
    });
  });

  it('"nothing said" for no, 0 and none; the preset answer for any other value', () => {
    const e = card(building, 'solar_panel_installation', {}).explanation;
    const notTold = { reason: 'not_told', used: null, values: {} };
    const preset = { reason: 'default', used: null, values: {} };
    expect(assumption(e, 'window_film')).toEqual(notTold);
    expect(assumption(e, 'solar_panels_wp')).toEqual(notTold);
    expect(assumption(e, 'basement')).toEqual(notTold);
    expect(assumption(e, 'building_type')).toEqual(preset);
    expect(assumption(e, 'num_floors')).toEqual(preset);
    expect(assumption(e, 'primary_heating_systems')).toEqual(preset);
    const cellar = card(house({ basement: 'unheated', solar_panels_wp: 3000 }), 'insulation_attic', {}).explanation;
    expect(assumption(cellar, 'basement')).toEqual(preset);
    expect(assumption(cellar, 'solar_panels_wp')).toEqual(preset);
  });
});

describe('the EP range: the label again with each assumed answer at each plausible value', () => {
  const epOf = (b: Building, changes: Partial<BuildingInput>) => calculatedLabel(withInput(b, changes)).value.ep;
  const span = (value: number, others: number[]) => ({
    low: Math.min(value, ...others),
    high: Math.max(value, ...others),
  });

  it("varies exactly the assumed answers the label reads with other plausible values, in the questions' order", () => {
    expect(explainLabel(building, ANSWERED).varied_inputs).toEqual([
      'attic_insulation_mm',
      'wall_insulation_added_mm',
      'window_type',
      'door_type',
      'ventilation',
      'basement',
      'ceiling_height',
    ]);
    // Nothing assumed: nothing varied, a range of one value.
    const all = explainLabel(building, allAnsweredBut());
    expect(all.varied_inputs).toEqual([]);
    expect(all.ranges).toEqual([
      { code: 'ep', low: all.ranges[0]!.value, value: all.ranges[0]!.value, high: all.ranges[0]!.value },
    ]);
  });

  it("an unknown attic: half and one and a half times the era's thickness", () => {
    const e = explainLabel(building, allAnsweredBut('attic_insulation_mm'));
    expect(e.varied_inputs).toEqual(['attic_insulation_mm']);
    const ep = calculatedLabel(building).value.ep;
    // The 1960s era: 150 mm.
    expect(ERAS[ERA_1970]!.atticInsulationMm).toBe(150);
    const others = [epOf(building, { attic_insulation_mm: 75 }), epOf(building, { attic_insulation_mm: 225 })];
    expect(e.ranges).toEqual([{ code: 'ep', value: ep, ...span(ep, others) }]);
    expect(e.ranges[0]!.low).toBeLessThan(ep);
    expect(e.ranges[0]!.high).toBeGreaterThan(ep);
  });

  it('an attic thickness that is assumed but set: half and one and a half times it', () => {
    const thick = withInput(building, { attic_insulation_mm: 200 });
    const e = explainLabel(thick, allAnsweredBut('attic_insulation_mm'));
    const ep = calculatedLabel(thick).value.ep;
    const others = [epOf(thick, { attic_insulation_mm: 100 }), epOf(thick, { attic_insulation_mm: 300 })];
    expect(e.ranges).toEqual([{ code: 'ep', value: ep, ...span(ep, others) }]);
  });

  it('glazing: double and triple', () => {
    const e = explainLabel(building, allAnsweredBut('window_type'));
    const ep = calculatedLabel(building).value.ep;
    const others = [epOf(building, { window_type: 'double' }), epOf(building, { window_type: 'triple' })];
    expect(e.ranges).toEqual([{ code: 'ep', value: ep, ...span(ep, others) }]);
  });

  it("an answer whose only plausible value is the house's own is not varied", () => {
    const pump = house({ primary_heating_systems: ['electric_direct', 'heat_pump_air'], air_to_air_units: 2 });
    const e = explainLabel(pump, allAnsweredBut('air_to_air_units'));
    expect(e.varied_inputs).toEqual([]);
    const ep = calculatedLabel(pump).value.ep;
    expect(e.ranges).toEqual([{ code: 'ep', low: ep, value: ep, high: ep }]);
    // With one unit, two is another plausible value.
    const one = house({ primary_heating_systems: ['electric_direct', 'heat_pump_air'], air_to_air_units: 1 });
    expect(explainLabel(one, allAnsweredBut('air_to_air_units')).varied_inputs).toEqual(['air_to_air_units']);
  });
});

describe('a recommendation: its steps', () => {
  it('what is bought before and after, the saving, the investment centred on its cost, subsidies and payback', () => {
    const { activity, explanation } = card(building, 'insulation_attic');
    expect(codes(explanation)).toEqual([
      'bought_before',
      'bought_after',
      'kwh_saved_bought',
      'kr_saved',
      'investment',
      'subsidies',
      'payback',
    ]);
    const now = modelEnergy(building, 'actual');
    const before = step(explanation, 'bought_before')!.values;
    expect(before).toEqual({
      kwh: Math.round(now.totalImport),
      kr: Math.round(yearlyEnergyCost(now.byCarrier, now.exported, prices)),
    });
    const after = step(explanation, 'bought_after')!.values as { kwh: number; kr: number };
    expect(Object.keys(after).sort()).toEqual(['kr', 'kwh']);
    expect(Math.abs((before.kwh as number) - after.kwh - activity.kwh_saved_bought)).toBeLessThanOrEqual(1);
    expect(Math.abs((before.kr as number) - after.kr - activity.savings.energyCostSavings)).toBeLessThanOrEqual(1);
    expect(step(explanation, 'kwh_saved_bought')!.values).toEqual({ kwh: activity.kwh_saved_bought });
    expect(step(explanation, 'kr_saved')!.values).toEqual({ kr: activity.savings.energyCostSavings });
    const investment = step(explanation, 'investment')!.values as Record<string, number>;
    expect(investment).toEqual({
      kr: activity.investment_cost,
      span: activity.investment_cost_span,
      low: expect.any(Number),
      high: expect.any(Number),
      life_span: activity.life_span,
    });
    expect(activity.investment_cost_span).toBeGreaterThan(0);
    expect(Math.abs(investment.high! - investment.low! - activity.investment_cost_span)).toBeLessThanOrEqual(1);
    expect(Math.abs(investment.high! + investment.low! - 2 * activity.investment_cost)).toBeLessThanOrEqual(1);
    expect(step(explanation, 'subsidies')!.values).toEqual({
      kr: activity.subsidies.reduce((sum, s) => sum + s.amount, 0),
    });
    expect(activity.subsidies.length).toBeGreaterThan(0);
    expect(step(explanation, 'payback')!.values).toEqual({ years: activity.payback_years, life_span: 40 });
  });

  it('the subsidies step is their sum; no step when there is none', () => {
    const { activity, explanation } = card(building, 'top_of_the_line');
    expect(activity.subsidies.length).toBeGreaterThan(1);
    const sum = activity.subsidies.reduce((total, s) => total + s.amount, 0);
    expect(sum).toBeGreaterThan(activity.subsidies[0]!.amount);
    expect(step(explanation, 'subsidies')!.values).toEqual({ kr: sum });
    const products = card(building, 'energy_efficient_products');
    expect(products.activity.subsidies).toEqual([]);
    expect(products.activity.investment_cost).toBeGreaterThan(0);
    expect(codes(products.explanation)).toEqual([
      'bought_before',
      'bought_after',
      'kwh_saved_bought',
      'kr_saved',
      'investment',
      'payback',
    ]);
  });

  it('what the panels sell is its own step; a measure that sells nothing has none', () => {
    const solar = card(building, 'solar_panel_installation');
    expect(solar.activity.kwh_sold).toBeGreaterThan(0);
    expect(step(solar.explanation, 'kwh_sold')!.values).toEqual({ kwh: solar.activity.kwh_sold });
    expect(codes(solar.explanation).indexOf('kwh_sold')).toBe(codes(solar.explanation).indexOf('kwh_saved_bought') + 1);
    expect(codes(card(building, 'insulation_attic').explanation)).not.toContain('kwh_sold');
  });

  it('a measure that never pays back says so', () => {
    const { activity, explanation } = card(building, 'wallbox_charger_station');
    expect(activity.payback_years).toBeNull();
    expect(codes(explanation).at(-1)).toBe('no_payback');
    expect(codes(explanation)).not.toContain('payback');
  });

  it('a measure not offered for this house says so and nothing else', () => {
    const { activity, explanation } = card(building, 'heat_pump_smart_steering');
    expect(activity.available).toBe(false);
    expect(explanation.steps).toEqual([{ code: 'not_available', values: {} }]);
    expect(explanation.varied_inputs).toEqual([]);
  });

  it('a type the engine does not have is no recommendation', () => {
    expect(explainRecommendation(building, 'no_such_measure' as ActivityType, prices, ANSWERED)).toBeNull();
  });
});

describe('a recommendation: its savings range', () => {
  it("varies exactly the assumed answers it reads that have other plausible values, in the questions' order", () => {
    expect(card(building, 'insulation_attic').explanation.varied_inputs).toEqual([
      'attic_insulation_mm',
      'wall_insulation_added_mm',
      'window_type',
      'door_type',
      'indoor_temperature',
      'ventilation',
      'basement',
      'roof_orientation',
      'ceiling_height',
    ]);
  });

  it('spans the savings of the same card for a house with each plausible attic, in kWh and in kronor', () => {
    const { activity, explanation } = card(building, 'insulation_attic', allAnsweredBut('attic_insulation_mm'));
    expect(explanation.varied_inputs).toEqual(['attic_insulation_mm']);
    const others = [75, 225].map(
      (mm) => card(withInput(building, { attic_insulation_mm: mm }), 'insulation_attic').activity,
    );
    expect(others.every((a) => a.available)).toBe(true);
    const kwh = others.map((a) => a.kwh_saved_bought);
    const kr = others.map((a) => a.savings.energyCostSavings);
    expect(explanation.ranges).toEqual([
      {
        code: 'kwh_saved_bought',
        low: Math.min(activity.kwh_saved_bought, ...kwh),
        value: activity.kwh_saved_bought,
        high: Math.max(activity.kwh_saved_bought, ...kwh),
      },
      {
        code: 'kr_saved',
        low: Math.min(activity.savings.energyCostSavings, ...kr),
        value: activity.savings.energyCostSavings,
        high: Math.max(activity.savings.energyCostSavings, ...kr),
      },
    ]);
    expect(explanation.ranges[1]!.low).toBeLessThan(explanation.ranges[1]!.value);
    expect(explanation.ranges[1]!.high).toBeGreaterThan(explanation.ranges[1]!.value);
  });

  it('leaves out a plausible value under which the measure is not offered', () => {
    // Film is for 1- and 2-pane glass: not offered with triple glazing, one of the plausible glazings.
    expect(card(house({ window_type: 'triple' }), 'window_film').activity.available).toBe(false);
    const { activity, explanation } = card(building, 'window_film', allAnsweredBut('window_type'));
    expect(explanation.varied_inputs).toEqual(['window_type']);
    const double = card(house({ window_type: 'double' }), 'window_film').activity;
    expect(explanation.ranges.map((r) => [r.low, r.high])).toEqual([
      [
        Math.min(activity.kwh_saved_bought, double.kwh_saved_bought),
        Math.max(activity.kwh_saved_bought, double.kwh_saved_bought),
      ],
      [
        Math.min(activity.savings.energyCostSavings, double.savings.energyCostSavings),
        Math.max(activity.savings.energyCostSavings, double.savings.energyCostSavings),
      ],
    ]);
    expect(explanation.ranges[0]!.low).toBeGreaterThan(0);
  });

  it('an assumed answer with no other plausible value, or none where the measure is offered, is not varied', () => {
    const e = card(building, 'window_film', allAnsweredBut('building_type', 'window_film')).explanation;
    expect(e.inputs.filter((i) => i.status === 'assumed').map((i) => i.key)).toEqual(['building_type', 'window_film']);
    expect(e.varied_inputs).toEqual([]);
    // Double glazing: its one other plausible glazing, triple, gets no film.
    const double = card(house({ window_type: 'double' }), 'window_film', allAnsweredBut('window_type'));
    expect(double.activity.available).toBe(true);
    expect(double.explanation.varied_inputs).toEqual([]);
    expect(double.explanation.ranges.every((r) => r.low === r.value && r.high === r.value)).toBe(true);
  });
});
