import '../../../../testing/setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import type { AccessLog, StaffAccessEntry } from '@home-energy/shared';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { currentLocation, renderConsole } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const DATA_ACCESS = '/api/console/org/demo-energi/data-access';

const entries: StaffAccessEntry[] = [
  {
    organisation: 'Demo Energi',
    role: 'super_admin',
    impersonating: true,
    reason: 'property_lookup',
    at: '2026-11-21T10:00:00.000Z',
    staff: 'super@demo.test',
    homeowner: 'h12',
  },
  {
    organisation: 'Demo Energi',
    role: 'staff',
    impersonating: false,
    reason: 'lead_list',
    at: '2026-11-20T09:00:00.000Z',
    staff: 'staff@energi.demo.test',
    homeowner: 'h7',
  },
];

function fakeBff() {
  return installFakeBff({
    'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
    [`GET ${DATA_ACCESS}`]: (r) => {
      const reason = r.query.get('reason');
      const shown = entries.filter((e) => !reason || e.reason === reason);
      return [200, { entries: shown, total: shown.length, page: 1, size: 50 } satisfies AccessLog<StaffAccessEntry>];
    },
  });
}

beforeEach(() => setSession(demoSessions.energiAdmin));

describe('who saw personal data (organisation admins)', () => {
  it("lists the staff's accesses, newest first, with role, page and the homeowner's reference", async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/data-access');
    expect(await screen.findByText('2 entries')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [expect.any(String), 'super@demo.test', 'Super admin (acting as the organisation)', 'Property lookup', 'h12'],
      [expect.any(String), 'staff@energi.demo.test', 'Staff', 'Installer requests list', 'h7'],
    ]);
    expect(bff.unrouted).toEqual([]);
  });

  it('filters by the page that showed the data, in the URL', async () => {
    fakeBff();
    renderConsole('/console/org/demo-energi/data-access');
    await screen.findByText('2 entries');
    fireEvent.change(screen.getByLabelText('Page'), { target: { value: 'lead_list' } });
    expect(await screen.findByText('1 entry')).toBeTruthy();
    expect(currentLocation().search).toBe('?reason=lead_list');
  });

  it('is not offered to staff', async () => {
    setSession(demoSessions.energiStaff);
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/data-access');
    expect(await screen.findByText('You do not have access to this page')).toBeTruthy();
    expect(bff.calls('GET', DATA_ACCESS)).toEqual([]);
  });
});
