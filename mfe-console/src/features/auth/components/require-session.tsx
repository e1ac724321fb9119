import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@home-energy/shared/router';
import { CHOOSE_PASSWORD_PATH, Loading, useSession } from '@home-energy/shared';
import { signInUrlFor } from '../lib/sign-in-destination';

/**
 * Console pages need a staff session: a signed-out visitor goes to the sign-in page (which brings them back).
 * While `update()` runs the status is `loading` but the session is still there, so the page stays up. Signed in
 * with a one-time password: "Choose your password" first.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status, data } = useSession();
  const location = useLocation();
  // Only staff sessions open the console; a homeowner's BankID session counts as signed out here.
  if (status === 'unauthenticated' || (data && data.user.kind !== 'staff'))
    return <Navigate to={signInUrlFor(location)} replace />;
  if (!data) return <Loading />;
  if (data.user.mustChangePassword) return <Navigate to={CHOOSE_PASSWORD_PATH} replace />;
  return children;
}
