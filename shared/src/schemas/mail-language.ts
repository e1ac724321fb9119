// The language a person's mails are written in, and how the page tells the BFF which language its UI shows.
import { z } from 'zod';
import { LANGUAGES, type Language } from '../i18n/languages';

export type MailLanguage = Language;

export const mailLanguageSchema = z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` });

/**
 * The cookie that carries the page's UI language with every request (i18next's language detector writes it beside
 * its localStorage copy); the BFF stores it as the person's mail language unless they chose one.
 */
export const LANGUAGE_COOKIE = 'lang';
/** A year: the language outlives the session, like the localStorage copy. */
export const LANGUAGE_COOKIE_MINUTES = 365 * 24 * 60;
