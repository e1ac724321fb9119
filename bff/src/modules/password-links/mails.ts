import { mailDateTime, renderMail, type MailLanguage } from '../mail/templates';
import type { Mail } from '../mail/transport';
import type { Mailer } from '../mail/mailer';
import { LINK_LIFETIME_MS, type PasswordLinkPurpose } from './repository';
import { SET_PASSWORD_PATH } from '@home-energy/shared/mfe/pages';

/** The mail with a password link issued at `issuedAt`, in the recipient's language, saying until when it works. */
export function passwordLinkMail(
  mailer: Mailer,
  user: { email: string; name: string; language: MailLanguage },
  purpose: PasswordLinkPurpose,
  token: string,
  issuedAt: number,
): Mail {
  const link = mailer.link(`${SET_PASSWORD_PATH}#token=${token}`);
  const expires = mailDateTime(user.language, issuedAt + LINK_LIFETIME_MS[purpose]);
  const kind = purpose === 'invitation' ? 'invitation' : 'password_reset';
  return renderMail(kind, user.language, user.email, { name: user.name, email: user.email, expires }, link);
}
