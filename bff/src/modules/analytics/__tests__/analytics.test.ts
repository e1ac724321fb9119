import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { seedDemoInstallers } from '../../../seed/demo-installers';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { insertStockholmHomes } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';

/**
 * The analytics APIs answer from the pre-aggregated summary (analytics_daily, kept by triggers). Every figure here is
 * checked against a straightforward query over the base tables (profile_insights, installer_requests, interactions,
 * building_profiles), after homes made through the real flow and after direct inserts, updates and deletes.
 */
// The real day: the homes made through the flow are dated by the database's clock (building_profiles.created_at).
const NOW = Date.now();
const TODAY = new Date(NOW).toISOString().slice(0, 10);

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let admin: ReturnType<typeof request.agent>;
let superAdmin: ReturnType<typeof request.agent>;
let energi: number;
let propertyIds: number[];

const BUILDINGS = [
  { building_type: 'villa', construction_year: 1925, num_floors: 2, atemp: 160, primary_heating_systems: ['oil'] },
  {
    building_type: 'villa',
    construction_year: 1972,
    num_floors: 1,
    atemp: 140,
    primary_heating_systems: ['electric_direct'],
  },
  {
    building_type: 'radhus',
    construction_year: 1985,
    num_floors: 2,
    atemp: 120,
    primary_heating_systems: ['district_heating'],
  },
  {
    building_type: 'parhus',
    construction_year: 2015,
    num_floors: 2,
    atemp: 150,
    primary_heating_systems: ['heat_pump_geothermal'],
  },
  {
    building_type: 'kedjehus',
    construction_year: 1962,
    num_floors: 1,
    atemp: 110,
    primary_heating_systems: ['pellets'],
  },
  {
    building_type: 'villa',
    construction_year: 1998,
    num_floors: 1,
    atemp: 130,
    primary_heating_systems: ['heat_pump_airwater'],
  },
];

async function rows<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await database.pool.query(text, params)).rows as T[];
}

/** bucket → count from a straightforward query. */
async function direct(text: string, params: unknown[]): Promise<Record<string, number>> {
  return Object.fromEntries((await rows<{ k: string; n: number }>(text, params)).map((r) => [r.k, Number(r.n)]));
}

/** bucket → count from an API list, leaving out zeros. */
const fromApi = (list: { key: string; count: number }[]) =>
  Object.fromEntries(list.filter((r) => r.count > 0).map((r) => [r.key, r.count]));

async function propertiesFor(from?: string, to?: string) {
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  return (await admin.get(`/api/console/org/demo-energi/analytics/properties?${query}`).expect(200)).body;
}

/** The properties page's figures, straight from profile_insights. */
async function expectPropertiesMatch(from = '1900-01-01', to = TODAY) {
  const api = await propertiesFor(from === '1900-01-01' ? undefined : from, to);
  const range = [energi, from, to];
  const where = 'organisation_id = $1 and day between $2::date and $3::date';
  expect(api.total).toBe(
    Number((await rows<{ n: number }>(`select count(*)::int as n from profile_insights where ${where}`, range))[0]!.n),
  );
  expect(fromApi(api.byLabel)).toEqual(
    await direct(
      `select coalesce(label, 'unknown') as k, count(*)::int as n from profile_insights where ${where} group by 1`,
      range,
    ),
  );
  expect(fromApi(api.byBuildingType)).toEqual(
    await direct(
      `select coalesce(building_type, 'unknown') as k, count(*)::int as n from profile_insights where ` +
        `${where} group by 1`,
      range,
    ),
  );
  expect(fromApi(api.byYearBand)).toEqual(
    await direct(
      `select coalesce(year_band, 'unknown') as k, count(*)::int as n from profile_insights where ${where} group by 1`,
      range,
    ),
  );
  expect(fromApi(api.byHeating)).toEqual(
    await direct(
      `select coalesce(heating, 'unknown') as k, count(*)::int as n from profile_insights where ${where} group by 1`,
      range,
    ),
  );
  return api;
}

beforeAll(async () => {
  world = await startTestWorld({
    seed: [seedDemoStaff, seedPlatformContent, seedDemoInstallers],
    config: { FAKE_LOGIN: true },
    now: () => NOW,
  });
  ({ database, app } = world);
  propertyIds = await insertStockholmHomes(
    database.db,
    BUILDINGS.map((building, i) => ({ street: `Analysgatan ${i + 1}`, building })),
  );
  energi = (await rows<{ id: number }>("select id from organisations where slug = 'demo-energi'"))[0]!.id;
  admin = request.agent(app);
  await signInAs(admin, 'admin@energi.demo.test').expect(200);
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
});
afterAll(() => world.close());

describe('an organisation without data', () => {
  it('answers zeros and empty series, with the period defaulting to today', async () => {
    const res = await superAdmin.get('/api/console/org/demo-installer/analytics/properties').expect(200);
    expect(res.body.period).toEqual({ from: TODAY, to: TODAY, grain: 'day' });
    expect(res.body.total).toBe(0);
    expect(res.body.byLabel.map((r: { key: string }) => r.key)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(res.body.byLabel.every((r: { count: number }) => r.count === 0)).toBe(true);
    expect(res.body.byHeating).toEqual([]);
    expect(res.body.series).toEqual([{ period: TODAY, value: 0 }]);
    const portfolio = await superAdmin
      .get(`/api/console/org/demo-installer/analytics/portfolio?from=${TODAY.slice(0, 4)}-01-01`)
      .expect(200);
    expect(portfolio.body).toMatchObject({ homes: 0, energyKwh: { now: 0, after: 0 }, byCarrier: [] });
    expect(portfolio.body.co2Factors.map((f: { carrier: string }) => f.carrier)).toEqual(
      expect.arrayContaining(['electricity', 'district_heating', 'oil']),
    );
  });
});

describe('homes made through the flow', () => {
  beforeAll(async () => {
    // Six visitors (one per home) of demo-energi and one of demo-bank, each through POST …/building as the flow does.
    for (const [i, id] of propertyIds.entries()) {
      const visitor = request.agent(app);
      await visitor
        .post(`/api/flow/property/${id}/building?owner=demo-energi`)
        .send({ occupants: 2 + (i % 3), solar_panels_wp: i === 3 ? 4000 : 0 })
        .expect(200);
      await visitor
        .post('/api/flow/interaction?owner=demo-energi')
        .send({ action: 'loan_type.change', object: 'Private', property_id: id })
        .expect(204);
    }
    const bankVisitor = request.agent(app);
    await bankVisitor.post(`/api/flow/property/${propertyIds[0]}/building?owner=demo-bank`).send({}).expect(200);
    // A signed-in homeowner with contact details asks two installers about the attic.
    const homeowner = request.agent(app);
    await homeowner.post('/api/flow/user/fake-login').send({}).expect(200);
    await homeowner.post(`/api/flow/property/${propertyIds[1]}/building?owner=demo-energi`).send({}).expect(200);
    await homeowner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'anna@example.se', mobile: '070-123 45 67' })
      .expect(200);
    await homeowner
      .post(`/api/flow/property/${propertyIds[1]}/installer-requests`)
      .send([
        { installer: 'varmepumpsteknik-demo', key: 'insulation_attic', selected: true },
        { installer: 'isolerproffsen-demo', key: 'insulation_attic', selected: true },
      ])
      .expect(201);
  });

  it('properties: every count equals a straightforward query over the homes', async () => {
    const api = await expectPropertiesMatch();
    expect(api.total).toBe(7);
    expect(api.period).toEqual({ from: TODAY, to: TODAY, grain: 'day' });
    expect(api.series).toEqual([{ period: TODAY, value: 7 }]);
    expect(fromApi(api.byBuildingType)).toEqual({ villa: 4, radhus: 1, parhus: 1, kedjehus: 1 });
    expect(fromApi(api.byYearBand)).toEqual({
      before_1930: 1,
      '1960_1975': 3,
      '1976_1990': 1,
      '1991_2010': 1,
      '2011_later': 1,
    });
    // The other organisation's home is not here, and is there.
    const bank = await admin.get('/api/console/org/demo-bank/analytics/properties');
    expect(bank.status).toBe(404);
    const bankAsSuper = await superAdmin.get('/api/console/org/demo-bank/analytics/properties').expect(200);
    expect(bankAsSuper.body.total).toBe(1);
  });

  it('activities: recommended, completed and installer requests per type, and interactions by action', async () => {
    const api = (await admin.get('/api/console/org/demo-energi/analytics/activities').expect(200)).body;
    const recommended = await direct(
      'select a as k, count(*)::int as n from profile_insights, unnest(recommended) a where organisation_id ' +
        '= $1 group by 1',
      [energi],
    );
    const completed = await direct(
      'select a as k, count(*)::int as n from profile_insights, unnest(completed) a where organisation_id = ' +
        '$1 group by 1',
      [energi],
    );
    const requests = await direct(
      'select activity_key as k, count(*)::int as n from installer_requests where organisation_id = $1 group by 1',
      [energi],
    );
    const pick = (field: 'recommended' | 'completed' | 'installerRequests') =>
      Object.fromEntries(
        api.byActivity
          .filter((a: Record<string, number>) => a[field] > 0)
          .map((a: Record<string, number | string>) => [a.activity, a[field]]),
      );
    expect(pick('recommended')).toEqual(recommended);
    expect(pick('completed')).toEqual(completed);
    expect(pick('installerRequests')).toEqual(requests);
    expect(requests).toEqual({ insulation_attic: 2 });
    expect(Object.keys(recommended).length).toBeGreaterThan(3);
    expect(completed.heat_pump_geothermal).toBe(1);
    expect(api.homes).toBe(7);
    expect(api.totals.installerRequests).toBe(2);
    expect(api.installerRequestsSeries).toEqual([{ period: TODAY, value: 2 }]);
    expect(api.interactions).toEqual([{ key: 'loan_type.change', count: 6 }]);
  });

  it('transition: labels now and after the recommended measures, and the moves between them', async () => {
    const api = (await admin.get('/api/console/org/demo-energi/analytics/transition').expect(200)).body;
    expect(fromApi(api.now)).toEqual(
      await direct(
        "select coalesce(calculated_class, 'unknown') as k, count(*)::int as n from profile_insights where " +
          'organisation_id = $1 group by 1',
        [energi],
      ),
    );
    expect(fromApi(api.after)).toEqual(
      await direct(
        "select coalesce(after_class, calculated_class, 'unknown') as k, count(*)::int as n from " +
          'profile_insights where organisation_id = $1 group by 1',
        [energi],
      ),
    );
    const improved = await rows<{ n: number }>(
      'select count(*)::int as n from profile_insights where organisation_id = $1 and after_class < calculated_class',
      [energi],
    );
    expect(api.improved).toBe(improved[0]!.n);
    expect(api.improved).toBeGreaterThan(0);
    expect(api.moves.reduce((t: number, m: { count: number }) => t + m.count, 0)).toBe(7);
  });

  it('portfolio: energy, cost and CO₂ now and after equal the sums over the homes; after is lower', async () => {
    const api = (await superAdmin.get('/api/console/org/demo-energi/analytics/portfolio').expect(200)).body;
    const [sums] = await rows<Record<string, string>>(
      `select count(*) as homes, sum(energy_now) as energy_now, sum(energy_after) as energy_after,
         sum(cost_now) as cost_now, sum(cost_after) as cost_after,
         sum(co2_now) as co2_now, sum(co2_after) as co2_after from profile_insights where organisation_id = $1
         and energy_now is not null`,
      [energi],
    );
    expect(api.homes).toBe(Number(sums!.homes));
    expect(api.energyKwh).toEqual({ now: Number(sums!.energy_now), after: Number(sums!.energy_after) });
    expect(api.costKr).toEqual({ now: Number(sums!.cost_now), after: Number(sums!.cost_after) });
    expect(api.co2Kg).toEqual({ now: Number(sums!.co2_now), after: Number(sums!.co2_after) });
    expect(api.energyKwh.after).toBeLessThan(api.energyKwh.now);
    expect(api.costKr.after).toBeLessThan(api.costKr.now);
    const electricity = await rows<{ n: string }>(
      "select sum((carriers_now->>'electricity')::int) as n from profile_insights where organisation_id = $1",
      [energi],
    );
    expect(api.byCarrier.find((c: { carrier: string }) => c.carrier === 'electricity').nowKwh).toBe(
      Number(electricity[0]!.n),
    );
    // Oil and pellets homes are in the portfolio; every factor says where it comes from and that it is an estimate.
    expect(api.byCarrier.map((c: { carrier: string }) => c.carrier)).toEqual(
      expect.arrayContaining(['oil', 'district_heating', 'electricity']),
    );
    for (const factor of api.co2Factors)
      expect(factor).toEqual({
        carrier: expect.any(String),
        kgPerKwh: expect.any(Number),
        source: expect.stringMatching(/.{20,}/),
        estimate: true,
      });
  });

  it('reading the results again writes nothing new; changed answers move the home between buckets', async () => {
    const before = await rows('select metric, bucket, n, total from analytics_daily order by 1, 2');
    const visitor = request.agent(app);
    await visitor
      .post(`/api/flow/property/${propertyIds[2]}/building?owner=demo-energi`)
      .send({ occupants: 2 })
      .expect(200);
    await visitor.get(`/api/flow/property/${propertyIds[2]}/building/primary/recommendations`).expect(200);
    await visitor.get(`/api/flow/property/${propertyIds[2]}/building/primary/information`).expect(200);
    const afterNew = await expectPropertiesMatch();
    expect(afterNew.total).toBe(8);
    // The same visitor says the house is an apartment building heated with gas: radhus −1, gas +1.
    await visitor
      .post(`/api/flow/property/${propertyIds[2]}/building?owner=demo-energi`)
      .send({ building_type: 'flerbostadshus', primary_heating_systems: ['gas'] })
      .expect(200);
    const moved = await expectPropertiesMatch();
    expect(fromApi(moved.byBuildingType).flerbostadshus).toBe(1);
    expect(fromApi(moved.byHeating).gas).toBe(1);
    expect(fromApi(moved.byBuildingType).radhus).toBe(1);
    expect(before.length).toBeGreaterThan(0);
  });
});

describe('the summary stays exact through inserts, updates and deletes (compared with straightforward queries)', () => {
  /** Profiles of demo-energi made on given days, with facts written straight to profile_insights. */
  async function homeOn(
    day: string,
    facts: { label: string; building_type: string; heating: string; recommended: string[] },
  ) {
    const [profile] = await rows<{ id: number }>(
      `insert into building_profiles (property_id, visitor_id, organisation_id, created_at, updated_at)
       values ($1, gen_random_uuid(), $2, $3::timestamptz, $3::timestamptz) returning id`,
      [propertyIds[0], energi, `${day}T10:00:00Z`],
    );
    await rows(
      `insert into profile_insights (profile_id, organisation_id, property_id, day, label, calculated_class,
         after_class, building_type, year_band, heating, recommended,
         energy_now, energy_after, cost_now, cost_after, co2_now, co2_after, carriers_now, carriers_after, answers_hash,
         facts_hash)
       values ($1, $2, $3, $4, $5, $5, 'B', $6, '1960_1975', $7, $8, 20000, 15000, 30000, 22000, 900, 700,
       '{"electricity": 20000}', '{"electricity": 15000}', 'a', 'f')`,
      [profile!.id, energi, propertyIds[0], day, facts.label, facts.building_type, facts.heating, facts.recommended],
    );
    return profile!.id;
  }

  it('filters by period and draws the series per day, week or month', async () => {
    const ids = [
      await homeOn('2025-02-03', {
        label: 'E',
        building_type: 'villa',
        heating: 'oil',
        recommended: ['insulation_attic'],
      }),
      await homeOn('2025-02-05', {
        label: 'F',
        building_type: 'radhus',
        heating: 'oil',
        recommended: ['insulation_attic', 'heat_pump_air'],
      }),
      await homeOn('2025-06-30', { label: 'C', building_type: 'villa', heating: 'gas', recommended: [] }),
      await homeOn('2026-03-01', {
        label: 'D',
        building_type: 'villa',
        heating: 'wood',
        recommended: ['heat_pump_air'],
      }),
    ];
    expect(ids).toHaveLength(4);
    const february = await expectPropertiesMatch('2025-02-01', '2025-02-28');
    expect(february.total).toBe(2);
    expect(february.period.grain).toBe('day');
    expect(february.series).toHaveLength(28);
    expect(february.series.find((p: { period: string }) => p.period === '2025-02-05').value).toBe(1);
    const year = await expectPropertiesMatch('2025-01-01', '2025-12-31');
    expect(year.total).toBe(3);
    expect(year.period.grain).toBe('week');
    // ISO weeks start on Monday: 2025-02-03 is one, and holds both February homes.
    expect(year.series.find((p: { period: string }) => p.period === '2025-02-03').value).toBe(2);
    const all = await propertiesFor('2024-01-01');
    expect(all.period.grain).toBe('month');
    expect(all.series.find((p: { period: string }) => p.period === '2025-02-01').value).toBe(2);
    // Without `from` the period starts on the first day with data.
    expect((await propertiesFor()).period.from).toBe('2025-02-03');
  });

  it('after random changes of labels, types, heating, measures and deletes, buckets equal base tables', async () => {
    const labels = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    const types = ['villa', 'radhus', 'parhus'];
    const activities = ['insulation_attic', 'heat_pump_air', 'solar_panel_installation'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const ids = (
      await rows<{ profile_id: number }>('select profile_id from profile_insights where organisation_id = $1', [energi])
    ).map((r) => r.profile_id);
    for (let step = 0; step < 40; step += 1) {
      const id = ids[random(ids.length)]!;
      const change = random(4);
      if (change === 0)
        await rows('update profile_insights set label = $2, calculated_class = $2 where profile_id = $1', [
          id,
          labels[random(7)],
        ]);
      if (change === 1)
        await rows('update profile_insights set building_type = $2, heating = $3 where profile_id = $1', [
          id,
          types[random(3)],
          ['oil', 'gas', null][random(3)],
        ]);
      if (change === 2)
        await rows('update profile_insights set recommended = $2, energy_now = energy_now + 10 where profile_id = $1', [
          id,
          activities.filter(() => random(2) === 1),
        ]);
      // Several rows in one statement: one trigger call with a many-row delta.
      if (change === 3)
        await rows("update profile_insights set after_class = 'A' where organisation_id = $1 and profile_id % 3 = $2", [
          energi,
          random(3),
        ]);
    }
    await rows('delete from building_profiles where id = $1', [ids[0]]);
    await rows('delete from profile_insights where profile_id = $1', [ids[1]]);
    await expectPropertiesMatch();
    await expectPropertiesMatch('2025-01-01', '2025-12-31');
    const summary = await direct(
      "select metric || ':' || bucket as k, sum(n)::int as n from analytics_daily where organisation_id = $1 " +
        "and metric in ('label','building_type','heating','recommended','transition') group by 1 having sum(n) " +
        '<> 0',
      [energi],
    );
    const base = await direct(
      `select k, count(*)::int as n from (
         select 'label:' || coalesce(label, 'unknown') as k from profile_insights where organisation_id = $1
         union all select 'building_type:' || coalesce(building_type, 'unknown') from profile_insights
         where organisation_id = $1
         union all select 'heating:' || coalesce(heating, 'unknown') from profile_insights where organisation_id = $1
         union all select 'recommended:' || a from profile_insights, unnest(recommended) a where organisation_id = $1
         union all select 'transition:' || coalesce(calculated_class, 'unknown') || '>' || coalesce(after_class,
         calculated_class, 'unknown') from profile_insights where organisation_id = $1
       ) x group by k`,
      [energi],
    );
    expect(summary).toEqual(base);
    const [totals] = await rows<{ s: string; b: string }>(
      `select (select sum(total) from analytics_daily where organisation_id = $1 and metric = 'portfolio'
              and bucket = 'energy_now') as s,
              (select sum(energy_now) from profile_insights where organisation_id = $1) as b`,
      [energi],
    );
    expect(Number(totals!.s)).toBe(Number(totals!.b));
  });
});

describe('users: sign-ups and active people', () => {
  it('counts homeowners through the organisation on sign-up day, and active people per day, week, month', async () => {
    const homeowner = async (n: number, created: string) =>
      (
        await rows<{ id: number }>(
          `insert into homeowners (personal_number_hash, personal_number_encrypted, personal_number_masked, name,
           created_at)
           values ($1, 'x', '19800101-****', 'Test', $2::timestamptz) returning id`,
          [`analytics-${n}`, `${created}T08:00:00Z`],
        )
      )[0]!.id;
    const h1 = await homeowner(1, '2024-05-06');
    const h2 = await homeowner(2, '2024-05-06');
    const h3 = await homeowner(3, '2024-05-20');
    const profile = (h: number, property: number, day: string) =>
      rows(
        `insert into building_profiles (property_id, homeowner_id, organisation_id, created_at, updated_at) ` +
          `values ($1, $2, $3, $4::timestamptz, $4::timestamptz)`,
        [property, h, energi, `${day}T09:00:00Z`],
      );
    await profile(h1, propertyIds[3]!, '2024-05-06');
    // Two homes of one homeowner: one sign-up.
    await profile(h2, propertyIds[3]!, '2024-05-07');
    await profile(h2, propertyIds[4]!, '2024-05-08');
    await profile(h3, propertyIds[5]!, '2024-05-21');
    const visitor = '6f1c0b7e-1111-4c2a-9a55-000000000001';
    for (const day of ['2024-05-07', '2024-05-08', '2024-05-08', '2024-05-15']) {
      await rows(
        'insert into interactions (action, visitor_id, organisation_id, created_at) values ($1, $2, $3, ' +
          '$4::timestamptz)',
        ['page.view', visitor, energi, `${day}T12:00:00Z`],
      );
    }
    await rows(
      'insert into interactions (action, homeowner_id, organisation_id, created_at) values ($1, $2, $3, ' +
        '$4::timestamptz)',
      ['page.view', h1, energi, '2024-05-08T13:00:00Z'],
    );

    const may = (
      await admin.get('/api/console/org/demo-energi/analytics/users?from=2024-05-01&to=2024-05-31').expect(200)
    ).body;
    expect(may.period.grain).toBe('day');
    const signUps = await direct(
      `select to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD') as k, count(*)::int as n from homeowners h
       where exists (select 1 from building_profiles bp where bp.homeowner_id = h.id and bp.organisation_id = $1)
         and h.created_at >= '2024-05-01' and h.created_at < '2024-06-01' group by 1`,
      [energi],
    );
    expect(
      Object.fromEntries(
        may.signUpSeries
          .filter((p: { value: number }) => p.value > 0)
          .map((p: { period: string; value: number }) => [p.period, p.value]),
      ),
    ).toEqual(signUps);
    expect(may.signUps).toBe(3);
    // Active: profiles saved that day, interactions that day; the same person twice in a day counts once.
    const activeDaily = await direct(
      `select to_char(day, 'YYYY-MM-DD') as k, count(distinct actor)::int as n from (
         select (updated_at at time zone 'UTC')::date as day, coalesce(visitor_id::text, 'h' || homeowner_id) as actor
         from building_profiles where organisation_id = $1
         union all select (created_at at time zone 'UTC')::date, coalesce(visitor_id::text, 'h' || homeowner_id)
         from interactions where organisation_id = $1
       ) a where day between '2024-05-01' and '2024-05-31' group by 1`,
      [energi],
    );
    expect(
      Object.fromEntries(
        may.activeSeries
          .filter((p: { value: number }) => p.value > 0)
          .map((p: { period: string; value: number }) => [p.period, p.value]),
      ),
    ).toEqual(activeDaily);
    expect(activeDaily['2024-05-08']).toBe(3);
    expect(may.peakActive).toBe(3);

    // Per ISO week: the visitor, h1 and h2 in the week of 6 May count once each.
    const weeks = (
      await admin.get('/api/console/org/demo-energi/analytics/users?from=2024-01-01&to=2024-12-31').expect(200)
    ).body;
    expect(weeks.period.grain).toBe('week');
    expect(weeks.activeSeries.find((p: { period: string }) => p.period === '2024-05-06').value).toBe(3);
    expect(weeks.activeSeries.find((p: { period: string }) => p.period === '2024-05-13').value).toBe(1);
    expect(weeks.activeSeries.find((p: { period: string }) => p.period === '2024-05-20').value).toBe(1);
    const months = (
      await admin.get('/api/console/org/demo-energi/analytics/users?from=2022-01-01&to=2026-11-23').expect(200)
    ).body;
    expect(months.period.grain).toBe('month');
    expect(months.activeSeries.find((p: { period: string }) => p.period === '2024-05-01').value).toBe(4);

    // A homeowner losing their last home with the organisation is no longer its sign-up.
    await rows('delete from building_profiles where homeowner_id = $1', [h3]);
    const after = (
      await admin.get('/api/console/org/demo-energi/analytics/users?from=2024-05-01&to=2024-05-31').expect(200)
    ).body;
    expect(after.signUps).toBe(2);
  });
});

describe('the organisation home page', () => {
  it('shows key figures only for the pages the user may open', async () => {
    const energiAdmin = (await admin.get('/api/console/org/demo-energi/overview').expect(200)).body;
    expect(energiAdmin.homes.total).toBeGreaterThan(0);
    expect(energiAdmin.validation).toEqual({ open: await openValidationDirect() });
    expect(energiAdmin.installerRequests).toEqual({ last30Days: 2 });
    const installer = request.agent(app);
    await signInAs(installer, 'staff@installer.demo.test').expect(200);
    const view = (await installer.get('/api/console/org/demo-installer/overview').expect(200)).body;
    expect(view).toEqual({ homes: { total: 0, last30Days: 0 }, validation: null, installerRequests: null });
  });

  it('counts open validation items like a plain query: homes with issues not reviewed for these answers', async () => {
    const homes = await rows<{ profile_id: number; answers_hash: string }>(
      'select profile_id, answers_hash from profile_insights where organisation_id = $1 order by profile_id limit 3',
      [energi],
    );
    expect(homes).toHaveLength(3);
    const [flagged, reviewed, stale] = homes;
    await database.pool.query(
      "update profile_insights set issues = array['occupants_per_area'] where profile_id = any($1)",
      [homes.map((h) => h.profile_id)],
    );
    // One review holds for the current answers, one for answers since changed (so that home is still open).
    await database.pool.query(
      "insert into answer_reviews (profile_id, answers_hash, outcome) values ($1, $2, 'accepted'), ($3, " +
        "'older answers', 'accepted')",
      [reviewed!.profile_id, reviewed!.answers_hash, stale!.profile_id],
    );
    const open = (await admin.get('/api/console/org/demo-energi/overview').expect(200)).body.validation.open;
    expect(open).toBe(await openValidationDirect());
    expect(open).toBeGreaterThanOrEqual(2);
    await database.pool.query('update profile_insights set answers_hash = $2 where profile_id = $1', [
      flagged!.profile_id,
      'reviewed-elsewhere',
    ]);
    await database.pool.query(
      "insert into answer_reviews (profile_id, answers_hash, outcome) values ($1, 'reviewed-elsewhere', 'rejected')",
      [flagged!.profile_id],
    );
    expect((await admin.get('/api/console/org/demo-energi/overview').expect(200)).body.validation.open).toBe(open - 1);
  });
});

/** Open validation items of demo-energi straight from the base tables (no index assumptions). */
async function openValidationDirect(): Promise<number> {
  const [row] = await rows<{ n: number }>(
    `select count(distinct profile_id)::int as n from (
       select pi.profile_id from profile_insights pi
       where pi.organisation_id = $1 and array_length(pi.issues, 1) is not null
         and not exists (select 1 from answer_reviews ar where ar.profile_id = pi.profile_id
         and ar.answers_hash = pi.answers_hash)
       union all
       select d.profile_id from epc_documents d join building_profiles bp on bp.id = d.profile_id
       where bp.organisation_id = $1 and d.status = 'pending'
     ) open`,
    [energi],
  );
  return row!.n;
}
