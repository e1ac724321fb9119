// The outbox (mails written to DATA_DIR/outbox when no SMTP server is configured) and the console's password links.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './account';
import { staffEmailSchema } from './session';
import { lazySchema } from './lazy-schema';

/** GET /api/admin/outbox?page=&pageSize=: newest first. */
export const outboxQuerySchema = lazySchema(() =>
  z
    .object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    })
    .strict(),
);

/** An outbox mail's id: its file name's time and random part. */
export const outboxIdSchema = lazySchema(() =>
  z.string().regex(/^\d{8}t\d{9}z-[0-9a-f]{8}$/, 'an outbox mail id such as 20261126t101500123z-0a1b2c3d'),
);

export interface OutboxEntry {
  id: string;
  date: string;
  to: string;
  subject: string;
  /** Kept because the SMTP server refused it. */
  failed: boolean;
}

export interface OutboxPage {
  mails: OutboxEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** True when SMTP_URL is set: the outbox then holds only mails that could not be delivered. */
  delivers: boolean;
}

export interface OutboxMail extends OutboxEntry {
  from: string;
  text: string;
}

const newPassword = lazySchema(() =>
  z.string().min(PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters`).max(200),
);

/** POST /api/password/forgot: always answered 202, whether or not the address has an account. */
export const passwordForgotSchema = lazySchema(() =>
  z
    .object({
      email: staffEmailSchema,
    })
    .strict(),
);

/** The token of an invitation or reset mail (base64url, as the BFF issues it). */
const linkToken = lazySchema(() =>
  z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, 'the link is incomplete: open it from the mail again'),
);

/** POST /api/password/link: the token from an invitation or reset mail and the password chosen. */
export const passwordLinkSchema = lazySchema(() => z.object({ token: linkToken, password: newPassword }).strict());

/** POST /api/password/link/state: a link's token, to learn whether it still works before a password is typed. */
export const passwordLinkStateSchema = lazySchema(() => z.object({ token: linkToken }).strict());

/** What became of a mailed link (the answer of POST /api/password/link/state; a token never issued is a 404). */
export type PasswordLinkState = 'valid' | 'used' | 'expired';

/** POST /api/password/choose: a user signed in with a one-time password chooses their own. */
export const passwordChooseSchema = lazySchema(() => z.object({ password: newPassword }).strict());

export { PASSWORD_CHANGE_REQUIRED } from '../api/password-change';
