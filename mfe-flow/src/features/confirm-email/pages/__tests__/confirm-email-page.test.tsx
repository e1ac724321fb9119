import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { homeownerSession, setSession } from '../../../../testing/fake-session';
import { renderFlow, texts } from '../../../../testing/render-flow';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const CONFIRM = '/api/flow/user/email-verification';
const RESEND = '/api/flow/user/profile/contact/verification';
let bff: FakeBff;

function profileWith(contact: { email: string; email_verified: boolean }) {
  return ok({
    user_id: 'h1',
    name: 'Karin',
    personalNumberMasked: '19850709-****',
    contact: { name: null, mobile: '+46701234567', ...contact },
    properties: [],
    selectedPropertyId: null,
    mailLanguage: 'sv',
  });
}

beforeEach(() => {
  setSession(homeownerSession);
  bff = installFakeBff();
});

describe('the page the confirmation link opens', () => {
  it('posts the token from the fragment once and says the address is confirmed, in English and Swedish', async () => {
    bff.answer('POST', CONFIRM, ok({ email: 'karin@example.se' }));
    window.history.replaceState(null, '', '/flow/confirm-email#token=abcdefghijklmnopqrstuvwxyz');
    renderFlow('/flow/confirm-email#token=abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByText('Thank you: karin@example.se is confirmed.')).toBeTruthy();
    expect(bff.bodies('POST', CONFIRM)).toEqual([{ token: 'abcdefghijklmnopqrstuvwxyz' }]);
    // The token leaves the address bar.
    expect(window.location.hash).toBe('');

    window.history.replaceState(null, '', '/flow/confirm-email#token=abcdefghijklmnopqrstuvwxyz');
    renderFlow('/flow/confirm-email#token=abcdefghijklmnopqrstuvwxyz', { lng: 'sv' });
    expect(await screen.findByText('Tack! karin@example.se är bekräftad.')).toBeTruthy();
  });

  it('says when the link no longer works', async () => {
    bff.answer('POST', CONFIRM, { status: 400, body: { error: 'link_invalid', message: 'no' } });
    window.history.replaceState(null, '', '/flow/confirm-email#token=usedusedusedusedusedused');
    renderFlow('/flow/confirm-email#token=usedusedusedusedusedused');
    expect(await screen.findByText(texts.en.flow.confirmEmail.invalid)).toBeTruthy();
  });
});

describe('the contact email’s state on the contact page', () => {
  it('asks to check the inbox for an unconfirmed address and sends the link again; a 429 says why', async () => {
    bff.answer('GET', '/api/flow/user/profile', profileWith({ email: 'karin@example.se', email_verified: false }));
    bff.answer(
      'POST',
      RESEND,
      { status: 202, body: { email: 'karin@example.se' } },
      {
        status: 429,
        body: {
          error: 'too_many_requests',
          message: 'A link was sent less than a minute ago. Check your inbox, or ask again in 42 s.',
          issues: [{ path: 'body', message: '…', code: 'too_soon', params: { seconds: '42' } }],
        },
      },
    );
    renderFlow('/flow/contact');
    expect(
      await screen.findByText(
        'Check your inbox to confirm karin@example.se. Until you do, we send nothing else there, and installers get ' +
          'only your mobile number.',
      ),
    ).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send the link again' })));
    expect(await screen.findByText('A new link was sent to karin@example.se.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send the link again' })));
    expect(
      await screen.findByText('A link was sent less than a minute ago. Check your inbox, or ask again in 42 s.'),
    ).toBeTruthy();
    await waitFor(() => expect(bff.bodies('POST', RESEND)).toHaveLength(2));
  });

  it("says why no link was sent in the page's language", async () => {
    bff.answer('GET', '/api/flow/user/profile', profileWith({ email: 'karin@example.se', email_verified: false }));
    bff.answer(
      'POST',
      RESEND,
      {
        status: 429,
        body: {
          error: 'too_many_requests',
          message:
            'Five links have been sent today, the most we send in a day. Use the newest one, or ask again tomorrow.',
          issues: [{ path: 'body', message: '…', code: 'daily', params: { seconds: '3600' } }],
        },
      },
      { status: 429, body: { error: 'too_many_requests', message: 'Too many requests.' } },
    );
    renderFlow('/flow/contact', { lng: 'sv' });
    const sv = texts.sv.flow.contact;
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: sv.resend })));
    expect(await screen.findByText(sv.resendRefused.daily)).toBeTruthy();
    // A refusal without a reason the page knows is said as a failure, not in the API's English.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: sv.resend })));
    expect(await screen.findByText(sv.resendFailed)).toBeTruthy();
  });

  it('shows a confirmed address as confirmed', async () => {
    bff.answer('GET', '/api/flow/user/profile', profileWith({ email: 'karin@example.se', email_verified: true }));
    renderFlow('/flow/contact', { lng: 'sv' });
    expect(
      await screen.findByText(
        'karin@example.se är bekräftad: bekräftelser på dina förfrågningar och installatörernas svar skickas dit.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skicka länken igen' })).toBeNull();
  });
});
