import request from 'supertest';
import type { DatabaseHandle } from '../../db/client';
import { seedDemoStaff } from '../demo-staff';
import { seedPlatformContent } from '../platform-content';
import { seedDemoInstallers } from '../demo-installers';
import { seedDemoRegister } from '../demo-register';
import { drawDemoJourneys, seedDemoJourneys, type DemoJourneysLoaded } from '../demo-journeys';
import { demoDataLeft, removeDemoJourneys } from '../demo-removal';
import { PersonalNumberVault } from '../../bankid/personal-number';
import { loadGeoTables } from '../../register/geo-tables';
import { GEO_DIR } from '../../paths';
import { productionDatabaseProblems } from '../../production-checklist';
import { sweepVisitorProfiles } from '../../modules/building/visitor-sweep';
import { startTestWorld, type TestWorld } from '../../../test/test-world';
import { TEST_DATA_KEY } from '../../../test/test-app';
import { insertStockholmHomes, VILLA_1970 } from '../../../test/register-homes';
import { signInAs } from '../../../test/staff-session';
import { periodFor } from '@home-energy/shared/console/analytics-period';
import { DEMO_REPORT_PAGES, type DemoOrganisationLoaded, type DemoReportPage } from '../demo-journeys-report';

/**
 * The demo journeys give every console analytics page of the demo brands data over the last 12 months, through the
 * same facts and triggers as real homes; `demo remove` takes them out again and leaves everything else as it was.
 */
const NOW = Date.now();
const geo = loadGeoTables(GEO_DIR);
const vault = new PersonalNumberVault(TEST_DATA_KEY);

let world: TestWorld;
let database: DatabaseHandle;
let loaded: DemoJourneysLoaded | null;
let before: Record<string, unknown>;

async function rows<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await database.pool.query(text, params)).rows as T[];
}

/** What is not demo data: the base tables' row counts and the analytics summary, row by row. */
async function nonDemoState() {
  const counts: Record<string, number> = {};
  for (const table of [
    'building_profiles',
    'profile_insights',
    'homeowners',
    'homeowner_properties',
    'installer_requests',
    'interactions',
    'analytics_actor_periods',
    'properties',
    'staff_users',
  ]) {
    counts[table] = (await rows<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
  }
  const summary = await rows(
    'select organisation_id, metric, day::text, bucket, n::text, total::text from analytics_daily order by 1, 2, 3, 4',
  );
  const signups = await rows(
    'select organisation_id, homeowner_id, profiles from analytics_organisation_homeowners where profiles <> ' +
      '0 order by 1, 2',
  );
  return { counts, summary, signups };
}

/** The admins who read each demo organisation's console. */
const ORG_ADMINS = {
  'demo-energi': 'admin@energi.demo.test',
  'demo-bank': 'admin@bank.demo.test',
  'demo-installer': 'admin@installer.demo.test',
} as const;
type DemoOrg = keyof typeof ORG_ADMINS;
const admins = {} as Record<DemoOrg, ReturnType<typeof request.agent>>;

/** The figures the start-up report names, as the console's default period (12 months) shows them; null: refused. */
type ConsoleFigures = Record<DemoReportPage, Record<string, unknown> | null>;
async function consoleFigures(org: DemoOrg): Promise<ConsoleFigures> {
  const { from, to } = periodFor({ preset: '12m' }, new Date(NOW));
  const read = async (path: string) => {
    const res = await admins[org].get(`/api/console/org/${org}/${path}`);
    if (res.status === 403) return null;
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown>;
  };
  const period = `?from=${from}&to=${to}`;
  const [properties, users, transition, activities, requests] = await Promise.all([
    read(`analytics/properties${period}`),
    read(`analytics/users${period}`),
    read(`analytics/transition${period}`),
    read(`analytics/activities${period}`),
    read('installer-requests'),
  ]);
  return { properties, users, transition, activities, requests };
}
const consoleBefore = {} as Record<DemoOrg, ConsoleFigures>;

/** The distinct months in which a series has a non-zero point. */
const monthsWithData = (series: { period: string; value: number }[]) =>
  new Set(series.filter((p) => p.value > 0).map((p) => p.period.slice(0, 7))).size;

beforeAll(async () => {
  world = await startTestWorld({
    seed: [seedDemoStaff, seedPlatformContent, seedDemoInstallers, seedDemoRegister],
    config: { FAKE_LOGIN: true },
    now: () => NOW,
  });
  database = world.database;
  // Real data beside the demo: a visitor's home and a signed-in homeowner's home with an installer request.
  const [visitorHome, ownerHome] = await insertStockholmHomes(database.db, [
    { street: 'Riktiga gatan 1', building: VILLA_1970 },
    { street: 'Riktiga gatan 2', building: VILLA_1970 },
  ]);
  const visitor = request.agent(world.app);
  await visitor.post(`/api/flow/property/${visitorHome}/building?owner=demo-energi`).send({ occupants: 3 }).expect(200);
  await visitor
    .post('/api/flow/interaction?owner=demo-energi')
    .send({ action: 'loan_type.change', object: 'Private', property_id: visitorHome })
    .expect(204);
  const owner = request.agent(world.app);
  await owner.post('/api/flow/user/fake-login').send({}).expect(200);
  await owner.post(`/api/flow/property/${ownerHome}/building?owner=demo-energi`).send({}).expect(200);
  await owner
    .post('/api/flow/user/profile/contact')
    .send({ email: 'riktig@example.se', mobile: '070-123 45 67' })
    .expect(200);
  await owner
    .post(`/api/flow/property/${ownerHome}/installer-requests`)
    .send([{ installer: 'demo-installer', key: 'insulation_attic', selected: true }])
    .expect(201);
  before = await nonDemoState();
  for (const [org, email] of Object.entries(ORG_ADMINS) as [DemoOrg, string][]) {
    admins[org] = request.agent(world.app);
    await signInAs(admins[org], email).expect(200);
    consoleBefore[org] = await consoleFigures(org);
  }
  loaded = await seedDemoJourneys(database.db, { vault, geo, now: NOW });
}, 120_000);
afterAll(() => world.close());

describe('seed --journeys', () => {
  it('loads about 1,500 journeys with signed-in homeowners, plans, installer requests and interactions', async () => {
    expect(loaded).toEqual({
      journeys: 1500,
      homeowners: expect.any(Number),
      plans: expect.any(Number),
      installerRequests: expect.any(Number),
      interactions: expect.any(Number),
      organisations: expect.any(Array),
    });
    expect(loaded!.homeowners).toBeGreaterThan(300);
    expect(loaded!.plans).toBeGreaterThan(100);
    expect(loaded!.installerRequests).toBeGreaterThan(50);
    expect(await demoDataLeft(database.db)).toEqual({ journeys: 1500, homeowners: loaded!.homeowners });
    // Every journey was computed: a label and its facts, dated within the last 12 months.
    const [facts] = await rows<{ n: number; labelled: number; oldest: string; newest: string }>(
      `select count(*)::int as n, count(i.label)::int as labelled, min(p.created_at)::text as oldest,
       max(p.created_at)::text as newest
       from building_profiles p join profile_insights i on i.profile_id = p.id where p.demo`,
    );
    expect(facts).toMatchObject({ n: 1500, labelled: 1500 });
    expect(Date.parse(facts!.oldest)).toBeGreaterThanOrEqual(NOW - 366 * 86_400_000);
    expect(Date.parse(facts!.newest)).toBeLessThanOrEqual(NOW);
    const plans = await rows<{ plan: { measures: string[]; loan: { type: string } } }>(
      'select plan from building_profiles where demo and plan is not null',
    );
    expect(
      plans.every((p) => p.plan.measures.length > 0 && ['Cash', 'Private', 'Mortgage'].includes(p.plan.loan.type)),
    ).toBe(true);
  });

  it('spreads installer requests over every status, each step dated after the one before', async () => {
    const statuses = await rows<{ status: string; n: number }>(
      'select status, count(*)::int as n from installer_requests r join homeowners h on h.id = ' +
        'r.homeowner_id where h.demo group by 1 order by 1',
    );
    expect(statuses.map((s) => s.status)).toEqual([
      'contacted',
      'declined',
      'lost',
      'new',
      'quoted',
      'withdrawn',
      'won',
    ]);
    const [disorder] = await rows<{ n: number }>(
      `select count(*)::int as n from installer_requests r join homeowners h on h.id = r.homeowner_id
       where h.demo and (r.contacted_at < r.created_at or r.quoted_at < r.contacted_at
       or r.status_changed_at < r.created_at or r.status_changed_at > now() or r.withdrawn_at > now()
       or (r.status = 'withdrawn') <> (r.withdrawn_at is not null and r.contact_email is null))`,
    );
    expect(disorder!.n).toBe(0);
  });

  it('gives demo homeowners personal numbers no person has (month and day 00), masked as real ones are', async () => {
    const masked = await rows<{ personal_number_masked: string }>(
      'select personal_number_masked from homeowners where demo',
    );
    expect(masked.every((h) => /^(19[4-9]\d)0000-\*{4}$/.test(h.personal_number_masked))).toBe(true);
    const decrypted = (
      await rows<{ personal_number_encrypted: string }>(
        'select personal_number_encrypted from homeowners where demo limit 5',
      )
    ).map((h) => vault.decrypt(h.personal_number_encrypted));
    expect(decrypted.every((n) => /^\d{4}0000\d{4}$/.test(n))).toBe(true);
  });

  it('is deterministic: the same day draws the same journeys', async () => {
    // The first journeys of a shorter draw are the first journeys loaded (one seeded sequence, homes in insertion
    // order).
    const { journeys } = await drawDemoJourneys(database.db, { geo, now: NOW, count: 40 });
    const loadedRows = await rows<{
      property_id: number;
      answers: unknown;
      created_at: Date;
      homeowner: boolean;
      plan: unknown;
    }>(
      'select property_id, answers, created_at, homeowner_id is not null as homeowner, plan from ' +
        'building_profiles where demo order by id limit 40',
    );
    expect(loadedRows).toEqual(
      journeys.map((j) => ({
        property_id: j.property.id,
        answers: j.answers,
        created_at: j.createdAt,
        homeowner: j.owner.kind === 'homeowner',
        plan: j.plan,
      })),
    );
  });

  it('adds nothing when run again', async () => {
    expect(await seedDemoJourneys(database.db, { vault, geo, now: NOW })).toBeNull();
    expect((await demoDataLeft(database.db)).journeys).toBe(1500);
  });

  it('keeps the dated-back journeys from the visitor sweep', async () => {
    await sweepVisitorProfiles(database.db, NOW);
    expect((await demoDataLeft(database.db)).journeys).toBe(1500);
  });
});

describe('the console analytics of the demo brands', () => {
  let energiAdmin: ReturnType<typeof request.agent>;
  let bankAdmin: ReturnType<typeof request.agent>;
  let installerStaff: ReturnType<typeof request.agent>;
  let superAdmin: ReturnType<typeof request.agent>;
  beforeAll(async () => {
    energiAdmin = request.agent(world.app);
    await signInAs(energiAdmin, 'admin@energi.demo.test').expect(200);
    bankAdmin = request.agent(world.app);
    await signInAs(bankAdmin, 'admin@bank.demo.test').expect(200);
    installerStaff = request.agent(world.app);
    await signInAs(installerStaff, 'staff@installer.demo.test').expect(200);
    superAdmin = request.agent(world.app);
    await signInAs(superAdmin, 'super@demo.test').expect(200);
  });

  it.each(['demo-energi', 'demo-bank'])('%s: properties and users have data in at least 6 months', async (org) => {
    const agent = org === 'demo-energi' ? energiAdmin : bankAdmin;
    const properties = (await agent.get(`/api/console/org/${org}/analytics/properties`).expect(200)).body;
    expect(monthsWithData(properties.series)).toBeGreaterThanOrEqual(6);
    expect(properties.byLabel.filter((r: { count: number }) => r.count > 0).length).toBeGreaterThanOrEqual(4);
    expect(properties.byHeating.length).toBeGreaterThanOrEqual(4);
    const [homes] = await rows<{ n: number }>(
      'select count(*)::int as n from profile_insights i join organisations o on o.id = i.organisation_id ' +
        'where o.slug = $1',
      [org],
    );
    expect(properties.total).toBe(homes!.n);
    const users = (await agent.get(`/api/console/org/${org}/analytics/users`).expect(200)).body;
    expect(monthsWithData(users.signUpSeries)).toBeGreaterThanOrEqual(6);
    expect(monthsWithData(users.activeSeries)).toBeGreaterThanOrEqual(6);
  });

  it('demo-energi: activities (installer requests, funnel, interactions) and transition span 6+ months', async () => {
    const activities = (await energiAdmin.get('/api/console/org/demo-energi/analytics/activities').expect(200)).body;
    expect(monthsWithData(activities.installerRequestsSeries)).toBeGreaterThanOrEqual(6);
    const funnel = activities.installerFunnel;
    expect(funnel.requested).toBeGreaterThan(funnel.contacted);
    expect(funnel.contacted).toBeGreaterThan(funnel.quoted);
    expect(funnel.quoted).toBeGreaterThan(funnel.won);
    expect(funnel.won).toBeGreaterThan(0);
    expect(activities.totals.recommended).toBeGreaterThan(0);
    expect(activities.interactions.map((r: { key: string }) => r.key).sort()).toEqual([
      'contact.submit',
      'loan_type.change',
      'property_search.start',
    ]);
    const transition = (await energiAdmin.get('/api/console/org/demo-energi/analytics/transition').expect(200)).body;
    expect(transition.homes).toBe(activities.homes);
    expect(transition.improved).toBeGreaterThan(transition.homes / 2);
    expect(transition.moves.length).toBeGreaterThan(5);
    // Spread over the year: the homes of the months before the last half year are there too.
    const since = new Date(NOW - 183 * 86_400_000).toISOString().slice(0, 10);
    const recent = (
      await energiAdmin.get(`/api/console/org/demo-energi/analytics/transition?from=${since}`).expect(200)
    ).body;
    expect(recent.homes).toBeGreaterThan(0);
    expect(recent.homes).toBeLessThan(transition.homes);
  });

  it('portfolio (super admins) and the overview have figures', async () => {
    const portfolio = (await superAdmin.get('/api/console/org/demo-energi/analytics/portfolio').expect(200)).body;
    expect(portfolio.homes).toBeGreaterThan(500);
    expect(portfolio.energyKwh.after).toBeLessThan(portfolio.energyKwh.now);
    expect(portfolio.byCarrier.length).toBeGreaterThanOrEqual(3);
    const overview = (await energiAdmin.get('/api/console/org/demo-energi/overview').expect(200)).body;
    expect(overview.homes.total).toBeGreaterThan(500);
    expect(overview.homes.last30Days).toBeGreaterThan(0);
  });

  it('demo-installer: its homes and the leads sent to it, in every status', async () => {
    const properties = (await installerStaff.get('/api/console/org/demo-installer/analytics/properties').expect(200))
      .body;
    expect(properties.total).toBeGreaterThan(0);
    const leads = (await installerStaff.get('/api/console/org/demo-installer/installer-requests?size=100').expect(200))
      .body;
    expect(Object.values(leads.counts as Record<string, number>).filter((n) => n > 0)).toHaveLength(7);
    const list = leads.requests as { status: string; homeowner: { name: string; email: string } }[];
    expect(list.filter((l) => l.homeowner.email?.endsWith('@demo.example')).length).toBeGreaterThan(10);
  });
});

describe("start-up's report of the journeys", () => {
  const reported = (org: DemoOrg) => loaded!.organisations.find((o) => o.slug === org)!;
  /** What the analytics added to a count since before the journeys (the real homes were there already). */
  const added = (after: number, before: number) => after - before;
  type Interactions = { key: string; count: number }[];
  const byKey = (rows: Interactions) => Object.fromEntries(rows.map((r) => [r.key, r.count]));

  it('names every organisation that got journeys or leads, with the pages its admin may open', () => {
    expect(loaded!.organisations.map((o) => [o.slug, o.pages])).toEqual([
      ['demo-energi', ['properties', 'users', 'transition', 'activities']],
      ['demo-bank', ['properties', 'users', 'transition', 'activities']],
      ['demo-installer', ['properties', 'requests']],
    ]);
    expect(loaded!.organisations.reduce((t, o) => t + o.homes, 0)).toBe(loaded!.journeys);
    expect(loaded!.organisations.reduce((t, o) => t + o.plans, 0)).toBe(loaded!.plans);
  });

  it.each(Object.keys(ORG_ADMINS) as DemoOrg[])(
    "%s: every figure reported is what the organisation's analytics added",
    async (org) => {
      const report: DemoOrganisationLoaded = reported(org);
      const now = await consoleFigures(org);
      const was = consoleBefore[org];
      for (const page of DEMO_REPORT_PAGES)
        expect([page, now[page] !== null]).toEqual([page, report.pages.includes(page)]);
      expect(report.homes).toBeGreaterThan(0);
      expect(added(now.properties!.total as number, was.properties!.total as number)).toBe(report.homes);
      if (report.pages.includes('users'))
        expect(added(now.users!.signUps as number, was.users!.signUps as number)).toBe(report.homeowners);
      if (report.pages.includes('transition')) {
        type Plans = { plans: { homes: number } };
        expect(report.plans).toBeGreaterThan(0);
        expect(added((now.transition as Plans).plans.homes, (was.transition as Plans).plans.homes)).toBe(report.plans);
      }
      if (report.pages.includes('activities')) {
        type Activities = { installerFunnel: Record<string, number>; totals: { installerRequests: number } };
        const [after, before] = [now.activities as Activities, was.activities as Activities];
        expect(report.funnel.won).toBeGreaterThan(0);
        for (const stage of ['requested', 'contacted', 'quoted', 'won'] as const)
          expect([stage, added(after.installerFunnel[stage]!, before.installerFunnel[stage]!)]).toEqual([
            stage,
            report.funnel[stage],
          ]);
        expect(added(after.totals.installerRequests, before.totals.installerRequests)).toBe(report.funnel.requested);
        const actions = byKey(now.activities!.interactions as Interactions);
        const actionsBefore = byKey(was.activities!.interactions as Interactions);
        expect(
          Object.fromEntries(Object.keys(actions).map((k) => [k, added(actions[k]!, actionsBefore[k] ?? 0)])),
        ).toEqual(report.interactions);
      }
      if (report.pages.includes('requests')) {
        const counts = now.requests!.counts as Record<string, number>;
        const countsBefore = was.requests!.counts as Record<string, number>;
        expect(Object.fromEntries(Object.keys(counts).map((s) => [s, added(counts[s]!, countsBefore[s]!)]))).toEqual(
          report.leads,
        );
      }
    },
  );
});

describe('demo remove', () => {
  it('is refused by a production start while demo journeys are loaded', async () => {
    const problems = await productionDatabaseProblems(database.db);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/1500 demo homeowner journey\(s\).*demo remove/);
  });

  it('deletes every demo journey, homeowner and analytics row they made, and nothing else', async () => {
    const removed = await removeDemoJourneys(database.db);
    expect(removed).toEqual({
      journeys: 1500,
      homeowners: loaded!.homeowners,
      installerRequests: loaded!.installerRequests,
      interactions: loaded!.interactions,
    });
    expect(await demoDataLeft(database.db)).toEqual({ journeys: 0, homeowners: 0 });
    expect(await nonDemoState()).toEqual(before);
    expect((await productionDatabaseProblems(database.db)).filter((p) => p.message.includes('demo remove'))).toEqual(
      [],
    );
    expect(await removeDemoJourneys(database.db)).toEqual({
      journeys: 0,
      homeowners: 0,
      installerRequests: 0,
      interactions: 0,
    });
  });
});
