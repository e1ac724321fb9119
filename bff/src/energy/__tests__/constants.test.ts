// The constants table: every entry documented, the BBR 29 weighting factors, the fitted degree-day gradient.
import { ENERGY_CONSTANTS as K, RULE_VERSION, type Constant } from '../constants';
import { CARRIERS } from '../types';
import { geo } from './fixtures';

describe('constants table', () => {
  const entries = Object.entries(K) as [string, Constant<unknown>][];

  it.each(entries)('%s has a value, a unit and a source or an estimate basis', (_name, entry) => {
    expect(entry.value).toBeDefined();
    expect(entry.unit.length).toBeGreaterThan(0);
    expect(entry.source !== null || (entry.estimate ?? '').length > 0).toBe(true);
    if (entry.source !== null) expect(entry.source.length).toBeGreaterThan(0);
  });

  it('names the rule version BBR 29 / BFS 2020:4', () => {
    expect(RULE_VERSION).toBe('BBR 29 (BFS 2011:6 as amended by BFS 2020:4)');
  });

  it('weighting factors are BBR 29 tabell 9:2b for every carrier (docs/energy.md §1.1)', () => {
    expect(K.primaryEnergyFactor.value).toEqual({
      electricity: 1.8,
      district_heating: 0.7,
      bio: 0.6,
      bio_other: 0.6,
      bio_tree_pellets_bricks: 0.6,
      wood: 0.6,
      oil: 1.8,
      gas: 1.8,
    });
    for (const c of CARRIERS) expect(K.primaryEnergyFactor.value[c]).toBeGreaterThan(0);
  });

  it('era archetypes are ordered by year and get better (or stay) with time', () => {
    const eras = K.eraArchetypes.value;
    for (let i = 1; i < eras.length; i++) {
      expect(eras[i].untilYear).toBeGreaterThan(eras[i - 1].untilYear);
      expect(eras[i].wallU).toBeLessThanOrEqual(eras[i - 1].wallU);
      expect(eras[i].windowU).toBeLessThanOrEqual(eras[i - 1].windowU);
      expect(eras[i].atticInsulationMm).toBeGreaterThanOrEqual(eras[i - 1].atticInsulationMm);
    }
  });

  it('the degree-day latitude gradient is the least-squares slope of the SMHI normals (±2 %)', () => {
    const points = geo().climateStations.map((s) => [s.latitude, s.degreeDays] as const);
    const mx = points.reduce((a, p) => a + p[0], 0) / points.length;
    const my = points.reduce((a, p) => a + p[1], 0) / points.length;
    const slope =
      points.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0) / points.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
    expect(K.degreeDayLatitudeGradient.value / slope).toBeGreaterThan(0.98);
    expect(K.degreeDayLatitudeGradient.value / slope).toBeLessThan(1.02);
  });

  it('the attic fit reproduces the published attic U-values: 100 mm ≈ 0.36–0.5 W/m²K, 400 mm ≈ 0.08–0.1', () => {
    const u = (mm: number) => 1 / (K.atticOtherResistance.value + mm / K.mmPerM.value / K.insulationConductivity.value);
    expect(u(100)).toBeGreaterThan(0.35);
    expect(u(100)).toBeLessThan(0.5);
    expect(u(400)).toBeGreaterThanOrEqual(0.08);
    expect(u(400)).toBeLessThanOrEqual(0.1);
  });

  it("the air-to-air SPF anchors sit at the SMHI degree days of Energimyndigheten's test towns (Malmö, Luleå)", () => {
    const dd = (town: string) => geo().climateStations.find((s) => s.town === town)?.degreeDays;
    expect(K.airToAirSpfByClimate.value.warm.degreeDays).toBe(dd('Malmö'));
    expect(K.airToAirSpfByClimate.value.cold.degreeDays).toBe(dd('Luleå'));
  });
});
