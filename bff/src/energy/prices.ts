// Energy prices (kr/kWh incl. VAT) per carrier for import and export: defaults per price area, or the property's rates.
import { ENERGY_CONSTANTS as K } from './constants';
import { CARRIERS, zeroPerCarrier, type Carrier, type PerCarrier, type PriceArea } from './types';

export interface Prices {
  import: PerCarrier;
  export: PerCarrier;
}

/** Electricity's variable price: (spot + markup) × VAT + energy tax + grid transfer (fixed fees do not change with use). */
export function defaultPrices(area: PriceArea): Prices {
  const ore = K.oerePerKrona.value;
  const electricity =
    ((K.spotPrice.value[area] + K.supplierMarkup.value) * K.vatFactor.value + K.energyTax.value + K.gridTransferFee.value) / ore;
  const imports = zeroPerCarrier();
  for (const c of CARRIERS) imports[c] = c === 'electricity' ? electricity : K.fuelPrice.value[c];
  const exports = zeroPerCarrier();
  exports.electricity = (K.spotPrice.value[area] + K.exportTaxCredit.value) / ore;
  return { import: imports, export: exports };
}

/** spec §3 rates payload: energy_carriers_import/export keyed by carrier, cents_per_kwh = price × 100. */
export interface RatesPayload {
  energy_carriers_import?: Partial<Record<Carrier, { cents_per_kwh: number }>>;
  energy_carriers_export?: Partial<Record<Carrier, { cents_per_kwh: number }>>;
}

/** The property's own rates where given, the price-area defaults elsewhere. */
export function pricesFromRates(rates: RatesPayload, fallback: Prices): Prices {
  const pick = (given: RatesPayload['energy_carriers_import'], base: PerCarrier): PerCarrier => {
    const out = { ...base };
    for (const c of CARRIERS) {
      const cents = given?.[c]?.cents_per_kwh;
      if (typeof cents === 'number' && Number.isFinite(cents) && cents >= 0) out[c] = cents / K.oerePerKrona.value;
    }
    return out;
  };
  return { import: pick(rates.energy_carriers_import, fallback.import), export: pick(rates.energy_carriers_export, fallback.export) };
}

/** Yearly energy cost, kr: bought energy × import price − exported energy × export price. */
export function yearlyEnergyCost(byCarrierImport: PerCarrier, byCarrierExport: PerCarrier, prices: Prices): number {
  let cost = 0;
  for (const c of CARRIERS) cost += byCarrierImport[c] * prices.import[c] - byCarrierExport[c] * prices.export[c];
  return cost;
}
