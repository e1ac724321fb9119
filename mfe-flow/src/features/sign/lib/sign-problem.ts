import type { SignStatus } from '@home-energy/shared';

/** What went wrong talking to the BFF: no answer at all, or an error answer with the server's message (if any). */
export type SignProblem = { kind: 'network' } | { kind: 'server'; status: number; message: string | SignStatus['message'] | null };

function isLocalisedMessage(value: unknown): value is SignStatus['message'] {
  return typeof value === 'object' && value !== null && typeof (value as { en?: unknown }).en === 'string' && typeof (value as { sv?: unknown }).sv === 'string';
}

/** An RTK Query error (FetchBaseQueryError or SerializedError) or anything thrown on the way, as a {@link SignProblem}. */
export function signProblem(error: unknown): SignProblem {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return { kind: 'network' };
  const data = (error as { data?: unknown }).data;
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  return {
    kind: 'server',
    status,
    message: typeof message === 'string' || isLocalisedMessage(message) ? message : null,
  };
}

/** Worth polling on: no answer (offline, a phone that paused the tab while the BankID app ran) or a 5xx. */
export function isTransient(error: unknown): boolean {
  const problem = signProblem(error);
  return problem.kind === 'network' || problem.status >= 500;
}

/** POST /api/flow/user/auth said the order is not complete (409): a new order is needed. */
export function isNotComplete(error: unknown): boolean {
  const problem = signProblem(error);
  return problem.kind === 'server' && problem.status === 409;
}
