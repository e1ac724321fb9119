import '../../../../testing/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { renderConsole } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const anna = {
  id: 2,
  email: 'admin@energi.demo.test',
  name: 'Anna Admin',
  active: true,
  superAdmin: false,
  demo: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: null,
  managedElsewhere: false,
  memberships: [{ organisation: 'demo-energi', organisationName: 'Demo Energi', role: 'admin' }],
};

it("lets an organisation admin manage the organisation's own users from the console", async () => {
  const bff = installFakeBff({
    'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
    'GET /api/console/org/demo-energi/users': () => [200, { users: [anna] }],
    'POST /api/console/org/demo-energi/users': (r) => [
      201,
      {
        user: {
          ...anna,
          id: 9,
          email: 'ny@energi.test',
          name: 'Ny Person',
          memberships: [{ ...anna.memberships[0], role: 'staff' }],
        },
        oneTimePassword: 'abcd-efgh-jkmn-pqrs',
        echo: r.body,
      },
    ],
  });
  setSession({ ...demoSessions.energiAdmin, user: { ...demoSessions.energiAdmin.user, id: '2' } });
  renderConsole('/console/org/demo-energi/user-management');
  expect(await screen.findByRole('heading', { level: 1, name: 'User management' })).toBeTruthy();
  expect(screen.getByText(/Your organisation's console users/)).toBeTruthy();
  const table = await screen.findByRole('table', { name: /Console users/ });
  expect(within(table).getByRole('rowheader', { name: 'Anna Admin (you)' })).toBeTruthy();
  expect(screen.queryByLabelText('Organisation')).toBeNull();

  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ny Person' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ny@energi.test' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create user' })));
  expect(bff.calls('POST', '/api/console/org/demo-energi/users')[0].body).toEqual({
    email: 'ny@energi.test',
    name: 'Ny Person',
    role: 'staff',
  });
  expect((await screen.findByTestId('one-time-password-value')).textContent).toBe('abcd-efgh-jkmn-pqrs');
  expect(bff.unrouted).toEqual([]);
});
