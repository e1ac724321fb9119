import '../../../../testing/setup-dom';
import { act, fireEvent, screen } from '@testing-library/react';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import type { ConsoleAccount } from '@home-energy/shared';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { renderConsole } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const ACCOUNT = '/api/console/org/demo-energi/account';
const account: ConsoleAccount = {
  id: 3,
  name: 'Energi Staff',
  email: 'staff@energi.demo.test',
  superAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: null,
  mailLanguage: 'sv',
  organisations: [{ slug: 'demo-energi', name: 'Demo Energi AB', role: 'staff', features: [], isInstaller: false }],
};

beforeEach(() => setSession(demoSessions.energiStaff));

async function changePassword(current: string, next: string) {
  fireEvent.change(screen.getByLabelText('Nuvarande lösenord'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('Nytt lösenord'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Upprepa det nya lösenordet'), { target: { value: next } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Byt lösenord' })));
}

it('says in Swedish what is wrong with a new password, its own check and the BFF’s', async () => {
  const bff = installFakeBff({
    'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
    [`GET ${ACCOUNT}`]: () => [200, account],
    [`POST ${ACCOUNT}/password`]: () => [
      400,
      {
        error: 'bad_request',
        message: 'Invalid body.currentPassword: the current password is wrong',
        issues: [{ path: 'body.currentPassword', message: 'the current password is wrong' }],
      },
    ],
  });
  renderConsole('/console/org/demo-energi/account', { lng: 'sv' });
  await screen.findByLabelText('Nuvarande lösenord');

  await changePassword('ett långt lösenord', 'ett långt lösenord');
  expect(screen.getByText('Välj ett lösenord som du inte har använt här.')).toBeTruthy();
  await changePassword('gammalt', 'x'.repeat(201));
  expect(screen.getByText('Högst 200 tecken')).toBeTruthy();
  expect(bff.calls('POST', `${ACCOUNT}/password`)).toHaveLength(0);

  await changePassword('fel lösenord', 'ett nytt långt lösenord');
  expect(await screen.findByText('Det nuvarande lösenordet är fel.')).toBeTruthy();
  expect(screen.getByLabelText('Nuvarande lösenord').getAttribute('aria-invalid')).toBe('true');
  expect(screen.queryByText(/wrong|must|choose/i)).toBeNull();
});
