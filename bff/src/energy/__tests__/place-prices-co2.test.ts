// What a year's bought and sold energy costs and emits, carrier by carrier: every carrier's own price and factor
// counts, exports are credited only at their own price, and the property's own rates replace only valid figures.
import { co2FactorTable, co2Of, CO2_FACTORS } from '../co2';
import { defaultPrices, pricesFromRates, yearlyEnergyCost, type Prices } from '../prices';
import { CARRIERS, PRICE_AREAS, zeroPerCarrier, type Carrier } from '../types';

/** Prices where every carrier's import and export differ from every other's: a swapped term shows. */
const DISTINCT: Prices = {
  import: Object.fromEntries(CARRIERS.map((c, i) => [c, 1 + i])) as Prices['import'],
  export: Object.fromEntries(CARRIERS.map((c, i) => [c, 0.1 * (1 + i)])) as Prices['export'],
};

describe('yearlyEnergyCost', () => {
  it.each(CARRIERS.map((c, i) => [c, i] as const))('%s: 100 kWh bought at its price, 10 sold at its price', (c, i) => {
    const bought = { ...zeroPerCarrier(), [c]: 100 };
    const sold = { ...zeroPerCarrier(), [c]: 10 };
    // 100 × (1 + i) − 10 × 0.1 × (1 + i)
    expect(yearlyEnergyCost(bought, sold, DISTINCT)).toBeCloseTo(99 * (1 + i), 9);
    expect(yearlyEnergyCost(bought, zeroPerCarrier(), DISTINCT)).toBeCloseTo(100 * (1 + i), 9);
    expect(yearlyEnergyCost(zeroPerCarrier(), sold, DISTINCT)).toBeCloseTo(-(1 + i), 9);
  });

  it('adds every carrier: 1 kWh of each bought is the sum of the import prices', () => {
    const one = Object.fromEntries(CARRIERS.map((c) => [c, 1])) as ReturnType<typeof zeroPerCarrier>;
    const sum = CARRIERS.reduce((s, _c, i) => s + 1 + i, 0);
    expect(yearlyEnergyCost(one, zeroPerCarrier(), DISTINCT)).toBeCloseTo(sum, 9);
    expect(yearlyEnergyCost(one, one, DISTINCT)).toBeCloseTo(sum * 0.9, 9);
  });
});

describe('defaultPrices', () => {
  it('is the same frozen object on every call for each price area, and electricity is dearer in the south', () => {
    for (const area of PRICE_AREAS) {
      expect(defaultPrices(area)).toBe(defaultPrices(area));
      expect(Object.isFrozen(defaultPrices(area).import)).toBe(true);
    }
    const south = defaultPrices('SE4').import.electricity;
    expect(south).toBeGreaterThan(defaultPrices('SE1').import.electricity);
    // Fuels cost the same everywhere; only electricity is sold.
    expect(defaultPrices('SE1').import.oil).toBe(defaultPrices('SE4').import.oil);
    for (const c of CARRIERS.filter((c) => c !== 'electricity')) expect(defaultPrices('SE3').export[c]).toBe(0);
  });
});

describe('pricesFromRates', () => {
  const base = defaultPrices('SE3');

  it('takes 0 as a price (a free supply), and ignores a missing, negative, infinite or non-number one', () => {
    const rates = {
      energy_carriers_import: {
        wood: { cents_per_kwh: 0 },
        oil: { cents_per_kwh: -1 },
        gas: { cents_per_kwh: Infinity },
        bio: { cents_per_kwh: '80' as unknown as number },
        pellets: undefined,
      },
    } as Parameters<typeof pricesFromRates>[0];
    const p = pricesFromRates(rates, base);
    expect(p.import.wood).toBe(0);
    expect(p.import.oil).toBe(base.import.oil);
    expect(p.import.gas).toBe(base.import.gas);
    expect(p.import.bio).toBe(base.import.bio);
    expect(p.export).toEqual(base.export);
  });

  it('gives the defaults when no rates are given at all, as a copy the caller may change', () => {
    const p = pricesFromRates({}, base);
    expect(p).toEqual(base);
    expect(p.import).not.toBe(base.import);
    p.import.oil = 99;
    expect(defaultPrices('SE3').import.oil).not.toBe(99);
  });
});

describe('co2Of', () => {
  it.each(Object.entries(CO2_FACTORS))('%s: 1 000 kWh emit 1 000 × its factor', (carrier, factor) => {
    expect(co2Of({ [carrier]: 1000 })).toBeCloseTo(1000 * factor.kgPerKwh, 9);
  });

  it('adds the carriers of a year (electricity 0.047, oil 0.295 kg/kWh)', () => {
    expect(co2Of({ electricity: 10_000, oil: 2_000 })).toBeCloseTo(470 + 590, 9);
  });

  it('counts no negative, zero, non-number or unknown carrier (a sold kWh is not credited)', () => {
    expect(co2Of({})).toBe(0);
    expect(co2Of({ electricity: -500 })).toBe(0);
    expect(co2Of({ electricity: 0, oil: 1000 })).toBeCloseTo(295, 9);
    expect(co2Of({ coal: 1000, electricity: 1000 })).toBeCloseTo(47, 9);
    expect(co2Of({ electricity: '1000' as unknown as number })).toBe(0);
  });
});

describe('co2FactorTable', () => {
  it('lists every carrier once with its factor, its source and that it is an estimate', () => {
    const table = co2FactorTable();
    expect(table.map((r) => r.carrier).sort()).toEqual([...CARRIERS].sort());
    for (const row of table) {
      const factor = CO2_FACTORS[row.carrier as Carrier];
      expect(row).toEqual({ carrier: row.carrier, kgPerKwh: factor.kgPerKwh, source: factor.source, estimate: true });
      expect(row.source.length).toBeGreaterThan(20);
    }
  });
});
