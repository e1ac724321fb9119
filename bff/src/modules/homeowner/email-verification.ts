// A homeowner's contact email is confirmed before the product mails it anything but the confirmation link itself
// (docs/security.md "Installer requests and contact email"): anyone signed in can type any address, so an address
// nobody confirmed must not receive installer confirmations and status mails that someone else asked for.
import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../audit/repository';
import { homeownerEmailVerifications, homeowners, installerRequests } from '../../db/schema';
import { CONFIRM_EMAIL_PATH } from '@home-energy/shared/mfe/pages';
import type { Mailer } from '../mail/mailer';
import { mailLanguageOf } from '../mail/language';
import { mailDateTime, renderMail } from '../mail/templates';

const MINUTE_MS = 60_000;
/** How long a confirmation link works: the homeowner may read the mail days later. */
export const EMAIL_LINK_LIFETIME_MS = 72 * 60 * MINUTE_MS;
/**
 * "Send the link again": at most once a minute to the same address, and EMAIL_LINKS_PER_DAY links a day per homeowner.
 * A new address is no resend: a typo corrected at once gets its link.
 */
export const EMAIL_LINK_INTERVAL_MS = MINUTE_MS;
export const EMAIL_LINKS_PER_DAY = 5;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Why no link was sent: too soon after the last one, or too many today; and when to ask again. */
export interface LinkRefusal {
  reason: 'too_soon' | 'daily';
  retryAfterSeconds: number;
}

async function linksSince(db: DbOrTx, homeownerId: number, since: number) {
  return db
    .select({ createdAt: homeownerEmailVerifications.createdAt, email: homeownerEmailVerifications.email })
    .from(homeownerEmailVerifications)
    .where(
      and(
        eq(homeownerEmailVerifications.homeownerId, homeownerId),
        gt(homeownerEmailVerifications.createdAt, new Date(since)),
      ),
    )
    .orderBy(homeownerEmailVerifications.createdAt);
}

/**
 * Mails a new confirmation link to the homeowner's contact email (32 random bytes, base64url, in the link's fragment;
 * only its SHA-256 is stored), unless one went out to that address less than a minute ago or EMAIL_LINKS_PER_DAY went
 * out today: then the refusal, and nothing is sent.
 */
export async function sendEmailLink(
  db: Db,
  mailer: Mailer,
  owner: { id: number; name: string; contactEmail: string; mailLanguage: 'sv' | 'en' | null },
  now: number,
): Promise<LinkRefusal | null> {
  const today = await linksSince(db, owner.id, now - 24 * 60 * MINUTE_MS);
  const last = today.filter((link) => link.email === owner.contactEmail).at(-1);
  if (last && last.createdAt.getTime() > now - EMAIL_LINK_INTERVAL_MS)
    return {
      reason: 'too_soon',
      retryAfterSeconds: Math.ceil((last.createdAt.getTime() + EMAIL_LINK_INTERVAL_MS - now) / 1000),
    };
  if (today.length >= EMAIL_LINKS_PER_DAY)
    return {
      reason: 'daily',
      retryAfterSeconds: Math.ceil((today[0]!.createdAt.getTime() + 24 * 60 * MINUTE_MS - now) / 1000),
    };
  const token = crypto.randomBytes(32).toString('base64url');
  const expires = now + EMAIL_LINK_LIFETIME_MS;
  await db.insert(homeownerEmailVerifications).values({
    homeownerId: owner.id,
    email: owner.contactEmail,
    tokenHash: hashToken(token),
    createdAt: new Date(now),
    expiresAt: new Date(expires),
  });
  const language = mailLanguageOf(owner);
  mailer.queue(
    renderMail(
      'email_verification',
      language,
      owner.contactEmail,
      { name: owner.name, email: owner.contactEmail, expires: mailDateTime(language, expires) },
      mailer.link(`${CONFIRM_EMAIL_PATH}#token=${token}`),
    ),
  );
  return null;
}

/**
 * Uses a link: marks it used (once, unexpired, in one statement) and confirms the address it was mailed to, but only
 * while that is still the homeowner's contact email. The homeowner's open installer requests sent meanwhile get the
 * address now. The confirmed address, or null when the link does not (or no longer) work.
 */
export async function confirmEmail(db: Db, token: string, now: number): Promise<string | null> {
  const at = new Date(now);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(homeownerEmailVerifications)
      .set({ usedAt: at })
      .where(
        and(
          eq(homeownerEmailVerifications.tokenHash, hashToken(token)),
          isNull(homeownerEmailVerifications.usedAt),
          gt(homeownerEmailVerifications.expiresAt, at),
        ),
      )
      .returning({ homeownerId: homeownerEmailVerifications.homeownerId, email: homeownerEmailVerifications.email });
    if (!used) return null;
    const [owner] = await tx
      .update(homeowners)
      .set({ contactEmailVerifiedAt: sql`coalesce(${homeowners.contactEmailVerifiedAt}, ${at})` })
      .where(and(eq(homeowners.id, used.homeownerId), eq(homeowners.contactEmail, used.email)))
      .returning({ id: homeowners.id });
    if (!owner) return null;
    // The open requests sent while the address was unconfirmed: their installers may now write to it.
    await tx
      .update(installerRequests)
      .set({ contactEmail: used.email })
      .where(
        and(
          eq(installerRequests.homeownerId, used.homeownerId),
          isNull(installerRequests.contactEmail),
          sql`${installerRequests.status} in ('new', 'contacted', 'quoted')`,
        ),
      );
    return used.email;
  });
}

/** The homeowner's contact email when they have confirmed it: the only address their mails go to. */
export function verifiedEmailOf(owner: { contactEmail: string | null; contactEmailVerifiedAt: Date | null }) {
  return owner.contactEmail && owner.contactEmailVerifiedAt ? owner.contactEmail : null;
}
