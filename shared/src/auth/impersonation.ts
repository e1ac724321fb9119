// Impersonation (docs/product.md §2, §6): a super admin works in an organisation's console. The BFF keeps it in the
// session (POST/DELETE /api/admin/impersonation) and shows it as `session.user.impersonating`; after each change this
// tab's session is re-read and the other tabs are told, like signIn/signOut do.
import { refreshSession } from './client';

export class ImpersonationError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call(method: 'POST' | 'DELETE', body?: unknown): Promise<Response> {
  const res = await fetch('/api/admin/impersonation', {
    method,
    credentials: 'same-origin',
    headers: body ? { 'Content-Type': 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ImpersonationError(answer?.message ?? `Impersonation failed (${res.status}).`, res.status);
  }
  return res;
}

/** Starts impersonating the organisation; resolves with its slug and name once the session shows it. */
export async function startImpersonating(organisation: string): Promise<{ slug: string; name: string }> {
  const res = await call('POST', { organisation });
  const { impersonating } = (await res.json()) as { impersonating: { slug: string; name: string } };
  await refreshSession();
  return impersonating;
}

/** Stops impersonating (a no-op when not impersonating); resolves once the session no longer shows it. */
export async function stopImpersonating(): Promise<void> {
  await call('DELETE');
  await refreshSession();
}
