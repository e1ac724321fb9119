// The language a person's mails are written in, and how the page tells the BFF which language its UI shows.
import { z } from 'zod';
import { LANGUAGES, type Language } from '../i18n/languages';
import { lazySchema } from './lazy-schema';

export type MailLanguage = Language;

export const mailLanguageSchema = lazySchema(() =>
  z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }),
);

/**
 * The header the page's API calls carry with its UI language (the shared API slice and the sign-in client set it);
 * the BFF stores it as the person's mail language unless they chose one. A header of its own, not Accept-Language:
 * a call without it (the browser's own language) must not count as a choice.
 */
export const UI_LANGUAGE_HEADER = 'X-UI-Language';
