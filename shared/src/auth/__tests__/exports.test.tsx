// The auth client as the remotes see it: through '@home-energy/shared' (src/index.ts) and the auth/session barrel.
beforeAll(() => {
  // The package entry loads react-router (needs TextEncoder) and RTK Query (warns without fetch); jsdom has neither.
  const { TextEncoder, TextDecoder } = jest.requireActual<typeof import('node:util')>('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder, fetch: jest.fn() });
});

const FUNCTIONS = ['SessionProvider', 'useSession', 'fetchSession', 'getSession', 'announceSession', 'getCsrfToken', 'getProviders', 'signIn', 'signOut'];

it.each([
  ['@home-energy/shared', () => import('../../index')],
  ['auth/session', () => import('../session')],
])('%s exports the auth client', async (_name, load) => {
  const mod = (await load()) as Record<string, unknown>;
  for (const name of FUNCTIONS) expect([name, typeof mod[name]]).toEqual([name, 'function']);
  expect(mod.SESSION_BROADCAST_KEY).toBe('nextauth.message');
});
