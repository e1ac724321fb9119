import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { INSTALLER_MEASURES, LEAD_STATUSES, type Lead } from '@home-energy/shared/schemas/installer-leads';
import type { DatabaseHandle } from '../../../db/client';
import { homeowners, installerRequests, organisations } from '../../../db/schema';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { seedDemoInstallers } from '../../../seed/demo-installers';
import { MEASURES } from '../../../energy/activities/registry';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';
import { applySelections, moveLead } from '../repository';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let installer: ReturnType<typeof request.agent>;

const LEADS = '/api/console/org/demo-installer/installer-requests';
const HOMEOWNERS = 100;
const PER_HOMEOWNER = 10;
const DEMO_INSTALLER = { name: 'Demo Installation AB', identifier: 'demo-installer', logo: '/x.svg', url: '' };
const SOLKRAFT = { name: 'Solkraft Demo AB', identifier: 'solkraft-demo', logo: '/x.svg', url: '' };
/** The privacy notice version these shares are recorded under. */
const NOTICE = 'test-notice';

// Streets and names with Swedish letters in both cases, so the search is seen to fold them.
const STREETS = ['Åkervägen', 'Storgatan', 'Älvsborgsgatan', 'Östra Långgatan', 'Kyrkvägen'];
const NAMES = ['Örjan Öberg', 'Åsa Ärlig', 'Anna Andersson', 'Émile Ström', 'Lena Leadsson'];

/** What the page should show, worked out from every lead as the database holds it. */
interface Truth {
  id: number;
  status: string;
  key: string;
  createdAt: number;
  address: string;
  name: string;
}
let truth: Truth[];

const newestFirst = (a: Truth, b: Truth) => b.createdAt - a.createdAt || b.id - a.id;
const countsOf = (leads: Truth[]) =>
  Object.fromEntries(LEAD_STATUSES.map((s) => [s, leads.filter((l) => l.status === s).length]));

beforeAll(async () => {
  world = await startTestWorld({
    seed: [seedDemoStaff, seedPlatformContent, seedDemoInstallers],
    config: { FAKE_LOGIN: true },
  });
  ({ database, app } = world);
  const { db } = database;
  const homes = await insertStockholmHomes(
    db,
    Array.from({ length: HOMEOWNERS + 1 }, (_, i) => ({
      street: `${STREETS[i % STREETS.length]} ${i + 1}`,
      building: VILLA_1970,
    })),
  );
  const owners = await db
    .insert(homeowners)
    .values(
      Array.from({ length: HOMEOWNERS + 1 }, (_, i) => ({
        personalNumberHash: `volume-${i}`,
        personalNumberEncrypted: 'x',
        personalNumberMasked: 'x',
        name: `${NAMES[i % NAMES.length]} ${i + 1}`,
      })),
    )
    .returning({ id: homeowners.id });
  // A second installer organisation: its leads are never demo-installer's.
  await db
    .insert(organisations)
    .values({ slug: 'solkraft-demo', name: 'Solkraft', brand: 'solkraft', isInstaller: true });
  const [energi] = await db.select().from(organisations).where(eq(organisations.slug, 'demo-energi'));
  const contact = { email: 'lead@example.se', mobile: '+46701234567' };
  const now = Date.parse('2026-11-20T09:00:00Z');
  // 100 homeowners ask demo-installer about 10 measures each (the day's most): 1 000 leads, through the repository.
  for (let i = 0; i < HOMEOWNERS; i++) {
    await applySelections(
      db,
      { homeownerId: owners[i]!.id, propertyId: homes[i]!, organisationId: energi!.id },
      INSTALLER_MEASURES.slice(0, PER_HOMEOWNER).map((key) => ({ installer: DEMO_INSTALLER, key, selected: true })),
      contact,
      now,
      NOTICE,
    );
  }
  await applySelections(
    db,
    { homeownerId: owners[HOMEOWNERS]!.id, propertyId: homes[HOMEOWNERS]!, organisationId: energi!.id },
    INSTALLER_MEASURES.slice(0, 5).map((key) => ({ installer: SOLKRAFT, key, selected: true })),
    contact,
    now,
    NOTICE,
  );
  // Ages out of step with the ids, so sorting by age is not sorting by id.
  await db.execute(
    sql`update ${installerRequests} set created_at = timestamptz '2026-01-01T00:00:00Z'
      + ((${installerRequests.id} * 7919) % 100003) * interval '1 minute'`,
  );
  const ids = (await db.select({ id: installerRequests.id }).from(installerRequests)).map((r) => r.id).sort();
  const paths = [[], ['contacted'], ['contacted', 'quoted'], ['declined'], ['contacted', 'quoted', 'won']] as const;
  for (const [k, id] of ids.entries()) {
    let from = 'new' as const as Lead['status'];
    for (const to of paths[k % paths.length]!) {
      await moveLead(db, id, from, to, undefined);
      from = to;
    }
  }
  // The first homeowner withdraws everything: the open ones become withdrawn, won and declined stay.
  await applySelections(
    db,
    { homeownerId: owners[0]!.id, propertyId: homes[0]!, organisationId: energi!.id },
    INSTALLER_MEASURES.slice(0, PER_HOMEOWNER).map((key) => ({ installer: DEMO_INSTALLER, key, selected: false })),
    contact,
    now,
    NOTICE,
  );
  const { rows } = await database.pool.query(
    `select r.id, r.status, r.activity_key as key, r.created_at, p.street || ', ' || p.postal_code || ' ' ||
       p.postal_city as address,
       -- A withdrawn request no longer carries the homeowner's name: a search does not find it by name.
       case when r.personal_data_removed_at is null then h.name else '' end as name
     from installer_requests r join properties p on p.id = r.property_id join homeowners h on h.id = r.homeowner_id
     join organisations o on o.id = r.installer_organisation_id where o.slug = 'demo-installer'`,
  );
  truth = rows.map((r: Truth & { created_at: Date }) => ({ ...r, createdAt: r.created_at.getTime() }));
  installer = request.agent(app);
  await signInAs(installer, 'staff@installer.demo.test').expect(200);
}, 120_000);
afterAll(() => world.close());

const ids = (body: { requests: Lead[] }) => body.requests.map((l) => l.id);

describe('the requests page at volume: one page at a time', () => {
  it('answers the newest 20 first, with the total and the count per status', async () => {
    expect(truth).toHaveLength(1000);
    const { body } = await installer.get(LEADS).expect(200);
    expect(body).toMatchObject({ total: 1000, page: 1, size: 20 });
    expect(body.counts).toEqual(countsOf(truth));
    expect(body.counts.withdrawn).toBeGreaterThan(0);
    expect(ids(body)).toEqual(
      truth
        .sort(newestFirst)
        .slice(0, 20)
        .map((l) => l.id),
    );
  });

  it('pages through all 1 000 once each, newest or oldest first', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 10; page++) {
      const { body } = await installer.get(LEADS).query({ page, size: 100 }).expect(200);
      expect(body.requests).toHaveLength(100);
      seen.push(...ids(body));
    }
    expect(seen).toEqual(truth.sort(newestFirst).map((l) => l.id));
    const past = await installer.get(LEADS).query({ page: 11, size: 100 }).expect(200);
    expect(past.body).toMatchObject({ requests: [], total: 1000, page: 11 });

    const oldest = await installer.get(LEADS).query({ sort: 'oldest', page: 2, size: 50 }).expect(200);
    const ascending = [...truth].sort((a, b) => -newestFirst(a, b));
    expect(ids(oldest.body)).toEqual(ascending.slice(50, 100).map((l) => l.id));
  });

  it.each(LEAD_STATUSES)('filters by status %s, the counts staying those of every status', async (status) => {
    const { body } = await installer.get(LEADS).query({ status, size: 100 }).expect(200);
    const expected = truth.filter((l) => l.status === status).sort(newestFirst);
    expect(body.total).toBe(expected.length);
    expect(body.counts).toEqual(countsOf(truth));
    expect(ids(body)).toEqual(expected.slice(0, 100).map((l) => l.id));
  });

  it('filters by measure, counting per status within it; with a status too', async () => {
    const measure = INSTALLER_MEASURES[3];
    const ofMeasure = truth.filter((l) => l.key === measure);
    const { body } = await installer.get(LEADS).query({ measure, size: 100 }).expect(200);
    expect(body.total).toBe(100);
    expect(body.counts).toEqual(countsOf(ofMeasure));
    expect(ids(body)).toEqual(ofMeasure.sort(newestFirst).map((l) => l.id));
    const won = await installer.get(LEADS).query({ measure, status: 'won' }).expect(200);
    expect(won.body.total).toBe(ofMeasure.filter((l) => l.status === 'won').length);
    expect(won.body.requests.every((l: Lead) => l.key === measure && l.status === 'won')).toBe(true);
    // A measure nobody asked about: nothing, every count 0.
    const none = await installer.get(LEADS).query({ measure: 'top_of_the_line' }).expect(200);
    expect(none.body).toMatchObject({ requests: [], total: 0 });
    expect(Object.values(none.body.counts).every((n) => n === 0)).toBe(true);
  });

  it.each([
    ['a street, any case, Swedish letters folded', 'ÅKERVÄGEN', (l: Truth) => l.address.startsWith('Åkervägen ')],
    ['a street in lower case', 'östra långgatan', (l: Truth) => l.address.startsWith('Östra Långgatan ')],
    ['a whole address as shown', 'storgatan 2, 111 22 stock', (l: Truth) => l.address.startsWith('Storgatan 2, 11122')],
    ['a whole address as stored', 'storgatan 2, 11122 stock', (l: Truth) => l.address.startsWith('Storgatan 2, 11122')],
    ['a name, any case', 'örjan öberg', (l: Truth) => l.name.startsWith('Örjan Öberg ')],
    ['a name with É', 'émile', (l: Truth) => l.name.startsWith('Émile ')],
    ['a name in capitals', 'ÅSA ÄRLIG 2', (l: Truth) => /^Åsa Ärlig 2\d*$/.test(l.name)],
    ['LIKE wildcards as themselves', '%', () => false],
    ['a search with spaces around it', '  Lena Leadsson 5  ', (l: Truth) => /^Lena Leadsson 5\d*$/.test(l.name)],
  ])('searches %s', async (_, q, matches) => {
    const expected = truth.filter(matches).sort(newestFirst);
    expect(expected.length > 0).toBe(q !== '%');
    const { body } = await installer.get(LEADS).query({ q, size: 100 }).expect(200);
    expect(body.total).toBe(expected.length);
    expect(body.counts).toEqual(countsOf(expected));
    expect(ids(body)).toEqual(expected.slice(0, 100).map((l) => l.id));
  });

  it('searches within a measure and a status, oldest first', async () => {
    const measure = INSTALLER_MEASURES[0];
    const expected = truth
      .filter((l) => l.key === measure && l.address.startsWith('Åkervägen ') && l.status === 'new')
      .sort((a, b) => -newestFirst(a, b));
    expect(expected.length).toBeGreaterThan(0);
    const { body } = await installer
      .get(LEADS)
      .query({ q: 'åkervägen', measure, status: 'new', sort: 'oldest' })
      .expect(200);
    expect(body.total).toBe(expected.length);
    expect(ids(body)).toEqual(expected.slice(0, 20).map((l) => l.id));
  });

  it.each([
    ['page=0', 'query.page'],
    ['page=abc', 'query.page'],
    ['page=1.5', 'query.page'],
    ['size=101', 'query.size'],
    ['size=0', 'query.size'],
    ['status=open', 'query.status'],
    ['status=new&status=won', 'query.status'],
    ['sort=random', 'query.sort'],
    ['measure=heat', 'query.measure'],
    [`q=${'x'.repeat(101)}`, 'query.q'],
    ['limit=5', 'query'],
  ])('refuses %s with a 400 naming the field', async (query, path) => {
    const res = await installer.get(`${LEADS}?${query}`).expect(400);
    expect(res.body.error).toBe('bad_request');
    expect(res.body.message).toContain(path === 'query' ? 'limit' : path);
    if (path !== 'query') expect(res.body.issues[0].path).toBe(path);
  });

  it('is the installer organisation’s own: others 404, non-installers 403, nobody signed in 401', async () => {
    const energi = request.agent(app);
    await signInAs(energi, 'admin@energi.demo.test').expect(200);
    await energi.get(LEADS).query({ q: 'Åkervägen', status: 'new' }).expect(404);
    await energi.get('/api/console/org/demo-energi/installer-requests').query({ page: 2 }).expect(403);
    await request(app).get(LEADS).query({ page: 2 }).expect(401);
    const superAdmin = request.agent(app);
    await signInAs(superAdmin, 'super@demo.test').expect(200);
    expect((await superAdmin.get(LEADS).query({ size: 1 }).expect(200)).body.total).toBe(1000);
  });
});

describe('the measures an installer organisation does', () => {
  const CONFIG = '/api/console/org/demo-installer/configuration';
  let superAdmin: ReturnType<typeof request.agent>;
  beforeAll(async () => {
    superAdmin = request.agent(app);
    await signInAs(superAdmin, 'super@demo.test').expect(200);
  });

  it('lists every measure that needs an installer, as the engine marks them', () => {
    expect([...INSTALLER_MEASURES].sort()).toEqual(
      MEASURES.filter((m) => m.installer)
        .map((m) => m.type)
        .sort(),
    );
  });

  it('are every measure until the organisation says otherwise, saved in order and audited', async () => {
    expect((await superAdmin.get(CONFIG).expect(200)).body.installer).toEqual({ measures: null });
    const energi = await superAdmin.get('/api/console/org/demo-energi/configuration').expect(200);
    expect(energi.body.installer).toBeUndefined();

    const saved = await superAdmin
      .put(`${CONFIG}/installer-measures`)
      .send({ measures: ['insulation_attic', 'heat_pump_airwater'] })
      .expect(200);
    expect(saved.body).toEqual({ measures: ['insulation_attic', 'heat_pump_airwater'] });
    expect((await superAdmin.get(CONFIG).expect(200)).body.installer).toEqual({
      measures: ['insulation_attic', 'heat_pump_airwater'],
    });
    const { rows } = await database.pool.query(
      "select details from audit_log where action = 'configuration.installer_measures'",
    );
    expect(rows).toEqual([{ details: { from: null, to: ['insulation_attic', 'heat_pump_airwater'] } }]);

    const all = await superAdmin
      .put(`${CONFIG}/installer-measures`)
      .send({ measures: [...INSTALLER_MEASURES].reverse() })
      .expect(200);
    expect(all.body).toEqual({ measures: null });
  });

  it.each([
    [{ measures: [] }, 'body.measures'],
    [{ measures: ['unspecified'] }, 'body.measures.0'],
    [{ measures: ['insulation_attic', 'insulation_attic'] }, 'body.measures'],
    [{ measures: 'insulation_attic' }, 'body.measures'],
    [{ measures: ['insulation_attic'], more: 1 }, 'body'],
  ])('refuses %j naming the field', async (body, path) => {
    const res = await superAdmin.put(`${CONFIG}/installer-measures`).send(body).expect(400);
    expect(res.body.issues[0].path).toBe(path);
  });

  it('are said by the installer organisation’s admins only, and only by an installer organisation', async () => {
    const staff = request.agent(app);
    await signInAs(staff, 'staff@installer.demo.test').expect(200);
    await staff
      .put(`${CONFIG}/installer-measures`)
      .send({ measures: ['insulation_attic'] })
      .expect(403);
    const energi = request.agent(app);
    await signInAs(energi, 'admin@energi.demo.test').expect(200);
    await energi
      .put(`${CONFIG}/installer-measures`)
      .send({ measures: ['insulation_attic'] })
      .expect(404);
    await energi
      .put('/api/console/org/demo-energi/configuration/installer-measures')
      .send({ measures: ['insulation_attic'] })
      .expect(403);
  });

  it('decide which installers a homeowner is offered for a measure', async () => {
    await superAdmin
      .put(`${CONFIG}/installer-measures`)
      .send({ measures: ['heat_pump_airwater', 'insulation_attic'] })
      .expect(200);
    const [home] = await insertStockholmHomes(database.db, [{ street: 'Erbjudandevägen 1', building: VILLA_1970 }]);
    const homeowner = request.agent(app);
    await homeowner.post('/api/flow/user/fake-login').send({}).expect(200);
    await homeowner.post(`/api/flow/property/${home}/building`).send({}).expect(200);
    await homeowner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'erbjudande@example.se', mobile: '070-123 45 67' })
      .expect(200);
    const { body } = await homeowner.get(`/api/flow/property/${home}/installers`).expect(200);
    // demo-installer says what it does; solkraft-demo (an installer organisation that said nothing) does everything,
    // and installers with no organisation here are offered for every measure.
    expect(
      Object.fromEntries(
        body.installers.map((i: { identifier: string; measures: unknown }) => [i.identifier, i.measures]),
      ),
    ).toEqual({
      'varmepumpsteknik-demo': null,
      'solkraft-demo': null,
      'isolerproffsen-demo': null,
      'demo-installer': ['insulation_attic', 'heat_pump_airwater'],
    });

    const refused = await homeowner
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([
        { installer: 'solkraft-demo', key: 'solar_panel_installation', selected: true },
        { installer: 'demo-installer', key: 'solar_panel_installation', selected: true },
      ])
      .expect(400);
    expect(refused.body.issues).toEqual([
      { path: 'body.installer', message: 'demo-installer is not offered for solar_panel_installation' },
    ]);
    await homeowner
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([{ installer: 'demo-installer', key: 'heat_pump_airwater', selected: true }])
      .expect(201);

    // The installer drops the measure: no new request, but the homeowner may still withdraw theirs.
    await superAdmin
      .put(`${CONFIG}/installer-measures`)
      .send({ measures: ['insulation_attic'] })
      .expect(200);
    await homeowner
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([{ installer: 'demo-installer', key: 'heat_pump_airwater', selected: true }])
      .expect(201);
    const withdrawn = await homeowner
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([{ installer: 'demo-installer', key: 'heat_pump_airwater', selected: false }])
      .expect(201);
    expect(withdrawn.body.requests).toEqual([]);
  });
});
