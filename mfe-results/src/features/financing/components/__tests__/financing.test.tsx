import '../../../../testing/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { setSession } from '../../../../testing/fake-session';
import { activity, answersOf, calculatedLabel, information, measuredLabel, paths } from '../../../../testing/fixtures';
import { renderResults } from '../../../../testing/render-results';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());
// apexcharts needs a real layout engine; the stand-in shows what the charts were given.
jest.mock('../finance-charts', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    __esModule: true,
    default: ({ financing }: { financing: import('@home-energy/shared').Financing }) =>
      createElement(
        'div',
        { 'data-testid': 'charts' },
        createElement('span', { 'data-testid': 'chart-savings' }, financing.savingsSeries.join(',')),
        createElement('span', { 'data-testid': 'chart-loan' }, financing.repaymentSeries.map(Math.round).join(',')),
      ),
  };
});

const home = paths(42);
const INTERACTION = '/api/flow/interaction';
let bff: FakeBff;

/** Attic insulation: 100 000 kr (± 20 000), saving 10 000 kr a year for 30 years, class C after. */
const attic = () => activity('insulation_attic');

function card() {
  return within(document.querySelector<HTMLElement>('[data-activity="insulation_attic"]')!);
}

async function openDetails() {
  await screen.findByRole('heading', { level: 4, name: 'Attic insulation' });
  fireEvent.click(card().getByRole('button', { name: 'Show financing and charts' }));
  return card();
}

beforeEach(() => {
  setSession(null);
  bff = installFakeBff();
  bff.answer('GET', home.recommendations, ok({ recommendations: [attic()], errors: [] }));
  bff.answer('GET', home.information, ok(information(calculatedLabel('G'))));
  bff.answer('GET', home.answers, ok(answersOf(42, 'Testgatan 1, 111 22 Stockholm')));
  bff.answer('POST', INTERACTION, { status: 204 });
});

describe('financing a recommendation', () => {
  it('Cash by default: no loan, repayment C / Y, total left to live on Y·L − C', async () => {
    renderResults(home.page);
    const cash = (await screen.findByRole('radio', { name: 'Cash' })) as HTMLInputElement;
    expect(cash.checked).toBe(true);
    expect(card().getByTestId('repayment').textContent).toBe('10 years');
    const details = await openDetails();
    expect(details.getByRole('heading', { level: 5, name: 'Financing: Cash' })).toBeTruthy();
    expect(details.getByTestId('loan').textContent).toBe('None: paid in cash');
    expect(details.getByTestId('amortization').textContent).toBe('No loan');
    expect(details.getByTestId('interest').textContent).toBe('0 kr');
    expect(details.getByTestId('repayment-with').textContent).toBe('10 years');
    expect(details.getByTestId('left-to-live-on').textContent).toBe('200 000 kr');
    expect(await details.findByTestId('chart-loan')).toBeTruthy();
    expect(details.getByTestId('chart-loan').textContent).toBe('0');
    expect(details.getByTestId('chart-savings').textContent.split(',')).toHaveLength(31);
    // Cash has no term, interest or extension loan sliders.
    expect(details.queryByRole('slider', { name: 'Loan term' })).toBeNull();
    expect(details.getByRole('slider', { name: 'Home valuation' })).toBeTruthy();
  });

  it('switching to a private loan changes the figures and records the change as an interaction', async () => {
    renderResults(home.page);
    await openDetails();
    fireEvent.click(screen.getByRole('radio', { name: 'Private loan' }));

    expect(card().getByTestId('repayment').textContent).toBe('10 years (11 years with interest)');
    const details = card();
    expect(details.getByRole('heading', { level: 5, name: 'Financing: Private loan' })).toBeTruthy();
    expect(details.getByTestId('loan').textContent).toBe('100 000 kr at 4.9 % over 5 years');
    expect(details.getByTestId('amortization').textContent).toBe('20 000 kr a year');
    expect(details.getByTestId('interest').textContent).toBe('14 700 kr');
    expect(details.getByTestId('interest-after-deduction').textContent).toBe('10 290 kr');
    expect(details.getByTestId('repayment-without').textContent).toBe('10 years');
    expect(details.getByTestId('repayment-with').textContent).toBe('11 years');
    expect(details.getByTestId('left-to-live-on').textContent).toBe('189 710 kr');
    expect(details.getByTestId('chart-loan').textContent).toBe('100000,80000,60000,40000,20000,0');
    await waitFor(() =>
      expect(bff.bodies('POST', INTERACTION)).toEqual([
        { action: 'loan_type.change', object: 'Private', property_id: 42 },
      ]),
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Mortgage' }));
    expect(card().getByTestId('loan').textContent).toBe('100 000 kr at 3.1 % over 20 years');
    expect(card().getByTestId('amortization').textContent).toBe('5 000 kr a year');
    expect(card().getByTestId('interest').textContent).toBe('32 550 kr');
    await waitFor(() => expect(bff.bodies('POST', INTERACTION)).toHaveLength(2));
    expect(bff.bodies('POST', INTERACTION)[1]).toEqual({
      action: 'loan_type.change',
      object: 'Mortgage',
      property_id: 42,
    });
  });

  it('the sliders move the figures, within the limits of docs/product.md §9', async () => {
    renderResults(home.page);
    await openDetails();
    fireEvent.click(screen.getByRole('radio', { name: 'Private loan' }));
    const details = card();

    const term = details.getByRole('slider', { name: 'Loan term' }) as HTMLInputElement;
    expect([term.min, term.max, term.value]).toEqual(['1', '15', '5']);
    fireEvent.change(term, { target: { value: '10' } });
    expect(details.getByTestId('amortization').textContent).toBe('10 000 kr a year');
    expect(details.getByTestId('interest').textContent).toBe('26 950 kr');
    expect(term.getAttribute('aria-valuetext')).toBe('10 years');

    const rate = details.getByRole('slider', { name: 'Private loan interest' }) as HTMLInputElement;
    expect([rate.min, rate.max]).toEqual(['0', '5']);
    fireEvent.change(rate, { target: { value: '0' } });
    expect(details.getByTestId('interest').textContent).toBe('0 kr');
    expect(details.getByTestId('repayment-with').textContent).toBe('10 years');

    const borrowed = details.getByRole('slider', { name: 'Borrowed for the measure' }) as HTMLInputElement;
    expect(borrowed.max).toBe('100000');
    fireEvent.change(borrowed, { target: { value: '40000' } });
    expect(details.getByTestId('loan').textContent).toBe('40 000 kr at 0 % over 10 years');
    expect(details.getByTestId('cash-part').textContent).toBe('60 000 kr');

    const valuation = details.getByRole('slider', { name: 'Home valuation' }) as HTMLInputElement;
    expect([valuation.max, valuation.value]).toEqual(['20000000', '2000000']);
    // Home loan max = 85 % of the valuation minus the investment.
    expect((details.getByRole('slider', { name: 'Home loan today' }) as HTMLInputElement).max).toBe('1600000');
  });

  it('the brand’s lender sets the private loan’s rate limits and default rate', async () => {
    bff.answer(
      'GET',
      '/api/flow/brand-config',
      ok({
        brand: 'demo-bank',
        config: {
          financial_providers: [
            { id: 'demo-bank', name: 'Demo Bank', private_loan: { min_rate: 2.5, max_rate: 7.5, default_rate: 3.9 } },
          ],
        },
      }),
    );
    renderResults(home.page);
    await openDetails();
    fireEvent.click(screen.getByRole('radio', { name: 'Private loan' }));
    await waitFor(() => expect(card().getByTestId('loan').textContent).toBe('100 000 kr at 3.9 % over 5 years'));
    const rate = card().getByRole('slider', { name: 'Private loan interest' }) as HTMLInputElement;
    expect([rate.min, rate.max, rate.value]).toEqual(['2.5', '7.5', '3.9']);
    fireEvent.change(rate, { target: { value: '7.5' } });
    expect(card().getByTestId('loan').textContent).toBe('100 000 kr at 7.5 % over 5 years');
  });

  it('a cost above the mortgage room is partly paid in cash', async () => {
    renderResults(home.page);
    await openDetails();
    fireEvent.click(screen.getByRole('radio', { name: 'Mortgage' }));
    const details = card();
    fireEvent.change(details.getByRole('slider', { name: 'Home loan today' }), { target: { value: '1600000' } });
    // 85 % of 2 000 000 = 1 700 000: room for 100 000 — exactly the cost.
    expect(details.getByTestId('loan').textContent).toBe('100 000 kr at 3.1 % over 20 years');
    fireEvent.change(details.getByRole('slider', { name: 'Home valuation' }), { target: { value: '1900000' } });
    // 85 % of 1 900 000 = 1 615 000; the home loan is held to 1 515 000, leaving room for the whole cost again.
    expect((details.getByRole('slider', { name: 'Home loan today' }) as HTMLInputElement).value).toBe('1515000');
    expect(details.getByTestId('loan').textContent).toBe('100 000 kr at 3.1 % over 20 years');
  });

  it('shows the green mortgage discounts of both lenders as kronor a year', async () => {
    bff.answer('POST', '/api/flow/demo-bank/discounts', (body) => ({
      status: 200,
      body: {
        lender: 'demo-bank',
        name: 'Demo Bank (demo)',
        demo: true,
        energy_class_after: 'C',
        mortgage_amount: (body as { mortgage_amount: number }).mortgage_amount,
        interest_discount: 0.1,
        eligible: true,
        reason: { en: 'ok', sv: 'ok' },
      },
    }));
    bff.answer(
      'POST',
      '/api/flow/demo-bolan/discounts',
      ok({
        lender: 'demo-bolan',
        name: 'Demo Bolån (demo)',
        demo: true,
        energy_class_after: 'C',
        mortgage_amount: 1_100_000,
        interest_discount: 0,
        eligible: false,
        reason: { en: 'Energy class C does not qualify.', sv: 'Energiklass C ger ingen rabatt.' },
      }),
    );
    renderResults(home.page);
    await openDetails();
    fireEvent.click(screen.getByRole('radio', { name: 'Mortgage' }));
    // The mortgage after the measure: the home loan 1 000 000 + 100 000 borrowed for it.
    expect((await card().findByTestId('discount-demo-bank')).textContent).toBe('1 100 kr a year');
    expect(card().getByText('0.1 percentage points lower interest:')).toBeTruthy();
    expect(await card().findByText('Energy class C does not qualify.')).toBeTruthy();
    expect(card().getByText('Demo lenders with example numbers, not offers.')).toBeTruthy();
    await waitFor(() =>
      expect(bff.bodies('POST', '/api/flow/demo-bank/discounts')).toContainEqual({
        energy_class_after: 'C',
        energy_class_before: 'G',
        mortgage_amount: 1_100_000,
      }),
    );
  });

  it('only one recommendation’s details are open at a time', async () => {
    bff.answer(
      'GET',
      home.recommendations,
      ok({ recommendations: [attic(), activity('window_film', { kwh: 1_000 })], errors: [] }),
    );
    renderResults(home.page);
    await openDetails();
    const film = within(document.querySelector<HTMLElement>('[data-activity="window_film"]')!);
    fireEvent.click(film.getByRole('button', { name: 'Show financing and charts' }));
    expect(film.getByRole('button', { name: 'Hide financing and charts' }).getAttribute('aria-expanded')).toBe('true');
    expect(card().getByRole('button', { name: 'Show financing and charts' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.getAllByRole('slider', { name: 'Home valuation' })).toHaveLength(1);
  });
});

describe('own prices and measured consumption', () => {
  it('saves prices per carrier as öre (price × 100) and shows the recalculated results', async () => {
    bff.answer(
      'GET',
      home.recommendations,
      ok({ recommendations: [attic()], errors: [] }),
      ok({ recommendations: [activity('insulation_attic', { kr: 20_000 })], errors: [] }),
    );
    bff.answer('POST', home.rates, (body) => ({ status: 200, body: { rates: body } }));
    renderResults(home.page);
    await screen.findByRole('heading', { level: 4, name: 'Attic insulation' });
    expect(card().getByTestId('repayment').textContent).toBe('10 years');
    const form = within(screen.getByRole('form', { name: 'Your energy prices' }));
    expect(form.getByLabelText('Oil')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Electricity'), { target: { value: '1,25' } });
    fireEvent.change(form.getByLabelText('Electricity you sell'), { target: { value: '0.6' } });
    fireEvent.click(form.getByRole('button', { name: 'Save prices and recalculate' }));

    expect(await form.findByText('Saved. The results are recalculated.')).toBeTruthy();
    expect(bff.bodies('POST', home.rates)).toEqual([
      {
        energy_carriers_import: { electricity: { cents_per_kwh: 125, components: [] } },
        energy_carriers_export: { electricity: { cents_per_kwh: 60, components: [] } },
      },
    ]);
    await waitFor(() => expect(card().getByTestId('repayment').textContent).toBe('5 years'));
    expect(bff.count('GET', home.recommendations)).toBe(2);
  });

  it('refuses a price that is not a number, without sending it', async () => {
    renderResults(home.page);
    const form = within(await screen.findByRole('form', { name: 'Your energy prices' }));
    fireEvent.change(form.getByLabelText('Electricity'), { target: { value: 'cheap' } });
    fireEvent.click(form.getByRole('button', { name: 'Save prices and recalculate' }));
    expect((await form.findByRole('alert')).textContent).toBe('Electricity: give a price in kr/kWh, for example 1.25.');
    expect(bff.count('POST', home.rates)).toBe(0);
  });

  it('saves a year’s metered energy and shows the measured label', async () => {
    bff.answer(
      'GET',
      home.information,
      ok(information(calculatedLabel('G'))),
      ok(information(calculatedLabel('G'), measuredLabel('E'))),
    );
    bff.answer('POST', home.consumption, ok({ consumption: {}, label: null }));
    renderResults(home.page);
    const form = within(await screen.findByRole('form', { name: 'Your measured energy use' }));
    fireEvent.click(form.getByRole('button', { name: 'Save and recalculate' }));
    expect((await form.findByRole('alert')).textContent).toBe('Give the kWh of at least one energy source.');

    fireEvent.change(form.getByLabelText('Oil'), { target: { value: '24000' } });
    fireEvent.change(form.getByLabelText('Electricity'), { target: { value: '6 500' } });
    fireEvent.click(form.getByLabelText('Household electricity is on the same meter'));
    fireEvent.click(form.getByRole('button', { name: 'Save and recalculate' }));
    expect(await form.findByText('Saved. The measured label is shown above.')).toBeTruthy();
    const year = new Date().getFullYear() - 1;
    expect(bff.bodies('POST', home.consumption)).toEqual([
      { year, energy_carriers: { electricity: 6500, oil: 24000 }, household_electricity_included: false },
    ]);
    const label = within(screen.getByTestId('epc-label'));
    expect(await label.findByRole('img', { name: 'Energy class E' })).toBeTruthy();
    expect(label.getByText('Measured: from your energy use')).toBeTruthy();
  });

  it('sends metered household and hot-water energy when given, and refuses more than the bill holds', async () => {
    bff.answer('POST', home.consumption, ok({ consumption: {}, label: null }));
    renderResults(home.page);
    const form = within(await screen.findByRole('form', { name: 'Your measured energy use' }));
    fireEvent.change(form.getByLabelText('Electricity'), { target: { value: '18000' } });
    fireEvent.change(form.getByLabelText('Household electricity, if you know it'), { target: { value: '19 000' } });
    fireEvent.click(form.getByRole('button', { name: 'Save and recalculate' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'Household electricity cannot be more than the electricity it is included in.',
    );
    expect(bff.count('POST', home.consumption)).toBe(0);

    fireEvent.change(form.getByLabelText('Household electricity, if you know it'), { target: { value: '4 200' } });
    fireEvent.change(form.getByLabelText('Energy for hot water, if metered separately'), { target: { value: '3100' } });
    fireEvent.click(form.getByRole('button', { name: 'Save and recalculate' }));
    expect(await form.findByText('Saved. The measured label is shown above.')).toBeTruthy();
    const year = new Date().getFullYear() - 1;
    expect(bff.bodies('POST', home.consumption)).toEqual([
      {
        year,
        energy_carriers: { electricity: 18000 },
        household_electricity_included: true,
        household_electricity: 4200,
        tap_water: 3100,
      },
    ]);
  });
});
