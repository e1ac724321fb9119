import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { homeownerSession, setSession } from '../../../../testing/fake-session';
import { currentLocation, renderFlow, texts } from '../../../../testing/render-flow';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const en = texts.en.flow.addProperty;
const ADD = '/api/flow/user/profile/property';
let bff: FakeBff;

beforeEach(() => {
  setSession(homeownerSession);
  bff = installFakeBff();
  bff.answer('POST', ADD, ok({ properties: [], property: { id: 77, name: 'Storgatan 1' } }));
});

async function fill(street: string, postalCode: string, postalCity: string) {
  fireEvent.change(await screen.findByLabelText(en.street), { target: { value: street } });
  fireEvent.change(screen.getByLabelText(en.postalCode), { target: { value: postalCode } });
  fireEvent.change(screen.getByLabelText(en.postalCity), { target: { value: postalCity } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.submit })));
}

describe('adding a property', () => {
  it('without all three fields nothing happens', async () => {
    renderFlow('/flow/add-property');
    await fill('Storgatan 1', '', 'Uppsala');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bff.bodies('POST', ADD)).toEqual([]);
  });

  it('a postal code that is not five digits is refused with the page’s text, without asking the BFF', async () => {
    renderFlow('/flow/add-property');
    await fill('Storgatan 1', '7531', 'Uppsala');
    expect((await screen.findByRole('alert')).textContent).toBe(en.invalid);
    expect(bff.bodies('POST', ADD)).toEqual([]);
  });

  it('sends the trimmed address and opens the new home’s results', async () => {
    renderFlow('/flow/add-property');
    await fill(' Storgatan 1 ', '753 20', ' Uppsala');
    const sent = { street: 'Storgatan 1', postalCode: '753 20', postalCity: 'Uppsala' };
    await waitFor(() => expect(bff.bodies('POST', ADD)).toEqual([sent]));
    await waitFor(() => expect(currentLocation().pathname).toBe('/property/77/building/primary/results-dashboard'));
  });
});
