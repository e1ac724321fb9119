import { useFakeSession } from './fake-session';

/** The auth functions of '@home-energy/shared' as the tests drive them. */
export const mockGetCsrfToken = jest.fn<Promise<string | undefined>, []>();
export const mockRefreshSession = jest.fn<Promise<unknown>, unknown[]>();

/**
 * The real '@home-energy/shared' with the session and auth client replaced. Use as
 * `jest.mock('@home-energy/shared', () => jest.requireActual('<path>/testing/mock-shared').sharedWithFakeAuth())`.
 */
export function sharedWithFakeAuth() {
  const actual = jest.requireActual<Record<string, unknown>>('@home-energy/shared');
  return {
    ...actual,
    useSession: useFakeSession,
    getCsrfToken: () => mockGetCsrfToken(),
    refreshSession: (...args: unknown[]) => mockRefreshSession(...args),
  };
}
