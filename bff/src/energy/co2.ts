// CO₂ per kWh of bought energy, per carrier (kg CO₂e/kWh, life cycle where the source gives it), for plans and the
// portfolio analytics. One table, each value with its source; all are estimates [E] for a national average: district
// heating varies by network (Gävle Energi 2019: Gävle 0.004, ENA Energi 2021: Enköping 0.003 kg/kWh) and electricity by
// how it is valued (Swedish production mix vs Nordic or residual mix). Biogenic CO₂ of wood fuels counts as zero
// (IPCC/EU convention), so their factors hold only harvest, processing and transport. Exported solar electricity is not
// credited.
import type { Carrier } from '@home-energy/shared/schemas/energy';
import type { Co2Factor } from '@home-energy/shared/schemas/analytics';

interface Entry {
  kgPerKwh: number;
  source: string;
  estimate: true;
}

export const CO2_FACTORS: Record<Carrier, Entry> = {
  electricity: {
    kgPerKwh: 0.047,
    source:
      'Boverket, klimatdatabas: Swedish electricity mix, life cycle (≈ 47 g CO₂e/kWh) — [E] national ' +
      'average, to verify per year',
    estimate: true,
  },
  district_heating: {
    kgPerKwh: 0.055,
    source:
      'Energiföretagen Sverige, miljövärdering av fjärrvärme: national average ≈ 50–60 g CO₂e/kWh — [E] ' +
      'networks differ (Gävle 4 g, Enköping 3 g: Gävle Energi 2019, ENA Energi 2021)',
    estimate: true,
  },
  oil: {
    kgPerKwh: 0.295,
    source:
      'Naturvårdsverket emission factor for eldningsolja 1 (≈ 267 g CO₂/kWh burnt) plus production and transport — [E]',
    estimate: true,
  },
  gas: {
    kgPerKwh: 0.23,
    source:
      'Naturvårdsverket emission factor for natural gas (≈ 203 g CO₂/kWh burnt) plus production and transport — [E]',
    estimate: true,
  },
  bio: {
    kgPerKwh: 0.015,
    source: 'Biogenic CO₂ counted as zero (IPCC); processing and transport of wood chips ≈ 10–20 g/kWh — [E]',
    estimate: true,
  },
  bio_other: {
    kgPerKwh: 0.02,
    source: 'Biogenic CO₂ counted as zero (IPCC); other biofuels, processing and transport ≈ 20 g/kWh — [E]',
    estimate: true,
  },
  bio_tree_pellets_bricks: {
    kgPerKwh: 0.02,
    source:
      'Biogenic CO₂ counted as zero (IPCC); pellet and briquette drying, pressing and transport ≈ 15–25 g/kWh — [E]',
    estimate: true,
  },
  wood: {
    kgPerKwh: 0.01,
    source: 'Biogenic CO₂ counted as zero (IPCC); firewood handling and transport ≈ 10 g/kWh — [E]',
    estimate: true,
  },
};

/** kg CO₂e per year of a year's bought energy per carrier (kWh). */
export function co2Of(byCarrier: Partial<Record<string, number>>): number {
  let kg = 0;
  for (const [carrier, kwh] of Object.entries(byCarrier)) {
    const factor = CO2_FACTORS[carrier as Carrier];
    if (factor && typeof kwh === 'number' && kwh > 0) kg += kwh * factor.kgPerKwh;
  }
  return kg;
}

export function co2FactorTable(): Co2Factor[] {
  return Object.entries(CO2_FACTORS).map(([carrier, f]) => ({
    carrier,
    kgPerKwh: f.kgPerKwh,
    source: f.source,
    estimate: f.estimate,
  }));
}
