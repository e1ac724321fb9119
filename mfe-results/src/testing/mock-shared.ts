import { useFakeSession } from './fake-session';

/**
 * The real '@home-energy/shared' with the session replaced by the tests' fake. Use as
 * `jest.mock('@home-energy/shared', () => jest.requireActual('<path>/testing/mock-shared').sharedWithFakeSession())`.
 */
export function sharedWithFakeSession() {
  const actual = jest.requireActual<Record<string, unknown>>('@home-energy/shared');
  return { ...actual, useSession: useFakeSession };
}
