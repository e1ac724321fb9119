import { DEMO_PASSWORD } from '../src/seed/demo-staff';
import { ACTORS, type ActorName, type Agent } from '../test/actors';
import type { Activity } from '@home-energy/shared/schemas/energy';
import { offersInstallers } from '../src/modules/installer-requests/measures';
import { INSTALLER_MEASURES } from '@home-energy/shared/schemas/installer-leads';

/**
 * The authorization matrix: every route the BFF answers × the nine actors of bff/test/actors.ts, and what
 * each gets. The source of truth: hardening/__tests__/authorization.test.ts sends every cell's request and fails on a
 * route that is missing here (or listed here but gone).
 *
 * A cell is
 * - 'allow': the route does its job for that caller (2xx, or the row's `allowStatus`, e.g. a NextAuth redirect);
 * - a status: refused (401 not signed in / not the right kind of user, 403 the rules table says no, 404 hidden: an
 *   organisation the caller is not in, or a homeowner's property profile that is not theirs), or the stated answer of a
 *   public route to the request below; 409: the caller has no one-time password to replace. A refused request
 *   changes no row.
 *
 * Column order is ACTORS: anonymous, homeowner (owns the property), otherHomeowner, orgStaff / orgAdmin (demo-energi),
 * installerStaff (demo-installer), otherOrgAdmin (admin of demo-bank), superAdmin, impersonator (super admin
 * impersonating demo-energi). Requests go to the organisation demo-energi and the homeowner's property.
 *
 * FAKE_LOGIN: POST /api/flow/user/fake-login exists only when FAKE_LOGIN is on and never in production (404 there,
 * bff/src/modules/homeowner/__tests__/bankid-sign.test.ts); the matrix runs with it on, as the test suites do.
 */
export type Outcome = 'allow' | 400 | 401 | 403 | 404 | 409;
export type Outcomes = readonly [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

/** Ids of what the test set up (bff/hardening/__tests__/authorization.test.ts), used to fill each row's request. */
export interface MatrixIds {
  org: string;
  /**
   * The homeowner's property: they have answers (implausible ones, so they are in the validation queue) and contact
   * details.
   */
  property: number;
  /** The homeowner's property profile there. */
  profile: number;
  /** A second property in the homeowner's profile (nobody else's), and its address. */
  spareProperty: number;
  spareAddress: { street: string; postalCity: string; postalCode: string };
  /** An EPC document the homeowner uploaded for the property (pending). */
  document: string;
  /** A property only the homeowner has answered for: only its owner may upload documents to it. */
  documentProperty: number;
  /** A knowledge base message. */
  message: number;
  /** A staff member of demo-energi only (the org's user management may act on them). */
  orgUser: number;
  /** A console user in no organisation (the platform's user management acts on them). */
  platformUser: number;
  /** An organisation made for the admin pages to edit. */
  organisation: string;
  /** A release of a remote that can be activated. */
  release: { remote: string; version: string };
  /** demo-energi's question set, sent back unchanged. */
  questions: unknown[];
  /** A recommendation key and an installer demo-energi offers. */
  installer: string;
}

export interface CaseContext extends MatrixIds {
  actor: ActorName;
  /** What the row's `prepare` returned for this case. */
  prepared: Record<string, string | number>;
}

/** Sessions the test keeps outside the actors, for preparing resources. */
export interface MatrixHelpers {
  /** A super admin session of its own. */
  admin: Agent;
  /** A session of the homeowner of its own (uploads documents). */
  owner: Agent;
  /**
   * A homeowner of their own, signed in, new on every call (a homeowner sends at most 10 installer requests a day),
   * with their personal number.
   */
  newHomeowner: () => Promise<Agent & { personalNumber: string }>;
  ids: MatrixIds;
}

export interface MatrixRow {
  /** "METHOD /path" exactly as listRoutes prints it. */
  route: string;
  outcomes: Outcomes;
  /** Fills the route's :params ({*rest} as `rest`); `org` is demo-energi unless given. */
  params?: (c: CaseContext) => Record<string, string | number>;
  query?: Record<string, string>;
  body?: ((c: CaseContext) => unknown) | Record<string, unknown> | unknown[];
  /** Send the body form-encoded (the NextAuth protocol), not JSON. */
  form?: true;
  /** Add the session's CSRF token (GET /api/auth/csrf) to the body. */
  csrf?: true;
  /** Send a small PDF as multipart `file` with these fields. */
  upload?: Record<string, string>;
  /** The status that means 'allow' when it is not a 2xx. */
  allowStatus?: number;
  /** 'fresh': the allowed request changes the caller's session (sign in/out, impersonation), so it gets a new one. */
  session?: 'fresh';
  /** Runs before each case (refused ones too, before the rows are counted): makes what the request acts on. */
  prepare?: (helpers: MatrixHelpers, actor: ActorName) => Promise<Record<string, string | number>>;
  /** Runs on the case's session before the request (refused cases too, before the rows are counted). */
  before?: (agent: Agent, c: CaseContext) => Promise<void>;
  /** Runs after an allowed case on the same session: puts things back (a password). */
  after?: (agent: Agent, c: CaseContext) => Promise<void>;
  /** The allowed request ends the caller's other sessions: the test signs the actors in again. */
  endsOtherSessions?: true;
  /** What in the answer only the homeowner may see: empty for everyone else who is allowed, present for them. */
  ownersData?: (body: any, c: CaseContext) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const A = 'allow';
const row = (route: string, outcomes: Outcomes, spec: Omit<MatrixRow, 'route' | 'outcomes'> = {}): MatrixRow => ({
  route,
  outcomes,
  ...spec,
});

const TEMPORARY_PASSWORD = 'matrix-temporary-password';
const slugOf = (actor: ActorName) => `matrix-${actor.toLowerCase()}`;

async function ok(pending: PromiseLike<{ status: number; text: string; body: any }>, what: string) {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await pending;
  if (res.status >= 300) throw new Error(`prepare ${what}: ${res.status} ${res.text}`);
  return res.body;
}

/** A pending EPC document of the homeowner's, for approving or rejecting once. */
async function uploadDocument({ owner, ids }: MatrixHelpers) {
  const body = await ok(
    owner
      .post(`/api/flow/property/${ids.property}/document`)
      .field('energy_class', 'C')
      .attach('file', MATRIX_PDF, 'epc.pdf'),
    'document',
  );
  return { document: body.document.id as string };
}

/**
 * A new request to the demo installer organisation from a homeowner of its own per case, about one of the home's
 * measures (the only keys the BFF accepts), and its id.
 */
async function newLead({ newHomeowner, admin, ids }: MatrixHelpers, actor: ActorName) {
  const owner = await newHomeowner();
  const building = await ok(owner.post(`/api/flow/property/${ids.property}/building`).send({}), 'building');
  const key = (building.recommendations as Activity[]).find(offersInstallers)!.name;
  const contact = { email: `matrix-${actor.toLowerCase()}@example.se`, mobile: '0701234567' };
  await ok(owner.post('/api/flow/user/profile/contact').send(contact), 'contact');
  await ok(
    owner
      .post(`/api/flow/property/${ids.property}/installer-requests`)
      .send([{ installer: 'demo-installer', key, selected: true }]),
    'installer request',
  );
  const { requests } = await ok(admin.get('/api/console/org/demo-installer/installer-requests'), 'leads');
  // Newest first: this case's request.
  return { lead: (requests as { id: number; key: string }[]).find((r) => r.key === key)!.id };
}

/**
 * A consent of the homeowner's not yet withdrawn: their request to the installer, shared (again). Reopening a request
 * withdrawn within the day shares it anew without counting towards the day's limit.
 */
async function ownConsent({ owner, ids }: MatrixHelpers) {
  await ok(
    owner
      .post(`/api/flow/property/${ids.property}/installer-requests`)
      .send([{ installer: ids.installer, key: 'heat_pump_airwater', selected: true }]),
    'installer request',
  );
  const { consents } = await ok(owner.get('/api/flow/user/consents'), 'consents');
  return { consent: (consents as { id: number; withdrawn_at: string | null }[]).find((c) => !c.withdrawn_at)!.id };
}

export const MATRIX_PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

// prettier-ignore
export const MATRIX: readonly MatrixRow[] = [
  // ── Health and the remotes' registry: public ───────────────── anon home other staff admin inst  bank  super imp
  row('GET /healthz',                                             [A,   A,   A,    A,    A,    A,    A,    A,    A]),
  row('GET /readyz',                                              [A,   A,   A,    A,    A,    A,    A,    A,    A]),
  row('GET /api/mfe/registry',                                    [A,   A,   A,    A,    A,    A,    A,    A,    A]),
  row('POST /api/mfe/beacon',                                     [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    body: (c) => ({ kind: 'loaded', remote: c.release.remote, version: String(c.prepared.served) }),
    // A page load's registry request hands out the release session, and the version, the beacon reports on.
    before: async (agent, c) => {
      const registry = await agent.get('/api/mfe/registry');
      const served = registry.body.remotes.find((r: { package: string }) => r.package === c.release.remote);
      c.prepared.served = served.version;
    },
  }),

  row('POST /api/mfe/vitals',                                     [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    body: (c) => ({
      device: 'phone',
      views: [
        { route: '/', remote: c.release.remote, version: String(c.prepared.served), navigation: 'load', usable: 900 },
      ],
    }),
    // Like the beacon: the page load's registry request hands out the release session and the version it reports on.
    before: async (agent, c) => {
      const registry = await agent.get('/api/mfe/registry');
      const served = registry.body.remotes.find((r: { package: string }) => r.package === c.release.remote);
      c.prepared.served = served.version;
    },
  }),

  // ── /api/auth: the NextAuth protocol, public; answers depend on the session, never refuse ──
  row('GET /api/auth/csrf',                                       [A,   A,   A,    A,    A,    A,    A,    A,    A]),
  row('GET /api/auth/providers',                                  [A,   A,   A,    A,    A,    A,    A,    A,    A]),
  row('GET /api/auth/session',                                    [A,   A,   A,    A,    A,    A,    A,    A,    A]),
  row('POST /api/auth/session',                                   [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    csrf: true, body: {},
  }),
  row('GET /api/auth/signin',                                     [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    allowStatus: 302,
  }),
  row('POST /api/auth/signin/:provider',                          [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    params: () => ({ provider: 'credentials' }), form: true, csrf: true, body: { json: 'true' },
  }),
  // Signs the caller's (new) session in as another console user.
  row('POST /api/auth/callback/:provider',                        [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    params: () => ({ provider: 'credentials' }), form: true, csrf: true, session: 'fresh',
    body: { email: 'multi@demo.test', password: DEMO_PASSWORD, json: 'true' } }),
  row('GET /api/auth/error',                                      [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    allowStatus: 302,
  }),
  row('GET /api/auth/signout',                                    [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    allowStatus: 302,
  }),
  row('POST /api/auth/signout',                                   [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    form: true, csrf: true, body: { json: 'true' }, session: 'fresh',
  }),
  row('POST /api/auth/_log',                                      [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    body: { level: 'debug', code: 'matrix', message: 'authorization matrix' },
  }),
  // NextAuth's answer to an action it does not know, whoever asks.
  row('_ALL /api/auth/{*rest}',                                   [400, 400, 400,  400,  400,  400,  400,  400,  400], {
    params: () => ({ rest: 'no-such-action' }),
  }),

  // ── Homeowner sign-in (BankID) and profile ─────────────────── anon home other staff admin inst  bank  super imp
  row('GET /api/flow/user/auth',                                  [A,   A,   A,    A,    A,    A,    A,    A,    A]),
  // Completes this session's BankID order; the cases start none, so everyone gets the same 404 (no order).
  row('POST /api/flow/user/auth',                                 [404, 404, 404,  404,  404,  404,  404,  404,  404], {
    csrf: true, body: {},
  }),
  row('GET /api/flow/user/sign',                                  [A,   A,   A,    A,    A,    A,    A,    A,    A]),
  // Starts an order bound to the caller's session (nothing else in the session changes).
  row('POST /api/flow/user/sign',                                 [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    csrf: true,
    body: { loginMethod: 'bankid.other_device', identificationMode: 'identify' } }),
  // Cancels the session's order: each case starts one first.
  row('DELETE /api/flow/user/sign',                               [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    csrf: true, body: {},
    before: async (agent) => {
      const csrfToken = (await agent.get('/api/auth/csrf')).body.csrfToken;
      const order = { csrfToken, loginMethod: 'bankid.other_device', identificationMode: 'identify' };
      await ok(agent.post('/api/flow/user/sign').send(order), 'start an order');
    } }),
  row('POST /api/flow/user/logout',                               [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    csrf: true, body: {}, session: 'fresh',
  }),
  // Test and development only (404 in production, see above).
  row('POST /api/flow/user/fake-login',                           [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    body: {}, session: 'fresh',
  }),
  row('GET /api/flow/user/export',                                [401, A,   A,    401,  401,  401,  401,  401,  401]),
  // Erasure needs this session's BankID confirmation (modules/privacy/__tests__): without one, 409 and nothing changes.
  row('DELETE /api/flow/user/account',                            [401, 409, 409,  401,  401,  401,  401,  401,  401], {
    csrf: true, body: {},
  }),
  row('GET /api/flow/user/profile',                               [401, A,   A,    401,  401,  401,  401,  401,  401], {
    ownersData: (body, c) => body.properties.filter((p: { id: number }) => p.id === c.property) }),
  // The homeowner's consents and who saw their data: their own only (another homeowner's consent id is 404).
  row('GET /api/flow/user/consents',                              [401, A,   A,    401,  401,  401,  401,  401,  401]),
  row('POST /api/flow/user/consents/:id/withdraw',                [401, A,   404,  401,  401,  401,  401,  401,  401], {
    prepare: ownConsent,
    params: (c) => ({ id: c.prepared.consent! }),
    body: {} }),
  row('GET /api/flow/user/access-log',                            [401, A,   A,    401,  401,  401,  401,  401,  401]),
  row('PATCH /api/flow/user/profile',                             [401, A,   A,    401,  401,  401,  401,  401,  401], {
    body: { selectedPropertyId: null },
  }),
  row('POST /api/flow/user/profile/contact',                      [401, A,   A,    401,  401,  401,  401,  401,  401], {
    body: { email: 'matrix@example.se', mobile: '070-123 45 67' },
  }),
  // "Send the link again": each case first gives a new email, which mails its link, so the homeowners' answer is the
  // limit's 429 (one link a minute, homeowner/email-verification.ts), the same on every run.
  row('POST /api/flow/user/profile/contact/verification',         [401, A,   A,    401,  401,  401,  401,  401,  401], {
    body: {}, allowStatus: 429,
    before: async (agent) => {
      const email = `matrix-${Date.now()}@example.se`;
      await agent.post('/api/flow/user/profile/contact').send({ email, mobile: '0701234567' });
    } }),
  // Public: the page the mailed link opens posts its token; a token that was never issued is refused.
  row('POST /api/flow/user/email-verification',                   [400, 400, 400,  400,  400,  400,  400,  400,  400], {
    body: { token: 'x'.repeat(43) },
  }),
  row('POST /api/flow/user/profile/property',                     [401, A,   A,    401,  401,  401,  401,  401,  401], {
    body: (c) => c.spareAddress,
  }),
  // The spare property is in the homeowner's profile only: the other homeowner has nothing to remove.
  row('DELETE /api/flow/user/profile/property/:id',               [401, A,   404,  401,  401,  401,  401,  401,  401], {
    params: (c) => ({ id: c.spareProperty }),
  }),
  // Undo of that removal: each case removes the spare property first (only the homeowner can), then restores it.
  row('POST /api/flow/user/profile/property/:id/restore',         [401, A,   404,  401,  401,  401,  401,  401,  401], {
    params: (c) => ({ id: c.spareProperty }), body: {},
    before: async (agent, c) => {
      await agent.delete(`/api/flow/user/profile/property/${c.spareProperty}`);
    } }),

  // ── Address search: public ─────────────────────────────────── anon home other staff admin inst  bank  super imp
  row('GET /api/flow/property-search/geoengine-property',         [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    query: { street: 'Matrixgatan 1', postal_code: '11122' },
  }),
  row('GET /api/flow/property-search/suggestions',                [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    query: { q: 'Matrix' },
  }),
  // No Street View key in tests: 204, the generic picture.
  row('GET /api/flow/property-search/google-streetview',          [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    query: { address: 'Matrixgatan 1, Stockholm' },
  }),

  // ── A property's answers and building: everyone works on their own profile (a visitor's before sign-in); reads of a
  //    profile the caller does not have answer 404, so nobody learns about another owner's answers ──
  //                                                               anon home other staff admin inst  bank  super imp
  row('GET /api/flow/property/:id/answers',                       [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    params: (c) => ({ id: c.property }),
    ownersData: (body) => Object.keys(body.answers) }),
  row('GET /api/flow/property/:id/building/:building/information',
                                                                  [404, A,   404,  404,  404,  404,  404,  404,  404], {
    params: (c) => ({ id: c.property, building: 'primary' }),
  }),
  row('GET /api/flow/property/:id/building/:building/recommendations',
                                                                  [404, A,   404,  404,  404,  404,  404,  404,  404], {
    params: (c) => ({ id: c.property, building: 'primary' }),
  }),
  row('GET /api/flow/property/:id/building/:building/label/explanation',
                                                                  [404, A,   404,  404,  404,  404,  404,  404,  404], {
    params: (c) => ({ id: c.property, building: 'primary' }),
  }),
  row('GET /api/flow/property/:id/building/:building/recommendations/:type/explanation',
                                                                  [404, A,   404,  404,  404,  404,  404,  404,  404], {
    params: (c) => ({ id: c.property, building: 'primary', type: 'insulation_attic' }) }),
  row('GET /api/flow/property/:id/rates',                         [404, A,   404,  404,  404,  404,  404,  404,  404], {
    params: (c) => ({ id: c.property }),
  }),
  row('GET /api/flow/property/:id/plan',                          [404, A,   404,  404,  404,  404,  404,  404,  404], {
    params: (c) => ({ id: c.property }),
  }),
  row('GET /api/flow/property/:id/plan/suggestions',              [404, A,   404,  404,  404,  404,  404,  404,  404], {
    params: (c) => ({ id: c.property }),
  }),
  // The plan is kept with the caller's own profile: only the owner of the answers may keep one (404 like their reads).
  row('POST /api/flow/property/:id/plan',                         [404, A,   404,  404,  404,  404,  404,  404,  404], {
    params: (c) => ({ id: c.property }),
    body: { measures: ['insulation_attic'], loan: { type: 'Cash' } } }),
  row('GET /api/flow/property/:id/installers',                    [404, A,   404,  404,  404,  404,  404,  404,  404], {
    params: (c) => ({ id: c.property }),
  }),
  // Only a signed-in homeowner contacts installers, and only for a home they have answered for.
  row('POST /api/flow/property/:id/installer-requests',           [401, A,   404,  401,  401,  401,  401,  401,  401], {
    params: (c) => ({ id: c.property }),
    body: (c) => [{ installer: c.installer, key: 'heat_pump_airwater', selected: true }] }),
  row('POST /api/flow/property/:id/answer',                       [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    params: (c) => ({ id: c.property }), body: { num_floors: 1 },
  }),
  row('POST /api/flow/property/:id/building',                     [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    params: (c) => ({ id: c.property }), body: { answers: { num_floors: 1 } },
  }),
  row('POST /api/flow/property/:id/rates',                        [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    params: (c) => ({ id: c.property }),
    body: { energy_carriers_import: { electricity: { cents_per_kwh: 180 } } } }),
  row('POST /api/flow/property/:id/consumption',                  [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    params: (c) => ({ id: c.property }),
    body: { year: 2024, energy_carriers: { electricity: 14000 } } }),
  // Uploads only by the property's owner (a session that answered for it, or the homeowner): 404 like other owners'
  // reads.
  row('POST /api/flow/property/:id/document',                     [404, A,   404,  404,  404,  404,  404,  404,  404], {
    params: (c) => ({ id: c.documentProperty }), upload: { energy_class: 'D' },
  }),

  // ── The flow's other calls: public ─────────────────────────── anon home other staff admin inst  bank  super imp
  row('GET /api/flow/questions',                                  [A,   A,   A,    A,    A,    A,    A,    A,    A]),
  row('GET /api/flow/brand-config',                               [A,   A,   A,    A,    A,    A,    A,    A,    A]),
  row('GET /api/flow/privacy-notice',                             [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    query: { lng: 'sv' } }),
  row('GET /api/flow/texts/:name',                                [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    params: () => ({ name: 'terms' }),
  }),
  row('GET /api/flow/messages',                                   [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    query: { key: 'matrix' },
  }),
  row('POST /api/flow/interaction',                               [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    body: { action: 'matrix.check' },
  }),
  row('POST /api/flow/:lender/discounts',                         [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    params: () => ({ lender: 'demo-bank' }),
    body: { energy_class_after: 'B', mortgage_amount: 2_000_000 } }),

  // ── Console of demo-energi: members (and super admins), then the rules table (shared/src/console/menu-rules.ts);
  //    homeowners are not console users (401), other organisations' people get 404 ──
  //                                                               anon home other staff admin inst  bank  super imp
  row('GET /api/console/org/:org/details',                        [401, 401, 401,  A,    A,    404,  404,  A,    A]),
  row('GET /api/console/org/:org/overview',                       [401, 401, 401,  A,    A,    404,  404,  A,    A]),
  row('GET /api/console/org/:org/account',                        [401, 401, 401,  A,    A,    404,  404,  A,    A]),
  row('PATCH /api/console/org/:org/account',                      [401, 401, 401,  A,    A,    404,  404,  A,    A], {
    body: (c) => ({ name: `Matrix ${c.actor}` }),
  }),
  // Changes the caller's password (ending their other sessions), then changes it back.
  row('POST /api/console/org/:org/account/password',              [401, 401, 401,  A,    A,    404,  404,  A,    A], {
    session: 'fresh', endsOtherSessions: true,
    body: { currentPassword: DEMO_PASSWORD, newPassword: TEMPORARY_PASSWORD },
    after: async (agent, c) => {
      const back = { currentPassword: TEMPORARY_PASSWORD, newPassword: DEMO_PASSWORD };
      await ok(agent.post(`/api/console/org/${c.org}/account/password`).send(back), 'password back');
    } }),
  // Analytics (feature platform_analytics); portfolio is for super admins.
  row('GET /api/console/org/:org/analytics/properties',           [401, 401, 401,  A,    A,    404,  404,  A,    A]),
  row('GET /api/console/org/:org/analytics/activities',           [401, 401, 401,  A,    A,    404,  404,  A,    A]),
  row('GET /api/console/org/:org/analytics/users',                [401, 401, 401,  A,    A,    404,  404,  A,    A]),
  row('GET /api/console/org/:org/analytics/transition',           [401, 401, 401,  A,    A,    404,  404,  A,    A]),
  row('GET /api/console/org/:org/analytics/portfolio',            [401, 401, 401,  403,  403,  404,  404,  A,    A]),
  // Property lookup: super admins.
  row('GET /api/console/org/:org/property-lookup/search',         [401, 401, 401,  403,  403,  404,  404,  A,    A], {
    query: { q: 'Matrixgatan' },
  }),
  row('GET /api/console/org/:org/property-lookup/properties/:id', [401, 401, 401,  403,  403,  404,  404,  A,    A], {
    params: (c) => ({ org: c.org, id: c.property }),
  }),
  row('GET /api/console/org/:org/property-lookup/profiles/:id',   [401, 401, 401,  403,  403,  404,  404,  A,    A], {
    params: (c) => ({ org: c.org, id: c.profile }),
  }),
  // Configuration: admins.
  row('GET /api/console/org/:org/configuration',                  [401, 401, 401,  403,  A,    404,  404,  A,    A]),
  row('PUT /api/console/org/:org/configuration/brand',            [401, 401, 401,  403,  A,    404,  404,  A,    A], {
    body: { name: 'Demo Energi', accent: '#0a7d5a' },
  }),
  row('PUT /api/console/org/:org/configuration/prices',           [401, 401, 401,  403,  A,    404,  404,  A,    A], {
    body: { import_cents_per_kwh: { electricity: 190 } },
  }),
  row('PUT /api/console/org/:org/configuration/questions',        [401, 401, 401,  403,  A,    404,  404,  A,    A], {
    body: (c) => ({ questions: c.questions }),
  }),
  // An installer organisation's measures: its admins (not demo-installer's staff); all measures, so nothing changes.
  row('PUT /api/console/org/:org/configuration/installer-measures',
                                                                  [401, 401, 401,  404,  404,  403,  404,  A,    A], {
    params: () => ({ org: 'demo-installer' }),
    body: { measures: [...INSTALLER_MEASURES] } }),
  // Validation (feature platform_validation).
  row('GET /api/console/org/:org/validation',                     [401, 401, 401,  A,    A,    404,  404,  A,    A]),
  row('GET /api/console/org/:org/validation/documents/:id/file',  [401, 401, 401,  A,    A,    404,  404,  A,    A], {
    params: (c) => ({ org: c.org, id: c.document }),
  }),
  row('POST /api/console/org/:org/validation/documents/:id/approve',
                                                                  [401, 401, 401,  A,    A,    404,  404,  A,    A], {
    prepare: uploadDocument,
    params: (c) => ({ org: c.org, id: c.prepared.document! }), body: {} }),
  row('POST /api/console/org/:org/validation/documents/:id/reject',
                                                                  [401, 401, 401,  A,    A,    404,  404,  A,    A], {
    prepare: uploadDocument,
    params: (c) => ({ org: c.org, id: c.prepared.document! }),
    body: { reason: 'Not an energy performance certificate.' } }),
  row('POST /api/console/org/:org/validation/profiles/:id/review',
                                                                  [401, 401, 401,  A,    A,    404,  404,  A,    A], {
    params: (c) => ({ org: c.org, id: c.profile }),
    body: { outcome: 'accepted', note: 'checked' } }),
  // Installer leads: the addressed installer organisation (demo-installer) and super admins; other organisations'
  // people 404.
  row('GET /api/console/org/:org/installer-requests',             [401, 401, 401,  404,  404,  A,    404,  A,    A], {
    params: () => ({ org: 'demo-installer' }),
  }),
  // Each case first gets a new request of its own from the homeowner (a status moves once).
  row('PATCH /api/console/org/:org/installer-requests/:id',       [401, 401, 401,  404,  404,  A,    404,  A,    A], {
    prepare: newLead,
    params: (c) => ({ org: 'demo-installer', id: c.prepared.lead! }),
    body: { status: 'contacted', note: 'Called, visit on Monday.' } }),
  // Who of the organisation's staff saw personal data: its admins (and super admins).
  row('GET /api/console/org/:org/data-access',                    [401, 401, 401,  403,  A,    404,  404,  A,    A]),
  // Knowledge base: super admins.
  row('GET /api/console/org/:org/messages',                       [401, 401, 401,  403,  403,  404,  404,  A,    A]),
  row('POST /api/console/org/:org/messages',                      [401, 401, 401,  403,  403,  404,  404,  A,    A], {
    body: (c) => ({
      slug: slugOf(c.actor), type: 'info', title: 'Matrix', key: 'matrix', content: 'Made by the authorization matrix.',
    }) }),
  row('GET /api/console/org/:org/messages/:id',                   [401, 401, 401,  403,  403,  404,  404,  A,    A], {
    params: (c) => ({ org: c.org, id: c.message }),
  }),
  row('PUT /api/console/org/:org/messages/:id',                   [401, 401, 401,  403,  403,  404,  404,  A,    A], {
    params: (c) => ({ org: c.org, id: c.message }),
    body: {
      slug: 'matrix-message', type: 'info', title: 'Matrix (edited)', key: 'matrix',
      content: 'Edited by the authorization matrix.',
    } }),
  row('DELETE /api/console/org/:org/messages/:id',                [401, 401, 401,  403,  403,  404,  404,  A,    A], {
    prepare: async ({ admin, ids }, actor) => {
      const doomed = {
        slug: `${slugOf(actor)}-doomed`, type: 'info', title: 'Doomed', key: 'matrix', content: 'To be deleted.',
      };
      return { message: (await ok(admin.post(`/api/console/org/${ids.org}/messages`).send(doomed), 'message')).id };
    },
    params: (c) => ({ org: c.org, id: c.prepared.message! }) }),
  // The organisation's user management: its admins (and super admins).
  row('GET /api/console/org/:org/users',                          [401, 401, 401,  403,  A,    404,  404,  A,    A]),
  row('POST /api/console/org/:org/users',                         [401, 401, 401,  403,  A,    404,  404,  A,    A], {
    body: (c) => ({ email: `${slugOf(c.actor)}@energi.demo.test`, name: 'Matrix Staff', role: 'staff' }) }),
  row('PATCH /api/console/org/:org/users/:id',                    [401, 401, 401,  403,  A,    404,  404,  A,    A], {
    params: (c) => ({ org: c.org, id: c.orgUser }), body: { role: 'staff' },
  }),
  row('POST /api/console/org/:org/users/:id/reset-password',      [401, 401, 401,  403,  A,    404,  404,  A,    A], {
    params: (c) => ({ org: c.org, id: c.orgUser }),
  }),
  // Removes the member; each case first (re)adds them.
  row('DELETE /api/console/org/:org/users/:id',                   [401, 401, 401,  403,  A,    404,  404,  A,    A], {
    prepare: async ({ admin, ids }) => {
      const staff = admin.put(`/api/admin/users/${ids.orgUser}/memberships/${ids.org}`).send({ role: 'staff' });
      return (await ok(staff, 'membership'), {});
    },
    params: (c) => ({ org: c.org, id: c.orgUser }) }),

  // ── /api/admin: super admins only ──────────────────────────── anon home other staff admin inst  bank  super imp
  row('GET /api/admin/organisations',                             [401, 401, 401,  403,  403,  403,  403,  A,    A]),
  row('POST /api/admin/organisations',                            [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    body: (c) => ({ slug: slugOf(c.actor), name: `Matrix ${c.actor}`, brand: slugOf(c.actor) }) }),
  row('GET /api/admin/organisations/:slug',                       [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    params: (c) => ({ slug: c.organisation }),
  }),
  row('PATCH /api/admin/organisations/:slug',                     [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    params: (c) => ({ slug: c.organisation }),
    body: (c) => ({ name: `Matrix target, edited by ${c.actor}` }) }),
  row('GET /api/admin/users',                                     [401, 401, 401,  403,  403,  403,  403,  A,    A]),
  row('POST /api/admin/users',                                    [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    body: (c) => ({ email: `${slugOf(c.actor)}@platform.demo.test`, name: 'Matrix User', memberships: [] }) }),
  row('PATCH /api/admin/users/:id',                               [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    params: (c) => ({ id: c.platformUser }),
    body: (c) => ({ name: `Matrix user, renamed by ${c.actor}` }) }),
  row('PUT /api/admin/users/:id/memberships/:org',                [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    params: (c) => ({ id: c.platformUser, org: 'demo-bank' }),
    body: { role: 'staff' } }),
  // Removes a membership; each case first (re)adds it.
  row('DELETE /api/admin/users/:id/memberships/:org',             [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    prepare: async ({ admin, ids }) => {
      const membership = `/api/admin/users/${ids.platformUser}/memberships/demo-installer`;
      const staff = admin.put(membership).send({ role: 'staff' });
      return (await ok(staff, 'membership'), {});
    },
    params: (c) => ({ id: c.platformUser, org: 'demo-installer' }) }),
  row('POST /api/admin/users/:id/reset-password',                 [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    params: (c) => ({ id: c.platformUser }),
  }),
  row('GET /api/admin/releases',                                  [401, 401, 401,  403,  403,  403,  403,  A,    A]),
  row('POST /api/admin/releases/:remote/:version/activate',       [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    params: (c) => c.release,
  }),
  row('POST /api/admin/releases/:remote/:version/audience',       [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    params: (c) => c.release, body: { kind: 'everyone' },
  }),
  row('POST /api/admin/releases/:remote/:version/rollback',       [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    params: (c) => c.prepared,
    // A canary to roll back: the matrix release made active elsewhere, so the newer one becomes the canary.
    prepare: async ({ admin, ids }) => {
      const list = await ok(admin.get('/api/admin/releases'), 'releases');
      const releases: { version: string; active: boolean }[] =
        list.remotes.find((r: { remote: string }) => r.remote === ids.release.remote).releases;
      const canary = releases.find((r) => !r.active)!;
      const audience = `/api/admin/releases/${ids.release.remote}/${canary.version}/audience`;
      await ok(admin.post(audience).send({ kind: 'percent', percent: 10 }), 'canary');
      return { remote: ids.release.remote, version: canary.version };
    },
  }),
  row('GET /api/admin/release-tokens',                            [401, 401, 401,  403,  403,  403,  403,  A,    A]),
  row('POST /api/admin/release-tokens',                           [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    body: (c) => ({ remote: 'mfe-results', label: `matrix ${c.actor}` }),
  }),
  // Each case revokes a token of its own, made first.
  row('POST /api/admin/release-tokens/:id/revoke',                [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    prepare: async ({ admin }, actor) => {
      const token = { remote: 'mfe-flow', label: `revoked by ${actor}` };
      return { id: (await ok(admin.post('/api/admin/release-tokens').send(token), 'release token')).id };
    },
    params: (c) => ({ id: c.prepared.id! }) }),
  // A team's CI with a release token (Bearer): no session of any actor is one (release-upload.test.ts tests tokens).
  row('POST /api/releases/:remote',                               [401, 401, 401,  401,  401,  401,  401,  401,  401], {
    params: () => ({ remote: 'mfe-results' }),
  }),
  row('GET /api/releases/:remote',                                [401, 401, 401,  401,  401,  401,  401,  401,  401], {
    params: () => ({ remote: 'mfe-results' }),
  }),
  row('POST /api/releases/:remote/:version/activate',             [401, 401, 401,  401,  401,  401,  401,  401,  401], {
    params: (c) => c.release,
  }),
  row('POST /api/releases/:remote/:version/audience',             [401, 401, 401,  401,  401,  401,  401,  401,  401], {
    params: (c) => c.release, body: { kind: 'everyone' },
  }),
  row('POST /api/releases/:remote/:version/rollback',             [401, 401, 401,  401,  401,  401,  401,  401,  401], {
    params: (c) => c.release,
  }),
  row('POST /api/admin/impersonation',                            [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    session: 'fresh', body: { organisation: 'demo-bank' },
  }),
  row('DELETE /api/admin/impersonation',                          [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    session: 'fresh',
  }),
  // Data requests for someone who wrote in: export the homeowner's data; erase a homeowner made for each case.
  row('POST /api/admin/privacy/export',                           [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    body: { personalNumber: '199001011239', reference: 'Matrix letter 1' },
  }),
  row('POST /api/admin/privacy/erase',                            [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    prepare: async ({ newHomeowner }) => ({ personalNumber: (await newHomeowner()).personalNumber }),
    body: (c) => ({ personalNumber: c.prepared.personalNumber, reference: 'Matrix letter 2' }),
  }),
  row('GET /api/admin/audit',                                     [401, 401, 401,  403,  403,  403,  403,  A,    A]),
  row('GET /api/admin/speed',                                     [401, 401, 401,  403,  403,  403,  403,  A,    A]),
  // The outbox (menu item `outbox`): the mails of the demo, written to files; the matrix's setup invited users.
  row('GET /api/admin/outbox',                                    [401, 401, 401,  403,  403,  403,  403,  A,    A]),
  row('GET /api/admin/outbox/:id',                                [401, 401, 401,  403,  403,  403,  403,  A,    A], {
    prepare: async ({ admin }) => ({ mail: (await ok(admin.get('/api/admin/outbox'), 'outbox')).mails[0].id }),
    params: (c) => ({ id: c.prepared.mail! }) }),

  // ── /api/password: links by mail (public, the same answer for every address) and the one-time password's
  // successor ──
  row('POST /api/password/forgot',                                [A,   A,   A,    A,    A,    A,    A,    A,    A], {
    body: { email: 'nobody@matrix.test' },
  }),
  row('POST /api/password/link/state',                            [404, 404, 404,  404,  404,  404,  404,  404,  404], {
    body: { token: 'x'.repeat(43) },
  }),
  row('POST /api/password/link',                                  [400, 400, 400,  400,  400,  400,  400,  400,  400], {
    body: { token: 'x'.repeat(43), password: 'matrix-new-password' },
  }),
  row('POST /api/password/choose',                                [401, 401, 401,  409,  409,  409,  409,  409,  409], {
    body: { password: 'matrix-new-password' },
  }),
];

export function outcomeOf(row: MatrixRow, actor: ActorName): Outcome {
  return row.outcomes[ACTORS.indexOf(actor)]!;
}

/** The request line of a row: its method (GET for a route that takes any) and path with the params filled in. */
export function requestLine(row: MatrixRow, c: CaseContext): { method: string; path: string } {
  const [method, template] = row.route.split(' ') as [string, string];
  const params: Record<string, string | number> = { org: c.org, ...(row.params?.(c) ?? {}) };
  const path = template
    .replace(/\{\*(\w+)\}/g, (_m, name: string) => fill(params, name, row))
    .replace(/:(\w+)/g, (_m, name: string) => fill(params, name, row));
  return { method: method === '_ALL' ? 'GET' : method, path };
}

function fill(params: Record<string, string | number>, name: string, row: MatrixRow): string {
  const value = params[name];
  if (value === undefined) throw new Error(`${row.route}: no value for :${name}`);
  return encodeURIComponent(String(value));
}

/** The matrix as a Markdown table (for reviews and AUTHORIZATION.md readers; the rows above stay the source). */
export function formatMatrix(): string {
  const cell = (o: Outcome) => (o === 'allow' ? '✓' : String(o));
  const lines = [`| route | ${ACTORS.join(' | ')} |`, `|---|${ACTORS.map(() => '---').join('|')}|`];
  for (const r of MATRIX) lines.push(`| \`${r.route}\` | ${r.outcomes.map(cell).join(' | ')} |`);
  return lines.join('\n');
}
