import '../../../../testing/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import type { Activity, ProfileView, PropertyLookupDetail } from '@home-energy/shared';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { currentLocation, renderConsole } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const LOOKUP = '/api/console/org/demo-energi/property-lookup';
const profile = {
  id: 7,
  owner: 'homeowner' as const,
  homeowner: '19850709-****',
  organisation: { slug: 'demo-energi', name: 'Demo Energi' },
  calculated_class: 'F',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
};
const detail: PropertyLookupDetail = {
  property: {
    id: 42,
    name: 'Storgatan 1, 111 22 Stockholm',
    postal_code: '11122',
    postal_city: 'Stockholm',
    price_area: 'SE3',
  },
  register: { building_type: 'villa', construction_year: 1962, atemp: 1450, primary_heating_systems: ['oil'] },
  issued_epc: null,
  profiles: [profile],
};
const zero = {
  bio: 0,
  bio_other: 0,
  bio_tree_pellets_bricks: 0,
  district_heating: 0,
  electricity: 0,
  gas: 0,
  oil: 0,
  wood: 0,
};
const label = {
  type: 'estimated_calculated' as const,
  energy_class: 'F' as const,
  ep: 190,
  ep_requirement: 90,
  percent_of_requirement: 211,
  atemp: 145,
  f_geo: 1,
  f_geo_is_estimate: true,
  rule_version: 'BBR 29',
};
const activity = (name: Activity['name'], saves: number, change: Partial<Activity> = {}): Activity => ({
  name,
  category: 'reduce_heat_losses',
  available: true,
  completion_status: 'not_completed',
  completed_at: null,
  energy_diff: saves,
  energy_diff_import: saves,
  energy_diff_export: 0,
  energy_diff_per_carrier: zero,
  investment_cost: 120000,
  investment_cost_span: 20000,
  life_span: 30,
  savings: { energySavings: saves, energyCostSavings: saves * 2 },
  kwh_saved_bought: saves,
  kwh_sold: 0,
  payback_years: null,
  pays_back: false,
  lifetime_value: 0,
  needs_installer: true,
  choice: null,
  subsidies: [],
  messages: [],
  epc_label: { ...label, energy_class: 'D' },
  ...change,
});
const view: ProfileView = {
  id: 'primary',
  property: {
    id: 42,
    name: detail.property.name,
    addresses: [{ street: 'Storgatan 1', postal_code: '11122', postal_city: 'Stockholm' }],
  },
  answers: { occupants: 3 },
  register: detail.register as ProfileView['register'],
  recommendations: [
    activity('insulation_attic', 3100),
    activity('heat_pump_airwater', 12500, { choice: 'heat_pump' }),
    // The engine's best heat pump is the air-to-water pump here: the same figures, shown once as the pump.
    activity('heat_pump', 12500, { choice: 'heat_pump' }),
    activity('lower_temperature_1_deg_c', -40),
    activity('complete_renovation', 20000, { category: 'package' }),
  ],
  information: [
    { type: 'epc_label', value: label },
    {
      type: 'energy_use',
      value: {
        by_carrier: { ...zero, oil: 21000, electricity: 5000 },
        by_use: {},
        exported_kwh: 0,
        pv_production_kwh: 0,
        cost_per_year: 41000,
        prices_source: 'default',
      },
    },
  ],
  errors: [],
  profile,
};

it('finds a property by address, lists its profiles and opens what the homeowner sees, read-only', async () => {
  setSession(demoSessions.superAdmin);
  const bff = installFakeBff({
    'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
    [`GET ${LOOKUP}/search`]: (r) => [
      200,
      {
        properties:
          r.query.get('q') === 'storg'
            ? [{ id: 42, name: detail.property.name, postal_code: '11122', postal_city: 'Stockholm', profiles: 1 }]
            : [],
      },
    ],
    [`GET ${LOOKUP}/properties/42`]: () => [200, detail],
    [`GET ${LOOKUP}/profiles/7`]: () => [200, view],
  });
  renderConsole('/console/org/demo-energi/property_lookup');
  fireEvent.change(await screen.findByLabelText('Address or property id'), { target: { value: 'nowhere' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
  expect(await screen.findByText('No property matches “nowhere”.')).toBeTruthy();

  fireEvent.change(screen.getByLabelText('Address or property id'), { target: { value: 'storg' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
  const hit = await screen.findByRole('button', { name: /Storgatan 1, 111 22 Stockholm\s*1 profile/ });
  await act(async () => fireEvent.click(hit));
  expect(currentLocation().search).toBe('?q=storg&property=42');
  const property = await screen.findByRole('heading', { level: 2, name: 'Storgatan 1, 111 22 Stockholm' });
  const facts = property.parentElement!;
  expect(within(facts).getByText('1962')).toBeTruthy();
  expect(within(facts).getByText('1 450')).toBeTruthy();
  expect(within(facts).getByText('Oil boiler')).toBeTruthy();
  const row = screen.getByRole('row', { name: /Homeowner 19850709-\*\*\*\*/ });

  await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Open what the homeowner sees' })));
  const opened = within(await screen.findByTestId('profile-view'));
  expect(opened.getByText('Estimated from the answers')).toBeTruthy();
  expect(opened.getByText('26 000 kWh')).toBeTruthy();
  expect(opened.getByText('41 000 kr')).toBeTruthy();
  // As on the results page: sorted by savings, negative savings and packages left out.
  expect(opened.getAllByRole('rowheader').map((c) => c.textContent)).toEqual([
    'Air-to-water heat pump the best heat pump for this house',
    'Attic insulation',
  ]);
  expect(bff.calls('GET', `${LOOKUP}/profiles/7`)).toHaveLength(1);
  expect(bff.unrouted).toEqual([]);
});

it('searches a query from the address no longer than its field takes, and quotes it when nothing matches', async () => {
  setSession(demoSessions.superAdmin);
  const bff = installFakeBff({
    'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
    [`GET ${LOOKUP}/search`]: (r) => ((r.query.get('q') ?? '').length > 255 ? [400, {}] : [200, { properties: [] }]),
  });
  renderConsole(`/console/org/demo-energi/property_lookup?q=${'x'.repeat(5000)}`);
  expect(await screen.findByText(`No property matches “${'x'.repeat(255)}”.`)).toBeTruthy();
  expect((screen.getByLabelText('Address or property id') as HTMLInputElement).maxLength).toBe(255);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(bff.calls('GET', `${LOOKUP}/search`).map((c) => c.query.get('q')?.length)).toEqual([255]);
});
