import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { insertRegisterRows } from '../../property/repository';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { rowCount } from '../../../../test/demo-roles';
import { activitySchema } from '@home-energy/shared/schemas/energy';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
/** A 1970 villa in Stockholm with electric radiators, from the register; and one the register knows little about. */
let villa: number;
let bare: number;
const NOW = Date.UTC(2026, 10, 23);

const countRows = (table: string) => rowCount(database.pool, table);

beforeAll(async () => {
  world = await startTestWorld({
    seed: [seedDemoStaff, seedPlatformContent],
    config: { FAKE_LOGIN: true },
    now: () => NOW,
  });
  ({ database, app } = world);
  await insertRegisterRows(
    database.db,
    [
      {
        street: 'Testgatan 1',
        streetKey: 'testgatan 1',
        postalCode: '11122',
        postalCity: 'Stockholm',
        municipalityCode: '0180',
        priceArea: 'SE3',
        building: {
          building_type: 'villa',
          construction_year: 1970,
          num_floors: 1,
          atemp: 140,
          primary_heating_systems: ['electric_direct'],
        },
        issuedEpc: { class: 'E', issued_at: '2019-05-02' },
      },
      {
        street: 'Okändvägen 2',
        streetKey: 'okändvägen 2',
        postalCode: '11122',
        postalCity: 'Stockholm',
        building: null,
      },
    ],
    'import',
  );
  const { rows } = await database.pool.query('select id, street from properties order by id');
  villa = rows.find((r) => r.street === 'Testgatan 1').id;
  bare = rows.find((r) => r.street === 'Okändvägen 2').id;
});
afterAll(() => world.close());

describe('GET /api/flow/questions', () => {
  it('serves the brand’s question set: every engine key once, typed, with units and sv/en texts', async () => {
    const res = await request(app).get('/api/flow/questions').expect(200);
    expect(res.body.organisation).toEqual({ slug: 'demo-energi', name: 'Demo Energi AB' });
    const byKey = Object.fromEntries(res.body.questions.map((q: { key: string }) => [q.key, q]));
    for (const key of [
      'building_type',
      'construction_year',
      'num_floors',
      'atemp',
      'primary_heating_systems',
      'attic_insulation_mm',
      'solar_panels_wp',
      'ventilation',
      'wallbox',
    ]) {
      expect(byKey[key]).toBeDefined();
    }
    expect(byKey.atemp.data).toEqual({ type: 'integer', unit: 'sqm', min: 1, max: 100000, default: null });
    expect(byKey.construction_year).toMatchObject({ required: true, data: { type: 'integer', unit: 'yr' } });
    expect(byKey.primary_heating_systems.data.type).toBe('multiple');
    expect(byKey.building_type.texts.sv.options.radhus).toBe('Radhus');
    expect(byKey.solar_panels_wp.data.unit).toBe('wp');
    const positions = res.body.questions.map((q: { position: number }) => q.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('follows the brand of the request (query owner) and each organisation has its own set', async () => {
    const res = await request(app).get('/api/flow/questions?owner=demo-bank').expect(200);
    expect(res.body.organisation.slug).toBe('demo-bank');
    const { rows } = await database.pool.query(
      'select count(distinct organisation_id)::int as orgs from question_definitions',
    );
    expect(rows[0].orgs).toBe(3);
  });
});

describe('answers and the building', () => {
  it('a visitor answers, gets the building with labels, information and recommendations, reads them back', async () => {
    const agent = request.agent(app);
    await agent
      .post(`/api/flow/property/${villa}/answer`)
      .send({ attic_insulation_mm: 150, occupants: 3, roof_orientation: 'south' })
      .expect(200);
    const res = await agent.post(`/api/flow/property/${villa}/building`).send({ window_type: 'double' }).expect(200);
    expect(res.body.property.name).toBe('Testgatan 1, 111 22 Stockholm');
    expect(res.body.answers).toEqual({
      attic_insulation_mm: 150,
      occupants: 3,
      roof_orientation: 'south',
      window_type: 'double',
    });
    expect(res.body.register).toMatchObject({ construction_year: 1970, atemp: 140 });
    expect(res.body.errors).toEqual([]);
    const labels = res.body.information
      .filter((i: { type: string }) => i.type === 'epc_label')
      .map((i: { value: { type: string } }) => i.value.type);
    expect(labels).toEqual(['estimated_calculated', 'issued']);
    const calculated = res.body.information.find(
      (i: { value: { type: string } }) => i.value?.type === 'estimated_calculated',
    ).value;
    expect(calculated.energy_class).toMatch(/^[A-G]$/);
    expect(calculated.ep).toBeGreaterThan(0);
    const names = res.body.recommendations.map((r: { name: string }) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'insulation_attic',
        'heat_pump_airwater',
        'solar_panel_installation',
        'complete_renovation',
      ]),
    );
    const attic = res.body.recommendations.find((r: { name: string }) => r.name === 'insulation_attic');
    expect(attic.energy_diff).toBeGreaterThan(0);
    expect(attic.savings.energyCostSavings).toBeGreaterThan(0);

    const recs = await agent.get(`/api/flow/property/${villa}/building/primary/recommendations`).expect(200);
    expect(recs.body.recommendations).toEqual(res.body.recommendations);
    expect(recs.body.errors).toEqual([]);
    const info = await agent.get(`/api/flow/property/${villa}/building/primary/information`).expect(200);
    expect(info.body.information).toEqual(res.body.information);

    // Honest ranking (engine README "Ranking"): by yearly kronor, bought and sold apart, pays_back = payback within the
    // life span.
    type Rec = {
      name: string;
      savings: { energySavings: number; energyCostSavings: number };
      kwh_saved_bought: number;
      kwh_sold: number;
      energy_diff: number;
      investment_cost: number;
      life_span: number;
      pays_back: boolean;
      lifetime_value: number;
      needs_installer: boolean;
    };
    const list: Rec[] = recs.body.recommendations;
    for (const r of list) expect(activitySchema.safeParse(r).error?.issues ?? []).toEqual([]);
    const kr = list.map((r) => r.savings.energyCostSavings);
    expect(kr).toEqual([...kr].sort((a, b) => b - a));
    const bought = Object.values(
      info.body.information.find((i: { type: string }) => i.type === 'energy_use').value.by_carrier as Record<
        string,
        number
      >,
    ).reduce((s, v) => s + v, 0);
    for (const r of list) {
      expect(r.savings.energySavings).toBe(r.kwh_saved_bought);
      expect(r.kwh_saved_bought).toBeLessThanOrEqual(Math.round(bought));
      // Each of the three is rounded to whole kWh on its own: the net may differ from the parts by one.
      expect(Math.abs(r.energy_diff - (r.kwh_saved_bought + r.kwh_sold))).toBeLessThanOrEqual(1);
      const k = r.savings.energyCostSavings;
      expect(r.pays_back).toBe(k > 0 && r.investment_cost / k <= r.life_span);
      expect(r.lifetime_value).toBe(k * r.life_span - r.investment_cost);
    }
    const top = list.find((r) => r.name === 'top_of_the_line')!;
    expect(top.kwh_sold).toBeGreaterThan(0);
    expect(top.savings.energySavings).toBeLessThan(top.energy_diff);
    expect(list.find((r) => r.name === 'lower_temperature_1_deg_c')?.needs_installer).toBe(false);
    const answers = await agent.get(`/api/flow/property/${villa}/answers`).expect(200);
    expect(answers.body.answers.window_type).toBe('double');
  });

  it('null clears an answer', async () => {
    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${villa}/answer`).send({ occupants: 4 }).expect(200);
    const res = await agent.post(`/api/flow/property/${villa}/answer`).send({ occupants: null }).expect(200);
    expect(res.body.answers).toEqual({});
  });

  it('missing construction year and area give an errors list, not a failure', async () => {
    const agent = request.agent(app);
    const res = await agent.post(`/api/flow/property/${bare}/building`).send({}).expect(200);
    expect(res.body.recommendations).toEqual([]);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ code: 'missing_answers', keys: ['construction_year', 'atemp'] }),
    ]);
    const done = await agent
      .post(`/api/flow/property/${bare}/building`)
      .send({ construction_year: 2005, atemp: 120 })
      .expect(200);
    expect(done.body.errors).toEqual([]);
    expect(done.body.recommendations.length).toBeGreaterThan(0);
  });

  it('answers are refused with a 400 naming the key, and nothing is stored', async () => {
    const agent = request.agent(app);
    const before = await countRows('building_profiles');
    const cases: [Record<string, unknown>, string][] = [
      [{ not_a_question: 1 }, 'not_a_question: unknown answer key'],
      [{ atemp: 'big' }, 'atemp: must be a number'],
      [{ atemp: -20 }, 'atemp: must be between 1 and 100000'],
      [{ atemp: 120.5 }, 'atemp: must be a whole number'],
      [{ construction_year: 3024 }, 'construction_year: must be between 1600 and 2027'],
      [{ construction_year: 1200 }, 'construction_year: must be between 1600 and 2027'],
      [{ building_type: 'castle' }, 'building_type: must be one of'],
      [{ primary_heating_systems: ['oil', 'nuclear'] }, 'primary_heating_systems: unknown option "nuclear"'],
      [{ primary_heating_systems: 'oil' }, 'primary_heating_systems: must be a list'],
      [{ wallbox: 'yes' }, 'wallbox: must be true or false'],
      [{ indoor_temperature: 45 }, 'indoor_temperature: must be between 10 and 30'],
    ];
    for (const [body, message] of cases) {
      const res = await agent.post(`/api/flow/property/${villa}/answer`).send(body).expect(400);
      expect(res.body.error).toBe('bad_request');
      expect(res.body.message).toContain(message);
      expect(res.body.issues[0].path).toBe(`body.${Object.keys(body)[0]}`);
    }
    // One bad key spoils the request: the good answer beside it is not stored either.
    await agent.post(`/api/flow/property/${villa}/building`).send({ occupants: 2, atemp: 0 }).expect(400);
    await agent.post(`/api/flow/property/${villa}/answer`).send([1, 2]).expect(400);
    await agent
      .post(`/api/flow/property/${villa}/answer`)
      .send({ ['k'.repeat(256)]: 1 })
      .expect(400);
    await agent
      .post(`/api/flow/property/${villa}/answer`)
      .set('Content-Type', 'application/json')
      .send('{"atemp":')
      .expect(400);
    expect(await countRows('building_profiles')).toBe(before);
  });

  it('a property that does not exist is a 404, a bad id a 400, a building other than primary a 400', async () => {
    await request(app).post('/api/flow/property/99999999/answer').send({ atemp: 100 }).expect(404);
    await request(app).get('/api/flow/property/99999999/building/primary/recommendations').expect(404);
    await request(app).post('/api/flow/property/abc/building').send({}).expect(400);
    await request(app).post('/api/flow/property/-3/building').send({}).expect(400);
    await request(app).get(`/api/flow/property/${villa}/building/secondary/information`).expect(400);
  });

  it('nobody reads another owner’s profile: another visitor and a homeowner get 404 for it', async () => {
    const owner = request.agent(app);
    await owner.post(`/api/flow/property/${villa}/building`).send({ occupants: 5 }).expect(200);
    await request(app).get(`/api/flow/property/${villa}/building/primary/recommendations`).expect(404);
    const other = request.agent(app);
    await other.post(`/api/flow/property/${bare}/answer`).send({ atemp: 90 }).expect(200);
    await other.get(`/api/flow/property/${villa}/building/primary/information`).expect(404);
    expect((await other.get(`/api/flow/property/${villa}/answers`).expect(200)).body.answers).toEqual({});
    const homeowner = request.agent(app);
    await homeowner.post('/api/flow/user/fake-login').send({}).expect(200);
    await homeowner.get(`/api/flow/property/${villa}/building/primary/recommendations`).expect(404);
  });

  it('signing in with BankID keeps what the visitor answered: the property joins the homeowner’s profile', async () => {
    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${bare}/answer`).send({ construction_year: 1985, atemp: 110 }).expect(200);
    await agent.post('/api/flow/user/fake-login').send({}).expect(200);
    const recs = await agent.get(`/api/flow/property/${bare}/building/primary/recommendations`).expect(200);
    expect(recs.body.errors).toEqual([]);
    const profile = await agent.get('/api/flow/user/profile').expect(200);
    expect(profile.body.properties).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: bare, relations: ['flow_added'] })]),
    );
    // Removing the home from the profile takes its answers out of reach too (deleted once Undo is no longer offered).
    await agent.delete(`/api/flow/user/profile/property/${bare}`).expect(200);
    await agent.get(`/api/flow/property/${bare}/building/primary/recommendations`).expect(404);
  });
});

describe('the add-property mini-flow', () => {
  it('adds a register address to the signed-in homeowner’s profile as miniflow_added; its results open', async () => {
    await request(app)
      .post('/api/flow/user/profile/property')
      .send({ street: 'Testgatan 1', postalCity: 'Stockholm', postalCode: '111 22' })
      .expect(401);
    const agent = request.agent(app);
    await agent.post('/api/flow/user/fake-login').send({}).expect(200);
    await agent
      .post('/api/flow/user/profile/property')
      .send({ street: 'Testgatan 1', postalCode: '111 22' })
      .expect(400);
    await agent
      .post('/api/flow/user/profile/property')
      .send({ street: '', postalCity: 'Stockholm', postalCode: '111 22' })
      .expect(400);
    await agent
      .post('/api/flow/user/profile/property')
      .send({ street: 'Nowhere 9', postalCity: 'Stockholm', postalCode: '111 22' })
      .expect(404);
    const res = await agent
      .post('/api/flow/user/profile/property')
      .send({ street: 'testgatan  1', postalCity: 'Stockholm', postalCode: '11122' })
      .expect(201);
    expect(res.body.property).toEqual({ id: villa, name: 'Testgatan 1, 111 22 Stockholm' });
    expect(res.body.selectedPropertyId).toBe(villa);
    expect(res.body.properties).toContainEqual(expect.objectContaining({ id: villa, relations: ['miniflow_added'] }));
    const recs = await agent.get(`/api/flow/property/${villa}/building/primary/recommendations`).expect(200);
    expect(recs.body.recommendations.length).toBeGreaterThan(0);
    await agent.delete(`/api/flow/user/profile/property/${villa}`).expect(200);
  });
});

describe('rates and consumption', () => {
  it('own prices change the kronor saved: a higher electricity price saves more on a heat pump', async () => {
    const agent = request.agent(app);
    const base = await agent.post(`/api/flow/property/${villa}/building`).send({}).expect(200);
    const pump = (body: { recommendations: { name: string; savings: { energyCostSavings: number } }[] }) =>
      body.recommendations.find((r) => r.name === 'heat_pump_airwater')!.savings.energyCostSavings;
    await agent
      .post(`/api/flow/property/${villa}/rates`)
      .send({
        energy_carriers_import: {
          electricity: { cents_per_kwh: 300, components: [{ name: 'spot', cents_per_kwh: 120 }] },
        },
      })
      .expect(200);
    const saved = await agent.get(`/api/flow/property/${villa}/rates`).expect(200);
    expect(saved.body.rates.energy_carriers_import.electricity.cents_per_kwh).toBe(300);
    expect(saved.body.price_area).toBe('SE3');
    expect(saved.body.default_cents_per_kwh.import.electricity).toBeCloseTo(148, 0);
    await request(app).get(`/api/flow/property/${villa}/rates`).expect(404); // another browser
    const after = await agent.get(`/api/flow/property/${villa}/building/primary/recommendations`).expect(200);
    expect(pump(after.body)).toBeGreaterThan(pump(base.body));
    const info = await agent.get(`/api/flow/property/${villa}/building/primary/information`).expect(200);
    expect(info.body.information.find((i: { type: string }) => i.type === 'energy_use').value.prices_source).toBe(
      'rates',
    );
  });

  it('rejects negative prices, unknown carriers and extra fields', async () => {
    const agent = request.agent(app);
    await agent
      .post(`/api/flow/property/${villa}/rates`)
      .send({ energy_carriers_import: { electricity: { cents_per_kwh: -1 } } })
      .expect(400);
    await agent
      .post(`/api/flow/property/${villa}/rates`)
      .send({ energy_carriers_import: { uranium: { cents_per_kwh: 1 } } })
      .expect(400);
    await agent.post(`/api/flow/property/${villa}/rates`).send({ energy_carriers_import: {}, surprise: 1 }).expect(400);
  });

  it('measured consumption gives an estimated_measured label shown before the calculated one', async () => {
    const agent = request.agent(app);
    const res = await agent
      .post(`/api/flow/property/${villa}/consumption`)
      .send({ year: 2025, energy_carriers: { electricity: 21000 } })
      .expect(200);
    expect(res.body.label.value).toMatchObject({
      type: 'estimated_measured',
      energy_class: expect.stringMatching(/^[A-G]$/),
    });
    const info = await agent.get(`/api/flow/property/${villa}/building/primary/information`).expect(200);
    const order = info.body.information
      .filter((i: { type: string }) => i.type === 'epc_label')
      .map((i: { value: { type: string } }) => i.value.type);
    expect(order).toEqual(['estimated_measured', 'estimated_calculated', 'issued']);
    await agent
      .post(`/api/flow/property/${villa}/consumption`)
      .send({ year: 2025, energy_carriers: { electricity: -5 } })
      .expect(400);
    await agent.post(`/api/flow/property/${villa}/consumption`).send({ year: 2025, energy_carriers: {} }).expect(400);
    await agent
      .post(`/api/flow/property/${villa}/consumption`)
      .send({ year: 2031, energy_carriers: { electricity: 100 } })
      .expect(400);
  });

  it('metered household electricity and tap water replace BEN normal values in the measured label', async () => {
    const agent = request.agent(app);
    const ep = async (extra: Record<string, number>) => {
      const res = await agent
        .post(`/api/flow/property/${villa}/consumption`)
        .send({ year: 2025, energy_carriers: { electricity: 21000 }, ...extra })
        .expect(200);
      return res.body.label.value.ep as number;
    };
    const normal = await ep({});
    // Less household electricity than BEN's normal value leaves more of the bill to heating; more leaves less.
    expect(await ep({ household_electricity: 1000 })).toBeGreaterThan(normal);
    expect(await ep({ household_electricity: 9000 })).toBeLessThan(normal);
    // Metered tap water taken off the bill: more metered tap water, less heating.
    expect(await ep({ tap_water: 6000 })).toBeLessThan(await ep({ tap_water: 1000 }));
    const saved = await agent
      .post(`/api/flow/property/${villa}/consumption`)
      .send({ year: 2025, energy_carriers: { electricity: 21000 }, household_electricity: 4000, tap_water: 3000 })
      .expect(200);
    expect(saved.body.consumption).toMatchObject({ household_electricity: 4000, tap_water: 3000 });
  });

  it('refuses household electricity or tap water the bill cannot hold, naming the field', async () => {
    const agent = request.agent(app);
    const post = (body: object) =>
      agent
        .post(`/api/flow/property/${villa}/consumption`)
        .send({ year: 2025, ...body })
        .expect(400);
    const household = await post({ energy_carriers: { electricity: 5000 }, household_electricity: 6000 });
    expect(household.body.issues).toContainEqual(
      expect.objectContaining({ path: 'body.household_electricity', message: expect.stringContaining('5000 kWh') }),
    );
    const tap = await post({ energy_carriers: { electricity: 5000 }, tap_water: 7000 });
    expect(tap.body.issues).toContainEqual(expect.objectContaining({ path: 'body.tap_water' }));
    await post({ energy_carriers: { electricity: 5000 }, household_electricity: -1 });
    await post({ energy_carriers: { electricity: 5000 }, tap_water: 20_000_000 });
    // Household electricity on its own meter may exceed the metered electricity.
    await agent
      .post(`/api/flow/property/${villa}/consumption`)
      .send({
        year: 2025,
        energy_carriers: { district_heating: 15000, electricity: 3000 },
        household_electricity_included: false,
        household_electricity: 4500,
      })
      .expect(200);
  });
});

describe('POST /api/flow/property/{id}/document', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF\n')]);

  it('stores an uploaded EPC as pending validation; it is not the issued label until approved', async () => {
    const agent = request.agent(app);
    // Only the property's owner uploads: this session answers for it first.
    await agent.post(`/api/flow/property/${villa}/answer`).send({ occupants: 2 }).expect(200);
    const res = await agent
      .post(`/api/flow/property/${villa}/document`)
      .field('energy_class', 'C')
      .field('issued_at', '2024-03-01')
      .attach('file', pdf, { filename: 'energideklaration.pdf', contentType: 'application/pdf' })
      .expect(201);
    expect(res.body.document).toMatchObject({
      status: 'pending',
      energy_class: 'C',
      file_name: `document-${res.body.document.id}.pdf`,
    });
    // The uploader's file name is not kept: the row holds the name the document is served under.
    const { rows } = await database.pool.query(
      'select file_name, content_type, size_bytes, status from epc_documents where id = $1',
      [res.body.document.id],
    );
    expect(rows[0]).toEqual({
      file_name: `document-${res.body.document.id}.pdf`,
      content_type: 'application/pdf',
      size_bytes: pdf.length,
      status: 'pending',
    });
    const info = await agent.get(`/api/flow/property/${villa}/building/primary/information`).expect(200);
    expect(info.body.information).toContainEqual({ type: 'epc_document', value: res.body.document });
    const issued = info.body.information.find((i: { value: { type: string } }) => i.value?.type === 'issued').value;
    expect(issued.energy_class).toBe('E'); // still the register's
  });

  it('refuses what is not an EPC upload, storing nothing', async () => {
    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${villa}/answer`).send({ occupants: 2 }).expect(200);
    const before = await countRows('epc_documents');
    await agent.post(`/api/flow/property/${villa}/document`).send({ energy_class: 'C' }).expect(400);
    await agent.post(`/api/flow/property/${villa}/document`).field('energy_class', 'C').expect(400);
    await agent
      .post(`/api/flow/property/${villa}/document`)
      .field('energy_class', 'H')
      .attach('file', pdf, 'a.pdf')
      .expect(400);
    await agent
      .post(`/api/flow/property/${villa}/document`)
      .field('energy_class', 'C')
      .attach('file', Buffer.from('MZ not a pdf'), { filename: 'a.pdf', contentType: 'application/pdf' })
      .expect(400);
    await agent
      .post(`/api/flow/property/${villa}/document`)
      .field('energy_class', 'C')
      .attach('other', pdf, 'a.pdf')
      .expect(400);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    await agent
      .post(`/api/flow/property/${villa}/document`)
      .field('energy_class', 'C')
      .attach('file', big, 'big.pdf')
      .expect(413);
    await agent
      .post('/api/flow/property/99999999/document')
      .field('energy_class', 'C')
      .attach('file', pdf, 'a.pdf')
      .expect(404);
    expect(await countRows('epc_documents')).toBe(before);
  });
});

describe('interactions and texts', () => {
  it('records an interaction with the brand organisation and property', async () => {
    const agent = request.agent(app);
    await agent
      .post('/api/flow/interaction?owner=demo-bank')
      .send({ action: 'loan_type.change', object: 'Mortgage', property_id: villa })
      .expect(204);
    const { rows } = await database.pool.query(
      `select i.action, i.object, i.property_id, o.slug from interactions i join organisations o on o.id = ` +
        `i.organisation_id order by i.id desc limit 1`,
    );
    expect(rows[0]).toEqual({ action: 'loan_type.change', object: 'Mortgage', property_id: villa, slug: 'demo-bank' });
  });

  it('refuses a bad interaction with a 400 and stores nothing', async () => {
    const before = await countRows('interactions');
    await request(app).post('/api/flow/interaction').send({}).expect(400);
    await request(app).post('/api/flow/interaction').send({ action: '' }).expect(400);
    await request(app)
      .post('/api/flow/interaction')
      .send({ action: 'x'.repeat(256) })
      .expect(400);
    await request(app).post('/api/flow/interaction').send({ action: 'a', property_id: 'one' }).expect(400);
    await request(app).post('/api/flow/interaction').send({ action: 'a', property_id: 99999999 }).expect(400);
    await request(app).post('/api/flow/interaction').send({ action: 'a', extra: true }).expect(400);
    expect(await countRows('interactions')).toBe(before);
  });

  it('serves texts by name in English and Swedish; unknown names are 404, bad names 400', async () => {
    const en = await request(app).get('/api/flow/texts/about-estimates').expect(200);
    expect(en.body).toMatchObject({ name: 'about-estimates', locale: 'en', title: 'How we estimate your energy use' });
    const sv = await request(app).get('/api/flow/texts/about-estimates?lng=sv').expect(200);
    expect(sv.body.title).toBe('Så beräknar vi husets energianvändning');
    await request(app).get('/api/flow/texts/no-such-text').expect(404);
    await request(app).get('/api/flow/texts/..%2Fetc').expect(400);
    await request(app).get('/api/flow/texts/terms?lng=de').expect(400);
  });
});

describe('the renovation plan (…/plan, …/plan/suggestions)', () => {
  it('computes a plan of several measures, keeps it with the owner’s profile, reads it with the loan', async () => {
    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${villa}/building`).send({ attic_insulation_mm: 100 }).expect(200);
    const recs = (await agent.get(`/api/flow/property/${villa}/building/primary/recommendations`).expect(200)).body
      .recommendations as { name: string; savings: { energyCostSavings: number } }[];
    const res = await agent
      .post(`/api/flow/property/${villa}/plan`)
      .send({ measures: ['heat_pump_airwater', 'insulation_attic'], loan: { type: 'Private', term: 8 } })
      .expect(200);
    const plan = res.body.plan;
    expect(plan.measures).toEqual(['insulation_attic', 'heat_pump_airwater']);
    expect(plan.financing).toMatchObject({ loanType: 'Private', loanTerm: 8 });
    const sum = recs.filter((r) => plan.measures.includes(r.name)).reduce((s, r) => s + r.savings.energyCostSavings, 0);
    expect(plan.energy_cost_savings).toBeGreaterThan(0);
    expect(plan.energy_cost_savings).toBeLessThanOrEqual(sum);
    expect(plan.epc_label.ep).toBeLessThan(plan.label_before.ep);
    const back = await agent.get(`/api/flow/property/${villa}/plan`).expect(200);
    expect(back.body).toEqual({ plan, errors: [] });
    const { rows } = await database.pool.query(
      `select plan from building_profiles where property_id = $1 and plan is not null`,
      [villa],
    );
    // Kept with the figures the console's analytics count (analytics README "Plans"), as computed now.
    expect(rows.map((r) => r.plan)).toContainEqual({
      measures: ['insulation_attic', 'heat_pump_airwater'],
      loan: { type: 'Private', term: 8 },
      figures: {
        saved_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        label_before: plan.label_before.energy_class,
        label_after: plan.epc_label.energy_class,
        investment_cost: plan.investment_cost,
        subsidies: plan.subsidies.reduce((t: number, x: { amount: number }) => t + x.amount, 0),
        energy_cost_savings: plan.energy_cost_savings,
        kwh_saved_bought: plan.kwh_saved_bought,
      },
    });
  });

  it('refuses measures replacing one another and malformed bodies: 400 naming the field; keeps nothing', async () => {
    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${villa}/building`).send({}).expect(200);
    const conflict = await agent
      .post(`/api/flow/property/${villa}/plan`)
      .send({ measures: ['heat_pump_airwater', 'heat_pump_geothermal'] })
      .expect(400);
    expect(conflict.body.message).toMatch(/^measures: heat_pump_airwater and heat_pump_geothermal replace one another/);
    expect(JSON.stringify(conflict.body)).toContain('body.measures');
    const unknown = await agent
      .post(`/api/flow/property/${villa}/plan`)
      .send({ measures: ['a_new_roof'] })
      .expect(400);
    expect(JSON.stringify(unknown.body)).toContain('body.measures.0');
    const loan = await agent
      .post(`/api/flow/property/${villa}/plan`)
      .send({ measures: [], loan: { type: 'Leasing' } })
      .expect(400);
    expect(JSON.stringify(loan.body)).toContain('body.loan.type');
    expect((await agent.get(`/api/flow/property/${villa}/plan`).expect(200)).body).toEqual({ plan: null, errors: [] });
  });

  it('suggests the cheapest plan per better class, and a suggestion adopted is a plan that reaches it', async () => {
    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${villa}/building`).send({}).expect(200);
    const { suggestions, errors } = (await agent.get(`/api/flow/property/${villa}/plan/suggestions`).expect(200)).body;
    expect(errors).toEqual([]);
    expect(suggestions.length).toBeGreaterThan(0);
    const [first] = suggestions;
    const plan = (await agent.post(`/api/flow/property/${villa}/plan`).send({ measures: first.measures }).expect(200))
      .body.plan;
    expect(plan.investment_cost).toBe(first.investment_cost);
    expect(plan.epc_label.energy_class <= first.energy_class).toBe(true);
  });

  it('only the owner: anyone else gets 404 for the plan and its suggestions', async () => {
    const owner = request.agent(app);
    await owner.post(`/api/flow/property/${villa}/building`).send({}).expect(200);
    await owner
      .post(`/api/flow/property/${villa}/plan`)
      .send({ measures: ['insulation_walls'] })
      .expect(200);
    await request(app).get(`/api/flow/property/${villa}/plan`).expect(404);
    await request(app).post(`/api/flow/property/${villa}/plan`).send({ measures: [] }).expect(404);
    const homeowner = request.agent(app);
    await homeowner.post('/api/flow/user/fake-login').send({}).expect(200);
    await homeowner.get(`/api/flow/property/${villa}/plan/suggestions`).expect(404);
    await homeowner.get(`/api/flow/property/${villa}/plan`).expect(404);
  });
});
