import request from 'supertest';
import type { TestWorld } from './test-world';
import { outboxMail, outboxPage } from '../src/modules/mail/outbox';
import { emailLinkToken } from './smtp-capture';

/**
 * Confirms a homeowner's contact email the way they would: the newest link mailed to it (the demo's outbox, without
 * SMTP_URL), posted by the confirmation page (homeowner/email-verification.ts).
 */
export async function confirmEmailFromOutbox(world: TestWorld, email: string): Promise<void> {
  await world.app.mailer.idle();
  const dir = `${world.fixtures.root}/outbox`;
  for (const entry of (await outboxPage(dir, 1, 100)).mails) {
    if (entry.to !== email) continue;
    const mail = await outboxMail(dir, entry.id);
    if (!mail?.text.includes('/flow/confirm-email#token=')) continue;
    await request(world.app)
      .post('/api/flow/user/email-verification')
      .send({ token: emailLinkToken(mail.text) })
      .expect(200);
    return;
  }
  throw new Error(`no confirmation link mailed to ${email}`);
}
