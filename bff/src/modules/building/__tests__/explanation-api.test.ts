import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { insertRegisterRows } from '../../property/repository';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { explanationSchema } from '@home-energy/shared/schemas/energy';
import { ENERGY_CONSTANTS } from '../../../energy/constants';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let villa: number;
let bare: number;
const NOW = Date.UTC(2026, 10, 23);

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
        street: 'Förklaringsgatan 1',
        streetKey: 'förklaringsgatan 1',
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
        issuedEpc: null,
      },
      {
        street: 'Okändvägen 9',
        streetKey: 'okändvägen 9',
        postalCode: '11122',
        postalCity: 'Stockholm',
        building: null,
      },
    ],
    'import',
  );
  const { rows } = await database.pool.query('select id, street from properties order by id');
  villa = rows.find((r) => r.street === 'Förklaringsgatan 1').id;
  bare = rows.find((r) => r.street === 'Okändvägen 9').id;
});
afterAll(() => world.close());

const base = (id: number) => `/api/flow/property/${id}/building/primary`;

describe('GET …/label/explanation and …/recommendations/{type}/explanation', () => {
  it('explains label and measure: answered, register and assumed inputs, sourced constants, a range', async () => {
    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${villa}/answer`).send({ occupants: 3, window_type: 'double' }).expect(200);

    const label = await agent.get(`${base(villa)}/label/explanation`).expect(200);
    expect(label.body.errors).toEqual([]);
    expect(explanationSchema.safeParse(label.body.explanation).error?.issues ?? []).toEqual([]);
    const inputs = Object.fromEntries(label.body.explanation.inputs.map((i: { key: string }) => [i.key, i]));
    expect(inputs.window_type).toMatchObject({ status: 'answered', value: 'double', question_key: 'window_type' });
    expect(inputs.atemp).toMatchObject({ status: 'register', value: 140 });
    expect(inputs.attic_insulation_mm).toMatchObject({ status: 'assumed', value: null });
    const info = await agent.get(`${base(villa)}/information`).expect(200);
    const calculated = info.body.information.find(
      (i: { value: { type?: string } }) => i.value?.type === 'estimated_calculated',
    ).value;
    expect(label.body.explanation.rule_version).toBe(calculated.rule_version);
    expect(label.body.explanation.ranges[0]).toMatchObject({ code: 'ep', value: calculated.ep });

    const recs = await agent.get(`${base(villa)}/recommendations`).expect(200);
    const attic = recs.body.recommendations.find((r: { name: string }) => r.name === 'insulation_attic');
    const res = await agent.get(`${base(villa)}/recommendations/insulation_attic/explanation`).expect(200);
    const { explanation } = res.body;
    expect(explanationSchema.safeParse(explanation).error?.issues ?? []).toEqual([]);
    expect(explanation.subject).toBe('insulation_attic');
    const [kwh, kr] = explanation.ranges;
    expect(kwh).toMatchObject({ code: 'kwh_saved_bought', value: attic.kwh_saved_bought });
    expect(kr).toMatchObject({ code: 'kr_saved', value: attic.savings.energyCostSavings });
    expect(kwh.low).toBeLessThanOrEqual(kwh.value);
    expect(kwh.value).toBeLessThanOrEqual(kwh.high);
    expect(explanation.varied_inputs).not.toContain('window_type');
    const table = ENERGY_CONSTANTS as Record<string, { source: string | null; estimate?: string }>;
    for (const c of explanation.constants) expect(Boolean(table[c.id]?.source ?? table[c.id]?.estimate)).toBe(true);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('recommendation messages are codes and numbers: no text field, no Swedish', async () => {
    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${villa}/answer`).send({ roof_orientation: 'north' }).expect(200);
    const recs = await agent.get(`${base(villa)}/recommendations`).expect(200);
    const messages = recs.body.recommendations.flatMap((r: { messages: unknown[] }) => r.messages);
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(Object.keys(m).filter((k) => !['id', 'level', 'values'].includes(k))).toEqual([]);
    expect(JSON.stringify(messages)).not.toMatch(/[åäöÅÄÖ]/);
  });

  it('answers 404 for a property the caller has no profile for (another owner’s) and an unknown one', async () => {
    const owner = request.agent(app);
    await owner.post(`/api/flow/property/${villa}/answer`).send({ occupants: 2 }).expect(200);
    const stranger = request.agent(app);
    await stranger.get(`${base(villa)}/label/explanation`).expect(404);
    await stranger.get(`${base(villa)}/recommendations/insulation_attic/explanation`).expect(404);
    await owner.get(`${base(2_000_000)}/recommendations/insulation_attic/explanation`).expect(404);
  });

  it('answers 400 naming the parameter for an unknown type or building', async () => {
    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${villa}/answer`).send({ occupants: 2 }).expect(200);
    const res = await agent.get(`${base(villa)}/recommendations/no_such_measure/explanation`).expect(400);
    expect(JSON.stringify(res.body)).toMatch(/type/);
    await agent.get(`/api/flow/property/${villa}/building/other/label/explanation`).expect(400);
  });

  it('gives no explanation, with the error code and its keys, when required answers are missing', async () => {
    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${bare}/answer`).send({ occupants: 2 }).expect(200);
    const res = await agent.get(`${base(bare)}/label/explanation`).expect(200);
    expect(res.body.explanation).toBeNull();
    expect(res.body.errors).toEqual([
      expect.objectContaining({ code: 'missing_answers', keys: ['construction_year', 'atemp'] }),
    ]);
  });
});
