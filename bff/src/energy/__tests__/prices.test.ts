// Default prices per price area and the spec's rates payload.
import { defaultPrices, pricesFromRates, yearlyEnergyCost } from '../prices';
import { zeroPerCarrier } from '../types';

describe('prices', () => {
  it('electricity: variable price from spot, markup, VAT, energy tax and grid fee (SE1 1.31 … SE4 1.67 kr/kWh)', () => {
    expect(defaultPrices('SE1').import.electricity).toBeCloseTo(1.308, 3);
    expect(defaultPrices('SE3').import.electricity).toBeCloseTo(1.477, 3);
    expect(defaultPrices('SE4').import.electricity).toBeCloseTo(1.667, 3);
    expect(defaultPrices('SE3').export.electricity).toBeCloseTo(0.592, 3);
    expect(defaultPrices('SE3').import.district_heating).toBeCloseTo(0.971, 3);
  });

  it('rates payload: cents_per_kwh / 100 where given, defaults elsewhere, bad numbers ignored', () => {
    const base = defaultPrices('SE3');
    const p = pricesFromRates(
      {
        energy_carriers_import: { electricity: { cents_per_kwh: 250 }, oil: { cents_per_kwh: -3 } },
        energy_carriers_export: { electricity: { cents_per_kwh: 80 } },
      },
      base,
    );
    expect(p.import.electricity).toBe(2.5);
    expect(p.import.oil).toBe(base.import.oil);
    expect(p.export.electricity).toBe(0.8);
    expect(p.import.district_heating).toBe(base.import.district_heating);
  });

  it('yearly cost = bought × import price − exported × export price', () => {
    const bought = { ...zeroPerCarrier(), electricity: 1000, district_heating: 2000 };
    const exported = { ...zeroPerCarrier(), electricity: 500 };
    const p = defaultPrices('SE3');
    expect(yearlyEnergyCost(bought, exported, p)).toBeCloseTo(
      1000 * p.import.electricity + 2000 * 0.971 - 500 * p.export.electricity,
      6,
    );
  });
});
