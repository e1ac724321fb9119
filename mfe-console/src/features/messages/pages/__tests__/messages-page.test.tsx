import '../../../../testing/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import type { ContentItem, ContentItemInput } from '@home-energy/shared';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { renderConsole } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const MESSAGES = '/api/console/org/demo-energi/messages';

function fakeBff() {
  let items: ContentItem[] = [];
  let next = 1;
  const store = (body: ContentItemInput, id: number): ContentItem => ({
    id,
    slug: body.slug,
    type: body.type,
    title: body.title,
    key: body.key,
    content: body.content,
    date: body.date ?? null,
    valid_until: body.valid_until ?? null,
    language: body.language ?? null,
    organisation: body.all_brands ? null : { slug: 'demo-energi', name: 'Demo Energi AB' },
    image: body.image ?? null,
    activity: body.activity ?? null,
    require_terms: body.require_terms ?? false,
    updated_at: '2026-11-23T10:00:00.000Z',
  });
  return installFakeBff({
    'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
    [`GET ${MESSAGES}`]: (r) => [
      200,
      {
        items: items.filter(
          (i) => !r.query.get('q') || i.title.toLowerCase().includes(r.query.get('q')!.toLowerCase()),
        ),
      },
    ],
    [`POST ${MESSAGES}`]: (r) => {
      const body = r.body as ContentItemInput;
      if (body.type === 'refused') return [403, { error: 'forbidden', message: 'Only super admins may do this.' }];
      if (items.some((i) => i.slug === body.slug)) {
        const message = `A message with the slug "${body.slug}" exists already. Choose another slug.`;
        return [409, { error: 'conflict', message, issues: [{ path: 'body.slug', code: 'taken', message }] }];
      }
      const item = store(body, next++);
      items = [...items, item];
      return [201, item];
    },
    [`PUT ${MESSAGES}/(\\d+)`]: (r, m) => {
      const item = store(r.body as ContentItemInput, Number(m[1]));
      items = items.map((i) => (i.id === item.id ? item : i));
      return [200, item];
    },
    [`DELETE ${MESSAGES}/(\\d+)`]: (_r, m) => {
      items = items.filter((i) => i.id !== Number(m[1]));
      return [204];
    },
  });
}

async function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => setSession(demoSessions.superAdmin));

describe('the knowledge base', () => {
  it('creates a message with a live preview, edits it, previews it in the list, deletes it after asking', async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/messages');
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New message' }));
    await fill({
      Title: 'Grant for heat pumps',
      Slug: 'heat-pump-grant',
      Key: 'results.subsidies',
      Type: 'subsidy',
      Content: 'Replace oil heating and get a grant.',
      Date: '2026-01-01',
    });
    fireEvent.change(screen.getByLabelText('Recommendation'), { target: { value: 'heat_pump_airwater' } });
    fireEvent.click(screen.getByLabelText('The homeowner must accept the terms'));
    fireEvent.click(screen.getByLabelText("Show to homeowners of every brand, not only this organisation's"));
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-12-31' } });
    const preview = within(screen.getByTestId('message-preview'));
    // The homeowner's own message component: the same region, title, date line and text as on a recommendation card.
    const message = within(preview.getByRole('region', { name: 'Tip: Grant for heat pumps' }));
    expect(message.getByText('Applies from 1 January 2026')).toBeTruthy();
    expect(message.getByText('Replace oil heating and get a grant.')).toBeTruthy();
    expect(preview.getByText('subsidy · Air-to-water heat pump · results.subsidies')).toBeTruthy();
    expect(
      preview.getByText('Every language · Every brand · Shown until 31 Dec 2026 · The homeowner must accept the terms'),
    ).toBeTruthy();
    expect(screen.getByText('36 of 2000 characters')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save message' })));
    expect(bff.calls('POST', MESSAGES)[0]!.body).toEqual({
      slug: 'heat-pump-grant',
      type: 'subsidy',
      title: 'Grant for heat pumps',
      key: 'results.subsidies',
      content: 'Replace oil heating and get a grant.',
      date: '2026-01-01',
      valid_until: '2026-12-31',
      language: null,
      image: null,
      activity: 'heat_pump_airwater',
      require_terms: true,
      all_brands: true,
    });
    expect(await screen.findByText('“Grant for heat pumps” is created.')).toBeTruthy();
    const row = await screen.findByRole('rowheader', { name: /Grant for heat pumps/ });
    expect(row).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Preview “Grant for heat pumps”' }));
    expect(
      within(screen.getByTestId('message-preview')).getByText('Replace oil heating and get a grant.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit “Grant for heat pumps”' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Grant for heat pumps');
    await fill({ Title: 'Heat pump grant 2026' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save message' })));
    expect((bff.calls('PUT', `${MESSAGES}/1`)[0]!.body as ContentItemInput).title).toBe('Heat pump grant 2026');
    expect(await screen.findByRole('rowheader', { name: /Heat pump grant 2026/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Heat pump grant 2026”' }));
    expect(bff.calls('DELETE', `${MESSAGES}/1`)).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Yes, delete/ })));
    expect(bff.calls('DELETE', `${MESSAGES}/1`)).toHaveLength(1);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(bff.unrouted).toEqual([]);
  });

  it('checks the message before sending it, and shows the BFF’s refusal at the field or for the form', async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/messages');
    fireEvent.click(await screen.findByRole('button', { name: 'New message' }));
    await fill({ Title: 'Long', Slug: 'long', Key: 'k', Type: 'info', Content: 'x'.repeat(2001) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save message' })));
    expect(screen.getByText('At most 2000 characters')).toBeTruthy();
    expect(screen.getByLabelText('Content').getAttribute('aria-invalid')).toBe('true');
    expect(bff.calls('POST', MESSAGES)).toHaveLength(0);
    await fill({ Content: 'short' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save message' })));
    fireEvent.click(await screen.findByRole('button', { name: 'New message' }));
    await fill({ Title: 'Again', Slug: 'long', Key: 'k', Type: 'info', Content: 'c' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save message' })));
    expect(await screen.findByText('Already in use: choose another')).toBeTruthy();
    expect(screen.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true');
    await fill({ Slug: 'other', Type: 'refused' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save message' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Only super admins may do this.');
  });

  it('says every problem in Swedish, with the field’s limit or rule', async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/messages', { lng: 'sv' });
    fireEvent.click(await screen.findByRole('button', { name: 'Nytt meddelande' }));
    await fill({ Rubrik: 'x'.repeat(101), Kortnamn: 'Inte Så', Bild: 'javascript:alert(1)' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Spara meddelandet' })));
    expect(screen.getByText('Högst 100 tecken')).toBeTruthy();
    expect(screen.getByText('Små bokstäver, siffror och bindestreck')).toBeTruthy();
    expect(screen.getByText('En https-adress eller en sökväg som börjar med /')).toBeTruthy();
    // Type, key and content are empty.
    expect(screen.getAllByText('Får inte vara tomt')).toHaveLength(3);
    expect(screen.queryByText(/must|lower-case|https URL/)).toBeNull();
    expect(bff.calls('POST', MESSAGES)).toHaveLength(0);

    await fill({ Rubrik: 'Bidrag', Kortnamn: 'bidrag', Nyckel: 'k', Typ: 'info', Innehåll: 'c', Bild: '' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Spara meddelandet' })));
    fireEvent.click(await screen.findByRole('button', { name: 'Nytt meddelande' }));
    await fill({ Rubrik: 'Igen', Kortnamn: 'bidrag', Nyckel: 'k', Typ: 'info', Innehåll: 'c' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Spara meddelandet' })));
    expect(await screen.findByText('Används redan – välj ett annat')).toBeTruthy();
    await fill({ Kortnamn: 'annat', Typ: 'refused' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Spara meddelandet' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Du har inte behörighet att göra det här.');
  });
});
