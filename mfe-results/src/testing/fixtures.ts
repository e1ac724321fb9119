import type { Activity, EstimatedEpcLabel, InformationItem, IssuedEpcLabel, PerCarrier } from '@home-energy/shared';

const zeroCarriers = (): PerCarrier => ({
  bio: 0,
  bio_other: 0,
  bio_tree_pellets_bricks: 0,
  district_heating: 0,
  electricity: 0,
  gas: 0,
  oil: 0,
  wood: 0,
});

export function calculatedLabel(
  energyClass: EstimatedEpcLabel['energy_class'],
  changes: Partial<EstimatedEpcLabel> = {},
): EstimatedEpcLabel {
  return {
    type: 'estimated_calculated',
    energy_class: energyClass,
    ep: 180.4,
    ep_requirement: 90,
    percent_of_requirement: 200,
    atemp: 140,
    f_geo: 1,
    f_geo_is_estimate: false,
    rule_version: 'BBR 29',
    ...changes,
  };
}

export const measuredLabel = (energyClass: EstimatedEpcLabel['energy_class']): EstimatedEpcLabel =>
  calculatedLabel(energyClass, { type: 'estimated_measured', ep: 150.2 });

export const issuedLabel = (energyClass: IssuedEpcLabel['energy_class']): IssuedEpcLabel => ({
  type: 'issued',
  energy_class: energyClass,
  ep: 210,
  issued_at: '2019-05-02',
  source: 'register',
});

/**
 * 100 000 kr saving 10 000 kr and 5 000 kWh a year for 30 years; payback figures as the engine computes them
 * (bff/src/energy/README.md "Ranking").
 */
export function activity(
  name: Activity['name'],
  changes: Partial<Omit<Activity, 'savings'>> & { kwh?: number; kr?: number } = {},
): Activity {
  const { kwh = 5_000, kr = 10_000, ...rest } = changes;
  const investment = rest.investment_cost ?? 100_000;
  const life = rest.life_span ?? 30;
  return {
    name,
    category: 'reduce_heat_losses',
    available: true,
    completion_status: 'not_completed',
    completed_at: null,
    energy_diff: kwh,
    energy_diff_import: kwh,
    energy_diff_export: 0,
    energy_diff_per_carrier: { ...zeroCarriers(), electricity: kwh },
    investment_cost: 100_000,
    investment_cost_span: 40_000,
    life_span: 30,
    savings: { energySavings: kwh, energyCostSavings: kr },
    kwh_saved_bought: kwh,
    kwh_sold: 0,
    payback_years: kr > 0 ? Math.round((investment / kr) * 10) / 10 : null,
    pays_back: kr > 0 && investment <= kr * life,
    lifetime_value: kr * life - investment,
    needs_installer: true,
    choice: null,
    subsidies: [],
    messages: [],
    epc_label: calculatedLabel('C'),
    ...rest,
  };
}

export function energyUse(byCarrier: Partial<PerCarrier> = { electricity: 4_970, oil: 24_409 }): InformationItem {
  return {
    type: 'energy_use',
    value: {
      by_carrier: { ...zeroCarriers(), ...byCarrier },
      by_use: { space_heating: 26_883, tap_water_heating: 3_500 },
      exported_kwh: 0,
      pv_production_kwh: 0,
      cost_per_year: 43_783,
      prices_source: 'default',
    },
  };
}

export const location = (): InformationItem => ({
  type: 'location',
  value: { municipality: 'Karlstad', price_area: 'SE3', f_geo: 1.01, f_geo_is_estimate: true, degree_days: 3426 },
});

export function information(...labels: (EstimatedEpcLabel | IssuedEpcLabel)[]): {
  information: InformationItem[];
  errors: [];
} {
  return {
    information: [...labels.map((value): InformationItem => ({ type: 'epc_label', value })), energyUse(), location()],
    errors: [],
  };
}

export const paths = (id: number) => ({
  page: `/property/${id}/building/primary/results-dashboard`,
  recommendations: `/api/flow/property/${id}/building/primary/recommendations`,
  information: `/api/flow/property/${id}/building/primary/information`,
  answers: `/api/flow/property/${id}/answers`,
  rates: `/api/flow/property/${id}/rates`,
  consumption: `/api/flow/property/${id}/consumption`,
});

export const answersOf = (id: number, name: string) => ({
  property: { id, name },
  answers: { occupants: 3 },
  register: {},
});
