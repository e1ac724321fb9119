import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { homeownerSession, setSession } from '../../../../testing/fake-session';
import { activity, answersOf, calculatedLabel, information, paths } from '../../../../testing/fixtures';
import { renderResults, texts } from '../../../../testing/render-results';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());

const en = texts.en.results.installers;
const home = paths(42);
const INSTALLERS = '/api/flow/property/42/installers';
const REQUESTS = '/api/flow/property/42/installer-requests';
let bff: FakeBff;

const offered = [
  { name: 'Värmepumpsteknik AB', identifier: 'vp', logo: 'https://vp.example/logo.png', url: 'https://vp.example' },
  { name: 'Solkraft AB', identifier: 'sol', logo: '', url: 'https://sol.example' },
];

beforeEach(() => {
  setSession(homeownerSession);
  bff = installFakeBff();
  bff.answer(
    'GET',
    home.recommendations,
    ok({ recommendations: [activity('heat_pump_geothermal', { kwh: 9_000, kr: 12_000 })], errors: [] }),
  );
  bff.answer('GET', home.information, ok(information(calculatedLabel('F'))));
  bff.answer('GET', home.answers, ok(answersOf(42, 'Testgatan 1, 111 22 Stockholm')));
  bff.answer('GET', INSTALLERS, ok({ installers: offered, requests: [] }));
});

/** The recommendation's card, once the recommendations have arrived. */
async function pumpCard() {
  const element = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('[data-activity="heat_pump_geothermal"]');
    if (!found) throw new Error('no card yet');
    return found;
  });
  return within(element);
}

async function openInstallers() {
  renderResults(home.page);
  const card = await pumpCard();
  await act(async () => fireEvent.click(card.getByRole('button', { name: en.open })));
  await screen.findByRole('group', { name: en.choose });
  return card;
}

describe('installer requests on a recommendation', () => {
  it('shows the status of each request sent for this measure on its card, without opening the panel', async () => {
    bff.answer(
      'GET',
      INSTALLERS,
      ok({
        installers: offered,
        requests: [
          {
            installer: 'vp',
            installer_name: 'Värmepumpsteknik AB',
            key: 'heat_pump_geothermal',
            requested_at: '2026-11-23T10:00:00Z',
            status: 'contacted',
            status_changed_at: '2026-11-24T10:00:00Z',
          },
        ],
      }),
    );
    renderResults(home.page);
    const card = await pumpCard();
    expect((await card.findByTestId('request-status')).textContent).toBe(
      'Request sent to Värmepumpsteknik AB · Contacted',
    );
  });

  it('lists the offered installers, sends the chosen ones for this recommendation, with a confirmation', async () => {
    bff.answer('POST', REQUESTS, {
      status: 201,
      body: {
        requests: [
          {
            installer: 'vp',
            installer_name: 'Värmepumpsteknik AB',
            key: 'heat_pump_geothermal',
            requested_at: '2026-11-23T10:00:00Z',
            status: 'new',
            status_changed_at: null,
          },
        ],
      },
    });
    const card = await openInstallers();
    // A logo that cannot load is replaced by initials; an empty one shows initials straight away.
    expect(card.getByText('SA')).toBeTruthy();
    fireEvent.click(card.getByRole('checkbox', { name: /Värmepumpsteknik AB/ }));
    await act(async () => fireEvent.click(card.getByRole('button', { name: en.send })));
    await waitFor(() =>
      expect(bff.bodies('POST', REQUESTS)).toEqual([
        [
          { installer: 'vp', key: 'heat_pump_geothermal', selected: true },
          { installer: 'sol', key: 'heat_pump_geothermal', selected: false },
        ],
      ]),
    );
    expect(await screen.findByText('Your request was sent to 1 installer.')).toBeTruthy();
  });

  it('offers only the installers that do this measure, keeping one already asked so it can be withdrawn', async () => {
    bff.answer(
      'GET',
      INSTALLERS,
      ok({
        installers: [
          { ...offered[0]!, measures: ['heat_pump_geothermal', 'insulation_attic'] },
          { ...offered[1]!, measures: ['solar_panel_installation'] },
          { name: 'Isolering AB', identifier: 'iso', logo: '', url: '', measures: ['insulation_attic'] },
          { name: 'Allt AB', identifier: 'allt', logo: '', url: '', measures: null },
        ],
        requests: [
          {
            installer: 'iso',
            installer_name: 'Isolering AB',
            key: 'heat_pump_geothermal',
            requested_at: '2026-11-23T10:00:00Z',
            status: 'new',
            status_changed_at: null,
          },
        ],
      }),
    );
    bff.answer('POST', REQUESTS, { status: 201, body: { requests: [] } });
    const card = await openInstallers();
    expect(card.getAllByRole('checkbox')).toHaveLength(3);
    for (const name of [/Värmepumpsteknik AB/, /Isolering AB/, /Allt AB/])
      expect(card.getByRole('checkbox', { name })).toBeTruthy();
    expect(card.queryByRole('checkbox', { name: /Solkraft AB/ })).toBeNull();
    fireEvent.click(card.getByRole('checkbox', { name: /Isolering AB/ }));
    await act(async () => fireEvent.click(card.getByRole('button', { name: en.send })));
    await waitFor(() =>
      expect(bff.bodies('POST', REQUESTS)).toEqual([
        [
          { installer: 'vp', key: 'heat_pump_geothermal', selected: false },
          { installer: 'iso', key: 'heat_pump_geothermal', selected: false },
          { installer: 'allt', key: 'heat_pump_geothermal', selected: false },
        ],
      ]),
    );
  });

  it('asks for contact details when the BFF needs them, saves them and sends again', async () => {
    bff.answer(
      'POST',
      REQUESTS,
      { status: 409, body: { error: 'contact_required' } },
      { status: 201, body: { requests: [] } },
    );
    bff.answer(
      'POST',
      '/api/flow/user/profile/contact',
      ok({ contact: { email: 'anna@example.se', mobile: '+46701234567', email_verified: false } }),
    );
    bff.answer(
      'GET',
      '/api/flow/user/profile',
      ok({
        user_id: 'h1',
        name: 'Anna',
        personalNumberMasked: '19900101-****',
        contact: { name: null, email: 'anna@example.se', mobile: '+46701234567', email_verified: false },
        properties: [],
        selectedPropertyId: null,
        mailLanguage: 'en',
      }),
    );
    const card = await openInstallers();
    fireEvent.click(card.getByRole('checkbox', { name: /Solkraft AB/ }));
    await act(async () => fireEvent.click(card.getByRole('button', { name: en.send })));
    expect(await card.findByText(en.contactNeeded)).toBeTruthy();
    fireEvent.change(card.getByLabelText(en.email), { target: { value: 'anna@example' } });
    fireEvent.change(card.getByLabelText(en.mobile), { target: { value: '070-123 45 67' } });
    await act(async () => fireEvent.click(card.getByRole('button', { name: en.saveAndSend })));
    expect(card.getByText('Invalid email address')).toBeTruthy();
    fireEvent.change(card.getByLabelText(en.email), { target: { value: 'anna@example.se' } });
    await act(async () => fireEvent.click(card.getByRole('button', { name: en.saveAndSend })));
    await waitFor(() =>
      expect(bff.bodies('POST', '/api/flow/user/profile/contact')).toEqual([
        { email: 'anna@example.se', mobile: '+46701234567' },
      ]),
    );
    await waitFor(() => expect(bff.count('POST', REQUESTS)).toBe(2));
    expect(await screen.findByText('Your request was sent to 1 installer.')).toBeTruthy();
    // Until the homeowner confirms the address, the card says where to look (the installer has the mobile number).
    expect(
      await card.findByText(
        'Check your inbox to confirm anna@example.se: the installer gets your mobile number now, and your email ' +
          'once you confirm it.',
      ),
    ).toBeTruthy();
  });

  it('says the day’s limit as the BFF words it', async () => {
    const message = 'You have sent 10 installer requests in the last 24 hours, the most we send in a day.';
    bff.answer('POST', REQUESTS, { status: 429, body: { error: 'too_many_requests', message } });
    const card = await openInstallers();
    fireEvent.click(card.getByRole('checkbox', { name: /Solkraft AB/ }));
    await act(async () => fireEvent.click(card.getByRole('button', { name: en.send })));
    expect(await card.findByText(message)).toBeTruthy();
  });

  it('names a measure the home no longer has in words, not as the BFF words it (with its key)', async () => {
    bff.answer('POST', REQUESTS, {
      status: 400,
      body: {
        error: 'bad_request',
        message: 'Invalid body.key: not a measure installers are offered for at this home: heat_pump_geothermal',
        issues: [{ path: 'body.key', message: "heat_pump_geothermal is not one of this home's measures" }],
      },
    });
    const card = await openInstallers();
    fireEvent.click(card.getByRole('checkbox', { name: /Solkraft AB/ }));
    await act(async () => fireEvent.click(card.getByRole('button', { name: en.send })));
    expect(
      await card.findByText(
        'Installers are no longer offered for Ground-source heat pump at this home: reload the page to see its ' +
          'measures now.',
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/heat_pump_geothermal|body\.key/);
  });

  it("says a refusal that names no measure in its own words, never the BFF's English", async () => {
    bff.answer('POST', REQUESTS, {
      status: 400,
      body: { error: 'bad_request', message: 'Unknown installer: sol', issues: [{ path: 'body.installer' }] },
    });
    const card = await openInstallers();
    fireEvent.click(card.getByRole('checkbox', { name: /Solkraft AB/ }));
    await act(async () => fireEvent.click(card.getByRole('button', { name: en.send })));
    expect(await card.findByText(en.failed)).toBeTruthy();
  });

  it('says so when the organisation offers no installers', async () => {
    bff.answer('GET', INSTALLERS, ok({ installers: [], requests: [] }));
    renderResults(home.page);
    const card = await pumpCard();
    await act(async () => fireEvent.click(card.getByRole('button', { name: en.open })));
    expect(await card.findByText(en.none)).toBeTruthy();
  });

  it('renders no link or picture for a javascript: or data: URL the server sent', async () => {
    bff.answer(
      'GET',
      INSTALLERS,
      ok({
        installers: [
          {
            name: 'Evil Link AB',
            identifier: 'evil',
            logo: 'data:image/svg+xml,<svg onload=alert(1)>',
            url: 'javascript:alert(1)',
          },
          { name: 'Good AB', identifier: 'good', logo: 'https://good.example/logo.png', url: 'https://good.example' },
        ],
        requests: [],
      }),
    );
    const card = await openInstallers();
    const website = (name: string) => en.website.replace('{{name}}', name);
    expect(card.queryByRole('link', { name: website('Evil Link AB') })).toBeNull();
    expect(card.getByRole('link', { name: website('Good AB') }).getAttribute('href')).toBe('https://good.example');
    expect(card.getByText('EL')).toBeTruthy(); // initials instead of the data: picture
    expect(
      [...document.querySelectorAll('.rd-installers__list a[href], .rd-installers__list img[src]')]
        .map((e) => e.getAttribute('href') ?? e.getAttribute('src'))
        .filter((v) => !/^(https?:|\/)/.test(v!)),
    ).toEqual([]);
  });
});
