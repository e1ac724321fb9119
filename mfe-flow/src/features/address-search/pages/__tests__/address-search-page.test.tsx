import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { currentLocation, renderFlow, texts } from '../../../../testing/render-flow';

const en = texts.en.flow.search;
const SUGGESTIONS = '/api/flow/property-search/suggestions';
const homes = [
  {
    id: 11,
    name: 'Storgatan 1, 111 22 Stockholm',
    street: 'Storgatan 1',
    postal_code: '11122',
    postal_city: 'Stockholm',
  },
  {
    id: 12,
    name: 'Storgatan 3, 111 22 Stockholm',
    street: 'Storgatan 3',
    postal_code: '11122',
    postal_city: 'Stockholm',
  },
];

let bff: FakeBff;
beforeEach(() => {
  bff = installFakeBff();
  bff.answer('GET', SUGGESTIONS, ok({ suggestions: homes }));
});

function input() {
  return screen.getByRole('combobox', { name: en.label });
}

describe('the address search', () => {
  it('suggests addresses as you type (once, after a pause) and is driven by the keyboard', async () => {
    renderFlow('/');
    fireEvent.change(input(), { target: { value: 'S' } });
    fireEvent.change(input(), { target: { value: 'St' } });
    fireEvent.change(input(), { target: { value: 'Stor' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Storgatan 1111 22 Stockholm', 'Storgatan 3111 22 Stockholm']);
    expect(bff.fetch.mock.calls.filter(([r]) => new URL(r.url).pathname === SUGGESTIONS)).toHaveLength(1);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('2 addresses found. Use the arrow keys to choose.');

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect((input() as HTMLInputElement).value).toBe('Storgatan 3, 111 22 Stockholm');
    expect(screen.getByRole('heading', { level: 2, name: 'Storgatan 3' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.start })));
    expect(currentLocation().pathname).toBe('/flow/property/12/questions');
    await waitFor(() =>
      expect(bff.bodies('POST', '/api/flow/interaction')).toEqual([
        { action: 'property_search.start', object: 'address_search', property_id: 12 },
      ]),
    );
  });

  it('shows the street-view picture, and the generic picture without a message when it fails', async () => {
    renderFlow('/');
    fireEvent.change(input(), { target: { value: 'Stor' } });
    fireEvent.click((await screen.findAllByRole('option'))[0]!);
    const picture = screen.getByRole('img', { name: 'The house at Storgatan 1, 111 22 Stockholm' }) as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe(
      '/api/flow/property-search/google-streetview?address=Storgatan%201%2C%20111%2022%20Stockholm',
    );
    fireEvent.error(picture);
    await waitFor(() => expect(picture.getAttribute('src')).toBe('test-file-stub'));
    expect(picture.dataset.fallback).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("takes no more than the API's query does, and a refused query is not called an outage", async () => {
    bff.answer('GET', SUGGESTIONS, { status: 400, body: { error: 'bad_request', message: 'Invalid query.q' } });
    renderFlow('/');
    expect((input() as HTMLInputElement).maxLength).toBe(255);
    fireEvent.change(input(), { target: { value: 'Storgatan 1' } });
    expect(await screen.findByText(texts.en.flow.search.invalid.replace('{{max}}', '255'))).toBeTruthy();
    expect(screen.queryByText(en.failed)).toBeNull();
  });

  it('says so in Swedish on the Swedish page, and an outage is still an outage', async () => {
    const sv = texts.sv.flow.search;
    bff.answer('GET', SUGGESTIONS, { status: 400, body: { error: 'bad_request' } });
    renderFlow('/', { lng: 'sv' });
    fireEvent.change(screen.getByRole('combobox', { name: sv.label }), { target: { value: 'Storgatan 1' } });
    expect(await screen.findByText(sv.invalid.replace('{{max}}', '255'))).toBeTruthy();
    bff.answer('GET', SUGGESTIONS, { status: 503, body: { error: 'unavailable' } });
    fireEvent.change(screen.getByRole('combobox', { name: sv.label }), { target: { value: 'Storgatan 2' } });
    expect(await screen.findByText(sv.failed)).toBeTruthy();
  });

  it('says so when nothing matches, and Escape closes the list', async () => {
    bff.answer('GET', SUGGESTIONS, ok({ suggestions: [] }));
    renderFlow('/');
    fireEvent.change(input(), { target: { value: 'Nowhere' } });
    expect(await screen.findByText(en.noMatches)).toBeTruthy();
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByText(en.noMatches)).toBeNull();
  });
});
