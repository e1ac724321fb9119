// The world the bad requests are sent into: a seeded database, the app with fake homeowner login, one signed-in agent
// per role, and the ids the valid templates need (a property the homeowner owns, a message, an uploaded document…).
import request from 'supertest';
import type { DatabaseHandle } from '../../src/db/client';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { seedPlatformContent } from '../../src/seed/platform-content';
import { seedDemoInstallers } from '../../src/seed/demo-installers';
import { startTestWorld, type TestApp } from '../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../test/register-homes';
import { signInAs } from '../../test/staff-session';
import { logWrites, type WriteLog } from '../../test/write-log';
import { PDF_BYTES } from './arbitraries';
import type { AgentName } from './types';

export interface WorldIds {
  /** A register property the homeowner has a profile for. */
  propertyId: number;
  /** The homeowner's building profile of that property. */
  profileId: number;
  /** A console user who is not the super admin. */
  staffUserId: number;
  /** A knowledge base message. */
  messageId: number;
  /** An uploaded EPC document, pending validation. */
  documentId: string;
  /** A request from the homeowner to the demo installer organisation, still new. */
  leadId: number;
  /** CSRF tokens of the homeowner's and the anonymous agent's sessions. */
  homeownerCsrf: string;
  anonymousCsrf: string;
  /** One question definition of the demo-energi set, as the console's editor sends it back. */
  questions: unknown[];
  /** A mail in the outbox (an invitation). */
  outboxMailId: string;
  /** The homeowner's consent to the lead's share with the demo installer (withdrawing it twice changes nothing). */
  consentId: number;
}

export interface World {
  database: DatabaseHandle;
  app: TestApp;
  agents: Record<AgentName, ReturnType<typeof request.agent>>;
  ids: WorldIds;
  /** Every row written in every table (but NOT_LOGGED) since the world was made (bff/test/write-log.ts). */
  writes: WriteLog;
  close(): Promise<void>;
}

const NOW = Date.UTC(2026, 10, 23);

/**
 * Left out of the write log: `session` (express-session rows: an anonymous request may start a session, and a refused
 * one is still a visit, not data written by the request) and `password_failures` and `rate_limit_hits` (refused
 * passwords and requests are counted on purpose: auth/password-guard.ts, http/rate-limit-store.ts).
 */
const NOT_LOGGED = ['session', 'password_failures', 'rate_limit_hits'];

function ok(res: request.Response, what: string): request.Response {
  if (res.status >= 300) throw new Error(`bad-input world: ${what} answered ${res.status} ${res.text}`);
  return res;
}

export async function createWorld(): Promise<World> {
  const base = await startTestWorld({
    seed: [seedDemoStaff, seedPlatformContent, seedDemoInstallers],
    config: { FAKE_LOGIN: true },
    now: () => NOW,
  });
  const { database, app } = base;
  const [propertyId] = await insertStockholmHomes(database.db, [{ street: 'Testgatan 1', building: VILLA_1970 }]);

  const agents = { anonymous: request.agent(app), superAdmin: request.agent(app), homeowner: request.agent(app) };
  await signInAs(agents.superAdmin, 'super@demo.test').expect(200);
  ok(await agents.homeowner.post('/api/flow/user/fake-login').send({}), 'fake login');
  const homeownerCsrf = ok(await agents.homeowner.get('/api/auth/csrf'), 'csrf').body.csrfToken as string;
  const anonymousCsrf = ok(await agents.anonymous.get('/api/auth/csrf'), 'csrf').body.csrfToken as string;
  // The release session a page load gets (its health beacons count against it).
  ok(await agents.anonymous.get('/api/mfe/registry'), 'registry');

  ok(
    await agents.homeowner.post(`/api/flow/property/${propertyId}/answer`).send({ building_type: 'villa' }),
    'first answer',
  );
  const upload = ok(
    await agents.homeowner
      .post(`/api/flow/property/${propertyId}/document`)
      .field('energy_class', 'C')
      .attach('file', PDF_BYTES, { filename: 'epc.pdf', contentType: 'application/pdf' }),
    'document upload',
  );
  const message = ok(
    await agents.superAdmin
      .post('/api/console/org/demo-energi/messages')
      .send({ slug: 'bad-input-message', type: 'article', title: 'Bad input', key: 'results', content: 'Some text.' }),
    'message',
  );
  const questions = ok(await agents.superAdmin.get('/api/console/org/demo-energi/configuration'), 'configuration').body
    .questions as unknown[];
  // Inserted, not sent: the homeowner stays without contact details, as the installer-requests route's valid answer
  // expects.
  const { rows: leadRows } = await database.pool.query(
    `insert into installer_requests (homeowner_id, property_id, installer_identifier, installer_name, activity_key,
     installer_organisation_id)
     select h.id, $1, 'demo-installer', 'Demo Installation AB', 'heat_pump_air_water', o.id from homeowners h,
     organisations o where o.slug = 'demo-installer' limit 1 returning id`,
    [propertyId],
  );
  const lead = leadRows[0];
  const { rows: consentRows } = await database.pool.query(
    `insert into privacy_consents (homeowner_id, installer_request_id, recipient, shared, activity_key, notice_version)
     select homeowner_id, id, installer_name, '{name,mobile}', activity_key, 'fuzz' from installer_requests
     where id = $1 returning id`,
    [lead.id],
  );
  ok(
    await agents.superAdmin
      .post('/api/admin/users')
      .send({ email: 'invitee@demo.test', name: 'Invitee', memberships: [] }),
    'invitation',
  );
  await app.mailer.idle();
  const outboxMailId = ok(await agents.superAdmin.get('/api/admin/outbox'), 'outbox').body.mails[0].id as string;
  const { rows: profileRows } = await database.pool.query('select id from building_profiles where property_id = $1', [
    propertyId,
  ]);
  const { rows: staffRows } = await database.pool.query(
    "select id from staff_users where email = 'staff@energi.demo.test'",
  );

  const writes = await logWrites(database, NOT_LOGGED);

  return {
    database,
    app,
    agents,
    writes,
    ids: {
      propertyId,
      profileId: profileRows[0].id,
      staffUserId: staffRows[0].id,
      messageId: message.body.id,
      documentId: upload.body.document.id,
      leadId: lead.id,
      homeownerCsrf,
      anonymousCsrf,
      questions,
      outboxMailId,
      consentId: consentRows[0].id,
    },
    close: base.close,
  };
}

/** Forgets every sign-in lockout and rate-limit count (password_failures, rate_limit_hits). */
export async function clearLockouts(world: Pick<World, 'database'>): Promise<void> {
  await world.database.pool.query('delete from password_failures; delete from rate_limit_hits');
}
