import '../../../../testing/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import type { ValidationItem } from '@home-energy/shared';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { renderConsole } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const QUEUE = '/api/console/org/demo-energi/validation';
const DOCUMENT = '5b0f7c1e-2a3b-4c5d-8e9f-0123456789ab';

const implausible: ValidationItem = {
  profile_id: 11,
  property: { id: 42, name: 'Storgatan 1, 111 22 Stockholm' },
  owner: 'visitor',
  calculated_class: 'E',
  issued_epc: null,
  issues: [
    { rule: 'heat_pump_before_construction', values: { heat_pump_installation_year: 1975, construction_year: 1980 } },
  ],
  documents: [],
  updated_at: '2026-11-20T09:00:00.000Z',
};
const uploaded: ValidationItem = {
  profile_id: 12,
  property: { id: 43, name: 'Storgatan 3, 111 22 Stockholm' },
  owner: 'homeowner',
  calculated_class: 'D',
  issued_epc: null,
  issues: [],
  documents: [
    {
      id: DOCUMENT,
      file_name: 'energideklaration.pdf',
      content_type: 'application/pdf',
      size_bytes: 48_128,
      energy_class: 'B',
      ep: 72,
      issued_at: '2024-03-01',
      status: 'pending',
      uploaded_at: '2026-11-21T10:00:00.000Z',
    },
  ],
  updated_at: '2026-11-21T10:00:00.000Z',
};

function fakeBff() {
  let items = [implausible, uploaded];
  const bff = installFakeBff({
    'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
    [`GET ${QUEUE}`]: () => [200, { items, open: items.length }],
    [`POST ${QUEUE}/documents/([^/]+)/approve`]: (_r, m) => {
      items = items.filter((i) => !i.documents.some((d) => d.id === m[1]));
      return [200, { document: { id: m[1], status: 'approved' } }];
    },
    [`POST ${QUEUE}/documents/([^/]+)/reject`]: (_r, m) => {
      items = items.filter((i) => !i.documents.some((d) => d.id === m[1]));
      return [200, { document: { id: m[1], status: 'rejected' } }];
    },
    [`POST ${QUEUE}/profiles/(\\d+)/review`]: (_r, m) => {
      items = items.filter((i) => i.profile_id !== Number(m[1]));
      return [200, { profile_id: Number(m[1]) }];
    },
  });
  return bff;
}

const card = (address: string) => within(screen.getByRole('heading', { level: 2, name: address }).closest('li')!);

beforeEach(() => setSession(demoSessions.energiStaff));

describe('the validation queue', () => {
  it('shows why each home is there: the rule with the answers, and the certificate with a download link', async () => {
    fakeBff();
    renderConsole('/console/org/demo-energi/validation');
    expect(await screen.findByText('2 homes waiting.')).toBeTruthy();
    const first = card('Storgatan 1, 111 22 Stockholm');
    expect(first.getByRole('listitem').textContent).toBe(
      'Heat pump older than the house. Installed 1975, house built 1980.',
    );
    const second = card('Storgatan 3, 111 22 Stockholm');
    const link = second.getByRole('link', { name: 'Open energideklaration.pdf' });
    expect(link.getAttribute('href')).toBe(`/api/console/org/demo-energi/validation/documents/${DOCUMENT}/file`);
    expect(second.getByText(/The homeowner says class B · EP 72 kWh\/m² · issued 1 Mar 2024/)).toBeTruthy();
    expect(second.getByText(/47 kB/)).toBeTruthy();
  });

  it('says "1 floor" and "2 floors" (plural forms), in Swedish too', async () => {
    const floors = (n: number, id: number): ValidationItem => ({
      ...implausible,
      profile_id: id,
      property: { id, name: `Gatan ${n}` },
      issues: [{ rule: 'atemp_per_floor', values: { atemp: 900, num_floors: n, per_floor: Math.round(900 / n) } }],
    });
    installFakeBff({
      'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
      [`GET ${QUEUE}`]: () => [200, { items: [floors(1, 1), floors(2, 2)], open: 2 }],
    });
    const { unmount } = renderConsole('/console/org/demo-energi/validation');
    expect(
      (await screen.findByRole('heading', { level: 2, name: 'Gatan 1' })) &&
        card('Gatan 1').getByRole('listitem').textContent,
    ).toBe('Floor area per storey. 900 m² over 1 floor is 900 m² a floor.');
    expect(card('Gatan 2').getByRole('listitem').textContent).toBe(
      'Floor area per storey. 900 m² over 2 floors is 450 m² a floor.',
    );
    unmount();
    renderConsole('/console/org/demo-energi/validation', { lng: 'sv' });
    await screen.findByRole('heading', { level: 2, name: 'Gatan 1' });
    expect(card('Gatan 1').getByRole('listitem').textContent).toBe(
      'Yta per våning. 900 m² på 1 våning är 900 m² per våning.',
    );
    expect(card('Gatan 2').getByRole('listitem').textContent).toBe(
      'Yta per våning. 900 m² på 2 våningar är 450 m² per våning.',
    );
  });

  it('approves a certificate as given or corrected; the home leaves the queue', async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/validation');
    const second = await screen
      .findByText('Storgatan 3, 111 22 Stockholm')
      .then(() => card('Storgatan 3, 111 22 Stockholm'));
    fireEvent.change(second.getByLabelText('Class on the certificate'), { target: { value: 'C' } });
    await act(async () => fireEvent.click(second.getByRole('button', { name: 'Approve as issued label' })));
    expect(bff.calls('POST', `${QUEUE}/documents/${DOCUMENT}/approve`)[0]!.body).toEqual({ energy_class: 'C' });
    expect(await screen.findByText("Approved: the home's issued label is now C.")).toBeTruthy();
    expect(await screen.findByText('1 home waiting.')).toBeTruthy();
    expect(screen.queryByText('Storgatan 3, 111 22 Stockholm')).toBeNull();
  });

  it("says a refusal in the page's language, not in the API's English", async () => {
    installFakeBff({
      'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
      [`GET ${QUEUE}`]: () => [200, { items: [uploaded], open: 1 }],
      [`POST ${QUEUE}/documents/([^/]+)/approve`]: () => [
        409,
        { error: 'conflict', message: 'This document was approved already.' },
      ],
    });
    renderConsole('/console/org/demo-energi/validation', { lng: 'sv' });
    const item = await screen
      .findByText('Storgatan 3, 111 22 Stockholm')
      .then(() => card('Storgatan 3, 111 22 Stockholm'));
    await act(async () => fireEvent.click(item.getByRole('button', { name: 'Godkänn som utfärdad klass' })));
    expect(
      await screen.findByText('Det gick inte eftersom något har ändrats under tiden. Ladda om sidan och försök igen.'),
    ).toBeTruthy();
    expect(screen.queryByText(/approved already/)).toBeNull();
  });

  it('rejects a certificate only with a reason', async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/validation');
    await screen.findByText('Storgatan 3, 111 22 Stockholm');
    const second = card('Storgatan 3, 111 22 Stockholm');
    fireEvent.click(second.getByRole('button', { name: 'Reject' }));
    const confirm = second.getByRole('button', { name: 'Reject the certificate' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(second.getByLabelText('Why it is rejected'), { target: { value: 'Another address' } });
    await act(async () => fireEvent.click(confirm));
    expect(bff.calls('POST', `${QUEUE}/documents/${DOCUMENT}/reject`)[0]!.body).toEqual({ reason: 'Another address' });
  });

  it('takes a decision on implausible answers, and says when nothing is left', async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/validation');
    await screen.findByText('Storgatan 1, 111 22 Stockholm');
    await act(async () =>
      fireEvent.click(card('Storgatan 1, 111 22 Stockholm').getByRole('button', { name: 'Answers are right' })),
    );
    expect(bff.calls('POST', `${QUEUE}/profiles/11/review`)[0]!.body).toEqual({ outcome: 'accepted' });
    await screen.findByText('1 home waiting.');
    await act(async () =>
      fireEvent.click(card('Storgatan 3, 111 22 Stockholm').getByRole('button', { name: 'Approve as issued label' })),
    );
    expect(await screen.findByText('Nothing to validate')).toBeTruthy();
    expect(bff.unrouted).toEqual([]);
  });
});
