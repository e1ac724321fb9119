import type { SignStatus } from '@home-energy/shared';

/** What went wrong talking to the BFF: no answer at all, or an error answer with the server's message (if any). */
export type SignProblem =
  { kind: 'network' } | { kind: 'server'; status: number; message: string | SignStatus['message'] | null };

function isLocalisedMessage(value: unknown): value is SignStatus['message'] {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { en?: unknown }).en === 'string' &&
    typeof (value as { sv?: unknown }).sv === 'string'
  );
}

/**
 * The message of an error answer `{ error, message }`: the recommended user message in both languages when the BFF
 * sends one (as `message`, or as `issues.message` beside an English `message`), else the plain string.
 */
function answerMessage(data: unknown): string | SignStatus['message'] | null {
  if (typeof data !== 'object' || data === null) return null;
  const { message, issues } = data as { message?: unknown; issues?: { message?: unknown } | null };
  if (isLocalisedMessage(message)) return message;
  if (isLocalisedMessage(issues?.message)) return issues.message;
  return typeof message === 'string' ? message : null;
}

/**
 * An RTK Query error (FetchBaseQueryError or SerializedError) or anything thrown on the way, as a {@link SignProblem}.
 */
export function signProblem(error: unknown): SignProblem {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return { kind: 'network' };
  return { kind: 'server', status, message: answerMessage((error as { data?: unknown }).data) };
}

/** Worth polling on: no answer (offline, a phone that paused the tab while the BankID app ran) or a 5xx. */
export function isTransient(error: unknown): boolean {
  const problem = signProblem(error);
  return problem.kind === 'network' || problem.status >= 500;
}
