import type { ApiErrorBody } from '../../schemas/admin';

/** The BFF's message for a failed call (`{ error, message, issues }`), or null when there is none to show. */
export function apiErrorBody(error: unknown): ApiErrorBody | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null || typeof (data as ApiErrorBody).message !== 'string') return null;
  return data as ApiErrorBody;
}

/** Field errors of a 400 keyed by field name (`body.email` → `email`). */
export function fieldErrors(error: unknown): Record<string, string> {
  const issues = apiErrorBody(error)?.issues ?? [];
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[1];
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}
