import { refreshSession } from '@home-energy/shared';

/** Lets this tab's session (the shell's header) and the other tabs know the homeowner is signed in. */
export async function announceSignIn(): Promise<void> {
  try {
    await refreshSession();
  } catch {
    // The sign-in itself succeeded; the session is read again on the next page view.
  }
}
