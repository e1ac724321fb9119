/** The 403 code of every console API call while a one-time password has not been replaced. */
export const PASSWORD_CHANGE_REQUIRED = 'password_change_required';

/** The console page that replaces a one-time password. */
export const CHOOSE_PASSWORD_PATH = '/console/choose-password';

/** Where a console call refused for want of an own password sends the browser (null: nowhere, it is there already). */
export function choosePasswordRedirect(status: unknown, body: unknown, pathname: string): string | null {
  if (status !== 403 || (body as { error?: unknown } | null)?.error !== PASSWORD_CHANGE_REQUIRED) return null;
  return pathname === CHOOSE_PASSWORD_PATH ? null : CHOOSE_PASSWORD_PATH;
}
