import '../../../../testing/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import type { ConsoleConfiguration } from '@home-energy/shared';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { renderConsole } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const CONFIG = '/api/console/org/demo-energi/configuration';
const configuration: ConsoleConfiguration = {
  brand: 'demo-energi',
  brandConfig: {
    name: 'Demo Energi AB',
    accent: '#0f6e4f',
    financial_providers: [
      { id: 'demo-bank', name: 'Demo Bank', private_loan: { min_rate: 0, max_rate: 9, default_rate: 4.9 } },
    ],
  },
  questions: [],
  engineKeys: {},
  prices: null,
  platformPrices: {
    SE1: { import: { electricity: 131.2 }, export: { electricity: 46 } },
    SE2: { import: { electricity: 131.2 }, export: { electricity: 46 } },
    SE3: { import: { electricity: 148 }, export: { electricity: 59 } },
    SE4: { import: { electricity: 167 }, export: { electricity: 74 } },
  },
};

function fakeBff() {
  return installFakeBff({
    'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
    [`GET ${CONFIG}`]: () => [200, configuration],
    [`PUT ${CONFIG}/brand`]: (r) => [200, { brand: 'demo-energi', config: r.body }],
  });
}

/** The field labelled `label` in the brand form (or in its first lender), with the problem shown under it. */
function field(label: string) {
  const input = within(screen.getByRole('form', { name: 'Brand' })).getByLabelText(label) as HTMLInputElement;
  const id = input.getAttribute('aria-describedby');
  return {
    input,
    invalid: input.getAttribute('aria-invalid') === 'true',
    problem: id ? document.getElementById(id)?.textContent : undefined,
  };
}

beforeEach(() => setSession(demoSessions.energiAdmin));

describe('the brand editor says at each field what the BFF would refuse, before saving', () => {
  it('rates out of order, a default outside them, a script link and no name: nothing is sent', async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/configuration');
    const save = (await screen.findByRole('button', { name: 'Save brand' })) as HTMLButtonElement;
    fireEvent.change(field('Brand name').input, { target: { value: '' } });
    fireEvent.change(field('Lowest rate (%)').input, { target: { value: '12' } });
    fireEvent.change(field('Highest rate (%)').input, { target: { value: '3' } });
    fireEvent.change(field('Default rate (%)').input, { target: { value: '20' } });
    fireEvent.change(field('Web address').input, { target: { value: 'javascript:alert(1)' } });

    expect(field('Brand name')).toMatchObject({
      invalid: true,
      problem: 'Give the brand a name: homeowners see it in the page header.',
    });
    expect(field('Lowest rate (%)')).toMatchObject({
      invalid: true,
      problem: 'The lowest rate must not be above the highest rate.',
    });
    expect(field('Web address')).toMatchObject({
      invalid: true,
      problem: 'Write a web address that starts with https:// or http://.',
    });
    expect(save.disabled).toBe(true);
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Brand' })));
    expect(bff.calls('PUT', `${CONFIG}/brand`)).toHaveLength(0);

    // Rates in order, the default still above them.
    fireEvent.change(field('Highest rate (%)').input, { target: { value: '15' } });
    expect(field('Lowest rate (%)').invalid).toBe(false);
    expect(field('Default rate (%)')).toMatchObject({
      invalid: true,
      problem: 'The default rate must lie between the lowest and the highest rate.',
    });
    fireEvent.change(field('Default rate (%)').input, { target: { value: '31' } });
    expect(field('Default rate (%)').problem).toBe('Write a rate from 0 to 30 %.');
    expect(save.disabled).toBe(true);

    fireEvent.change(field('Default rate (%)').input, { target: { value: '12' } });
    fireEvent.change(field('Web address').input, { target: { value: 'https://bank.example/loan' } });
    fireEvent.change(field('Brand name').input, { target: { value: 'Demo Energi' } });
    for (const label of ['Brand name', 'Lowest rate (%)', 'Highest rate (%)', 'Default rate (%)', 'Web address'])
      expect([label, field(label).invalid]).toEqual([label, false]);
    await act(async () => fireEvent.click(save));
    expect(bff.calls('PUT', `${CONFIG}/brand`)[0]!.body).toMatchObject({
      name: 'Demo Energi',
      financial_providers: [
        {
          id: 'demo-bank',
          url: 'https://bank.example/loan',
          private_loan: { min_rate: 12, max_rate: 15, default_rate: 12 },
        },
      ],
    });
  });

  it('says so in Swedish on the Swedish console', async () => {
    fakeBff();
    renderConsole('/console/org/demo-energi/configuration', { lng: 'sv' });
    const save = (await screen.findByRole('button', { name: 'Spara varumärket' })) as HTMLButtonElement;
    const form = within(screen.getByRole('form', { name: 'Varumärke' }));
    const problemOf = (label: string) =>
      document.getElementById(form.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;
    fireEvent.change(form.getByLabelText('Varumärkets namn'), { target: { value: ' ' } });
    fireEvent.change(form.getByLabelText('Lägsta ränta (%)'), { target: { value: '12' } });
    fireEvent.change(form.getByLabelText('Högsta ränta (%)'), { target: { value: '3' } });
    fireEvent.change(form.getByLabelText('Webbadress'), { target: { value: 'javascript:alert(1)' } });
    expect(problemOf('Varumärkets namn')).toBe('Ge varumärket ett namn: husägarna ser det i sidhuvudet.');
    expect(problemOf('Lägsta ränta (%)')).toBe('Den lägsta räntan får inte vara högre än den högsta.');
    expect(problemOf('Webbadress')).toBe('Skriv en webbadress som börjar med https:// eller http://.');
    fireEvent.change(form.getByLabelText('Högsta ränta (%)'), { target: { value: '14' } });
    fireEvent.change(form.getByLabelText('Förvald ränta (%)'), { target: { value: '20' } });
    expect(problemOf('Förvald ränta (%)')).toBe(
      'Den förvalda räntan måste ligga mellan den lägsta och den högsta räntan.',
    );
    expect(save.disabled).toBe(true);
  });
});
