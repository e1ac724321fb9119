import '../../../../testing/setup-dom';
import { act, screen, waitFor } from '@testing-library/react';
import { installFakeBff, heldAnswer, ok, type FakeBff } from '../../../../testing/fake-bff';
import { setSession } from '../../../../testing/fake-session';
import { activity, answersOf, calculatedLabel, information, paths } from '../../../../testing/fixtures';
import { renderResults } from '../../../../testing/render-results';
import { RecommendationCard } from '../../../recommendations/components/recommendation-card';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());
// Counts the cards' renders: the page's promise is that an answer which changes only the header redraws no card.
jest.mock('../../../recommendations/components/recommendation-card', () => {
  const actual = jest.requireActual('../../../recommendations/components/recommendation-card');
  return { ...actual, RecommendationCard: jest.fn(actual.RecommendationCard) };
});

const home = paths(42);
let bff: FakeBff;

beforeEach(() => {
  setSession(null);
  bff = installFakeBff();
});

describe('the dashboard while its answers arrive', () => {
  it('an address that comes after the measures changes the header and redraws no recommendation', async () => {
    bff.answer('GET', home.recommendations, ok({ recommendations: [activity('insulation_attic')], errors: [] }));
    bff.answer('GET', home.information, ok(information(calculatedLabel('G'))));
    const address = heldAnswer({ status: 200, body: answersOf(42, 'Storgatan 7, 111 22 Stockholm') });
    bff.answer('GET', home.answers, address.answer);
    renderResults(home.page);
    await screen.findByRole('heading', { level: 4, name: 'Attic insulation' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print report' })).toHaveProperty('disabled', false));
    const cardRenders = jest.mocked(RecommendationCard).mock.calls.length;

    await act(async () => address.release());
    expect(await screen.findByText('Storgatan 7, 111 22 Stockholm')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'Attic insulation' })).toBeTruthy();
    expect(jest.mocked(RecommendationCard).mock.calls.length).toBe(cardRenders);
  });
});
