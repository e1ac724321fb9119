import fs from 'node:fs/promises';
import path from 'node:path';
import type { AddressObject } from 'mailparser';
import type { OutboxEntry, OutboxMail } from '@home-energy/shared/schemas/mail';
import { parseOutboxFileName } from './transport';

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  Array.isArray(value) ? value.map((a) => a.text).join(', ') : (value?.text ?? '');

async function outboxFiles(outboxDir: string): Promise<{ name: string; id: string; failed: boolean }[]> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => ({ name, parsed: parseOutboxFileName(name) }))
    .filter((f): f is { name: string; parsed: { id: string; failed: boolean } } => f.parsed !== null)
    .map((f) => ({ name: f.name, ...f.parsed }))
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

async function readMail(outboxDir: string, file: { name: string; id: string; failed: boolean }): Promise<OutboxMail> {
  // Loaded when the outbox is read (a dev and test view): it costs ~0.3 s at every start otherwise.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(await fs.readFile(path.join(outboxDir, file.name)));
  return {
    id: file.id,
    failed: file.failed,
    date: (mail.date ?? new Date(0)).toISOString(),
    from: addresses(mail.from),
    to: addresses(mail.to),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
  };
}

/** One page of the outbox, newest first; only that page's files are read. */
export async function outboxPage(
  outboxDir: string,
  page: number,
  pageSize: number,
): Promise<{ mails: OutboxEntry[]; total: number }> {
  const files = await outboxFiles(outboxDir);
  const slice = files.slice((page - 1) * pageSize, page * pageSize);
  const mails = await Promise.all(
    slice.map(async (file) => {
      const { text: _text, from: _from, ...entry } = await readMail(outboxDir, file);
      return entry;
    }),
  );
  return { mails, total: files.length };
}

export async function outboxMail(outboxDir: string, id: string): Promise<OutboxMail | undefined> {
  const file = (await outboxFiles(outboxDir)).find((f) => f.id === id);
  return file ? readMail(outboxDir, file) : undefined;
}
