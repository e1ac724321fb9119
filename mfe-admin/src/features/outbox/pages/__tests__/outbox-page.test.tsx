import '../../../../testing/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setSession } from '@home-energy/shared/testing/fake-session';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import type { OutboxEntry } from '@home-energy/shared/schemas/mail';
import { currentLocation, renderAdmin, sessions, texts } from '../../../../testing/render-admin';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());

const en = texts.en.admin;
const sv = texts.sv.admin;

function mail(id: string, to: string, subject: string, failed = false): OutboxEntry {
  return { id, date: '2026-11-26T10:15:00.000Z', to, subject, failed };
}

function outboxBff(total = 30) {
  return installFakeBff({
    'GET /api/admin/outbox': (r) => {
      const page = Number(r.query.get('page'));
      const mails =
        total === 0
          ? []
          : [
              mail(`20261126t101500000z-0000000${page}`, `ny${page}@energi.test`, 'Ditt konto i Home Energy-konsolen'),
              mail('20261126t091500000z-0000000f', 'anna@example.se', 'Ny förfrågan', true),
            ];
      return [200, { total, page, pageSize: 25, delivers: false, mails }];
    },
    'GET /api/admin/outbox/20261126t101500000z-00000001': () => [
      200,
      {
        ...mail('20261126t101500000z-00000001', 'ny1@energi.test', 'Ditt konto i Home Energy-konsolen'),
        from: 'Home Energy <no-reply@home-energy.invalid>',
        text: 'Välj ditt lösenord: http://localhost:3000/console/set-password#token=abc',
      },
    ],
  });
}

beforeEach(() => setSession(sessions.superAdmin));

it('lists the mails newest first with date, recipient and subject, marks undelivered ones, and pages', async () => {
  const bff = outboxBff();
  renderAdmin('/console/admin/outbox');
  expect(screen.getByRole('heading', { level: 1, name: en.pages.outbox.title })).toBeTruthy();
  const table = await screen.findByRole('table', { name: en.outbox.caption });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Date', 'To', 'Subject']);
  const [first, second] = within(table).getAllByRole('row').slice(1);
  expect(first!.textContent).toContain('ny1@energi.test');
  expect(within(second!).getByText(en.outbox.failed)).toBeTruthy();
  expect(screen.getByText('Page 1 of 2 (30 mails)')).toBeTruthy();

  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.outbox.next })));
  expect(currentLocation().searchParams.get('page')).toBe('2');
  expect(await screen.findByText('ny2@energi.test')).toBeTruthy();
  expect(bff.calls('GET', '/api/admin/outbox').at(-1)!.query.get('page')).toBe('2');
});

it('opens a mail to read it, and goes back to the list', async () => {
  outboxBff();
  renderAdmin('/console/admin/outbox');
  await act(async () =>
    fireEvent.click(await screen.findByRole('link', { name: 'Ditt konto i Home Energy-konsolen' })),
  );
  expect(currentLocation().pathname).toBe('/console/admin/outbox/20261126t101500000z-00000001');
  expect(await screen.findByRole('heading', { level: 1, name: 'Ditt konto i Home Energy-konsolen' })).toBeTruthy();
  expect(screen.getByText(/set-password#token=abc/)).toBeTruthy();
  expect(screen.getByText('Home Energy <no-reply@home-energy.invalid>')).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole('link', { name: en.outbox.back })));
  expect(currentLocation().pathname).toBe('/console/admin/outbox');
});

it('says when the outbox is empty, in Swedish too', async () => {
  outboxBff(0);
  renderAdmin('/console/admin/outbox', { lng: 'sv' });
  expect(await screen.findByText(sv.outbox.empty)).toBeTruthy();
});
