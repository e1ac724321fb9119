import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeBff, heldAnswer, ok, type FakeBff } from '../../../../testing/fake-bff';
import { homeownerSession, setSession } from '../../../../testing/fake-session';
import {
  activity,
  answersOf,
  calculatedLabel,
  information,
  issuedLabel,
  measuredLabel,
  paths,
} from '../../../../testing/fixtures';
import { currentLocation, renderResults } from '../../../../testing/render-results';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());

const home = paths(42);
let bff: FakeBff;

function serve(
  id: number,
  recommendations: ReturnType<typeof activity>[],
  info = information(calculatedLabel('G')),
  name = 'Sankt Görans väg 13, 656 32 Karlstad',
) {
  const p = paths(id);
  bff.answer('GET', p.recommendations, ok({ recommendations, errors: [] }));
  bff.answer('GET', p.information, ok(info));
  bff.answer('GET', p.answers, ok(answersOf(id, name)));
}

const card = (name: string) => {
  const element = document.querySelector<HTMLElement>(`[data-activity="${name}"]`);
  if (!element) throw new Error(`no recommendation card ${name}`);
  return within(element);
};

/** The measures render after the label and the figures (a deferred render), a few cards per frame: wait for all. */
const measuresShown = () =>
  waitFor(() => {
    expect(document.querySelector('.rd-main')).not.toBeNull();
    expect(document.querySelector('.rd-recs[aria-busy]')).toBeNull();
  });

beforeEach(() => {
  setSession(null);
  bff = installFakeBff();
});

describe('the results dashboard', () => {
  it('shows the address, the label, the information and the recommendations', async () => {
    serve(42, [
      activity('insulation_attic', {
        subsidies: [{ type: 'rot', amount: 643 }],
        investment_cost: 7_140,
        investment_cost_span: 3_500,
        kwh: 2_681,
        kr: 3_146,
        life_span: 40,
      }),
    ]);
    renderResults(home.page);
    expect(await screen.findByRole('heading', { level: 1, name: "Your home's energy results" })).toBeTruthy();
    expect(await screen.findByText('Sankt Görans väg 13, 656 32 Karlstad')).toBeTruthy();
    expect(document.title).toBe("Your home's energy results");

    const label = within(await screen.findByTestId('epc-label'));
    await measuresShown();
    expect(label.getByRole('img', { name: 'Energy class G' })).toBeTruthy();
    expect(label.getByText('Estimated from your answers')).toBeTruthy();
    expect(label.getByText('180.4 kWh/m² a year (primary energy number)')).toBeTruthy();

    const info = within(screen.getByTestId('information'));
    expect(info.getByText('Electricity').nextElementSibling?.textContent).toBe('4 970 kWh');
    expect(info.getByText('Oil').nextElementSibling?.textContent).toBe('24 409 kWh');
    expect(info.getByText('43 783 kr')).toBeTruthy();
    expect(info.getByTestId('price-area').textContent).toBe('SE3 (Stockholm)');

    const attic = card('insulation_attic');
    expect(attic.getByRole('heading', { level: 4, name: 'Attic insulation' })).toBeTruthy();
    expect(attic.getByTestId('saves').textContent).toBe('2 681 kWh · 3 146 kr');
    expect(attic.getByTestId('investment').textContent).toBe('5 400–8 900 kr');
    expect(attic.getByText('40 years')).toBeTruthy();
    expect(attic.getByText('ROT deduction:').textContent).toBe('ROT deduction: 643 kr');
    expect(attic.getByTestId('repayment').textContent).toBe('2.3 years');
  });

  it('label priority: measured over calculated, and the issued certificate shown as issued', async () => {
    serve(42, [], information(calculatedLabel('G'), measuredLabel('F'), issuedLabel('E')));
    renderResults(home.page);
    const label = within(await screen.findByTestId('epc-label'));
    expect(label.getByRole('img', { name: 'Energy class F' })).toBeTruthy();
    expect(label.getByText('Measured: from your energy use')).toBeTruthy();
    expect(label.queryByRole('img', { name: 'Energy class G' })).toBeNull();
    const issued = within(screen.getByTestId('issued-label'));
    expect(issued.getByRole('img', { name: 'Issued certificate: class E' })).toBeTruthy();
    expect(issued.getByText(/Issued 2 May 2019/)).toBeTruthy();
  });

  it('an issued certificate alone is the displayed label', async () => {
    serve(42, [], information(issuedLabel('E')));
    renderResults(home.page);
    const label = within(await screen.findByTestId('epc-label'));
    expect(label.getByRole('img', { name: 'Energy class E' })).toBeTruthy();
    expect(label.getByText('Issued energy performance certificate')).toBeTruthy();
    expect(screen.queryByTestId('issued-label')).toBeNull();
  });

  it('shows the first four cards with the measures and the others a few per frame after, in their order', async () => {
    serve(42, [
      activity('insulation_attic', { kwh: 2_681 }),
      activity('insulation_walls', { kwh: 5_987 }),
      activity('window_film', { kwh: 1_422 }),
      activity('heat_pump_air', { category: 'reduce_energy_usage', kwh: 9_259 }),
      activity('low_flush_faucets', { category: 'reduce_energy_usage', kwh: 300 }),
      activity('complete_renovation', { category: 'package', kwh: 26_026 }),
    ]);
    renderResults(home.page);
    await waitFor(() => expect(document.querySelector('.rd-main')).not.toBeNull());
    const cards = () => [...document.querySelectorAll('[data-activity]')].map((e) => e.getAttribute('data-activity'));
    const first = ['insulation_walls', 'insulation_attic', 'window_film', 'heat_pump_air'];
    expect(cards()).toEqual(first);
    // Every group's heading is there from the start; the section says it is still filling in.
    expect(document.querySelectorAll('[data-group]')).toHaveLength(5);
    expect(document.querySelector('.rd-recs')?.getAttribute('aria-busy')).toBe('true');

    await measuresShown();
    expect(cards()).toEqual([...first, 'low_flush_faucets', 'complete_renovation']);
  });

  it('groups by action group, sorts by savings, hides negative savings unless done, shows packages apart', async () => {
    serve(42, [
      activity('insulation_attic', { kwh: 2_681 }),
      activity('insulation_walls', { kwh: 5_987 }),
      activity('window_film', { kwh: 1_422 }),
      activity('energy_efficient_products', { category: 'reduce_energy_usage', kwh: -84 }),
      activity('low_flush_faucets', {
        category: 'reduce_energy_usage',
        kwh: -5,
        completion_status: 'completed',
        completed_at: '2024-01-01',
      }),
      activity('heat_pump_air', { category: 'reduce_energy_usage', kwh: 9_259 }),
      activity('complete_renovation', { category: 'package', kwh: 26_026 }),
    ]);
    renderResults(home.page);
    await screen.findByTestId('epc-label');
    await measuresShown();
    const group = (name: string) => document.querySelector<HTMLElement>(`[data-group="${name}"]`)!;
    const names = (name: string) =>
      [...group(name).querySelectorAll('[data-activity]')].map((e) => e.getAttribute('data-activity'));

    expect([...document.querySelectorAll('[data-group]')].map((e) => e.getAttribute('data-group'))).toEqual([
      'reduce_heat_losses',
      'reduce_energy_usage',
      'use_solar_energy',
      'optimisations',
      'package',
    ]);
    expect(names('reduce_heat_losses')).toEqual(['insulation_walls', 'insulation_attic', 'window_film']);
    expect(names('reduce_energy_usage')).toEqual(['heat_pump_air', 'low_flush_faucets']);
    expect(names('package')).toEqual(['complete_renovation']);
    expect(document.querySelector('[data-activity="energy_efficient_products"]')).toBeNull();
    expect(within(group('reduce_heat_losses')).getByRole('heading', { level: 3 }).textContent).toBe(
      'Reduce heat losses 3 measures',
    );
    expect(within(group('reduce_energy_usage')).getByRole('heading', { level: 3 }).textContent).toBe(
      'Use less energy One measure',
    );
    expect(within(group('use_solar_energy')).getByRole('heading', { level: 3 }).textContent).toBe(
      'Use solar energy No measure proposed',
    );
    expect(card('low_flush_faucets').getByText('Done')).toBeTruthy();
    expect(card('low_flush_faucets').queryByRole('button', { name: /financing/ })).toBeNull();
    expect(screen.queryByTestId('no-recommendations')).toBeNull();
  });

  it('uses the Swedish grouping labels', async () => {
    serve(42, [
      activity('insulation_attic', { kwh: 2_681 }),
      activity('top_of_the_line', { category: 'package', kwh: 33_516 }),
    ]);
    renderResults(home.page, { lng: 'sv' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ditt hems energiresultat' })).toBeTruthy();
    await screen.findByTestId('epc-label');
    await measuresShown();
    const group = (name: string) => within(document.querySelector<HTMLElement>(`[data-group="${name}"]`)!);
    expect(group('reduce_heat_losses').getByRole('heading', { level: 3 }).textContent).toBe(
      'Minska värmeförlusterna En åtgärd',
    );
    expect(group('optimisations').getByText('Ingen föreslagen åtgärd')).toBeTruthy();
    expect(group('package').getByRole('heading', { level: 3, name: 'Klimatfastigheter' })).toBeTruthy();
    expect(card('insulation_attic').getByTestId('saves').textContent).toBe('2 681 kWh · 10 000 kr');
    expect(card('insulation_attic').getByRole('img', { name: 'Energiklass C' })).toBeTruthy();
  });

  // lifetime_value = kr × life span − investment (the engine's definition; the fixtures follow it).
  const ranked = () => [
    // −47 000: does not pay back
    activity('insulation_walls', { kwh: 9_000, kr: 3_700, investment_cost: 195_000, life_span: 40 }),
    activity('insulation_attic', { kwh: 2_473, kr: 3_652, investment_cost: 15_300, life_span: 40 }), // 130 780
    activity('window_film', { kwh: 1_139, kr: 1_682, investment_cost: 15_188, life_span: 15 }), // 10 042
    activity('heat_pump', {
      category: 'reduce_energy_usage',
      kwh: 16_675,
      kr: 24_628,
      investment_cost: 175_000,
      life_span: 20,
      choice: 'heat_pump',
    }), // 317 560
    activity('heat_pump_geothermal', {
      category: 'reduce_energy_usage',
      kwh: 16_675,
      kr: 24_628,
      investment_cost: 175_000,
      life_span: 20,
      choice: 'heat_pump',
    }),
    activity('heat_pump_airwater', {
      category: 'reduce_energy_usage',
      kwh: 13_875,
      kr: 20_491,
      investment_cost: 75_000,
      life_span: 15,
      choice: 'heat_pump',
    }), // 232 365
    activity('low_flush_faucets', {
      category: 'reduce_energy_usage',
      kwh: 1_778,
      kr: 2_627,
      investment_cost: 2_750,
      life_span: 10,
    }), // 23 520
    activity('lower_temperature_1_deg_c', {
      category: 'optimisations',
      kwh: 1_054,
      kr: 1_557,
      investment_cost: 0,
      investment_cost_span: 0,
      needs_installer: false,
    }), // 46 710
    activity('unspecified', {
      category: 'optimisations',
      kwh: 0,
      kr: 0,
      investment_cost: 0,
      investment_cost_span: 0,
      needs_installer: false,
    }),
    activity('wallbox_charger_station', { category: 'optimisations', kwh: 0, kr: 0, investment_cost: 20_000 }),
    activity('solar_panel_installation', {
      category: 'use_solar_energy',
      kwh: 2_958,
      kr: 8_455,
      investment_cost: 180_000,
      life_span: 25,
      kwh_sold: 6_902,
      choice: 'solar',
    }), // 31 375
    activity('top_of_the_line', {
      category: 'package',
      kwh: 25_212,
      kr: 40_754,
      investment_cost: 847_417,
      life_span: 27,
    }),
  ];

  it('Best next steps: the three with most money left over their lifetime, one heat pump, linked', async () => {
    serve(42, ranked());
    renderResults(home.page);
    await screen.findByTestId('epc-label');
    await measuresShown();
    // Part of the deferred render of the measures (nothing above them moves when it appears), before the groups.
    const best = document.querySelector<HTMLElement>('.rd-main [data-testid="best-next-steps"]')!;
    expect(best).not.toBeNull();
    expect(
      best.compareDocumentPosition(document.querySelector('[data-group]')!) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(within(best).getByRole('heading', { level: 3, name: 'Best next steps' })).toBeTruthy();
    // The engine's "heat pump" is the ground-source pump here (the same figures): one card, under the pump's own name.
    expect([...best.querySelectorAll('[data-best]')].map((e) => e.getAttribute('data-best'))).toEqual([
      'heat_pump_geothermal',
      'insulation_attic',
      'lower_temperature_1_deg_c',
    ]);
    const first = within(best.querySelector<HTMLElement>('[data-best="heat_pump_geothermal"]')!);
    expect(first.getByTestId('best-value').textContent).toBe('317 560 kr left over 20 years');
    expect(first.getByTestId('best-heat-pump').textContent).toBe('The best heat pump for your house');
    expect(first.getByRole('link', { name: 'Ground-source heat pump' }).getAttribute('href')).toBe(
      '#rd-rec-heat_pump_geothermal',
    );
    expect(document.querySelector('[data-activity="heat_pump"]')).toBeNull();
    expect(card('heat_pump_geothermal').getByTestId('best-heat-pump').textContent).toBe(
      'The best heat pump for your house',
    );
    expect(card('heat_pump_airwater').queryByTestId('best-heat-pump')).toBeNull();
    // A measure with nothing to invest says so instead of paying back in 0 years.
    const free = within(best.querySelector<HTMLElement>('[data-best="lower_temperature_1_deg_c"]')!);
    expect(free.getByText(/no cost/)).toBeTruthy();
    expect(free.getByTestId('best-value').parentElement!.textContent).not.toMatch(/pays back/);
    expect(card('lower_temperature_1_deg_c').getByTestId('repayment').textContent).toBe('No cost: nothing to pay back');
    expect(card('lower_temperature_1_deg_c').queryByRole('button', { name: 'Show financing and charts' })).toBeNull();
  });

  it("a message written for heat pumps in general shows on the best heat pump's card only", async () => {
    serve(42, ranked());
    const tip = {
      id: 5,
      slug: 'heat-pump-grant',
      type: 'tip',
      title: 'Heat pump grant',
      key: 'recommendation.heat_pump',
      content: 'Ask your municipality.',
      date: null,
      valid_until: null,
      language: null,
      image: null,
      activity: 'heat_pump',
      require_terms: false,
    };
    bff.answer(
      'GET',
      '/api/flow/messages',
      (_body, url) =>
        ok({ items: url.searchParams.get('group') === 'recommendations' ? [tip] : [] }) as {
          status: number;
          body: unknown;
        },
    );
    renderResults(home.page);
    await screen.findByTestId('epc-label');
    await measuresShown();
    expect(await card('heat_pump_geothermal').findByRole('region', { name: 'Tip: Heat pump grant' })).toBeTruthy();
    expect(card('heat_pump_airwater').queryByRole('region', { name: 'Tip: Heat pump grant' })).toBeNull();
  });

  it('Bästa nästa steg in Swedish, and the label of a measure that does not pay back', async () => {
    serve(42, ranked());
    renderResults(home.page, { lng: 'sv' });
    await screen.findByTestId('epc-label');
    await measuresShown();
    expect(
      within(screen.getByTestId('best-next-steps')).getByRole('heading', { level: 3, name: 'Bästa nästa steg' }),
    ).toBeTruthy();
    expect(card('insulation_walls').getByTestId('no-payback').textContent).toBe(
      'Betalar sig inte på energibesparingen enbart',
    );
    expect(card('heat_pump_geothermal').getByTestId('best-heat-pump').textContent).toBe(
      'Den bästa värmepumpen för ditt hus',
    );
    expect(card('lower_temperature_1_deg_c').getByTestId('repayment').textContent).toBe(
      'Ingen kostnad: inget att betala tillbaka',
    );
    expect(screen.getByTestId('best-next-steps').textContent).toContain('ingen kostnad');
  });

  it('a measure that does not pay back says so and comes last in its group, though it saves the most kWh', async () => {
    serve(42, ranked());
    renderResults(home.page);
    await screen.findByTestId('epc-label');
    await measuresShown();
    const names = (group: string) =>
      [...document.querySelectorAll(`[data-group="${group}"] [data-activity]`)].map((e) =>
        e.getAttribute('data-activity'),
      );
    expect(names('reduce_heat_losses')).toEqual(['insulation_attic', 'window_film', 'insulation_walls']);
    expect(card('insulation_walls').getByTestId('no-payback').textContent).toBe(
      'Does not pay back on energy savings alone',
    );
    expect(card('insulation_attic').queryByTestId('no-payback')).toBeNull();
    // Exported power is sold, not saved: apart from the kWh saved.
    expect(card('solar_panel_installation').getByTestId('saves').textContent).toBe('2 958 kWh · 8 455 kr');
    expect(card('solar_panel_installation').getByTestId('sold').textContent).toBe('6 902 kWh more a year');
  });

  it('hides measures that save nothing unless done; offers installers only where installers do the work', async () => {
    serve(42, [
      ...ranked(),
      activity('energy_efficient_doors', { kwh: 0, kr: 0, completion_status: 'completed', available: false }),
    ]);
    renderResults(home.page);
    await screen.findByTestId('epc-label');
    await measuresShown();
    expect(document.querySelector('[data-activity="unspecified"]')).toBeNull();
    expect(document.querySelector('[data-activity="wallbox_charger_station"]')).toBeNull();
    expect(card('energy_efficient_doors').getByText('Done')).toBeTruthy();
    expect(card('energy_efficient_doors').queryByRole('button', { name: 'Contact installers' })).toBeNull();
    expect(card('lower_temperature_1_deg_c').queryByRole('button', { name: 'Contact installers' })).toBeNull();
    expect(card('heat_pump_airwater').getByRole('button', { name: 'Contact installers' })).toBeTruthy();
    expect(card('insulation_attic').getByRole('button', { name: 'Contact installers' })).toBeTruthy();
  });

  it("says 'Inga rekommendationer' when nothing is recommended", async () => {
    serve(42, [
      activity('battery_installation', { category: 'use_solar_energy', kwh: 0, available: false }),
      activity('energy_efficient_products', { kwh: -84 }),
    ]);
    renderResults(home.page, { lng: 'sv' });
    expect((await screen.findByTestId('no-recommendations')).textContent).toBe('Inga rekommendationer');
    expect(card('battery_installation').getByText('Inte möjlig i det här hemmet')).toBeTruthy();
  });

  it("shows messages by level (errors, warnings, notices) from their codes' texts; unknown codes: a note", async () => {
    serve(42, [
      activity('solar_panel_installation', {
        category: 'use_solar_energy',
        messages: [
          { id: 'solar_orientation_unknown', level: 'notice' },
          { id: 'solar_roof_too_small', level: 'error' },
          { id: 'solar_east_west', level: 'warning', values: { percent: 25 } },
          { id: 'not_yet_translated', level: 'notice' },
        ],
      }),
    ]);
    renderResults(home.page);
    await screen.findByTestId('epc-label');
    await measuresShown();
    const items = card('solar_panel_installation').getAllByRole('listitem');
    expect(items.map((item) => [item.getAttribute('data-level'), item.textContent])).toEqual([
      ['error', 'Error The roof is too small for a solar installation of reasonable size.'],
      ['warning', 'Warning A roof facing east or west gives about 25 % less electricity than one facing south.'],
      ['notice', "Note The roof's direction is unknown; the calculation assumes it faces south."],
      [
        'notice',
        "Note There is a note on this measure; ask an installer or your municipality's energy advisor about it.",
      ],
    ]);
  });

  it('lists what the answers lack, with a way to the questions', async () => {
    bff.answer(
      'GET',
      home.recommendations,
      ok({
        recommendations: [],
        errors: [{ code: 'missing_answers', message: 'x', keys: ['construction_year', 'atemp'] }],
      }),
    );
    bff.answer('GET', home.information, ok({ information: [], errors: [] }));
    bff.answer('GET', home.answers, ok(answersOf(42, 'Okändvägen 2')));
    renderResults(home.page);
    const notice = await screen.findByTestId('missing-answers');
    expect(notice.textContent).toContain('Some answers are missing: construction year, heated floor area.');
    expect(within(notice).getByRole('link', { name: 'Answer the questions' }).getAttribute('href')).toBe(
      '/flow/property/42/questions',
    );
    expect(screen.getByText('No energy label yet.')).toBeTruthy();
  });

  it('without a profile for the property: a friendly start from the address search, not an error', async () => {
    bff.answer('GET', home.answers, ok({ property: { id: 42, name: 'Storgatan 1' }, answers: {}, register: {} }));
    renderResults(home.page);
    expect(await screen.findByRole('heading', { level: 2, name: "We don't know this home yet" })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: "Your home's energy results" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start from the address search' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Answer questions about this home' }).getAttribute('href')).toBe(
      '/flow/property/42/questions',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print report' })).toBeNull();
  });

  it('an unknown property says so, with the way to the address search', async () => {
    renderResults(home.page);
    expect(await screen.findByRole('heading', { level: 2, name: 'No such property' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start from the address search' }).getAttribute('href')).toBe('/');
  });

  it('stays busy until the answers tell an unknown property from one never answered for', async () => {
    const answers = heldAnswer({ status: 404, body: { error: 'not_found' } });
    bff.answer('GET', home.answers, answers.answer);
    const { container } = renderResults(home.page);
    expect(await screen.findByTestId('no-profile')).toBeTruthy();
    expect(container.querySelector('.rd-dashboard')!.getAttribute('aria-busy')).toBe('true');
    await act(async () => answers.release());
    expect(await screen.findByRole('heading', { level: 2, name: 'No such property' })).toBeTruthy();
    expect(container.querySelector('.rd-dashboard')!.hasAttribute('aria-busy')).toBe(false);
  });

  it('a failing calculation shows the error and tries again', async () => {
    bff.answer(
      'GET',
      home.recommendations,
      { status: 500, body: { error: 'internal_error' } },
      ok({ recommendations: [activity('insulation_attic')], errors: [] }),
    );
    bff.answer('GET', home.information, ok(information(calculatedLabel('D'))));
    renderResults(home.page);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The results could not be loaded' })).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 4, name: 'Attic insulation' })).toBeTruthy();
  });

  it('a path with another building than primary is not a page', async () => {
    renderResults('/property/42/building/annex/results-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(bff.fetch).not.toHaveBeenCalled();
  });

  it('prints the report', async () => {
    serve(42, [activity('insulation_attic')]);
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    renderResults(home.page);
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Print report' });
    // Enabled once the measures are on the page, so the report always has them.
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(screen.getByTestId('print-financing')).toBeTruthy();
    fireEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('print-financing').textContent).toBe(
      'Financing in this report: Cash. Home valuation 2 000 000 kr, home loan 1 000 000 kr.',
    );
    print.mockRestore();
  });
});

describe('switching property (?property_id=&building_id=primary)', () => {
  const profile = {
    user_id: 'h-anna',
    name: 'Anna Andersson',
    personalNumberMasked: '19900101-****',
    contact: null,
    properties: [
      { id: 42, name: 'Sankt Görans väg 13, 656 32 Karlstad', addresses: [], relations: ['flow_added'] },
      { id: 77, name: 'Storgatan 7, 111 22 Stockholm', addresses: [], relations: ['flow_added'] },
    ],
    selectedPropertyId: 42,
  };

  beforeEach(() => {
    setSession(homeownerSession);
    bff.answer('GET', '/api/flow/user/profile', ok(profile));
    bff.answer('PATCH', '/api/flow/user/profile', ok({ selectedPropertyId: 77 }));
  });

  it('moves to another property of the profile: clears, shows loading, refetches, selects it', async () => {
    serve(42, [activity('insulation_attic')]);
    const held = heldAnswer({
      status: 200,
      body: { recommendations: [activity('heat_pump_air', { category: 'reduce_energy_usage' })], errors: [] },
    });
    bff.answer('GET', paths(77).recommendations, held.answer);
    bff.answer('GET', paths(77).information, ok(information(calculatedLabel('B'))));
    bff.answer('GET', paths(77).answers, ok(answersOf(77, 'Storgatan 7, 111 22 Stockholm')));
    renderResults(home.page);
    await screen.findByRole('heading', { level: 4, name: 'Attic insulation' });

    // The homes to choose from come with the profile, in a request of their own.
    const select = await screen.findByRole('combobox', { name: 'Property' });
    expect((select as HTMLSelectElement).value).toBe('42');
    fireEvent.change(select, { target: { value: '77' } });

    await waitFor(() => expect(currentLocation().pathname).toBe('/property/77/building/primary/results-dashboard'));
    expect(screen.getByRole('status').textContent).toContain("Calculating your home's results");
    expect(screen.queryByRole('heading', { level: 4, name: 'Attic insulation' })).toBeNull();
    expect(screen.queryByTestId('epc-label')).toBeNull();

    await act(async () => held.release());
    expect(await screen.findByRole('heading', { level: 4, name: 'Air-to-air heat pump' })).toBeTruthy();
    expect(within(screen.getByTestId('epc-label')).getByRole('img', { name: 'Energy class B' })).toBeTruthy();
    expect(bff.count('GET', paths(77).information)).toBe(1);
    await waitFor(() => expect(bff.bodies('PATCH', '/api/flow/user/profile')).toEqual([{ selectedPropertyId: 77 }]));
  });

  it('refuses a property that is not in the profile and stays', async () => {
    serve(42, [activity('insulation_attic')]);
    renderResults(`${home.page}?property_id=999&building_id=primary`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That property is not in your profile, so the dashboard stays on this one.',
    );
    await waitFor(() => expect(currentLocation().search).toBe(''));
    expect(currentLocation().pathname).toBe(home.page);
    expect(bff.count('GET', paths(999).recommendations)).toBe(0);
    expect(bff.bodies('PATCH', '/api/flow/user/profile')).toEqual([]);
  });

  it('follows a link with the query pair to a property of the profile', async () => {
    serve(42, [activity('insulation_attic')]);
    serve(77, [activity('heat_pump_air', { category: 'reduce_energy_usage' })]);
    renderResults(`${home.page}?property_id=77&building_id=primary`);
    await waitFor(() => expect(currentLocation().pathname).toBe('/property/77/building/primary/results-dashboard'));
    expect(await screen.findByRole('heading', { level: 4, name: 'Air-to-air heat pump' })).toBeTruthy();
  });

  it('an anonymous visitor has no switcher and no profile request', async () => {
    setSession(null);
    serve(42, [activity('insulation_attic')]);
    renderResults(home.page);
    await screen.findByRole('heading', { level: 4, name: 'Attic insulation' });
    expect(screen.queryByRole('combobox', { name: 'Property' })).toBeNull();
    expect(bff.count('GET', '/api/flow/user/profile')).toBe(0);
  });
});
