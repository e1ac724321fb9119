/**
 * The session request started by the entry (boot/early-session.ts): read as the auth client reads `/api/auth/session`
 * (`{}` is signed out), handed to the first render when it has answered in time, and otherwise left to the
 * SessionProvider (undefined).
 */
import { requestSessionEarly, takeEarlySession } from '../early-session';

const staff = {
  user: { kind: 'staff', name: 'Super Admin', email: 'super@demo.test' },
  expires: '2099-01-01T00:00:00.000Z',
};

function answer(status: number, body: unknown, delayMs = 0): jest.Mock {
  const fetchMock = jest.fn(
    () =>
      new Promise((resolve) =>
        setTimeout(() => resolve({ ok: status >= 200 && status < 300, status, json: async () => body }), delayMs),
      ),
  );
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return fetchMock;
}

afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
});

test('asks /api/auth/session as the auth client does, and gives the signed-in session', async () => {
  const fetchMock = answer(200, staff);
  requestSessionEarly();
  expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', {
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
  });
  await expect(takeEarlySession(1000)).resolves.toEqual(staff);
});

test('an empty answer is "signed out" (null)', async () => {
  answer(200, {});
  requestSessionEarly();
  await expect(takeEarlySession(1000)).resolves.toBeNull();
});

test('a failed request is "unknown" (undefined): the SessionProvider asks itself', async () => {
  answer(500, { message: 'down' });
  requestSessionEarly();
  await expect(takeEarlySession(1000)).resolves.toBeUndefined();

  (globalThis as { fetch: unknown }).fetch = jest.fn(() => Promise.reject(new TypeError('network')));
  requestSessionEarly();
  await expect(takeEarlySession(1000)).resolves.toBeUndefined();
});

test('an answer later than the wait is not waited for', async () => {
  jest.useFakeTimers();
  answer(200, staff, 5000);
  requestSessionEarly();
  const taken = takeEarlySession(1000);
  jest.advanceTimersByTime(1000);
  await expect(taken).resolves.toBeUndefined();
});

test('taken once: a second boot gets undefined and fetches for itself', async () => {
  answer(200, staff);
  requestSessionEarly();
  await expect(takeEarlySession(1000)).resolves.toEqual(staff);
  await expect(takeEarlySession(1000)).resolves.toBeUndefined();
});
