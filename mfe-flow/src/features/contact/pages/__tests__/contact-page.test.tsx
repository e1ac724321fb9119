import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { heldAnswer, installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { homeownerSession, setSession } from '../../../../testing/fake-session';
import { renderFlow, texts } from '../../../../testing/render-flow';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const en = texts.en.flow.contact;
const sv = texts.sv.flow.contact;
const CONTACT = '/api/flow/user/profile/contact';
let bff: FakeBff;

beforeEach(() => {
  setSession(homeownerSession);
  bff = installFakeBff();
  bff.answer(
    'GET',
    '/api/flow/user/profile',
    ok({
      user_id: 'h1',
      name: 'Karin',
      personalNumberMasked: '19850709-****',
      contact: null,
      properties: [],
      selectedPropertyId: null,
    }),
  );
  bff.answer('POST', CONTACT, ok({ contact: { email: 'karin@example.se', mobile: '+46701234567' } }));
  bff.answer('POST', '/api/flow/interaction', { status: 204 });
});

async function fill(email: string, mobile: string) {
  fireEvent.change(await screen.findByLabelText(en.email), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(en.mobile), { target: { value: mobile } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.submit })));
}

describe('the contact form', () => {
  it.each([
    ['not-an-email', '070-123 45 67', 'Invalid email address', null],
    ['karin@example.se', '08-123 456 78', null, 'Invalid phone number'], // a landline
    ['karin@example.se', '+47 412 34 567', null, 'Invalid phone number'], // not Swedish
    ['karin@example.se', '070-12', null, 'Invalid phone number'],
  ])('refuses %s / %s with the spec message', async (email, mobile, emailError, phoneError) => {
    renderFlow('/flow/contact');
    await fill(email, mobile);
    if (emailError) expect(screen.getByText(emailError)).toBeTruthy();
    if (phoneError) expect(screen.getByText(phoneError)).toBeTruthy();
    expect(bff.bodies('POST', CONTACT)).toEqual([]);
  });

  it('saves a valid email and Swedish mobile (normalised) and records the interaction', async () => {
    renderFlow('/flow/contact');
    await fill(' Karin@Example.se ', '070-123 45 67');
    await waitFor(() =>
      expect(bff.bodies('POST', CONTACT)).toEqual([{ email: 'karin@example.se', mobile: '+46701234567' }]),
    );
    await waitFor(() =>
      expect(bff.bodies('POST', '/api/flow/interaction')).toEqual([
        { action: 'contact.submit', object: 'contact_form' },
      ]),
    );
    expect(await screen.findByText(en.saved)).toBeTruthy();
  });

  it('keeps the focus on Save while it saves, and a second press sends nothing', async () => {
    const held = heldAnswer({ status: 200, body: { contact: { email: 'karin@example.se', mobile: '+46701234567' } } });
    bff.answer('POST', CONTACT, held.answer);
    renderFlow('/flow/contact');
    await fill('karin@example.se', '070-123 45 67');
    const saving = await screen.findByRole('button', { name: en.saving });
    // A disabled button would drop the keyboard focus to the page; this one says it is busy and stays focusable.
    expect((saving as HTMLButtonElement).disabled).toBe(false);
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    await act(async () => fireEvent.click(saving));
    await act(async () => held.release());
    expect(await screen.findByText(en.saved)).toBeTruthy();
    expect(bff.bodies('POST', CONTACT)).toHaveLength(1);
  });

  it('speaks Swedish', async () => {
    renderFlow('/flow/contact', { lng: 'sv' });
    fireEvent.change(await screen.findByLabelText(sv.email), { target: { value: 'fel' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: sv.submit })));
    expect(screen.getByText('Ogiltig e-postadress')).toBeTruthy();
  });
});
