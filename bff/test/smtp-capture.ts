import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on a free loopback port that keeps every mail it receives, parsed. */
export async function startSmtpCapture(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The token of the password link in a mail's text (the part after #token=). */
/** The token of the link that confirms a homeowner's contact email (homeowner/email-verification.ts), from a mail. */
export function emailLinkToken(text: string): string {
  const match = /\/flow\/confirm-email#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no email confirmation link in:\n${text}`);
  return match[1]!;
}

export function linkToken(text: string): string {
  const match = /\/console\/set-password#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no password link in:\n${text}`);
  return match[1]!;
}
