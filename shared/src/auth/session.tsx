// The auth client's public surface in one module (app-providers.tsx and older imports use this path).
// The work is done in client.ts (REST calls, cross-tab broadcast) and session-provider.tsx (React state).
export {
  SESSION_BROADCAST_KEY,
  fetchSession,
  getSession,
  announceSession,
  getCsrfToken,
  getProviders,
  signIn,
  signOut,
  refreshSession,
} from './client';
export { SessionProvider, useSession } from './session-provider';
export type {
  ClientSafeProvider,
  GetSessionParams,
  ProviderType,
  Session,
  SessionContextValue,
  SessionProviderProps,
  SessionStatus,
  SessionUser,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
  UpdateSession,
  UseSessionOptions,
} from './types';
