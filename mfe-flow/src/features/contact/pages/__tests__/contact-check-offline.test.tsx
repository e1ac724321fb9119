/**
 * The contact form's check (the BFF's schema with the phone-number metadata) is loaded when the form is used. When it
 * cannot be loaded, nothing is sent and the form says the details were not saved; the next try loads it again.
 */
import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { homeownerSession, setSession } from '../../../../testing/fake-session';
import { renderFlow, texts } from '../../../../testing/render-flow';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

let online = false;
jest.mock('@home-energy/shared/validation/contact', () => {
  if (!online) throw new Error('the chunk did not load');
  return jest.requireActual('@home-energy/shared/validation/contact');
});

const en = texts.en.flow.contact;
const CONTACT = '/api/flow/user/profile/contact';
let bff: FakeBff;

beforeEach(() => {
  setSession(homeownerSession);
  bff = installFakeBff();
  const profile = { user_id: 'h1', name: 'Karin', personalNumberMasked: '19850709-****', contact: null };
  bff.answer('GET', '/api/flow/user/profile', ok({ ...profile, properties: [], selectedPropertyId: null }));
  bff.answer('POST', CONTACT, ok({ contact: { email: 'karin@example.se', mobile: '+46701234567' } }));
  bff.answer('POST', '/api/flow/interaction', { status: 204 });
});

test('a check that cannot load sends nothing and says so; the next try checks and saves', async () => {
  renderFlow('/flow/contact');
  fireEvent.change(await screen.findByLabelText(en.email), { target: { value: 'karin@example.se' } });
  fireEvent.change(screen.getByLabelText(en.mobile), { target: { value: '070-123 45 67' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.submit })));
  expect(await screen.findByText(en.failed)).toBeTruthy();
  expect(bff.bodies('POST', CONTACT)).toEqual([]);

  online = true;
  jest.resetModules();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.submit })));
  await waitFor(() =>
    expect(bff.bodies('POST', CONTACT)).toEqual([{ email: 'karin@example.se', mobile: '+46701234567' }]),
  );
});
