import en from './templates/en.json';
import sv from './templates/sv.json';
import { measureName as measureWords } from '@home-energy/shared/energy/measure-names';
import { formatDateTime } from '@home-energy/shared/format/date';
import type { MailLanguage } from '@home-energy/shared/schemas/mail-language';
import type { Mail } from './transport';

export type { MailLanguage };

const TEXTS = { sv, en };

export type MailKind =
  | 'lead_new'
  | 'request_sent'
  | 'request_status'
  | 'invitation'
  | 'password_reset'
  | 'email_verification'
  | 'account_deleted'
  | 'account_deleted_inactive'
  | 'inactivity_notice';
export type LeadStatusName = keyof typeof sv.statuses;

/** The measure in words (the shared `energy` texts); a key no longer known reads as "Other measures", never itself. */
export function measureName(language: MailLanguage, key: string): string {
  return measureWords(language, key);
}

export function statusName(language: MailLanguage, status: LeadStatusName): string {
  return TEXTS[language].statuses[status];
}

/** "a@b.se or +4670…", or only the one given: how a lead's staff reach the homeowner. */
export function eitherOf(language: MailLanguage, ...ways: (string | null | undefined)[]): string {
  return ways.filter((w): w is string => !!w).join(` ${TEXTS[language].or} `);
}

/** "2026-11-26 14:05 CET" (sv) or "26 Nov 2026, 14:05 CET" (en): Swedish time, as the outbox and console show it. */
export function mailDateTime(language: MailLanguage, at: Date | number): string {
  return formatDateTime(at, language);
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A mail from the language's template file: the paragraphs, an optional note, one link and the footer, as text and
 * HTML.
 */
export function renderMail(
  kind: MailKind,
  language: MailLanguage,
  to: string | string[],
  values: Record<string, string>,
  link: string,
  note?: string,
): Mail {
  const texts = TEXTS[language];
  const template = texts[kind];
  const paragraphs = template.paragraphs.map((p) => fill(p, values));
  if (note && 'note' in template) paragraphs.push(fill(template.note, { ...values, note }));
  const action = template.action;
  const text = [...paragraphs, `${action}: ${link}`, '--', texts.footer].join('\n\n') + '\n';
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p style="color:#666">${escapeHtml(texts.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: fill(template.subject, values), text, html };
}
