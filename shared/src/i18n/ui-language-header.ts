import { UI_LANGUAGE_HEADER } from '../schemas/mail-language';
import { currentLanguage, i18n } from './i18n';

/** Adds the page's UI language to a call's headers (once i18n knows it): the BFF writes the person's mails in it. */
export function withUiLanguage(headers: Headers): Headers {
  if (i18n.isInitialized) headers.set(UI_LANGUAGE_HEADER, currentLanguage());
  return headers;
}
