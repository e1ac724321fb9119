import fs from 'node:fs/promises';
import path from 'node:path';
import type { AddressObject } from 'mailparser';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/repository';
import { parseOutboxFileName } from '../mail/transport';

export interface MailCopy {
  /** The file's name in the outbox. */
  name: string;
  id: string;
  date: Date;
  to: string;
  subject: string;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  Array.isArray(value) ? value.map((a) => a.text).join(', ') : (value?.text ?? '');

/**
 * What points at the person in a mail: every contact email and mobile they gave (now, to confirm, or with an installer
 * request). Mails to them carry the address; leads to installers carry the address or the mobile with the name.
 */
export async function mailNeedles(db: DbOrTx, homeownerId: number): Promise<string[]> {
  const { rows } = await db.execute<{ value: string | null }>(sql`
    select contact_email as value from homeowners where id = ${homeownerId}
    union select contact_mobile from homeowners where id = ${homeownerId}
    union select email from homeowner_email_verifications where homeowner_id = ${homeownerId}
    union select contact_email from installer_requests where homeowner_id = ${homeownerId}
    union select contact_mobile from installer_requests where homeowner_id = ${homeownerId}`);
  return [...new Set(rows.map((r) => r.value?.trim().toLowerCase()).filter((v): v is string => !!v && v.length > 3))];
}

/**
 * The outbox's mails to or about the person, oldest first, one file parsed at a time (the outbox may be large; only
 * the matches' headers are kept).
 */
export async function* mailCopiesAbout(outboxDir: string, needles: readonly string[]): AsyncGenerator<MailCopy> {
  if (needles.length === 0) return;
  let names: string[];
  try {
    names = await fs.readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  // Loaded only when the outbox is read, as the outbox page does.
  const { simpleParser } = await import('mailparser');
  for (const name of names.sort()) {
    const parsed = parseOutboxFileName(name);
    if (!parsed) continue;
    let raw: Buffer;
    try {
      raw = await fs.readFile(path.join(outboxDir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const mail = await simpleParser(raw);
    const to = addresses(mail.to);
    const haystack = `${to}\n${mail.subject ?? ''}\n${mail.text ?? ''}`.toLowerCase();
    if (!needles.some((needle) => haystack.includes(needle))) continue;
    yield { name, id: parsed.id, date: mail.date ?? new Date(0), to, subject: mail.subject ?? '' };
  }
}

/** Deletes the outbox's copies of mails to or about the person; how many. */
export async function deleteMailCopies(outboxDir: string, needles: readonly string[]): Promise<number> {
  let deleted = 0;
  for await (const copy of mailCopiesAbout(outboxDir, needles)) {
    await fs.rm(path.join(outboxDir, copy.name), { force: true });
    deleted++;
  }
  return deleted;
}
