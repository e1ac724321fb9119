import '../../../../testing/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { setSession } from '../../../../testing/fake-session';
import { activity, answersOf, calculatedLabel, information, paths } from '../../../../testing/fixtures';
import { renderResults } from '../../../../testing/render-results';
import type { ActivityType, PlanResult, PlanSuggestion } from '@home-energy/shared';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());

const home = paths(42);
const planPath = '/api/flow/property/42/plan';
const suggestionsPath = '/api/flow/property/42/plan/suggestions';
let bff: FakeBff;

const RECS = [
  activity('insulation_attic', { investment_cost: 20_000, kr: 3_000 }),
  activity('heat_pump_airwater', {
    category: 'reduce_energy_usage',
    choice: 'heat_pump',
    investment_cost: 75_000,
    kr: 9_000,
  }),
  activity('heat_pump_geothermal', {
    category: 'reduce_energy_usage',
    choice: 'heat_pump',
    investment_cost: 175_000,
    kr: 11_000,
  }),
  activity('complete_renovation', { category: 'package' }),
];

/** What the BFF computes for a plan (figures made up, consistent: 95 000 kr saving 10 000 kr a year over 30 years). */
function planOf(measures: ActivityType[]): PlanResult {
  return {
    measures,
    label_before: calculatedLabel('F', { ep: 210.4 }),
    epc_label: calculatedLabel(measures.length > 1 ? 'C' : 'E', { ep: measures.length > 1 ? 84.2 : 150 }),
    investment_cost: 95_000,
    investment_cost_span: 20_000,
    life_span: 30,
    subsidies: [{ type: 'rot', amount: 9_000 }],
    kwh_saved_bought: 12_345,
    kwh_sold: 0,
    energy_cost_savings: 10_000,
    energy_diff_per_carrier: {
      bio: 0,
      bio_other: 0,
      bio_tree_pellets_bricks: 0,
      district_heating: 0,
      electricity: 12_345,
      gas: 0,
      oil: 0,
      wood: 0,
    },
    co2_saved_kg: 580,
    payback_years: 9.5,
    pays_back: true,
    lifetime_value: 205_000,
    loan: { type: 'Cash' },
    financing: {} as PlanResult['financing'],
  };
}

const suggestion = (
  energy_class: PlanSuggestion['energy_class'],
  measures: ActivityType[],
  cost: number,
  energy_classes: PlanSuggestion['energy_classes'] = [energy_class],
): PlanSuggestion => ({
  energy_class,
  energy_classes,
  measures,
  investment_cost: cost,
  energy_cost_savings: 10_000,
  epc_label: calculatedLabel(energy_class),
});

function serve(initial: ActivityType[] = []) {
  bff.answer('GET', home.recommendations, ok({ recommendations: RECS, errors: [] }));
  bff.answer('GET', home.information, ok(information(calculatedLabel('F'))));
  bff.answer('GET', home.answers, ok(answersOf(42, 'Testgatan 1')));
  bff.answer('GET', planPath, ok({ plan: initial.length ? planOf(initial) : null, errors: [] }));
  bff.answer(
    'GET',
    suggestionsPath,
    ok({ suggestions: [suggestion('C', ['insulation_attic', 'heat_pump_airwater'], 210_000)], errors: [] }),
  );
  bff.answer(
    'POST',
    planPath,
    (body) =>
      ok({ plan: planOf((body as { measures: ActivityType[] }).measures), errors: [] }) as {
        status: number;
        body: unknown;
      },
  );
}

/** serve(), with the first plan save answered only when the returned function is called. */
function serveHoldingFirstSave(): () => void {
  serve();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let posts = 0;
  bff.answer('POST', planPath, async (body) => {
    posts += 1;
    if (posts === 1) await held;
    return { status: 200, body: { plan: planOf((body as { measures: ActivityType[] }).measures), errors: [] } };
  });
  return () => release();
}

const card = (name: string) => within(document.querySelector<HTMLElement>(`[data-activity="${name}"]`)!);
const panel = () => within(screen.getByTestId('plan-panel'));

beforeEach(() => {
  setSession(null);
  bff = installFakeBff();
});

describe('the renovation plan on the dashboard', () => {
  it('renders with the measures: "Add to plan" on eligible cards only; the panel says the plan is empty', async () => {
    serve();
    renderResults(home.page);
    await screen.findByTestId('plan-panel');
    expect(document.querySelector('.rd-main')).not.toBeNull();
    expect(card('insulation_attic').getByRole('button', { name: 'Add to plan' })).toBeTruthy();
    expect(card('complete_renovation').queryByRole('button', { name: 'Add to plan' })).toBeNull();
    expect(panel().getByTestId('plan-empty')).toBeTruthy();
  });

  it('adds a measure, another heat pump replaces the first, and removing one keeps the rest', async () => {
    serve();
    renderResults(home.page);
    await screen.findByTestId('plan-panel');
    fireEvent.click(card('insulation_attic').getByRole('button', { name: 'Add to plan' }));
    await waitFor(() => expect(card('insulation_attic').getByRole('button', { name: 'In your plan' })).toBeTruthy());
    fireEvent.click(card('heat_pump_airwater').getByRole('button', { name: 'Add to plan' }));
    await waitFor(() => expect(panel().getAllByRole('button', { name: /^Remove/ })).toHaveLength(2));
    fireEvent.click(card('heat_pump_geothermal').getByRole('button', { name: 'Add to plan' }));
    await waitFor(() => expect(document.querySelector('[data-plan-measure="heat_pump_geothermal"]')).not.toBeNull());
    expect(document.querySelector('[data-plan-measure="heat_pump_airwater"]')).toBeNull();
    fireEvent.click(panel().getByRole('button', { name: 'Remove Attic insulation' }));
    await waitFor(() => expect(document.querySelector('[data-plan-measure="insulation_attic"]')).toBeNull());
    expect(bff.bodies('POST', planPath).map((b) => (b as { measures: string[] }).measures)).toEqual([
      ['insulation_attic'],
      ['insulation_attic', 'heat_pump_airwater'],
      ['insulation_attic', 'heat_pump_geothermal'],
      ['heat_pump_geothermal'],
    ]);
    expect((bff.bodies('POST', planPath)[0] as { loan: { type: string } }).loan.type).toBe('Cash');
  });

  it('shows the label after the plan, its totals and financing', async () => {
    serve(['insulation_attic', 'heat_pump_airwater']);
    renderResults(home.page);
    await screen.findByTestId('plan-measures');
    const p = panel();
    expect(p.getByRole('img', { name: 'Energy class F' })).toBeTruthy();
    expect(p.getByRole('img', { name: 'Energy class C' })).toBeTruthy();
    expect(p.getByTestId('plan-ep').textContent).toBe('EP 210.4 → 84.2 kWh/m²·yr');
    expect(p.getByTestId('plan-investment').textContent).toBe('95 000 kr');
    expect(p.getByTestId('plan-subsidies').textContent).toBe('9 000 kr');
    expect(p.getByTestId('plan-savings').textContent).toBe('12 345 kWh · 10 000 kr');
    expect(p.getByTestId('plan-co2').textContent).toBe('580 kg less');
    // Cash: nothing borrowed; pays back in 9.5 years; 30 × 10 000 − 95 000 left over the life span.
    expect(p.getByTestId('plan-loan').textContent).toBe('None: paid in cash');
    expect(p.getByTestId('plan-repayment').textContent).toBe('9.5 years');
    expect(p.getByTestId('plan-left').textContent).toBe('205 000 kr');
    expect(p.queryByTestId('plan-no-payback')).toBeNull();
    // Borrowed, the interest (after the deduction) lengthens the repayment: both periods, as on each card.
    fireEvent.click(screen.getByRole('radio', { name: 'Private loan' }));
    expect(p.getByTestId('plan-repayment').textContent).toBe('9.5 years (10.5 years with interest)');
  });

  it.each([
    ['en', 'No cost: nothing to pay back'],
    ['sv', 'Ingen kostnad: inget att betala tillbaka'],
  ] as const)('a plan with nothing to invest says "no cost" instead of a payback (%s)', async (lng, text) => {
    serve(['lower_temperature_1_deg_c']);
    const free = { ...planOf(['lower_temperature_1_deg_c']), investment_cost: 0, investment_cost_span: 0 };
    bff.answer('GET', planPath, ok({ plan: { ...free, payback_years: 0 }, errors: [] }));
    renderResults(home.page, { lng });
    await screen.findByTestId('plan-measures');
    expect(panel().getByTestId('plan-repayment').textContent).toBe(text);
  });

  it("says when the plan doesn't pay back within its life span, as a card does for its measure", async () => {
    serve(['insulation_walls', 'energy_efficient_windows']);
    const longPlan = {
      ...planOf(['insulation_walls', 'energy_efficient_windows']),
      energy_cost_savings: 200,
      pays_back: false,
    };
    bff.answer('GET', planPath, ok({ plan: { ...longPlan, payback_years: 475 }, errors: [] }));
    renderResults(home.page);
    await screen.findByTestId('plan-measures');
    expect(panel().getByTestId('plan-no-payback').textContent).toBe('Does not pay back on energy savings alone');
    expect(panel().getByTestId('plan-repayment').textContent).toBe('475 years');
  });

  it('the printed report has the plan (measures, label after, money, financing), no buttons; or none', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    serve(['insulation_attic', 'heat_pump_airwater']);
    const view = renderResults(home.page);
    await screen.findByTestId('plan-measures');
    const section = screen.getByTestId('plan-panel');
    // The print stylesheet (results.css) hides .rd-plan--empty, .rd-plan__action and .rd-plan__suggestions.
    expect(section.classList.contains('rd-plan--empty')).toBe(false);
    for (const testId of [
      'plan-measures',
      'plan-ep',
      'plan-investment',
      'plan-subsidies',
      'plan-savings',
      'plan-financing',
    ]) {
      expect(
        within(section).getByTestId(testId).closest('.rd-plan__action, .rd-plan__suggestions, .rd-controls'),
      ).toBeNull();
    }
    expect(
      within(section)
        .getAllByRole('button', { name: /^Remove/ })
        .every((b) => b.classList.contains('rd-plan__action')),
    ).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Print report' }));
    expect(print).toHaveBeenCalledTimes(1);
    view.unmount();

    serve();
    renderResults(home.page);
    expect((await screen.findByTestId('plan-panel')).classList.contains('rd-plan--empty')).toBe(true);
    print.mockRestore();
  });

  it('adopts a suggested plan in one click', async () => {
    serve(['insulation_attic']);
    renderResults(home.page);
    const list = within(await screen.findByTestId('plan-suggestions'));
    expect(list.getByText('To reach C: Attic insulation + Air-to-water heat pump, 210 000 kr')).toBeTruthy();
    fireEvent.click(list.getByRole('button', { name: 'Use this plan to reach C' }));
    await waitFor(() => expect(document.querySelector('[data-plan-measure="heat_pump_airwater"]')).not.toBeNull());
    expect(bff.bodies('POST', planPath)).toEqual([
      expect.objectContaining({ measures: ['insulation_attic', 'heat_pump_airwater'] }),
    ]);
  });

  it.each([
    ['en', 'Reaches D and E: Air-to-water heat pump, 75 000 kr', 'Use this plan to reach D and E'],
    ['sv', 'Når D och E: Luft/vatten-värmepump, 75 000 kr', 'Använd planen för att nå D och E'],
  ] as const)(
    'a set that is the cheapest way to two classes is one line naming both (%s)',
    async (lng, line, adopt) => {
      serve();
      bff.answer(
        'GET',
        suggestionsPath,
        ok({
          suggestions: [
            suggestion('C', ['insulation_attic', 'heat_pump_airwater'], 95_000),
            suggestion('D', ['heat_pump_airwater'], 75_000, ['D', 'E']),
          ],
          errors: [],
        }),
      );
      renderResults(home.page, { lng });
      const list = within(await screen.findByTestId('plan-suggestions'));
      expect(list.getAllByRole('listitem')).toHaveLength(2);
      expect(list.getByText(line)).toBeTruthy();
      fireEvent.click(list.getByRole('button', { name: adopt }));
      await waitFor(() =>
        expect(bff.bodies('POST', planPath)).toEqual([expect.objectContaining({ measures: ['heat_pump_airwater'] })]),
      );
    },
  );

  it('a second click while the first is being saved builds on it: both measures are kept, saved in turn', async () => {
    // The first save is held until both clicks are made; the second waits for it instead of racing it.
    const releaseFirst = serveHoldingFirstSave();
    renderResults(home.page);
    await screen.findByTestId('plan-panel');
    fireEvent.click(card('insulation_attic').getByRole('button', { name: 'Add to plan' }));
    // Shown at once, before the server has answered.
    expect(card('insulation_attic').getByRole('button', { name: 'In your plan' })).toBeTruthy();
    fireEvent.click(card('heat_pump_airwater').getByRole('button', { name: 'Add to plan' }));
    expect(card('heat_pump_airwater').getByRole('button', { name: 'In your plan' })).toBeTruthy();
    await waitFor(() => expect(bff.count('POST', planPath)).toBe(1));
    releaseFirst();
    await waitFor(() => expect(panel().getAllByRole('button', { name: /^Remove/ })).toHaveLength(2));
    expect(bff.bodies('POST', planPath).map((b) => (b as { measures: string[] }).measures)).toEqual([
      ['insulation_attic'],
      ['insulation_attic', 'heat_pump_airwater'],
    ]);
    expect(card('insulation_attic').getByRole('button', { name: 'In your plan' })).toBeTruthy();
  });

  it('changes made while a save is out are sent as one: the latest list, once the save is back', async () => {
    const releaseFirst = serveHoldingFirstSave();
    renderResults(home.page);
    await screen.findByTestId('plan-panel');
    fireEvent.click(card('insulation_attic').getByRole('button', { name: 'Add to plan' }));
    fireEvent.click(card('heat_pump_airwater').getByRole('button', { name: 'Add to plan' }));
    // Another heat pump replaces the first, and the attic leaves again: only the end result matters.
    fireEvent.click(card('heat_pump_geothermal').getByRole('button', { name: 'Add to plan' }));
    fireEvent.click(card('insulation_attic').getByRole('button', { name: 'In your plan' }));
    releaseFirst();
    await waitFor(() => expect(document.querySelector('[data-plan-measure="heat_pump_geothermal"]')).not.toBeNull());
    expect(bff.bodies('POST', planPath).map((b) => (b as { measures: string[] }).measures)).toEqual([
      ['insulation_attic'],
      ['heat_pump_geothermal'],
    ]);
    expect(document.querySelectorAll('[data-plan-measure]')).toHaveLength(1);
  });

  it('a refused plan says why and keeps the plan as it was', async () => {
    serve(['insulation_attic']);
    bff.answer('POST', planPath, {
      status: 400,
      body: {
        error: 'bad_request',
        message: 'measures: heat_pump_airwater is not available for this house.',
        issues: [
          {
            path: 'body.measures',
            message: 'heat_pump_airwater is not available for this house.',
            code: 'not_available',
            measures: ['heat_pump_airwater'],
          },
        ],
      },
    });
    renderResults(home.page);
    await screen.findByTestId('plan-measures');
    fireEvent.click(card('heat_pump_airwater').getByRole('button', { name: 'Add to plan' }));
    // The engine's reason in words, the measure by its name: never the engine's English message with its key.
    expect((await screen.findByTestId('plan-error')).textContent).toBe(
      'The plan could not be saved: Air-to-water heat pump cannot be done in this home now.',
    );
    expect(document.querySelector('[data-plan-measure="insulation_attic"]')).not.toBeNull();
    // The card that was shown in the plan at the click goes back to how the kept plan has it.
    expect(card('heat_pump_airwater').getByRole('button', { name: 'Add to plan' })).toBeTruthy();
  });

  it.each([
    [
      'sv',
      { code: 'conflicting_measures', measures: ['heat_pump_airwater', 'heat_pump_geothermal'] },
      'Planen kunde inte sparas: Luft/vatten-värmepump och Bergvärmepump ersätter varandra: behåll en av dem.',
    ],
    ['en', null, 'The plan could not be saved: please try again in a moment.'],
  ] as const)(
    "a refusal reads in the homeowner's words (%s), whatever the BFF's message says",
    async (lng, issue, text) => {
      serve(['insulation_attic']);
      bff.answer('POST', planPath, {
        status: 400,
        body: {
          error: 'bad_request',
          message: 'Invalid body.measures: heat_pump_airwater and heat_pump_geothermal replace one another',
          ...(issue ? { issues: [{ path: 'body.measures', message: 'x', ...issue }] } : {}),
        },
      });
      renderResults(home.page, { lng });
      await screen.findByTestId('plan-measures');
      fireEvent.click(
        card('heat_pump_airwater').getByRole('button', { name: lng === 'sv' ? 'Lägg till i planen' : 'Add to plan' }),
      );
      expect((await screen.findByTestId('plan-error')).textContent).toBe(text);
    },
  );
});
