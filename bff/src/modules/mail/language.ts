import type { Request, RequestHandler } from 'express';
import { and, eq, or, isNull, ne } from 'drizzle-orm';
import { mailLanguageSchema, UI_LANGUAGE_HEADER, type MailLanguage } from '@home-energy/shared/schemas/mail-language';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../audit/repository';
import { homeowners, staffUsers } from '../../db/schema';

/** Swedish, the product's default: the language of mails to anyone whose language is not known yet. */
export const DEFAULT_MAIL_LANGUAGE: MailLanguage = 'sv';

/** The UI language the request's page shows (its X-UI-Language header), or undefined when it tells none we know. */
export function requestLanguage(req: Request): MailLanguage | undefined {
  const value = req.get(UI_LANGUAGE_HEADER);
  if (!value) return undefined;
  const parsed = mailLanguageSchema.safeParse(value.slice(0, 2).toLowerCase());
  return parsed.success ? parsed.data : undefined;
}

/** The language to write someone's mail in: theirs when stored, else Swedish. */
export function mailLanguageOf(person: { mailLanguage: MailLanguage | null } | undefined): MailLanguage {
  return person?.mailLanguage ?? DEFAULT_MAIL_LANGUAGE;
}

const PEOPLE = { homeowner: homeowners, staff: staffUsers };

/** The UI language someone uses becomes their mail language, unless they chose one themselves. */
export async function noteUsedLanguage(
  db: DbOrTx,
  who: keyof typeof PEOPLE,
  id: number,
  language: MailLanguage | undefined,
): Promise<void> {
  if (!language) return;
  const table = PEOPLE[who];
  await db
    .update(table)
    .set({ mailLanguage: language })
    .where(
      and(
        eq(table.id, id),
        eq(table.mailLanguageChosen, false),
        or(isNull(table.mailLanguage), ne(table.mailLanguage, language)),
      ),
    );
}

/** Someone chose their mail language: it stays until they choose again. */
export async function chooseMailLanguage(
  db: DbOrTx,
  who: keyof typeof PEOPLE,
  id: number,
  language: MailLanguage,
): Promise<void> {
  const table = PEOPLE[who];
  await db.update(table).set({ mailLanguage: language, mailLanguageChosen: true }).where(eq(table.id, id));
}

declare module 'express-session' {
  interface SessionData {
    /** The UI language last stored for this session's staff user: stored again only when it changes. */
    uiLanguage?: MailLanguage;
  }
}

/** After signing in, the UI language this session stored: the console's requests store it again only on a change. */
export function rememberStoredLanguage(req: Request, language: MailLanguage | undefined): void {
  if (language && req.session) req.session.uiLanguage = language;
}

/**
 * /api/console and /api/admin: a staff user who switches the console's language gets their mails in it from the next
 * request on (one write per change and session), unless they chose their mail language on the account page.
 */
export function noteStaffLanguage(db: Db): RequestHandler {
  return (req, _res, next) => {
    const language = requestLanguage(req);
    if (req.user?.kind !== 'staff' || !language || req.session?.uiLanguage === language) return next();
    noteUsedLanguage(db, 'staff', Number(req.user.id), language).then(() => {
      req.session.uiLanguage = language;
      next();
    }, next);
  };
}
