import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { pagesFile } from '@home-energy/shared/build/pages';
import { OTHER_ROUTE } from '@home-energy/shared/mfe/vitals';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { publishRelease } from '../../releases/service';
import { setActive } from '../../releases/repository';
import { VisitorCookies } from '../../releases/audience';
import { startTestWorld, type TestApp, type TestWorld } from '../../../../test/test-world';
import { signInAs } from '../../../../test/staff-session';
import { TEST_SECRET } from '../../../../test/test-app';
import { dayOf, daysBefore, sweepVitals } from '../repository';
import { ROUTES_PER_DAY } from '../routes';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
let stable: string;
let slow: string;
let even: string;
let wide: string;

const visitors = new VisitorCookies(TEST_SECRET, false);
const newVisitor = () => crypto.randomBytes(16).toString('base64url');
const cookie = (visitor: string, brand?: string) =>
  [`he.mfe-visitor=${encodeURIComponent(visitors.sign(visitor))}`, ...(brand ? [`owner=${brand}`] : [])].join('; ');
// Each session on a network of its own (the verdict counts few sessions per network).
const addressOf = (visitor: string) => {
  const hash = crypto.createHash('sha256').update(visitor).digest();
  return `10.${hash[0]}.${hash[1]}.1`;
};
// mfe-results' pages file as its build writes it: its route table holds the patterns its releases' reports may name.
const RESULTS_PAGES = pagesFile(
  'mfe-results',
  require(path.resolve(__dirname, '..', '..', '..', '..', '..', 'mfe-results', 'pages.cjs')),
) as Record<string, unknown>;
const DASHBOARD = '/property/:id/building/:building/results-dashboard';
const NOT_FOUND = '/property/:id/building/:building/*';
// A release whose route table has more page patterns than a day may hold: /p0, /p0/c00 … /p2/c69 (and the
// dashboard at its published address, which every release of mfe-results serves: shared/src/mfe/pages.ts).
const WIDE_ROUTES = [0, 1, 2].map((p) => ({
  path: `p${p}`,
  children: Array.from({ length: 70 }, (_, c) => ({ path: `c${String(c).padStart(2, '0')}`, page: 'dashboard' })),
}));
const WIDE_PAGES = {
  ...RESULTS_PAGES,
  mount: ['*'],
  routes: [...WIDE_ROUTES, { path: DASHBOARD.slice(1), page: 'dashboard' }],
};
const WIDE_PATTERNS = WIDE_ROUTES.flatMap((r) => [`/${r.path}`, ...r.children.map((c) => `/${r.path}/${c.path}`)]);

function post(visitor: string | null, body: unknown) {
  const req = request(app)
    .post('/api/mfe/vitals')
    .set('X-Forwarded-For', visitor ? addressOf(visitor) : '10.0.0.1');
  if (visitor) req.set('Cookie', cookie(visitor));
  return req.send(body as object);
}

const view = (version: string, figures: object, route = DASHBOARD) => ({
  route,
  remote: 'mfe-results',
  version,
  navigation: 'load',
  ...figures,
});

async function servedVersion(visitor: string, brand?: string): Promise<string> {
  const res = await request(app)
    .get('/api/mfe/registry')
    .set('X-Forwarded-For', addressOf(visitor))
    .set('Cookie', cookie(visitor, brand))
    .expect(200);
  return res.body.remotes.find((r: { package: string }) => r.package === 'mfe-results').version;
}

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, app } = world);
  const settings = { releasesDir: world.fixtures.releasesDir, SHELL_DIST: world.fixtures.shellDist };
  const publish = async (label: string, pages: object = RESULTS_PAGES) => {
    const distDir = world.fixtures.writeRemote(label);
    fs.writeFileSync(path.join(distDir, 'pages.json'), JSON.stringify(pages));
    return (
      await publishRelease(database.db, settings, {
        remote: 'mfe-results',
        distDir,
        releasedBy: 'ci',
        activate: 'if-new-or-none',
      })
    ).version;
  };
  stable = await publish('stable');
  slow = await publish('slow');
  even = await publish('even');
  wide = await publish('wide', WIDE_PAGES);
  await setActive(database.db, 'mfe-results', stable, 'ci');
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
});
afterAll(() => world.close());

async function speedPage(route: string, days = 28) {
  const res = await superAdmin.get(`/api/admin/speed?days=${days}`).expect(200);
  return res.body.pages.find((p: { route: string }) => p.route === route);
}

describe('POST /api/mfe/vitals', () => {
  it('tells the registry answer how many page loads report (VITALS_SAMPLE_RATE)', async () => {
    const res = await request(app).get('/api/mfe/registry').expect(200);
    expect(res.body.vitalsSample).toBe(1);
  });

  it('adds reports to the page and release, and the Speed view reads their p50, p75 and p95', async () => {
    const route = DASHBOARD;
    for (let i = 1; i <= 20; i++) {
      const visitor = newVisitor();
      await post(visitor, {
        device: i % 2 ? 'phone' : 'desktop',
        connection: '4g',
        views: [
          {
            route,
            remote: 'mfe-results',
            version: stable,
            navigation: 'load',
            usable: i * 100,
            lcp: i * 50,
            inp: 40,
            cls: 0.01,
            ttfb: 120,
          },
        ],
      }).expect(204);
    }
    const page = await speedPage(route);
    expect(page).toMatchObject({ remote: 'mfe-results', audience: 'homeowner', budgets: { usable: 2500, inp: 200 } });
    // Nearest rank over 100…2000 ms: p50 1 s, p75 1.5 s, p95 1.9 s, each within the histogram's 2.5 %.
    expect(page.metrics.usable.count).toBe(20);
    expect(page.metrics.usable.p50).toBeGreaterThanOrEqual(975);
    expect(page.metrics.usable.p50).toBeLessThanOrEqual(1025);
    expect(page.metrics.usable.p75).toBeGreaterThanOrEqual(1462);
    expect(page.metrics.usable.p75).toBeLessThanOrEqual(1538);
    expect(page.metrics.usable.p95).toBeGreaterThanOrEqual(1852);
    expect(page.metrics.usable.p95).toBeLessThanOrEqual(1948);
    expect(page.metrics.cls.p75).toBeCloseTo(0.01, 3);
    expect(page.devices.map((d: { device: string }) => d.device)).toEqual(['phone', 'desktop']);
    expect(page.devices[0].metrics.usable.count).toBe(10);
    expect(page.trend).toEqual([
      { day: dayOf(Date.now()), usable: expect.any(Number), lcp: expect.any(Number), inp: 40 },
    ]);
  });

  it(`keeps a pattern of the view's own release only: any other counts as ${OTHER_ROUTE}`, async () => {
    const visitor = newVisitor();
    const others = async () => (await speedPage(OTHER_ROUTE))?.metrics.usable.count ?? 0;
    const report = (route: string, version = stable) =>
      post(visitor, { device: 'phone', views: [view(version, { usable: 900 }, route)] }).expect(204);
    // A pattern of the release's route table (its not-found page below the mount) is a page of its own.
    await report(NOT_FOUND);
    expect((await speedPage(NOT_FOUND)).metrics.usable.count).toBe(1);
    const before = await others();
    // Another remote's pattern, another release's, a path with an id and a name, a pattern nobody declares.
    await report('/flow/property/:propertyId/questions');
    await report(WIDE_PATTERNS[0]!);
    await report('/property/42/building/primary/results-dashboard');
    await report('/property/:id/building/:building/results_dashboard');
    expect(await others()).toBe(before + 4);
    // The release that declares it keeps it.
    await report(WIDE_PATTERNS[0]!, wide);
    expect((await speedPage(WIDE_PATTERNS[0]!)).metrics.usable.count).toBe(1);
    const listed = await superAdmin.get('/api/admin/speed?days=7').expect(200);
    const routes = listed.body.pages.map((p: { route: string }) => p.route).join(' ');
    expect(routes).not.toMatch(/42|primary|propertyId|results_dashboard/);
  });

  it('refuses what is no pattern: too long, too deep, a text; and a field of its own', async () => {
    const visitor = newVisitor();
    const version = stable;
    const refused = async (route: string) => {
      const res = await post(visitor, { device: 'phone', views: [view(version, { usable: 900 }, route)] });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/route/);
    };
    await refused(`/${Array.from({ length: 5 }, () => 'a'.repeat(32)).join('/')}`);
    await refused('/a/b/c/d/e/f/g/h/i');
    await refused('/anna@example.se');
    await refused('/flow/anna andersson');
    // A person's e-mail or name in a field of its own is not a report.
    await post(visitor, { device: 'phone', email: 'anna@example.se', views: [view(version, { usable: 1 })] }).expect(
      400,
    );
    await post(visitor, { device: 'phone', views: [{ ...view(version, { usable: 1 }), user: 'Anna' }] }).expect(400);
  });

  it('refuses what is not a report: no figures, out of range, too many views, too large, no session', async () => {
    const visitor = newVisitor();
    const bad = [
      { device: 'phone', views: [view(stable, {})] },
      { device: 'phone', views: [view(stable, { usable: -1 })] },
      { device: 'phone', views: [view(stable, { usable: 120_001 })] },
      { device: 'phone', views: [view(stable, { cls: 11 })] },
      { device: 'phone', views: [{ ...view(stable, { usable: 10, lcp: 10 }), navigation: 'route' }] },
      { device: 'tablet', views: [view(stable, { usable: 10 })] },
      { device: 'phone', views: Array.from({ length: 9 }, () => view(stable, { usable: 10 })) },
      { device: 'phone', views: [] },
    ];
    for (const body of bad) await post(visitor, body).expect(400);
    const big = { device: 'phone', views: [view(stable, { usable: 10 })], pad: 'x'.repeat(3000) };
    await post(visitor, big).expect(413);
    const noSession = await post(null, { device: 'phone', views: [view(stable, { usable: 10 })] }).expect(400);
    expect(noSession.body.message).toMatch(/registry/);
    const unknown = await post(visitor, { device: 'phone', views: [view('0.0.0-nope', { usable: 10 })] }).expect(404);
    expect(unknown.body.message).toMatch(/no release 0\.0\.0-nope/);
  });

  it(`holds at most ${ROUTES_PER_DAY} page patterns a day: others count together`, async () => {
    const visitor = newVisitor();
    const others = async () => (await speedPage(OTHER_ROUTE, 7))?.metrics.usable.count ?? 0;
    const before = await others();
    for (const route of WIDE_PATTERNS.slice(0, ROUTES_PER_DAY + 5))
      await post(visitor, { device: 'desktop', views: [view(wide, { usable: 500 }, route)] }).expect(204);
    const res = await superAdmin.get('/api/admin/speed?days=7').expect(200);
    const routes = res.body.pages.map((p: { route: string }) => p.route);
    expect(routes.filter((route: string) => route !== OTHER_ROUTE)).toHaveLength(ROUTES_PER_DAY);
    expect(await others()).toBeGreaterThan(before);
  });

  it('keeps the days of VITALS_KEPT_DAYS only (the sweep)', async () => {
    const today = dayOf(Date.now());
    await database.pool.query(
      `insert into web_vitals (day, route, remote, version, device, connection, metric, bucket, count)
       values ($1, '/old', 'mfe-flow', 'v', 'phone', '', 'usable', 100, 3)`,
      [daysBefore(today, 120)],
    );
    expect(await sweepVitals(database.db, daysBefore(today, 89))).toBe(1);
    const { rows } = await database.pool.query(`select count(*)::int as n from web_vitals where day < $1`, [
      daysBefore(today, 89),
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('answers 400 for a window the Speed view does not offer, and only to a super admin', async () => {
    await superAdmin.get('/api/admin/speed?days=3').expect(400);
    await request(app).get('/api/admin/speed').expect(401);
  });
});

describe('a canary judged on speed', () => {
  /** A session: asks the registry (brand demo-bank gets the canary), then reports its usable time and INP. */
  async function session(usableOf: (version: string) => number, inp = 80): Promise<string> {
    const visitor = newVisitor();
    const version = await servedVersion(visitor, 'demo-bank');
    await post(visitor, { device: 'phone', views: [view(version, { usable: usableOf(version), inp })] }).expect(204);
    return version;
  }

  async function setAudience(version: string, audience: object) {
    await superAdmin.post(`/api/admin/releases/mfe-results/${version}/audience`).send(audience).expect(200);
  }

  it('rolls back a canary whose first 50 sessions are usable much later than the active release’s', async () => {
    // The active release's sessions while the canary runs (the registry records them only then).
    await setAudience(slow, { kind: 'brand', brand: 'demo-bank' });
    for (let i = 0; i < 50; i++) {
      const visitor = newVisitor();
      expect(await servedVersion(visitor)).toBe(stable);
      await post(visitor, { device: 'phone', views: [view(stable, { usable: 1000 + (i % 10) * 20, inp: 80 })] }).expect(
        204,
      );
    }
    for (let i = 0; i < 49; i++) expect(await session(() => 2600)).toBe(slow);
    expect(await session(() => 2600)).toBe(slow);
    // Its 50th report was its last: the brand's sessions get the active release again.
    expect(await servedVersion(newVisitor(), 'demo-bank')).toBe(stable);
    const { rows } = await database.pool.query(
      `select actor_email, details from audit_log where action = 'release.rollback' and target = $1`,
      [`mfe-results@${slow}`],
    );
    expect(rows).toEqual([
      {
        actor_email: 'automatic rollback',
        details: expect.objectContaining({
          automatic: true,
          reason: 'speed',
          metric: 'usable',
          sessions: 50,
          usableP75: 2600,
          previous: stable,
          previousUsableP75: 1140,
          margin: 0.25,
        }),
      },
    ]);
    const list = await superAdmin.get('/api/admin/releases').expect(200);
    const row = list.body.remotes
      .find((r: { remote: string }) => r.remote === 'mfe-results')
      .releases.find((r: { version: string }) => r.version === slow);
    expect(row.verdict).toEqual({ result: 'rolled-back', at: expect.any(String), reason: 'speed' });
    expect(row.speed).toEqual({ reports: 50, usableP75: expect.any(Number), inpP75: expect.any(Number) });
    expect(Math.abs(row.speed.usableP75 - 2600)).toBeLessThanOrEqual(65);
  });

  it('keeps a canary within the margin, and one slower only by less than the floor', async () => {
    await setAudience(even, { kind: 'brand', brand: 'demo-bank' });
    // 1,250 ms against ~1,140: 10 % slower, within 25 %; INP 100 against 80 ms: 25 %, but 20 ms is under the floor.
    for (let i = 0; i < 60; i++) expect(await session(() => 1250, 100)).toBe(even);
    expect(await servedVersion(newVisitor(), 'demo-bank')).toBe(even);
    const { rows } = await database.pool.query(
      `select 1 from audit_log where action = 'release.rollback' and target = $1`,
      [`mfe-results@${even}`],
    );
    expect(rows).toEqual([]);
  });
});
