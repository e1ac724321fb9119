import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { DEMO_ROLES, rowCount, signInDemoRoles, type DemoRole } from '../../../../test/demo-roles';

/**
 * Every console route against every role, in its own organisation and in others (docs/product.md §6 rules table):
 * anonymous 401, an organisation the user is not in 404, a page the rules refuse 403, and bad input 400 with nothing
 * written. The expected outcome is written out here by hand, not computed with the rules table under test.
 */
type Role = DemoRole;
const ROLES = DEMO_ROLES;
type Org = 'demo-energi' | 'demo-bank' | 'demo-installer';

/**
 * The items each role may open in each of its organisations (super admins: every item the organisation's features
 * allow).
 */
const ALLOWED: Record<Exclude<Role, 'anonymous' | 'superAdmin'>, Partial<Record<Org, string[]>>> = {
  energiAdmin: {
    'demo-energi': ['member', 'properties', 'activities', 'users', 'transition', 'configuration', 'validation'],
  },
  energiStaff: { 'demo-energi': ['member', 'properties', 'activities', 'users', 'transition', 'validation'] },
  bankAdmin: { 'demo-bank': ['member', 'properties', 'activities', 'users', 'transition', 'configuration'] },
  // Installers see properties without the analytics feature (orInstaller), nothing else of analytics.
  installerStaff: { 'demo-installer': ['member', 'properties'] },
  multiStaff: {
    'demo-energi': ['member', 'properties', 'activities', 'users', 'transition', 'validation'],
    'demo-bank': ['member', 'properties', 'activities', 'users', 'transition'],
  },
};

/**
 * Items an organisation's features leave out, for everyone (super admins too): the flags belong to the organisation.
 */
const WITHOUT_FEATURE: Record<Org, string[]> = {
  'demo-energi': [],
  'demo-bank': ['validation'],
  'demo-installer': ['activities', 'users', 'transition', 'validation'],
};

function expected(role: Role, org: Org, item: string): number {
  if (role === 'anonymous') return 401;
  if (role === 'superAdmin') return WITHOUT_FEATURE[org].includes(item) ? 403 : 200;
  const allowed = ALLOWED[role][org];
  if (!allowed) return 404;
  return allowed.includes(item) ? 200 : 403;
}

/** GET routes and the menu item that guards each ('member': any member of the organisation). */
const READS: [string, string][] = [
  ['details', 'member'],
  ['overview', 'member'],
  ['account', 'member'],
  ['analytics/properties', 'properties'],
  ['analytics/activities', 'activities'],
  ['analytics/users', 'users'],
  ['analytics/transition', 'transition'],
  ['analytics/portfolio', 'portfolio'],
  ['property-lookup/search?q=Test', 'property_lookup'],
  ['configuration', 'configuration'],
  ['validation', 'validation'],
  ['messages', 'messages'],
];

const ORGS: Org[] = ['demo-energi', 'demo-bank', 'demo-installer'];

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
const agents = {} as Record<Role, ReturnType<typeof request.agent>>;

const count = (table: string) => rowCount(database.pool, table);

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent] });
  ({ database, app } = world);
  Object.assign(agents, await signInDemoRoles(app));
});
afterAll(() => world.close());

describe.each(Object.keys(ROLES) as Role[])('reads as %s', (role) => {
  const cases = ORGS.flatMap((org) => READS.map(([path, item]) => [`${org}/${path}`, org, path, item] as const));
  it.each(cases)('GET /api/console/org/%s', async (_name, org, path, item) => {
    const res = await agents[role].get(`/api/console/org/${org}/${path}`);
    expect(res.status).toBe(expected(role, org, item));
    if (res.status >= 400) {
      expect(res.body).toEqual({ error: expect.any(String), message: expect.any(String) });
      // A refusal never shows the organisation's data.
      expect(JSON.stringify(res.body)).not.toMatch(/Demo (Energi|Bank|Installation)/);
    }
  });
});

describe('writes are refused by the same rules, and refused writes change nothing', () => {
  const WRITES: { method: 'put' | 'post'; path: string; item: string; body: unknown; table: string }[] = [
    {
      method: 'put',
      path: 'configuration/prices',
      item: 'configuration',
      body: { import_cents_per_kwh: { electricity: 200 } },
      table: 'organisation_settings',
    },
    {
      method: 'post',
      path: 'messages',
      item: 'messages',
      body: { slug: 'access-test', type: 'info', title: 'T', key: 'k', content: 'c' },
      table: 'content_items',
    },
    {
      method: 'post',
      path: 'validation/profiles/1/review',
      item: 'validation',
      body: { outcome: 'accepted' },
      table: 'answer_reviews',
    },
  ];
  const cases = (['anonymous', 'energiStaff', 'bankAdmin', 'installerStaff'] as Role[]).flatMap((role) =>
    // Allowed writes are covered by each feature's own tests; here only the refused ones.
    WRITES.flatMap((write) =>
      ORGS.filter((org) => expected(role, org, write.item) !== 200).map(
        (org) => [role, write.method.toUpperCase(), `${org}/${write.path}`, org, write] as const,
      ),
    ),
  );
  it.each(cases)('as %s: %s /api/console/org/%s', async (role, _method, _path, org, write) => {
    const status = expected(role, org, write.item);
    const before = await count(write.table);
    const audits = await count('audit_log');
    const res = await agents[role][write.method](`/api/console/org/${org}/${write.path}`).send(write.body as object);
    expect(res.status).toBe(status);
    expect(await count(write.table)).toBe(before);
    expect(await count('audit_log')).toBe(audits);
  });
});

describe('bad input is a 400 naming what is wrong, and nothing is written', () => {
  const BAD: {
    method: 'get' | 'put' | 'post' | 'patch';
    path: string;
    body?: unknown;
    issue: string;
    table?: string;
  }[] = [
    { method: 'get', path: 'analytics/properties?from=2026-13-01', issue: 'query.from' },
    { method: 'get', path: 'analytics/activities?from=2026-05-01&to=2026-04-01', issue: 'query.from' },
    { method: 'get', path: 'analytics/users?period=12m', issue: 'query' },
    { method: 'get', path: 'analytics/portfolio?from=2000-01-01&to=2026-01-01', issue: 'query.to' },
    { method: 'get', path: 'analytics/portfolio?from=1990-01-01&to=2026-01-01', issue: 'query.from' },
    { method: 'get', path: 'property-lookup/search?q=', issue: 'query.q' },
    { method: 'get', path: 'property-lookup/properties/abc', issue: 'params.id' },
    { method: 'get', path: 'validation?limit=0', issue: 'query.limit' },
    { method: 'get', path: 'validation/documents/not-a-uuid/file', issue: 'params.id' },
    {
      method: 'put',
      path: 'configuration/prices',
      body: { import_cents_per_kwh: { electricity: -1 } },
      issue: 'body.import_cents_per_kwh.electricity',
      table: 'organisation_settings',
    },
    {
      method: 'put',
      path: 'configuration/prices',
      body: { import_cents_per_kwh: { coal: 100 } },
      issue: 'body.import_cents_per_kwh',
      table: 'organisation_settings',
    },
    { method: 'put', path: 'configuration/brand', body: { accent: 'green' }, issue: 'body.accent' },
    {
      method: 'put',
      path: 'configuration/questions',
      body: { questions: [] },
      issue: 'body.questions',
      table: 'question_definitions',
    },
    {
      method: 'post',
      path: 'messages',
      body: { slug: 'x', type: 't', title: 't', key: 'k', content: 'c'.repeat(2001) },
      issue: 'body.content',
      table: 'content_items',
    },
    {
      method: 'post',
      path: 'messages',
      body: { slug: 'Not A Slug', type: 't', title: 't', key: 'k', content: 'c' },
      issue: 'body.slug',
      table: 'content_items',
    },
    {
      method: 'post',
      path: 'validation/documents/00000000-0000-4000-8000-000000000000/reject',
      body: { reason: '' },
      issue: 'body.reason',
    },
    {
      method: 'post',
      path: 'validation/profiles/1/review',
      body: { outcome: 'maybe' },
      issue: 'body.outcome',
      table: 'answer_reviews',
    },
    { method: 'patch', path: 'account', body: { name: '' }, issue: 'body.name' },
    {
      method: 'post',
      path: 'account/password',
      body: { currentPassword: 'energy-demo-2026', newPassword: 'short' },
      issue: 'body.newPassword',
    },
  ];
  it.each(BAD.map((b) => [b.method.toUpperCase(), b.path, b] as const))(
    '%s /api/console/org/demo-energi/%s',
    async (_method, _path, bad) => {
      const before = bad.table ? await count(bad.table) : 0;
      const audits = await count('audit_log');
      const call = agents.superAdmin[bad.method](`/api/console/org/demo-energi/${bad.path}`);
      const res = await (bad.body === undefined ? call : call.send(bad.body as object));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('bad_request');
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContainEqual(expect.stringContaining(bad.issue));
      if (bad.table) expect(await count(bad.table)).toBe(before);
      expect(await count('audit_log')).toBe(audits);
    },
  );
});
