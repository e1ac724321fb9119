import request from 'supertest';
import type { QuestionDefinition } from '@home-energy/shared/schemas/property-flow';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { seedQuestionSets } from '../../questions/repository';
import { seedDemoBrands } from '../../../seed/demo-brands';
import { localBrandConfigStore } from '../../brand/store';
import { startTestWorld, type TestWorld, type BuildFixtures, type TestApp } from '../../../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';
import { rowCount } from '../../../../test/demo-roles';

let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: TestApp;
let admin: ReturnType<typeof request.agent>;
let villa: number;
const CONFIG = '/api/console/org/demo-energi/configuration';

const count = (table: string) => rowCount(database.pool, table);

async function questions(): Promise<QuestionDefinition[]> {
  return (await admin.get(CONFIG).expect(200)).body.questions;
}

function edit(
  list: QuestionDefinition[],
  key: string,
  change: (q: QuestionDefinition) => QuestionDefinition,
): QuestionDefinition[] {
  return list.map((q) => (q.key === key ? change(structuredClone(q)) : q));
}

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent] });
  ({ database, fixtures, app } = world);
  [villa] = await insertStockholmHomes(database.db, [{ street: 'Prisgatan 1', building: VILLA_1970 }]);
  await seedDemoBrands(localBrandConfigStore(`${fixtures.root}/buckets`, 'brand-config'));
  admin = request.agent(app);
  await signInAs(admin, 'admin@energi.demo.test').expect(200);
});
afterAll(() => world.close());

describe('GET …/configuration', () => {
  it('gives the question set, the engine’s key definitions, the brand config and the prices', async () => {
    const res = await admin.get(CONFIG).expect(200);
    expect(res.body.brand).toBe('demo-energi');
    expect(res.body.brandConfig).toMatchObject({
      accent: '#0f6e4f',
      financial_providers: [expect.objectContaining({ id: 'demo-bank' })],
    });
    expect(res.body.questions.length).toBe(Object.keys(res.body.engineKeys).length);
    expect(res.body.engineKeys.atemp).toEqual({ type: 'integer', unit: 'sqm', min: 1, max: 100000, required: true });
    expect(res.body.engineKeys.ventilation.options).toEqual([
      'unknown',
      'natural',
      'exhaust',
      'balanced_heat_recovery',
    ]);
    expect(res.body.prices).toBeNull();
    expect(res.body.platformPrices.SE3.import.electricity).toBeGreaterThan(100);
  });
});

describe('the question set', () => {
  it('an admin changes a text, the order, a default and what is asked; the flow asks the new set at once', async () => {
    let list = await questions();
    list = edit(list, 'atemp', (q) => ({
      ...q,
      texts: {
        ...q.texts,
        en: { ...q.texts.en, header: 'How many square metres are heated?' },
        sv: { ...q.texts.sv, header: 'Hur många kvadratmeter värms?' },
      },
    }));
    list = edit(list, 'ceiling_height', (q) => ({ ...q, asked: true }));
    list = edit(list, 'wallbox', (q) => ({ ...q, asked: false }));
    list = edit(list, 'ventilation', (q) => ({
      ...q,
      data: { type: 'selection', options: ['natural', 'exhaust'], default: 'exhaust' },
      texts: {
        en: { ...q.texts.en, options: { natural: 'Natural', exhaust: 'Fan' } },
        sv: { ...q.texts.sv, options: { natural: 'Självdrag', exhaust: 'Fläkt' } },
      },
    }));
    list = edit(list, 'num_floors', (q) => ({
      ...q,
      data: { type: 'integer', unit: 'num', min: 1, max: 4, default: 2 },
    }));
    // The last question first.
    list = [list[list.length - 1]!, ...list.slice(0, -1)];
    const saved = await admin.put(`${CONFIG}/questions`).send({ questions: list }).expect(200);
    expect(saved.body.questions.map((q: QuestionDefinition) => q.position)).toEqual(list.map((_, i) => i));

    const flow = await request(app).get('/api/flow/questions?owner=demo-energi').expect(200);
    expect(flow.headers['cache-control']).toBe('private, no-cache');
    const byKey = Object.fromEntries(flow.body.questions.map((q: QuestionDefinition) => [q.key, q]));
    expect(flow.body.questions[0].key).toBe(list[0]!.key);
    expect(byKey.atemp.header).toBe('How many square metres are heated?');
    expect(byKey.atemp.texts.sv.header).toBe('Hur många kvadratmeter värms?');
    expect(byKey.ceiling_height.asked).toBe(true);
    expect(byKey.wallbox.asked).toBe(false);
    expect(byKey.ventilation.data).toEqual({ type: 'selection', options: ['natural', 'exhaust'], default: 'exhaust' });
    // Answers are now checked against the narrower set, by the same API the flow uses.
    const visitor = request.agent(app);
    await visitor
      .post(`/api/flow/property/${villa}/answer?owner=demo-energi`)
      .send({ ventilation: 'balanced_heat_recovery' })
      .expect(400);
    await visitor.post(`/api/flow/property/${villa}/answer?owner=demo-energi`).send({ num_floors: 7 }).expect(400);
    await visitor
      .post(`/api/flow/property/${villa}/answer?owner=demo-energi`)
      .send({ num_floors: 3, ventilation: 'exhaust' })
      .expect(200);
    // Other organisations keep theirs.
    const bank = await request(app).get('/api/flow/questions?owner=demo-bank').expect(200);
    expect(bank.body.questions.find((q: QuestionDefinition) => q.key === 'atemp').header).toBe(
      'How large is the heated floor area?',
    );
    const audit = await database.pool.query("select details from audit_log where action = 'configuration.questions'");
    expect(audit.rows[0].details.changed).toEqual(
      expect.arrayContaining(['atemp', 'ceiling_height', 'wallbox', 'ventilation', 'num_floors']),
    );
  });

  it('refuses a set the engine cannot read (type, option, range, default, required, key); keeps the old', async () => {
    const list = await questions();
    const cases: [QuestionDefinition[], string][] = [
      [
        edit(list, 'atemp', (q) => ({ ...q, data: { type: 'float', unit: 'sqm', min: 1, max: 1000, default: null } })),
        'atemp: the engine reads integer',
      ],
      [
        edit(list, 'ventilation', (q) => ({
          ...q,
          data: { type: 'selection', options: ['natural', 'windmill'], default: 'natural' },
        })),
        'ventilation: unknown option windmill',
      ],
      [
        edit(list, 'ventilation', (q) => ({
          ...q,
          data: { type: 'selection', options: ['natural'], default: 'exhaust' },
        })),
        'ventilation: the default exhaust is not one of the options',
      ],
      [
        edit(list, 'atemp', (q) => ({
          ...q,
          data: { type: 'integer', unit: 'sqm', min: 0, max: 100000, default: null },
        })),
        'atemp: the range must stay within 1–100000',
      ],
      [
        edit(list, 'atemp', (q) => ({ ...q, data: { type: 'integer', unit: 'm', min: 1, max: 100, default: null } })),
        'atemp: the unit is sqm',
      ],
      [
        edit(list, 'num_floors', (q) => ({ ...q, data: { type: 'integer', unit: 'num', min: 1, max: 4, default: 9 } })),
        'num_floors: the default must be within 1–4',
      ],
      [
        edit(list, 'construction_year', (q) => ({ ...q, asked: false })),
        'construction_year: the engine needs this answer',
      ],
      [edit(list, 'wallbox', (q) => ({ ...q, required: true })), 'wallbox: required is set by the engine'],
      [list.filter((q) => q.key !== 'wallbox'), 'missing keys: wallbox'],
      [[...list, { ...list[0]!, key: 'pool_heater' }], 'pool_heater: not an answer key the engine knows'],
      [[...list, list[0]!], 'listed twice'],
    ];
    const before = JSON.stringify(await questions());
    const audits = await count('audit_log');
    for (const [body, message] of cases) {
      const res = await admin.put(`${CONFIG}/questions`).send({ questions: body }).expect(400);
      expect(res.body.error).toBe('bad_request');
      expect(JSON.stringify(res.body.issues)).toContain(message);
      // Each named by a code, so the console says it in its own language.
      for (const issue of res.body.issues) expect(issue.code).toEqual(expect.any(String));
    }
    const [outOfRange] = cases.find(([, message]) => message.startsWith('atemp: the range'))!;
    const range = await admin.put(`${CONFIG}/questions`).send({ questions: outOfRange }).expect(400);
    expect(range.body.issues).toContainEqual(
      expect.objectContaining({ code: 'range', params: { min: '1', max: '100000' } }),
    );
    // Shape errors (schema) too: a header over 1023 characters, a question without texts.
    await admin
      .put(`${CONFIG}/questions`)
      .send({ questions: edit(list, 'atemp', (q) => ({ ...q, header: 'x'.repeat(1024) })) })
      .expect(400);
    await admin
      .put(`${CONFIG}/questions`)
      .send({ questions: [{ key: 'atemp' }] })
      .expect(400);
    expect(JSON.stringify(await questions())).toBe(before);
    expect(await count('audit_log')).toBe(audits);
  });
});

describe('the brand config', () => {
  it('saved colours and lender reach a homeowner with the old brand cached on the next request; audited', async () => {
    const homeowner = request.agent(app);
    await homeowner.post(`/api/flow/property/${villa}/answer?owner=demo-energi`).send({ occupants: 2 }).expect(200);
    // The session caches the brand config from its first read.
    expect((await homeowner.get('/api/flow/brand-config?owner=demo-energi').expect(200)).body.config.accent).toBe(
      '#0f6e4f',
    );
    const config = {
      name: 'Demo Energi AB',
      accent: '#b00b69',
      accentSoft: '#fbe3ef',
      accentDark: '#700040',
      colours: { text: '#111111', surface: '#fffdf8' },
      financial_providers: [
        { id: 'demo-bank', name: 'Demo Bank', private_loan: { min_rate: 1, max_rate: 8, default_rate: 4.5 } },
      ],
    };
    const saved = await admin.put(`${CONFIG}/brand`).send(config).expect(200);
    expect(saved.body).toEqual({ brand: 'demo-energi', config });
    // The save reaches the session that cached the old brand on its next request, without asking for no cache.
    expect((await homeowner.get('/api/flow/brand-config?owner=demo-energi').expect(200)).body.config).toEqual(config);
    expect((await request(app).get('/api/flow/brand-config?owner=demo-energi').expect(200)).body.config.accent).toBe(
      '#b00b69',
    );
    const audit = await database.pool.query(
      "select details from audit_log where action = 'configuration.brand' order by id desc limit 1",
    );
    expect(audit.rows[0].details).toEqual({
      changed: ['accent', 'accentDark', 'accentSoft', 'colours', 'financial_providers'],
      accent: '#b00b69',
    });
  });

  it('refuses colours that are not #rrggbb and a lender whose minimum rate is above its maximum', async () => {
    await admin.put(`${CONFIG}/brand`).send({ accent: 'red' }).expect(400);
    await admin
      .put(`${CONFIG}/brand`)
      .send({ financial_providers: [{ id: 'x', name: 'X', private_loan: { min_rate: 9, max_rate: 2 } }] })
      .expect(400);
    await admin.put(`${CONFIG}/brand`).send({ accent: '#123456', logo: 'x' }).expect(400);
    expect((await admin.get(CONFIG).expect(200)).body.brandConfig.accent).toBe('#b00b69');
  });

  it('refuses, naming each field, lender rates out of order, a script link and a brand without a name', async () => {
    const before = (await admin.get(CONFIG).expect(200)).body.brandConfig;
    const lender = (change: object) => ({
      id: 'demo-bank',
      name: 'Demo Bank',
      url: 'https://bank.example/loan',
      ...change,
    });
    const cases: [object, string[]][] = [
      // What the form sent: lowest above highest, a default above both, a javascript: link (and no name).
      [
        {
          financial_providers: [
            lender({ url: 'javascript:alert(1)', private_loan: { min_rate: 12, max_rate: 3, default_rate: 20 } }),
          ],
        },
        ['body.financial_providers.0.url', 'body.financial_providers.0.private_loan.min_rate', 'body.name'],
      ],
      [
        { name: 'Demo Energi AB', financial_providers: [lender({ private_loan: { min_rate: 12, max_rate: 3 } })] },
        ['body.financial_providers.0.private_loan.min_rate'],
      ],
      [
        {
          name: 'Demo Energi AB',
          financial_providers: [lender({ private_loan: { min_rate: 1, max_rate: 8, default_rate: 20 } })],
        },
        ['body.financial_providers.0.private_loan.default_rate'],
      ],
      [
        {
          name: 'Demo Energi AB',
          financial_providers: [lender({ private_loan: { min_rate: 3, max_rate: 8, default_rate: 2.5 } })],
        },
        ['body.financial_providers.0.private_loan.default_rate'],
      ],
      [
        { name: 'Demo Energi AB', financial_providers: [lender({ url: 'javascript:alert(1)' })] },
        ['body.financial_providers.0.url'],
      ],
      [{ name: '' }, ['body.name']],
      [{ name: '   ' }, ['body.name']],
      [{ accent: '#0f6e4f' }, ['body.name']],
    ];
    for (const [body, paths] of cases) {
      const res = await admin.put(`${CONFIG}/brand`).send(body);
      expect([body, res.status, res.body.issues?.map((i: { path: string }) => i.path).sort()]).toEqual([
        body,
        400,
        [...paths].sort(),
      ]);
    }
    expect((await admin.get(CONFIG).expect(200)).body.brandConfig).toEqual(before);
    // A default at either limit, or none, is fine.
    const edges = {
      name: 'Demo Energi AB',
      financial_providers: [
        lender({ private_loan: { min_rate: 1, max_rate: 8, default_rate: 8 } }),
        lender({ id: 'other', private_loan: { min_rate: 1, max_rate: 1, default_rate: 1 } }),
        lender({ id: 'third', private_loan: { min_rate: 1, max_rate: 8 } }),
      ],
    };
    await admin.put(`${CONFIG}/brand`).send(edges).expect(200);
    await admin.put(`${CONFIG}/brand`).send(before).expect(200);
  });
});

describe('default energy prices', () => {
  it("apply to the brand's homes without own rates, under the owner’s own; the defaults in …/rates", async () => {
    const visitor = request.agent(app);
    const cost = (body: { information: { type: string; value: { cost_per_year: number; prices_source: string } }[] }) =>
      body.information.find((i) => i.type === 'energy_use')!.value;
    const before = cost(
      (await visitor.post(`/api/flow/property/${villa}/building?owner=demo-energi`).send({}).expect(200)).body,
    );
    expect(before.prices_source).toBe('default');
    const area = (await visitor.get(`/api/flow/property/${villa}/rates`).expect(200)).body.default_cents_per_kwh.import
      .electricity;

    await admin
      .put(`${CONFIG}/prices`)
      .send({ import_cents_per_kwh: { electricity: area * 2 } })
      .expect(200);
    expect((await admin.get(CONFIG).expect(200)).body.prices).toEqual({
      import_cents_per_kwh: { electricity: area * 2 },
      export_cents_per_kwh: {},
    });
    const doubled = cost(
      (await visitor.post(`/api/flow/property/${villa}/building?owner=demo-energi`).send({}).expect(200)).body,
    );
    // All-electric house: doubling the electricity price roughly doubles the bill.
    expect(doubled.cost_per_year).toBeGreaterThan(before.cost_per_year * 1.8);
    expect(doubled.prices_source).toBe('default');
    const rates = (await visitor.get(`/api/flow/property/${villa}/rates`).expect(200)).body;
    expect(rates.default_cents_per_kwh.import.electricity).toBe(area * 2);

    // The owner's own rate wins over the organisation's.
    await visitor
      .post(`/api/flow/property/${villa}/rates`)
      .send({ energy_carriers_import: { electricity: { cents_per_kwh: area } } })
      .expect(200);
    const own = cost(
      (await visitor.post(`/api/flow/property/${villa}/building?owner=demo-energi`).send({}).expect(200)).body,
    );
    expect(own.prices_source).toBe('rates');
    // (The rates API rounds to hundredths of an öre: a krona either way.)
    expect(Math.abs(own.cost_per_year - before.cost_per_year)).toBeLessThanOrEqual(2);

    // Another brand's homes keep the price area's defaults.
    const other = request.agent(app);
    const bank = cost(
      (await other.post(`/api/flow/property/${villa}/building?owner=demo-bank`).send({}).expect(200)).body,
    );
    expect(bank.cost_per_year).toBe(before.cost_per_year);
    const audit = await database.pool.query("select details from audit_log where action = 'configuration.prices'");
    expect(audit.rows).toHaveLength(1);
  });
});

describe('new engine questions reach organisations that have a set already', () => {
  it('the floor plan and indoor units are appended, asked in sv and en, answered through the flow', async () => {
    const bank = await database.pool.query("select id from organisations where slug = 'demo-bank'");
    const bankId = bank.rows[0].id as number;
    // An organisation whose set predates the two questions.
    await database.pool.query(
      "delete from question_definitions where organisation_id = $1 and key in ('floor_plan', 'air_to_air_units')",
      [bankId],
    );
    const keysOf = async () =>
      (await request(app).get('/api/flow/questions?owner=demo-bank').expect(200)).body.questions.map(
        (q: QuestionDefinition) => q.key,
      );
    expect(await keysOf()).not.toContain('floor_plan');
    expect(await seedQuestionSets(database.db)).toBe(2);
    const flow = await request(app).get('/api/flow/questions?owner=demo-bank').expect(200);
    const byKey = Object.fromEntries(flow.body.questions.map((q: QuestionDefinition) => [q.key, q]));
    expect(byKey.floor_plan.asked).toBe(true);
    expect(byKey.floor_plan.data).toEqual({
      type: 'selection',
      options: ['closed', 'partly_open', 'open'],
      default: 'closed',
    });
    expect(byKey.floor_plan.texts.sv.header).toBe('Hur öppen är planlösningen?');
    expect(byKey.air_to_air_units.data).toMatchObject({ type: 'integer', min: 1, max: 10, default: 1 });
    const visitor = request.agent(app);
    const answer = (body: object) => visitor.post(`/api/flow/property/${villa}/answer?owner=demo-bank`).send(body);
    await answer({ floor_plan: 'open', air_to_air_units: 2 }).expect(200);
    await answer({ floor_plan: 'attic' }).expect(400);
    await answer({ air_to_air_units: 0 }).expect(400);
  });
});
