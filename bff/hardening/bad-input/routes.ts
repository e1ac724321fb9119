// Every route's input: a valid request (path params, query, body) and who sends it. The bad-input suite breaks each
// part of it; a route missing here fails the suite, so a new route must be described.
import { DEMO_PASSWORD } from '../../src/seed/demo-staff';
import { INSTALLER_MEASURES } from '@home-energy/shared/schemas/installer-leads';
import type { JsonBody, ParamSpec, QuerySpec, RouteInput } from './types';
import type { WorldIds } from './world';

const ORG = '/api/console/org/:org';
const org: Record<string, ParamSpec> = { org: { valid: 'demo-energi', kind: 'slug' } };
const installerOrg: Record<string, ParamSpec> = { org: { valid: 'demo-installer', kind: 'slug' } };
const int = (valid: number): ParamSpec => ({ valid: String(valid), kind: 'int' });
const name = (valid: string): ParamSpec => ({ valid, kind: 'name' });
const date = (valid: string): QuerySpec => ({ valid, kind: 'date' });
const period = { from: date('2026-01-01'), to: date('2026-11-23') };
/** docs/product.md §5: the brand comes from query owner, else the owner cookie, the subdomain, the default brand. */
const owner = (valid: string): Record<string, QuerySpec> => ({
  owner: {
    valid,
    kind: 'slug',
    lenient: 'docs/product.md §5: an owner that names no brand falls back to the cookie, subdomain and default brand',
  },
});

function json(template: unknown, ...objects: JsonBody['objects']): JsonBody {
  return { kind: 'json', template, objects: objects.length ? objects : [{ at: [], required: [] }] };
}

/**
 * NextAuth v4's REST protocol: a refusal is a redirect (or `{ url }` with json=true) and unknown fields are ignored.
 */
const NEXTAUTH =
  'NextAuth v4 REST protocol (next-auth/react client): refusals are redirects or { url }, unknown fields and ' +
  'query parameters are ignored as NextAuth does';

export function describeRoutes(ids: WorldIds): RouteInput[] {
  const property = { id: int(ids.propertyId) };
  const answers = json(
    { building_type: 'villa', construction_year: 1970, primary_heating_systems: ['electric_direct'] },
    {
      at: [],
      required: [],
      // null clears an answer; a wrong type is refused by the question set (selection, integer, multiple).
      accepts: { building_type: ['null'], construction_year: ['null'], primary_heating_systems: ['null'] },
      maxLength: { building_type: 255 },
      map: 'answers',
    },
  );
  const csrfOnly = (token: string) =>
    json({ csrfToken: token }, { at: [], required: ['csrfToken'], maxLength: { csrfToken: 200 } });
  const [question] = ids.questions;
  const dataRequest = (personalNumber: string) =>
    json(
      { personalNumber, reference: 'Letter 2026-7' },
      { at: [], required: ['personalNumber', 'reference'], maxLength: { reference: 100 }, freeText: ['reference'] },
    );

  return [
    // ── super admin ─────────────────────────────────────────────────────────────────────────────────────────────
    {
      method: 'GET',
      path: '/api/admin/audit',
      agent: 'superAdmin',
      query: {
        organisation: { valid: 'demo-energi', kind: 'slug' },
        user: { valid: '1', kind: 'int' },
        ...period,
        page: { valid: '1', kind: 'int' },
        pageSize: { valid: '25', kind: 'int' },
      },
    },
    {
      method: 'POST',
      path: '/api/admin/privacy/export',
      agent: 'superAdmin',
      body: dataRequest('199001011239'),
    },
    {
      method: 'POST',
      path: '/api/admin/privacy/erase',
      agent: 'superAdmin',
      body: dataRequest('200001019999'),
      // Erasing the world's homeowner would end the suite; the erasure itself: modules/privacy/__tests__.
      validAnswer: { status: 404, why: 'no account has this personal number' },
    },
    { method: 'GET', path: '/api/admin/speed', agent: 'superAdmin', query: { days: { valid: '28', kind: 'enum' } } },
    {
      method: 'GET',
      path: '/api/admin/outbox',
      agent: 'superAdmin',
      query: { page: { valid: '1', kind: 'int' }, pageSize: { valid: '25', kind: 'int' } },
    },
    { method: 'GET', path: '/api/admin/outbox/:id', agent: 'superAdmin', params: { id: name(ids.outboxMailId) } },
    { method: 'DELETE', path: '/api/admin/impersonation', agent: 'superAdmin' },
    {
      method: 'POST',
      path: '/api/admin/impersonation',
      agent: 'superAdmin',
      body: json(
        { organisation: 'demo-bank' },
        { at: [], required: ['organisation'], maxLength: { organisation: 63 } },
      ),
    },
    { method: 'GET', path: '/api/admin/organisations', agent: 'superAdmin' },
    {
      method: 'POST',
      path: '/api/admin/organisations',
      agent: 'superAdmin',
      body: json(
        {
          slug: 'fuzz-org',
          name: 'Fuzz Org',
          brand: 'fuzz-org',
          features: ['platform_analytics'],
          isInstaller: false,
          installers: [
            {
              name: 'Fuzz Installer',
              identifier: 'fuzz-installer',
              logo: 'https://fuzz.example/logo.png',
              url: 'https://fuzz.example',
            },
          ],
        },
        {
          at: [],
          required: ['slug', 'name', 'brand'],
          maxLength: { slug: 63, name: 255, brand: 63 },
          freeText: ['name'],
        },
        {
          at: ['installers', 0],
          required: ['name', 'identifier', 'logo', 'url'],
          maxLength: { name: 255, identifier: 255, logo: 255, url: 255 },
          freeText: ['name', 'identifier'],
        },
      ),
    },
    {
      method: 'GET',
      path: '/api/admin/organisations/:slug',
      agent: 'superAdmin',
      params: { slug: { valid: 'demo-energi', kind: 'slug' } },
    },
    {
      method: 'PATCH',
      path: '/api/admin/organisations/:slug',
      agent: 'superAdmin',
      params: { slug: { valid: 'demo-bank', kind: 'slug' } },
      body: json(
        { name: 'Demo Bank', brand: 'demo-bank', isInstaller: false, active: true },
        { at: [], required: [], maxLength: { name: 255, brand: 63 }, freeText: ['name'] },
      ),
    },
    { method: 'GET', path: '/api/admin/releases', agent: 'superAdmin' },
    {
      method: 'POST',
      path: '/api/admin/releases/:remote/:version/activate',
      agent: 'superAdmin',
      params: { remote: name('mfe-results'), version: name('0.1.0-0000000000') },
    },
    {
      method: 'POST',
      path: '/api/admin/releases/:remote/:version/audience',
      agent: 'superAdmin',
      params: { remote: name('mfe-results'), version: name('0.1.0-0000000000') },
      body: json({ kind: 'percent', percent: 10 }, { at: [], required: ['kind', 'percent'] }),
      validAnswer: { status: 404, why: 'the test world publishes no release' },
    },
    {
      method: 'POST',
      path: '/api/admin/releases/:remote/:version/rollback',
      agent: 'superAdmin',
      params: { remote: name('mfe-results'), version: name('0.1.0-0000000000') },
      validAnswer: { status: 404, why: 'the test world publishes no release' },
    },
    { method: 'GET', path: '/api/admin/release-tokens', agent: 'superAdmin' },
    {
      method: 'POST',
      path: '/api/admin/release-tokens',
      agent: 'superAdmin',
      body: json(
        { remote: 'mfe-results', label: 'results team CI' },
        { at: [], required: ['remote', 'label'], maxLength: { label: 100 }, freeText: ['label'] },
      ),
    },
    { method: 'POST', path: '/api/admin/release-tokens/:id/revoke', agent: 'superAdmin', params: { id: int(1) } },
    // A team's CI uploads with a release token (Bearer), which no agent here holds: release-upload.test.ts covers its
    // input.
    {
      method: 'POST',
      path: '/api/releases/:remote',
      agent: 'anonymous',
      params: { remote: name('mfe-results') },
      body: { kind: 'multipart', fields: { 'mf-manifest.json': '{}' } },
      validAnswer: {
        status: 401,
        why: 'uploads need a release token (Authorization: Bearer), which no agent of this world holds',
      },
    },
    // The same token controls the remote's releases; the audience body is the admin route's schema, fuzzed above.
    {
      method: 'GET',
      path: '/api/releases/:remote',
      agent: 'anonymous',
      params: { remote: name('mfe-results') },
      validAnswer: {
        status: 401,
        why: 'release control needs a release token (Authorization: Bearer), which no agent of this world holds',
      },
    },
    {
      method: 'POST',
      path: '/api/releases/:remote/:version/activate',
      agent: 'anonymous',
      params: { remote: name('mfe-results'), version: name('0.1.0-0000000000') },
      validAnswer: {
        status: 401,
        why: 'release control needs a release token (Authorization: Bearer), which no agent of this world holds',
      },
    },
    {
      method: 'POST',
      path: '/api/releases/:remote/:version/audience',
      agent: 'anonymous',
      params: { remote: name('mfe-results'), version: name('0.1.0-0000000000') },
      validAnswer: {
        status: 401,
        why: 'release control needs a release token (Authorization: Bearer), which no agent of this world holds',
      },
    },
    {
      method: 'POST',
      path: '/api/releases/:remote/:version/rollback',
      agent: 'anonymous',
      params: { remote: name('mfe-results'), version: name('0.1.0-0000000000') },
      validAnswer: {
        status: 401,
        why: 'release control needs a release token (Authorization: Bearer), which no agent of this world holds',
      },
    },
    {
      method: 'GET',
      path: '/api/admin/users',
      agent: 'superAdmin',
      query: {
        organisation: { valid: 'demo-energi', kind: 'slug' },
        q: { valid: 'staff', kind: 'text', max: 100, emptyOk: true },
      },
    },
    {
      method: 'POST',
      path: '/api/admin/users',
      agent: 'superAdmin',
      body: json(
        { email: 'fuzz@demo.test', name: 'Fuzz User', memberships: [{ organisation: 'demo-energi', role: 'staff' }] },
        { at: [], required: ['email', 'name'], maxLength: { email: 254, name: 255 }, freeText: ['name'] },
        { at: ['memberships', 0], required: ['organisation', 'role'] },
      ),
    },
    {
      method: 'PATCH',
      path: '/api/admin/users/:id',
      agent: 'superAdmin',
      params: { id: int(ids.staffUserId) },
      body: json(
        { name: 'Staff Energi', active: true },
        { at: [], required: [], maxLength: { name: 255 }, freeText: ['name'] },
      ),
    },
    {
      method: 'DELETE',
      path: '/api/admin/users/:id/memberships/:org',
      agent: 'superAdmin',
      params: { id: int(ids.staffUserId), org: { valid: 'demo-energi', kind: 'slug' } },
    },
    {
      method: 'PUT',
      path: '/api/admin/users/:id/memberships/:org',
      agent: 'superAdmin',
      params: { id: int(ids.staffUserId), org: { valid: 'demo-bank', kind: 'slug' } },
      body: json({ role: 'staff' }, { at: [], required: ['role'] }),
    },
    {
      method: 'POST',
      path: '/api/admin/users/:id/reset-password',
      agent: 'superAdmin',
      params: { id: int(ids.staffUserId) },
    },

    // ── NextAuth (protocol exceptions: the client library defines what is sent and answered) ────────────────────
    // Posts carry the anonymous browser's valid CSRF token, so a bad field reaches what the route does past the check.
    {
      method: 'POST',
      path: '/api/auth/_log',
      agent: 'anonymous',
      protocol: `${NEXTAUTH}; the client's log sink takes any fields`,
      body: { kind: 'form', template: { level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'failed' } },
    },
    {
      method: 'POST',
      path: '/api/auth/callback/:provider',
      agent: 'anonymous',
      protocol: NEXTAUTH,
      params: { provider: name('credentials') },
      body: {
        kind: 'form',
        template: {
          csrfToken: ids.anonymousCsrf,
          email: 'super@demo.test',
          password: 'not-the-password',
          callbackUrl: '/console',
          json: 'true',
          redirect: 'false',
        },
      },
    },
    // Every other action under /api/auth: NextAuth's "not supported" 400 (text, as NextAuth answers it).
    {
      method: '_ALL',
      path: '/api/auth/{*rest}',
      agent: 'anonymous',
      protocol: NEXTAUTH,
      params: { rest: name('unknown-action') },
    },
    { method: 'GET', path: '/api/auth/csrf', agent: 'anonymous', protocol: NEXTAUTH },
    {
      method: 'GET',
      path: '/api/auth/error',
      agent: 'anonymous',
      protocol: NEXTAUTH,
      query: { error: { valid: 'CredentialsSignin', kind: 'text', max: 100, emptyOk: true } },
    },
    { method: 'GET', path: '/api/auth/providers', agent: 'anonymous', protocol: NEXTAUTH },
    { method: 'GET', path: '/api/auth/session', agent: 'anonymous', protocol: NEXTAUTH },
    {
      method: 'POST',
      path: '/api/auth/session',
      agent: 'anonymous',
      protocol: NEXTAUTH,
      body: json({ csrfToken: ids.anonymousCsrf, data: {} }, { at: [], required: ['csrfToken'] }),
    },
    {
      method: 'GET',
      path: '/api/auth/signin',
      agent: 'anonymous',
      protocol: NEXTAUTH,
      query: {
        callbackUrl: { valid: '/console', kind: 'text', emptyOk: true },
        error: { valid: 'SessionRequired', kind: 'text', emptyOk: true },
      },
    },
    {
      method: 'POST',
      path: '/api/auth/signin/:provider',
      agent: 'anonymous',
      protocol: NEXTAUTH,
      params: { provider: name('credentials') },
      body: { kind: 'form', template: { csrfToken: ids.anonymousCsrf, callbackUrl: '/console', json: 'true' } },
    },
    { method: 'GET', path: '/api/auth/signout', agent: 'anonymous', protocol: NEXTAUTH },
    {
      method: 'POST',
      path: '/api/auth/signout',
      agent: 'anonymous',
      protocol: NEXTAUTH,
      body: { kind: 'form', template: { csrfToken: ids.anonymousCsrf, callbackUrl: '/console', json: 'true' } },
    },

    // ── organisation console (as the super admin, who reaches every page of demo-energi) ─────────────────────────
    { method: 'GET', path: `${ORG}/account`, agent: 'superAdmin', params: org },
    {
      method: 'PATCH',
      path: `${ORG}/account`,
      agent: 'superAdmin',
      params: org,
      body: json(
        { name: 'Super Admin', mailLanguage: 'en' },
        { at: [], required: [], maxLength: { name: 255 }, freeText: ['name'] },
      ),
    },
    {
      method: 'POST',
      path: `${ORG}/account/password`,
      agent: 'superAdmin',
      params: org,
      body: json(
        { currentPassword: DEMO_PASSWORD, newPassword: 'a-new-password-2026' },
        {
          at: [],
          required: ['currentPassword', 'newPassword'],
          maxLength: { currentPassword: 200, newPassword: 200 },
          freeText: ['currentPassword', 'newPassword'],
        },
      ),
    },
    ...['activities', 'portfolio', 'properties', 'transition', 'users'].map((page): RouteInput => ({
      method: 'GET',
      path: `${ORG}/analytics/${page}`,
      agent: 'superAdmin',
      params: org,
      query: period,
    })),
    { method: 'GET', path: `${ORG}/configuration`, agent: 'superAdmin', params: org },
    {
      method: 'PUT',
      path: `${ORG}/configuration/brand`,
      agent: 'superAdmin',
      params: org,
      body: json(
        {
          name: 'Demo Energi',
          logo: '/images/fuzz-logo.svg',
          accent: '#0f6e4f',
          accentSoft: '#e3f1eb',
          accentDark: '#0a4a35',
          colours: { text: '#111111' },
          financial_providers: [
            {
              id: 'fuzz-lender',
              name: 'Fuzz Lender',
              url: 'https://lender.example',
              private_loan: { min_rate: 3, max_rate: 9 },
            },
          ],
        },
        { at: [], required: [], maxLength: { name: 255, logo: 255 }, freeText: ['name'] },
        { at: ['colours'], required: [], map: 'colours' },
        {
          at: ['financial_providers', 0],
          required: ['id', 'name'],
          maxLength: { name: 255, url: 255 },
          freeText: ['name'],
        },
        { at: ['financial_providers', 0, 'private_loan'], required: ['min_rate', 'max_rate'] },
      ),
    },
    {
      method: 'PUT',
      path: `${ORG}/configuration/prices`,
      agent: 'superAdmin',
      params: org,
      body: json(
        { import_cents_per_kwh: { electricity: 150 }, export_cents_per_kwh: { electricity: 50 } },
        { at: [], required: [] },
        { at: ['import_cents_per_kwh'], required: [], map: 'carriers' },
      ),
    },
    {
      method: 'PUT',
      path: `${ORG}/configuration/installer-measures`,
      agent: 'superAdmin',
      params: installerOrg,
      body: json({ measures: [...INSTALLER_MEASURES] }, { at: [], required: ['measures'] }),
    },
    {
      method: 'PUT',
      path: `${ORG}/configuration/questions`,
      agent: 'superAdmin',
      params: org,
      body: json(
        { questions: ids.questions },
        { at: [], required: ['questions'] },
        {
          at: ['questions', 0],
          required: ['key', 'header', 'data', 'asked', 'position', 'required', 'texts'],
          maxLength: { key: 255, header: 1023 },
          freeText: ['header'],
        },
        ...(question && typeof question === 'object' && 'texts' in question
          ? [
              {
                at: ['questions', 0, 'texts', 'en'],
                required: ['header'],
                maxLength: { header: 1023 },
                freeText: ['header', 'help'],
              },
            ]
          : []),
      ),
    },
    { method: 'GET', path: `${ORG}/details`, agent: 'superAdmin', params: org },
    {
      method: 'GET',
      path: `${ORG}/messages`,
      agent: 'superAdmin',
      params: org,
      query: {
        q: { valid: 'bad', kind: 'text', max: 100, emptyOk: true },
        type: { valid: 'article', kind: 'text', max: 100 },
      },
    },
    {
      method: 'POST',
      path: `${ORG}/messages`,
      agent: 'superAdmin',
      params: org,
      body: messageBody(),
    },
    { method: 'DELETE', path: `${ORG}/messages/:id`, agent: 'superAdmin', params: { ...org, id: int(ids.messageId) } },
    { method: 'GET', path: `${ORG}/messages/:id`, agent: 'superAdmin', params: { ...org, id: int(ids.messageId) } },
    {
      method: 'PUT',
      path: `${ORG}/messages/:id`,
      agent: 'superAdmin',
      params: { ...org, id: int(ids.messageId) },
      body: messageBody(),
    },
    { method: 'GET', path: `${ORG}/overview`, agent: 'superAdmin', params: org },
    {
      method: 'GET',
      path: `${ORG}/property-lookup/profiles/:id`,
      agent: 'superAdmin',
      params: { ...org, id: int(ids.profileId) },
    },
    {
      method: 'GET',
      path: `${ORG}/property-lookup/properties/:id`,
      agent: 'superAdmin',
      params: { ...org, id: int(ids.propertyId) },
    },
    {
      method: 'GET',
      path: `${ORG}/property-lookup/search`,
      agent: 'superAdmin',
      params: org,
      query: { q: { valid: 'Testgatan', kind: 'text', max: 255 }, postal_code: { valid: '111 22', kind: 'postal' } },
    },
    { method: 'GET', path: `${ORG}/users`, agent: 'superAdmin', params: org },
    {
      method: 'POST',
      path: `${ORG}/users`,
      agent: 'superAdmin',
      params: org,
      body: json(
        { email: 'fuzz-staff@demo.test', name: 'Fuzz Staff', role: 'staff' },
        { at: [], required: ['email', 'name', 'role'], maxLength: { email: 254, name: 255 }, freeText: ['name'] },
      ),
    },
    { method: 'DELETE', path: `${ORG}/users/:id`, agent: 'superAdmin', params: { ...org, id: int(ids.staffUserId) } },
    {
      method: 'PATCH',
      path: `${ORG}/users/:id`,
      agent: 'superAdmin',
      params: { ...org, id: int(ids.staffUserId) },
      body: json({ role: 'staff', active: true }),
    },
    {
      method: 'POST',
      path: `${ORG}/users/:id/reset-password`,
      agent: 'superAdmin',
      params: { ...org, id: int(ids.staffUserId) },
    },
    {
      method: 'GET',
      path: `${ORG}/installer-requests`,
      agent: 'superAdmin',
      params: installerOrg,
      query: {
        status: { valid: 'new', kind: 'enum' },
        measure: { valid: 'heat_pump_air', kind: 'enum' },
        q: { valid: 'Testgatan', kind: 'text', max: 100, emptyOk: true },
        sort: { valid: 'oldest', kind: 'enum' },
        page: { valid: '1', kind: 'int' },
        size: { valid: '20', kind: 'int' },
      },
    },
    {
      method: 'GET',
      path: `${ORG}/data-access`,
      agent: 'superAdmin',
      params: org,
      query: { page: { valid: '1', kind: 'int' }, reason: { valid: 'lead_list', kind: 'enum' } },
    },
    {
      method: 'PATCH',
      path: `${ORG}/installer-requests/:id`,
      agent: 'superAdmin',
      params: { ...installerOrg, id: int(ids.leadId) },
      body: json(
        { status: 'contacted', note: 'Called, visit on Monday.' },
        { at: [], required: ['status'], accepts: { note: ['null'] }, maxLength: { note: 1000 }, freeText: ['note'] },
      ),
    },
    {
      method: 'GET',
      path: `${ORG}/validation`,
      agent: 'superAdmin',
      params: org,
      query: { limit: { valid: '50', kind: 'int' } },
    },
    {
      method: 'POST',
      path: `${ORG}/validation/documents/:id/approve`,
      agent: 'superAdmin',
      params: { ...org, id: { valid: ids.documentId, kind: 'uuid' } },
      body: json(
        { energy_class: 'C', ep: 120, issued_at: '2020-01-31' },
        { at: [], required: [], accepts: { ep: ['null'], issued_at: ['null'] } },
      ),
    },
    {
      method: 'GET',
      path: `${ORG}/validation/documents/:id/file`,
      agent: 'superAdmin',
      params: { ...org, id: { valid: ids.documentId, kind: 'uuid' } },
    },
    {
      method: 'POST',
      path: `${ORG}/validation/documents/:id/reject`,
      agent: 'superAdmin',
      params: { ...org, id: { valid: ids.documentId, kind: 'uuid' } },
      body: json(
        { reason: 'The scan is unreadable.' },
        { at: [], required: ['reason'], maxLength: { reason: 500 }, freeText: ['reason'] },
      ),
    },
    {
      method: 'POST',
      path: `${ORG}/validation/profiles/:id/review`,
      agent: 'superAdmin',
      params: { ...org, id: int(ids.profileId) },
      body: json(
        { outcome: 'accepted', note: 'Checked with the owner.' },
        { at: [], required: ['outcome'], maxLength: { note: 500 }, freeText: ['note'] },
      ),
    },

    // ── the consumer flow ─────────────────────────────────────────────────────────────────────────────────────────
    {
      method: 'POST',
      path: '/api/flow/:lender/discounts',
      agent: 'anonymous',
      params: { lender: name('demo-bank') },
      body: json(
        { energy_class_after: 'B', energy_class_before: 'E', mortgage_amount: 2_000_000 },
        { at: [], required: ['energy_class_after', 'mortgage_amount'] },
      ),
    },
    { method: 'GET', path: '/api/flow/brand-config', agent: 'anonymous', query: owner('demo-energi') },
    {
      method: 'POST',
      path: '/api/flow/interaction',
      agent: 'anonymous',
      body: json(
        { action: 'loan_type.change', object: 'Mortgage', property_id: ids.propertyId },
        {
          at: [],
          required: ['action'],
          accepts: { property_id: ['null'] },
          maxLength: { action: 255, object: 1023 },
          freeText: ['action', 'object'],
        },
      ),
    },
    {
      method: 'GET',
      path: '/api/flow/messages',
      agent: 'anonymous',
      query: {
        key: { valid: 'results', kind: 'key' },
        activity: { valid: 'insulation_attic', kind: 'enum' },
        lng: { valid: 'sv', kind: 'enum' },
      },
    },
    {
      // The same route asked for a whole group of places (a group stands alone: no key or activity with it).
      method: 'GET',
      path: '/api/flow/messages',
      agent: 'anonymous',
      query: {
        group: { valid: 'recommendations', kind: 'enum' },
        lng: { valid: 'sv', kind: 'enum' },
      },
    },
    {
      method: 'GET',
      path: '/api/flow/property-search/geoengine-property',
      agent: 'anonymous',
      query: {
        street: { valid: 'Testgatan 1', kind: 'text', max: 255 },
        postal_code: { valid: '111 22', kind: 'postal' },
      },
    },
    {
      method: 'GET',
      path: '/api/flow/property-search/google-streetview',
      agent: 'anonymous',
      query: { address: { valid: 'Testgatan 1, Stockholm', kind: 'text', max: 500 } },
    },
    {
      method: 'GET',
      path: '/api/flow/property-search/suggestions',
      agent: 'anonymous',
      query: { q: { valid: 'Testg', kind: 'text', max: 255 }, postal_code: { valid: '111 22', kind: 'postal' } },
    },
    { method: 'POST', path: '/api/flow/property/:id/answer', agent: 'homeowner', params: property, body: answers },
    { method: 'GET', path: '/api/flow/property/:id/answers', agent: 'homeowner', params: property },
    { method: 'POST', path: '/api/flow/property/:id/building', agent: 'homeowner', params: property, body: answers },
    {
      method: 'GET',
      path: '/api/flow/property/:id/building/:building/information',
      agent: 'homeowner',
      params: { ...property, building: name('primary') },
    },
    {
      method: 'GET',
      path: '/api/flow/property/:id/building/:building/recommendations',
      agent: 'homeowner',
      params: { ...property, building: name('primary') },
    },
    {
      method: 'GET',
      path: '/api/flow/property/:id/building/:building/label/explanation',
      agent: 'homeowner',
      params: { ...property, building: name('primary') },
    },
    {
      method: 'GET',
      path: '/api/flow/property/:id/building/:building/recommendations/:type/explanation',
      agent: 'homeowner',
      params: { ...property, building: name('primary'), type: name('insulation_attic') },
    },
    {
      method: 'POST',
      path: '/api/flow/property/:id/consumption',
      agent: 'homeowner',
      params: property,
      body: json(
        {
          year: 2024,
          energy_carriers: { electricity: 15_000 },
          household_electricity_included: true,
          degree_days: 3000,
          household_electricity: 4000,
          tap_water: 3000,
        },
        { at: [], required: ['year', 'energy_carriers'] },
        { at: ['energy_carriers'], required: [], map: 'carriers' },
      ),
    },
    {
      method: 'POST',
      path: '/api/flow/property/:id/document',
      agent: 'homeowner',
      params: property,
      body: { kind: 'multipart', fields: { energy_class: 'C', ep: '120', issued_at: '2020-01-31' } },
    },
    {
      method: 'POST',
      path: '/api/flow/property/:id/installer-requests',
      agent: 'homeowner',
      params: property,
      body: json([{ installer: 'solkraft-demo', key: 'solar_panel_installation', selected: true }], {
        at: [0],
        required: ['installer', 'key', 'selected'],
        maxLength: { installer: 100, key: 100 },
      }),
    },
    { method: 'GET', path: '/api/flow/property/:id/installers', agent: 'homeowner', params: property },
    { method: 'GET', path: '/api/flow/property/:id/plan', agent: 'homeowner', params: property },
    { method: 'GET', path: '/api/flow/property/:id/plan/suggestions', agent: 'homeowner', params: property },
    {
      method: 'POST',
      path: '/api/flow/property/:id/plan',
      agent: 'homeowner',
      params: property,
      body: json(
        {
          measures: ['insulation_attic'],
          loan: { type: 'Private', term: 5, interest_rate: 4.5, home_valuation: 2_000_000, home_loan: 1_000_000 },
        },
        { at: [], required: ['measures'] },
        { at: ['loan'], required: ['type'] },
      ),
    },
    { method: 'GET', path: '/api/flow/property/:id/rates', agent: 'homeowner', params: property },
    {
      method: 'POST',
      path: '/api/flow/property/:id/rates',
      agent: 'homeowner',
      params: property,
      body: json(
        {
          energy_carriers_import: {
            electricity: { cents_per_kwh: 150, components: [{ name: 'Grid fee', cents_per_kwh: 30 }] },
          },
          energy_carriers_export: {},
        },
        { at: [], required: [] },
        { at: ['energy_carriers_import'], required: [], map: 'carriers' },
        { at: ['energy_carriers_import', 'electricity'], required: ['cents_per_kwh'] },
        {
          at: ['energy_carriers_import', 'electricity', 'components', 0],
          required: ['name', 'cents_per_kwh'],
          maxLength: { name: 255 },
          freeText: ['name'],
        },
      ),
    },
    { method: 'GET', path: '/api/flow/questions', agent: 'anonymous', query: owner('demo-bank') },
    {
      method: 'GET',
      path: '/api/flow/texts/:name',
      agent: 'anonymous',
      params: { name: name('terms') },
      query: { lng: { valid: 'sv', kind: 'enum' } },
    },
    { method: 'GET', path: '/api/flow/user/auth', agent: 'homeowner' },
    { method: 'GET', path: '/api/flow/user/export', agent: 'homeowner' },
    {
      method: 'DELETE',
      path: '/api/flow/user/account',
      agent: 'homeowner',
      body: csrfOnly(ids.homeownerCsrf),
      validAnswer: { status: 409, why: 'erasure needs a BankID confirmation first (modules/privacy/__tests__)' },
    },
    { method: 'POST', path: '/api/flow/user/auth', agent: 'homeowner', body: csrfOnly(ids.homeownerCsrf) },
    {
      method: 'POST',
      path: '/api/flow/user/fake-login',
      agent: 'homeowner',
      body: json(
        { personalNumber: '199001011239', name: 'Anna Andersson' },
        { at: [], required: [], maxLength: { name: 100 }, freeText: ['name'] },
      ),
    },
    { method: 'POST', path: '/api/flow/user/logout', agent: 'homeowner', body: csrfOnly(ids.homeownerCsrf) },
    { method: 'GET', path: '/api/flow/user/profile', agent: 'homeowner' },
    { method: 'GET', path: '/api/flow/user/consents', agent: 'homeowner' },
    {
      method: 'POST',
      path: '/api/flow/user/consents/:id/withdraw',
      agent: 'homeowner',
      params: { id: int(ids.consentId) },
      body: json({}, { at: [], required: [] }),
    },
    {
      method: 'GET',
      path: '/api/flow/user/access-log',
      agent: 'homeowner',
      query: { page: { valid: '1', kind: 'int' }, reason: { valid: 'lead', kind: 'enum' } },
    },
    {
      method: 'GET',
      path: '/api/flow/privacy-notice',
      agent: 'anonymous',
      query: { lng: { valid: 'sv', kind: 'enum' }, ...owner('demo-energi') },
    },
    {
      method: 'PATCH',
      path: '/api/flow/user/profile',
      agent: 'homeowner',
      params: {},
      body: json(
        { properties: [ids.propertyId], selectedPropertyId: ids.propertyId, mailLanguage: 'sv' },
        { at: [], required: [], accepts: { selectedPropertyId: ['null'] } },
      ),
    },
    {
      method: 'POST',
      path: '/api/flow/user/profile/contact',
      agent: 'homeowner',
      // The mobile is parsed leniently (separators of any kind dropped) into E.164, so only NUL and broken text are
      // bad.
      body: json(
        { name: 'Anna Andersson', email: 'anna@example.se', mobile: '070-123 45 67' },
        { at: [], required: ['email', 'mobile'], maxLength: { email: 254, name: 100 }, freeText: ['mobile', 'name'] },
      ),
    },
    {
      method: 'POST',
      path: '/api/flow/user/profile/contact/verification',
      agent: 'homeowner',
      body: json({}, { at: [], required: [] }),
    },
    {
      method: 'POST',
      path: '/api/flow/user/email-verification',
      agent: 'anonymous',
      validAnswer: { status: 400, why: 'a confirmation token is only ever in a mail; this one was never issued' },
      body: json({ token: 'x'.repeat(43) }, { at: [], required: ['token'], maxLength: { token: 200 } }),
    },
    {
      method: 'POST',
      path: '/api/flow/user/profile/property',
      agent: 'homeowner',
      body: json(
        { street: 'Testgatan 1', postalCity: 'Stockholm', postalCode: '111 22' },
        {
          at: [],
          required: ['street', 'postalCity', 'postalCode'],
          maxLength: { street: 255, postalCity: 255 },
          freeText: ['street', 'postalCity'],
        },
      ),
    },
    { method: 'DELETE', path: '/api/flow/user/profile/property/:id', agent: 'homeowner', params: property },
    {
      method: 'POST',
      path: '/api/flow/user/profile/property/:id/restore',
      agent: 'homeowner',
      params: property,
      validAnswer: { status: 404, why: 'Undo finds nothing: the homeowner removed no home in the last minute' },
      body: json({}, { at: [], required: [] }),
    },
    { method: 'DELETE', path: '/api/flow/user/sign', agent: 'homeowner', body: csrfOnly(ids.homeownerCsrf) },
    { method: 'GET', path: '/api/flow/user/sign', agent: 'homeowner' },
    {
      method: 'POST',
      path: '/api/flow/user/sign',
      agent: 'homeowner',
      validAnswer: {
        status: 502,
        why: 'starting an order needs the BankID RP API, which this test world does not run',
      },
      body: json(
        {
          csrfToken: ids.homeownerCsrf,
          loginMethod: 'bankid.other_device',
          identificationMode: 'identify',
          returnPath: '/sign',
        },
        { at: [], required: ['csrfToken', 'loginMethod'], maxLength: { csrfToken: 200, returnPath: 2000 } },
      ),
    },
    { method: 'GET', path: '/api/mfe/registry', agent: 'anonymous' },
    {
      method: 'POST',
      path: '/api/mfe/beacon',
      agent: 'anonymous',
      body: json(
        { kind: 'render-error', remote: 'mfe-results', version: '0.1.0-0000000000', errorClass: 'type' },
        { at: [], required: ['kind', 'remote', 'version', 'errorClass'], maxLength: { version: 64 } },
      ),
      validAnswer: {
        status: 404,
        why: 'the test world publishes no release, so a well-formed report names one that does not exist',
      },
    },
    {
      method: 'POST',
      path: '/api/mfe/vitals',
      agent: 'anonymous',
      body: json(
        {
          device: 'phone',
          connection: '4g',
          views: [
            { route: '/', remote: 'mfe-flow', version: '0.1.0-0000000000', navigation: 'load', usable: 900, lcp: 800 },
          ],
        },
        { at: [], required: ['device', 'views'] },
        { at: ['views', 0], required: ['route', 'remote', 'version', 'navigation'], maxLength: { route: 160 } },
      ),
      validAnswer: {
        status: 404,
        why: 'the test world publishes no release, so a well-formed report names one that does not exist',
      },
    },
    // ── password links ──────────────────────────────────────────────────────────────────────────────────────────
    {
      method: 'POST',
      path: '/api/password/forgot',
      agent: 'anonymous',
      body: json({ email: 'nobody@fuzz.test' }, { at: [], required: ['email'], maxLength: { email: 254 } }),
    },
    {
      method: 'POST',
      path: '/api/password/link/state',
      agent: 'anonymous',
      validAnswer: {
        status: 404,
        why: 'a link token is only ever in a mail; this one was never issued',
      },
      body: json({ token: 'x'.repeat(43) }, { at: [], required: ['token'], maxLength: { token: 128 } }),
    },
    {
      method: 'POST',
      path: '/api/password/link',
      agent: 'anonymous',
      validAnswer: {
        status: 400,
        why: 'a link token is only ever in a mail; this one was never issued (link_invalid)',
      },
      body: json(
        { token: 'x'.repeat(43), password: 'a-fuzzed-new-password' },
        { at: [], required: ['token', 'password'], maxLength: { token: 128, password: 200 }, freeText: ['password'] },
      ),
    },
    {
      method: 'POST',
      path: '/api/password/choose',
      agent: 'superAdmin',
      validAnswer: {
        status: 409,
        why: 'the super admin signed in with their own password: there is no one-time password to replace',
      },
      body: json(
        { password: 'a-fuzzed-new-password' },
        { at: [], required: ['password'], maxLength: { password: 200 }, freeText: ['password'] },
      ),
    },

    // ── probes (outside /api; load balancers call them with whatever query they like) ───────────────────────────
    {
      method: 'GET',
      path: '/healthz',
      agent: 'anonymous',
      protocol: 'health probe: answers the same whatever the query',
    },
    {
      method: 'GET',
      path: '/readyz',
      agent: 'anonymous',
      protocol: 'readiness probe: answers the same whatever the query',
    },
  ];
}

function messageBody(): JsonBody {
  return json(
    {
      slug: 'fuzz-message',
      type: 'article',
      title: 'Fuzz',
      key: 'results',
      content: 'Text of the message.',
      date: '2026-01-31',
      image: '/images/fuzz.png',
      activity: 'insulation_attic',
      require_terms: false,
    },
    {
      at: [],
      required: ['slug', 'type', 'title', 'key', 'content'],
      accepts: { date: ['null'], image: ['null'], activity: ['null'] },
      maxLength: { slug: 100, type: 100, title: 100, key: 100, content: 2000, image: 255 },
      freeText: ['type', 'title', 'content'],
    },
  );
}
