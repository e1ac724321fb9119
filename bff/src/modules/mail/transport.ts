import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One mail as the templates make it: plain text and simple HTML. */
export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** True when mails leave the machine (SMTP_URL); false when they are only written to the outbox. */
  readonly delivers: boolean;
  /** Sends one mail; rejects when the SMTP server refuses it (the mail is then kept in the outbox as failed). */
  send(mail: Mail): Promise<void>;
}

/** Outbox file names: the UTC time (sortable, newest last) and a random part; `.failed` marks an undelivered mail. */
const OUTBOX_NAME = /^(\d{8}t\d{9}z-[0-9a-f]{8})(\.failed)?\.eml$/;

export function outboxFileName(now: Date, failed: boolean): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '').toLowerCase();
  return `${stamp}-${crypto.randomBytes(4).toString('hex')}${failed ? '.failed' : ''}.eml`;
}

export function parseOutboxFileName(name: string): { id: string; failed: boolean } | null {
  const match = OUTBOX_NAME.exec(name);
  return match ? { id: match[1]!, failed: !!match[2] } : null;
}

/** The RFC 822 text of a mail, as nodemailer would send it. */
async function rfc822(from: string, mail: Mail): Promise<Buffer> {
  const buffer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await buffer.sendMail({ from, ...mail });
  return info.message as Buffer;
}

async function writeOutbox(outboxDir: string, message: Buffer, now: () => number, failed: boolean): Promise<void> {
  await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
  await fs.writeFile(path.join(outboxDir, outboxFileName(new Date(now()), failed)), message, { mode: 0o600 });
}

/**
 * SMTP_URL set: nodemailer's SMTP transport, and a mail it cannot deliver is kept in the outbox marked failed.
 * Unset (the demo): every mail is written to the outbox as an .eml file, read in the console's Outbox page.
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  now?: () => number;
}): MailTransport {
  const { smtpUrl, from, outboxDir, now = Date.now } = options;
  if (!smtpUrl) {
    return { delivers: false, send: async (mail) => writeOutbox(outboxDir, await rfc822(from, mail), now, false) };
  }
  const smtp = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    async send(mail) {
      try {
        await smtp.sendMail({ from, ...mail });
      } catch (error) {
        await writeOutbox(outboxDir, await rfc822(from, mail), now, true);
        throw error;
      }
    },
  };
}
