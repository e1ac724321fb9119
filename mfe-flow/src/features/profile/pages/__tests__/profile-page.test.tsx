import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { heldAnswer, installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { homeownerSession, setSession } from '../../../../testing/fake-session';
import { renderFlow, texts } from '../../../../testing/render-flow';
import { mockGetCsrfToken, mockRefreshSession } from '../../../../testing/mock-shared';
import { SIGN_URL, complete } from '../../../../testing/sign-orders';
import { UNDO_MS } from '../profile-page';
import { watchUsableMarks } from '@home-energy/shared/testing/usable-marks';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const en = texts.en.flow.profile;
const PROFILE = '/api/flow/user/profile';
const CONTACT = '/api/flow/user/profile/contact';
const storgatan = {
  id: 7,
  name: 'Storgatan 1, 111 22 Stockholm',
  addresses: [{ street: 'Storgatan 1', postal_code: '11122', postal_city: 'Stockholm' }],
  relations: ['flow_added'],
  label: 'D',
};
const lillgatan = {
  id: 9,
  name: 'Lillgatan 2, 411 01 Göteborg',
  addresses: [{ street: 'Lillgatan 2', postal_code: '41101', postal_city: 'Göteborg' }],
  relations: ['profile_added'],
  label: null,
};
const profile = (properties: object[], contact: object | null = null) => ({
  user_id: 'h1',
  name: 'Karin Karlsson',
  personalNumberMasked: '19850709-****',
  contact,
  properties,
  selectedPropertyId: 7,
  mailLanguage: 'sv',
});
let bff: FakeBff;

beforeEach(() => {
  setSession(homeownerSession);
  bff = installFakeBff();
  bff.answer('GET', PROFILE, ok(profile([storgatan, lillgatan])));
  bff.answer('GET', '/api/flow/property/7/installers', ok({ installers: [], requests: [] }));
  bff.answer('GET', '/api/flow/property/9/installers', ok({ installers: [], requests: [] }));
});

afterEach(() => jest.useRealTimers());

describe('My homes', () => {
  it('shows each home as a card: its class letter in colour, the address linking to its dashboard', async () => {
    renderFlow('/flow/profile');
    const card = (await screen.findByRole('heading', { level: 3, name: 'Storgatan 1' })).closest('li')!;
    const label = within(card).getByRole('img', { name: en.label.replace('{{class}}', 'D') });
    expect(label.getAttribute('data-class')).toBe('D');
    expect(within(card).getByRole('link', { name: 'Storgatan 1' }).getAttribute('href')).toBe(
      '/property/7/building/primary/results-dashboard',
    );
    expect(within(card).getByText('111 22 Stockholm')).toBeTruthy();
    const other = screen.getByRole('heading', { level: 3, name: 'Lillgatan 2' }).closest('li')!;
    expect(within(other).getByRole('img', { name: en.noLabel })).toBeTruthy();
  });

  it('removes a home only after a confirmation, and Cancel keeps it', async () => {
    bff.answer(
      'DELETE',
      '/api/flow/user/profile/property/7',
      ok({ ...profile([lillgatan]), removed: { id: 7, restorableUntil: '2030-01-01T00:00:00Z' } }),
    );
    renderFlow('/flow/profile');
    fireEvent.click(await screen.findByRole('button', { name: en.removeLabel.replace('{{name}}', storgatan.name) }));
    expect(bff.count('DELETE', '/api/flow/user/profile/property/7')).toBe(0);
    const keep = screen.getByRole('button', { name: en.cancel });
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    expect(screen.queryByRole('button', { name: en.confirm })).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: en.removeLabel.replace('{{name}}', storgatan.name) }),
    );

    fireEvent.click(screen.getByRole('button', { name: en.removeLabel.replace('{{name}}', storgatan.name) }));
    bff.answer('GET', PROFILE, ok(profile([lillgatan])));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.confirm })));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Storgatan 1' })).toBeNull());
    expect(bff.count('DELETE', '/api/flow/user/profile/property/7')).toBe(1);
    expect(screen.getByRole('status').textContent).toContain(en.removed.replace('{{name}}', storgatan.name));
  });

  it('"Undo" brings the removed home back through the BFF', async () => {
    bff.answer(
      'DELETE',
      '/api/flow/user/profile/property/7',
      ok({ ...profile([lillgatan]), removed: { id: 7, restorableUntil: '2030-01-01T00:00:00Z' } }),
    );
    bff.answer('POST', '/api/flow/user/profile/property/7/restore', ok(profile([storgatan, lillgatan])));
    renderFlow('/flow/profile');
    fireEvent.click(await screen.findByRole('button', { name: en.removeLabel.replace('{{name}}', storgatan.name) }));
    bff.answer('GET', PROFILE, ok(profile([lillgatan])));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.confirm })));
    const undo = await screen.findByRole('button', { name: en.undo });
    // The home leaves the list with the refetch after the DELETE, which may answer after Undo shows.
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Storgatan 1' })).toBeNull());
    bff.answer('GET', PROFILE, ok(profile([storgatan, lillgatan])));
    await act(async () => fireEvent.click(undo));
    expect(bff.bodies('POST', '/api/flow/user/profile/property/7/restore')).toEqual([{}]);
    expect(await screen.findByRole('heading', { level: 3, name: 'Storgatan 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.undo })).toBeNull();
  });

  it('offers Undo for a few seconds only', async () => {
    jest.useFakeTimers();
    bff.answer(
      'DELETE',
      '/api/flow/user/profile/property/9',
      ok({ ...profile([storgatan]), removed: { id: 9, restorableUntil: '2030-01-01T00:00:00Z' } }),
    );
    renderFlow('/flow/profile');
    fireEvent.click(await screen.findByRole('button', { name: en.removeLabel.replace('{{name}}', lillgatan.name) }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.confirm })));
    expect(await screen.findByRole('button', { name: en.undo })).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(UNDO_MS);
    });
    expect(screen.queryByRole('button', { name: en.undo })).toBeNull();
  });

  it('edits the contact details: name, email and a Swedish mobile, checked before sending', async () => {
    bff.answer(
      'POST',
      CONTACT,
      ok({ contact: { name: 'Karin K', email: 'karin@example.se', mobile: '+46701234567' } }),
    );
    renderFlow('/flow/profile');
    const c = texts.en.flow.contact;
    const name = await screen.findByLabelText(c.name);
    expect((name as HTMLInputElement).value).toBe('Karin Karlsson');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText(c.email), { target: { value: 'karin@example.se' } });
    fireEvent.change(screen.getByLabelText(c.mobile), { target: { value: '08-123 456 78' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.submit })));
    expect(screen.getByText(c.invalidName)).toBeTruthy();
    expect(screen.getByText(c.invalidPhone)).toBeTruthy();
    expect(bff.bodies('POST', CONTACT)).toEqual([]);

    fireEvent.change(screen.getByLabelText(c.name), { target: { value: ' Karin K ' } });
    fireEvent.change(screen.getByLabelText(c.mobile), { target: { value: '070-123 45 67' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.submit })));
    await waitFor(() =>
      expect(bff.bodies('POST', CONTACT)).toEqual([
        { name: 'Karin K', email: 'karin@example.se', mobile: '+46701234567' },
      ]),
    );
  });

  it('saves the chosen language for e-mails, and says so; a refusal keeps the stored one', async () => {
    const m = texts.sv.common.mailLanguage;
    bff.answer('PATCH', PROFILE, ok({ mailLanguage: 'en' }));
    renderFlow('/flow/profile', { lng: 'sv' });
    const choice = (await screen.findByLabelText(m.label)) as HTMLSelectElement;
    expect(choice.value).toBe('sv');
    bff.answer('GET', PROFILE, ok({ ...profile([storgatan, lillgatan]), mailLanguage: 'en' }));
    await act(async () => fireEvent.change(choice, { target: { value: 'en' } }));
    expect(bff.bodies('PATCH', PROFILE)).toEqual([{ mailLanguage: 'en' }]);
    expect(await screen.findByText(m.saved.replace('{{language}}', 'English'))).toBeTruthy();
    await waitFor(() => expect(choice.value).toBe('en'));

    bff.answer('PATCH', PROFILE, { status: 500, body: { error: 'internal', message: 'x' } });
    await act(async () => fireEvent.change(choice, { target: { value: 'sv' } }));
    expect(await screen.findByText(m.failed)).toBeTruthy();
    expect(choice.value).toBe('en');
  });

  it('points at the field the BFF refused, in Swedish', async () => {
    bff.answer('POST', CONTACT, {
      status: 400,
      body: {
        error: 'bad_request',
        message: 'Invalid body',
        issues: [{ path: 'body.mobile', message: 'Invalid phone number' }],
      },
    });
    renderFlow('/flow/profile', { lng: 'sv' });
    const c = texts.sv.flow.contact;
    fireEvent.change(await screen.findByLabelText(c.email), { target: { value: 'karin@example.se' } });
    fireEvent.change(screen.getByLabelText(c.mobile), { target: { value: '070-123 45 67' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.submit })));
    expect(await screen.findByText(c.failed)).toBeTruthy();
    expect(screen.getByLabelText(c.mobile).getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    ['en', 'Demo Installation AB (Air-to-air heat pump): Request sent'],
    ['sv', 'Demo Installation AB (Luft/luft-värmepump): Förfrågan skickad'],
  ] as const)("names a request's measure in words in %s, never by its key", async (lng, line) => {
    const request = (key: string) => ({
      installer: 'demo-installer',
      installer_name: 'Demo Installation AB',
      key,
      requested_at: '2026-11-20T10:00:00Z',
      status: 'new',
      status_changed_at: null,
    });
    bff.answer(
      'GET',
      '/api/flow/property/7/installers',
      ok({ installers: [], requests: [request('heat_pump_air'), request('heat_pump_retired')] }),
    );
    renderFlow('/flow/profile', { lng });
    expect(await screen.findByText(line)).toBeTruthy();
    const card = screen.getByText(line).closest('ul')!;
    expect(card.textContent).not.toMatch(/heat_pump/);
  });
});

describe('usable time', () => {
  // jsdom has no User Timing: a stand-in takes the page's marks while these tests run.
  let marks: ReturnType<typeof watchUsableMarks>;
  beforeEach(() => (marks = watchUsableMarks()));
  afterEach(() => marks.restore());

  it('marks My homes usable once the homes show, not while they load', async () => {
    const held = heldAnswer({ status: 200, body: profile([storgatan]) });
    bff.answer('GET', PROFILE, held.answer);
    renderFlow('/flow/profile');
    await waitFor(() => expect(bff.count('GET', PROFILE)).toBe(1));
    expect(screen.getByRole('status')).toBeTruthy();
    expect(marks.paths()).toEqual([]);

    await act(async () => held.release());
    expect(await screen.findByRole('heading', { level: 3, name: 'Storgatan 1' })).toBeTruthy();
    expect(marks.paths()).toEqual(['/flow/profile']);
  });

  it('marks the account-deleted page usable as it shows', async () => {
    renderFlow('/flow/account-deleted', { lng: 'sv' });
    expect(await screen.findByRole('heading', { level: 1, name: texts.sv.flow.myData.deletedTitle })).toBeTruthy();
    expect(marks.paths()).toEqual(['/flow/account-deleted']);
  });
});

describe('Your data', () => {
  const myData = texts.en.flow.myData;

  it('offers the archive as a download of GET /api/flow/user/export, its page in the language shown', async () => {
    renderFlow('/flow/profile');
    const link = await screen.findByRole('link', { name: myData.download });
    expect(link.getAttribute('href')).toBe('/api/flow/user/export?lang=en');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('asks for the Swedish page from a Swedish page', async () => {
    renderFlow('/flow/profile', { lng: 'sv' });
    const link = await screen.findByRole('link', { name: texts.sv.flow.myData.download });
    expect(link.getAttribute('href')).toBe('/api/flow/user/export?lang=sv');
  });

  it('moves the focus with the question: onto keeping the account, back to Delete on Escape or No', async () => {
    renderFlow('/flow/profile');
    const remove = await screen.findByRole('button', { name: myData.delete });
    fireEvent.click(remove);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: myData.keep }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: myData.delete }));

    fireEvent.click(screen.getByRole('button', { name: myData.delete }));
    fireEvent.click(screen.getByRole('button', { name: myData.keep }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: myData.delete }));
  });

  it('asks first, then deletes the account once BankID confirms who it is', async () => {
    mockGetCsrfToken.mockReset().mockResolvedValue('csrf-token-1');
    mockRefreshSession.mockReset().mockResolvedValue(null);
    bff.answer('GET', SIGN_URL, { status: 204 }, ok({ ...complete(), identificationMode: 'validate' }));
    bff.answer('POST', SIGN_URL, ok({ ...complete(), identificationMode: 'validate' }));
    bff.answer('DELETE', '/api/flow/user/account', ok({ erased: true, counts: {} }));
    renderFlow('/flow/profile');
    fireEvent.click(await screen.findByRole('button', { name: myData.delete }));
    expect(screen.getByRole('alertdialog').textContent).toContain(myData.ask);
    fireEvent.click(screen.getByRole('button', { name: myData.keep }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bff.bodies('POST', SIGN_URL)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: myData.delete }));
    fireEvent.click(screen.getByRole('button', { name: myData.goOn }));
    fireEvent.click(await screen.findByRole('button', { name: texts.en.flow.sign.otherDevice }));
    await waitFor(() => expect(bff.bodies('DELETE', '/api/flow/user/account')).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1, name: myData.deletedTitle })).toBeTruthy();
    expect(bff.bodies('POST', SIGN_URL)).toEqual([
      {
        csrfToken: 'csrf-token-1',
        loginMethod: 'bankid.other_device',
        identificationMode: 'validate',
        purpose: 'delete_account',
      },
    ]);
    expect(bff.bodies('DELETE', '/api/flow/user/account')).toEqual([{ csrfToken: 'csrf-token-1' }]);
  });
});
