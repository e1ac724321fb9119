import { useFakeSession } from '@home-energy/shared/testing/fake-session';

/**
 * The real '@home-energy/shared' with the session replaced by the test's. Use as
 * `jest.mock('@home-energy/shared', () => jest.requireActual('<path>/testing/mock-shared').sharedWithFakeSession())`.
 */
export function sharedWithFakeSession() {
  const actual = jest.requireActual<Record<string, unknown>>('@home-energy/shared');
  return { ...actual, useSession: useFakeSession };
}
