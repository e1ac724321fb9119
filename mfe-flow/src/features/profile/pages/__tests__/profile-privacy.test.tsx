import '../../../../testing/setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { homeownerSession, setSession } from '../../../../testing/fake-session';
import { renderFlow, texts } from '../../../../testing/render-flow';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const en = texts.en.flow.privacy;
const CONSENTS = '/api/flow/user/consents';
const consent = {
  id: 3,
  recipient: 'Demo Installation AB',
  key: 'heat_pump_airwater',
  shared: ['name', 'email', 'mobile'],
  given_at: '2026-11-20T09:00:00.000Z',
  notice_version: 'a1b2c3d4e5f6',
  withdrawn_at: null,
};
let bff: FakeBff;

beforeEach(() => {
  setSession(homeownerSession);
  bff = installFakeBff();
  bff.answer(
    'GET',
    '/api/flow/user/profile',
    ok({
      user_id: 'h1',
      name: 'Karin Karlsson',
      personalNumberMasked: '19850709-****',
      contact: null,
      properties: [],
      selectedPropertyId: null,
      mailLanguage: 'sv',
    }),
  );
  bff.answer(
    'GET',
    '/api/flow/user/access-log',
    ok({
      entries: [
        {
          organisation: 'Demo Installation AB',
          role: 'staff',
          impersonating: false,
          reason: 'lead_list',
          at: '2026-11-21T10:00:00.000Z',
        },
        {
          organisation: '',
          role: 'super_admin',
          impersonating: false,
          reason: 'data_request',
          at: '2026-11-21T09:00:00Z',
        },
      ],
      total: 2,
      page: 1,
      size: 50,
    }),
  );
});

describe('My homes: what was shared and who saw it', () => {
  it('lists each share with what, with whom and under which notice, and withdraws it', async () => {
    bff.answer(
      'GET',
      CONSENTS,
      ok({ consents: [consent] }),
      ok({ consents: [{ ...consent, withdrawn_at: '2026-11-22T08:00:00.000Z' }] }),
    );
    bff.answer(
      'POST',
      `${CONSENTS}/3/withdraw`,
      ok({ consent: { ...consent, withdrawn_at: '2026-11-22T08:00:00.000Z' } }),
    );
    renderFlow('/flow/profile');
    const shares = within(await screen.findByTestId('consents'));
    const share = within((await shares.findByText('Demo Installation AB')).closest('li')!);
    expect(share.getByText(/Shared name, e-mail, mobile number on/)).toBeTruthy();
    expect(share.getByText('Under privacy notice a1b2c3d4e5f6')).toBeTruthy();
    fireEvent.click(share.getByRole('button', { name: 'Withdraw from Demo Installation AB' }));
    expect(await screen.findByText('Demo Installation AB no longer sees your contact details.')).toBeTruthy();
    expect(bff.bodies('POST', `${CONSENTS}/3/withdraw`)).toEqual([{}]);
    expect(await shares.findByText(/^Withdrawn on/)).toBeTruthy();
    expect(shares.queryByRole('button', { name: /^Withdraw/ })).toBeNull();
  });

  it('says so when the withdrawal fails, and keeps the button', async () => {
    bff.answer('GET', CONSENTS, ok({ consents: [consent] }));
    bff.answer('POST', `${CONSENTS}/3/withdraw`, { status: 500, body: { error: 'internal' } });
    renderFlow('/flow/profile');
    const shares = within(await screen.findByTestId('consents'));
    fireEvent.click(await shares.findByRole('button', { name: 'Withdraw from Demo Installation AB' }));
    expect(await screen.findByText(en.consents.withdrawFailed)).toBeTruthy();
    expect(shares.getByRole('button', { name: 'Withdraw from Demo Installation AB' })).toBeTruthy();
  });

  it('shows who saw the data: organisation, role and page; the service itself by name', async () => {
    bff.answer('GET', CONSENTS, ok({ consents: [] }));
    renderFlow('/flow/profile');
    const log = within(await screen.findByTestId('access-log'));
    expect(await log.findByText(/Demo Installation AB, staff, list of installer requests/)).toBeTruthy();
    expect(
      log.getByText(/The service’s administrators, service administrator, a request about your data/),
    ).toBeTruthy();
    expect(within(screen.getByTestId('consents')).getByText(en.consents.none)).toBeTruthy();
  });
});
