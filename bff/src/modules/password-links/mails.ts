import { DEFAULT_MAIL_LANGUAGE, renderMail } from '../mail/templates';
import type { Mail } from '../mail/transport';
import type { Mailer } from '../mail/mailer';
import type { PasswordLinkPurpose } from './repository';
import { SET_PASSWORD_PATH } from '@home-energy/shared/mfe/pages';

/** The mail with the link to the console page that sets the password; the token travels in the fragment (no log has it). */
export function passwordLinkMail(mailer: Mailer, user: { email: string; name: string }, purpose: PasswordLinkPurpose, token: string): Mail {
  const link = mailer.link(`${SET_PASSWORD_PATH}#token=${token}`);
  return renderMail(purpose === 'invitation' ? 'invitation' : 'password_reset', DEFAULT_MAIL_LANGUAGE, user.email, { name: user.name, email: user.email }, link);
}
