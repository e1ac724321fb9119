import { getSession, SESSION_BROADCAST_KEY } from '@home-energy/shared';

/**
 * Lets everyone know the homeowner is signed in. getSession() tells the other tabs; the SessionProvider of this tab
 * only refetches on another tab's message, so it gets the same message as a storage event (read without echoing).
 */
export async function announceSignIn(): Promise<void> {
  try {
    await getSession();
  } catch {
    // The sign-in itself succeeded; the session is read again on the next page view.
  }
  const message = { event: 'session', data: { trigger: 'getSession' }, timestamp: Math.floor(Date.now() / 1000) };
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_BROADCAST_KEY, newValue: JSON.stringify(message) }));
}
