import '../../../../testing/setup-dom';
import { screen, within } from '@testing-library/react';
import { setSession } from '@home-energy/shared/testing/fake-session';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import { renderAdmin, sessions } from '../../../../testing/render-admin';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());

it('manages every console user with the shared components, filtered by the organisation in the address', async () => {
  setSession(sessions.superAdmin);
  const bff = installFakeBff({
    'GET /api/admin/organisations': () => [
      200,
      {
        organisations: [
          { slug: 'demo-bank', name: 'Demo Bank' },
          { slug: 'demo-energi', name: 'Demo Energi AB' },
        ],
      },
    ],
    'GET /api/admin/users': () => [
      200,
      {
        users: [
          {
            id: 4,
            email: 'admin@bank.demo.test',
            name: 'Bengt Bankadmin',
            active: true,
            superAdmin: false,
            demo: true,
            createdAt: '2026-01-01T00:00:00.000Z',
            lastSignInAt: null,
            managedElsewhere: false,
            memberships: [{ organisation: 'demo-bank', organisationName: 'Demo Bank', role: 'admin' }],
          },
        ],
      },
    ],
  });
  renderAdmin('/console/admin/user-management?organisation=demo-bank');
  expect(screen.getByRole('heading', { level: 1, name: 'User management' })).toBeTruthy();
  const table = await screen.findByRole('table', { name: /Console users/ });
  expect(within(table).getByRole('rowheader', { name: 'Bengt Bankadmin' })).toBeTruthy();
  expect((screen.getByLabelText('Filter by organisation') as HTMLSelectElement).value).toBe('demo-bank');
  expect(bff.calls('GET', '/api/admin/users')[0].query.get('organisation')).toBe('demo-bank');
  expect(
    within(screen.getByLabelText('Filter by organisation')).getByRole('option', { name: 'Demo Energi AB' }),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'User management', current: 'page' })).toBeTruthy();
});
