// Energy prices (kr/kWh incl. VAT) per carrier for import and export: defaults per price area, or the property's rates.
import { ENERGY_CONSTANTS } from './constants';
import { CARRIERS, PRICE_AREAS, zeroPerCarrier, type Carrier, type PerCarrier, type PriceArea } from './types';

const K = ENERGY_CONSTANTS;

export interface Prices {
  import: PerCarrier;
  export: PerCarrier;
}

/**
 * Electricity's variable price: (spot + markup) × VAT + energy tax + grid transfer (fixed fees do not change with use).
 */
function areaPrices(area: PriceArea): Prices {
  const ore = K.oerePerKrona.value;
  const electricity =
    ((K.spotPrice.value[area] + K.supplierMarkup.value) * K.vatFactor.value +
      K.energyTax.value +
      K.gridTransferFee.value) /
    ore;
  const imports = zeroPerCarrier();
  for (const c of CARRIERS) imports[c] = c === 'electricity' ? electricity : K.fuelPrice.value[c];
  const exports = zeroPerCarrier();
  exports.electricity = (K.spotPrice.value[area] + K.exportTaxCredit.value) / ore;
  return { import: imports, export: exports };
}

// Made once per price area: every recommendations call without the property's own rates asks for them. Frozen, since
// every caller shares them (pricesFromRates copies before it changes anything).
const AREA_PRICES = new Map<PriceArea, Prices>(
  PRICE_AREAS.map((area) => {
    const prices = areaPrices(area);
    return [area, Object.freeze({ import: Object.freeze(prices.import), export: Object.freeze(prices.export) })];
  }),
);

/** The price area's default prices (the same frozen object on every call). */
export function defaultPrices(area: PriceArea): Prices {
  return AREA_PRICES.get(area) ?? areaPrices(area);
}

/** docs/product.md §3 rates payload: energy_carriers_import/export keyed by carrier, cents_per_kwh = price × 100. */
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
  return {
    import: pick(rates.energy_carriers_import, fallback.import),
    export: pick(rates.energy_carriers_export, fallback.export),
  };
}

/** Yearly energy cost, kr: bought energy × import price − exported energy × export price. */
export function yearlyEnergyCost(byCarrierImport: PerCarrier, byCarrierExport: PerCarrier, prices: Prices): number {
  // Written out per carrier (in CARRIERS order): it runs twice for every activity.
  const i = byCarrierImport;
  const e = byCarrierExport;
  const pi = prices.import;
  const pe = prices.export;
  let cost = 0;
  cost += i.bio * pi.bio - e.bio * pe.bio;
  cost += i.bio_other * pi.bio_other - e.bio_other * pe.bio_other;
  cost +=
    i.bio_tree_pellets_bricks * pi.bio_tree_pellets_bricks - e.bio_tree_pellets_bricks * pe.bio_tree_pellets_bricks;
  cost += i.district_heating * pi.district_heating - e.district_heating * pe.district_heating;
  cost += i.electricity * pi.electricity - e.electricity * pe.electricity;
  cost += i.gas * pi.gas - e.gas * pe.gas;
  cost += i.oil * pi.oil - e.oil * pe.oil;
  cost += i.wood * pi.wood - e.wood * pe.wood;
  return cost;
}
