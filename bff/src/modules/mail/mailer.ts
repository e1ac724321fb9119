import type { Logger } from '../../logger';
import type { Config } from '../../config';
import { createMailTransport, type Mail, type MailTransport } from './transport';

/**
 * Sends mails in the background: a route queues them after its transaction has committed and answers at once, so a
 * slow or unreachable SMTP server never fails or delays the request. Failures are logged (and kept in the outbox).
 */
export class Mailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly transport: MailTransport,
    private readonly logger: Logger,
    /** The product's public origin (PUBLIC_URL, or where the demo listens): links in mails point there. */
    private readonly baseUrl: string,
  ) {}

  link(pathAndQuery: string): string {
    return new URL(pathAndQuery, this.baseUrl).toString();
  }

  /** Whether mails reach their recipients (SMTP_URL set); without it people get one-time passwords on screen. */
  get delivers(): boolean {
    return this.transport.delivers;
  }

  queue(mails: Mail | Mail[]): void {
    for (const mail of Array.isArray(mails) ? mails : [mails]) {
      const recipients = Array.isArray(mail.to) ? mail.to : [mail.to];
      if (recipients.length === 0) continue;
      const sending = this.transport
        .send(mail)
        .catch((error: unknown) =>
          this.logger.error({ err: error, subject: mail.subject, recipients: recipients.length }, 'mail not delivered'),
        )
        .finally(() => this.pending.delete(sending));
      this.pending.add(sending);
    }
  }

  /** Builds mails (reading what they need) after the answer, then sends them: a failure is logged, never thrown. */
  queueLater(build: () => Promise<Mail | Mail[]>): void {
    const building: Promise<void> = build()
      .then((mails) => this.queue(mails))
      .catch((error: unknown) => this.logger.error({ err: error }, 'mail not prepared'))
      .finally(() => this.pending.delete(building));
    this.pending.add(building);
  }

  /** Resolves when every queued mail has been handed over (or has failed): for shutdown and tests. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

/** The mailer of a running BFF: SMTP_URL's server, or the outbox; links to PUBLIC_URL, or where the demo listens. */
export function mailerFromConfig(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'outboxDir' | 'PUBLIC_URL' | 'HOST' | 'PORT'>,
  logger: Logger,
): Mailer {
  const host = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: config.outboxDir,
  });
  return new Mailer(transport, logger, config.PUBLIC_URL ?? `http://${host}:${config.PORT}`);
}
