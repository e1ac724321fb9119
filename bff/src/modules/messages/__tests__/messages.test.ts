import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { signInAs } from '../../../../test/staff-session';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
const MESSAGES = '/api/console/org/demo-energi/messages';

const heatPumpGrant = {
  slug: 'heat-pump-grant-2026',
  type: 'subsidy',
  title: 'Grant for heat pumps',
  key: 'results.subsidies',
  content: 'Homes that replace oil heating get a grant for an air-to-water heat pump.',
  date: '2026-01-01',
  image: 'https://example.com/pump.png',
  activity: 'heat_pump_airwater',
  require_terms: true,
};

async function count(): Promise<number> {
  return (await database.pool.query('select count(*)::int as n from content_items')).rows[0].n;
}

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, app } = world);
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
});
afterAll(() => world.close());

describe('the knowledge base', () => {
  it('a super admin creates, lists, reads, edits and deletes a message; each write is audited', async () => {
    const created = await superAdmin.post(MESSAGES).send(heatPumpGrant).expect(201);
    expect(created.body).toEqual({ id: expect.any(Number), ...heatPumpGrant, updated_at: expect.any(String) });
    const id = created.body.id;
    await superAdmin.post(MESSAGES).send({ slug: 'about-labels', type: 'info', title: 'About labels', key: 'results.label', content: 'Labels go from A to G.' }).expect(201);

    const list = await superAdmin.get(MESSAGES).expect(200);
    expect(list.body.items.map((m: { slug: string }) => m.slug)).toEqual(['about-labels', 'heat-pump-grant-2026']);
    expect((await superAdmin.get(`${MESSAGES}?q=grant`).expect(200)).body.items).toHaveLength(1);
    expect((await superAdmin.get(`${MESSAGES}?type=info`).expect(200)).body.items.map((m: { slug: string }) => m.slug)).toEqual(['about-labels']);
    expect((await superAdmin.get(`${MESSAGES}/${id}`).expect(200)).body.title).toBe('Grant for heat pumps');

    const edited = await superAdmin.put(`${MESSAGES}/${id}`).send({ ...heatPumpGrant, title: 'Heat pump grant', date: null, image: null }).expect(200);
    expect(edited.body).toMatchObject({ title: 'Heat pump grant', date: null, image: null, activity: 'heat_pump_airwater' });
    await superAdmin.delete(`${MESSAGES}/${id}`).expect(204);
    await superAdmin.get(`${MESSAGES}/${id}`).expect(404);
    await superAdmin.delete(`${MESSAGES}/${id}`).expect(404);
    const audit = await database.pool.query("select action, details from audit_log where action like 'message.%' order by id");
    expect(audit.rows.map((r) => r.action)).toEqual(['message.create', 'message.create', 'message.update', 'message.delete']);
    expect(audit.rows[2].details.changed).toEqual(['title', 'date', 'image']);
  });

  it('checks the spec’s limits (key and title 1–100, content 1–2000), the activity and a unique slug; nothing is written on a refusal', async () => {
    const before = await count();
    const bad: [Record<string, unknown>, string][] = [
      [{ ...heatPumpGrant, slug: 'limits', key: 'k'.repeat(101) }, 'body.key'],
      [{ ...heatPumpGrant, slug: 'limits', title: '' }, 'body.title'],
      [{ ...heatPumpGrant, slug: 'limits', content: 'x'.repeat(2001) }, 'body.content'],
      [{ ...heatPumpGrant, slug: 'limits', activity: 'nuclear_plant' }, 'body.activity'],
      [{ ...heatPumpGrant, slug: 'limits', image: 'javascript:alert(1)' }, 'body.image'],
      [{ ...heatPumpGrant, slug: 'limits', date: '2026-02-30' }, 'body.date'],
      [{ ...heatPumpGrant, slug: 'limits', extra: true }, 'body'],
    ];
    for (const [body, path] of bad) {
      const res = await superAdmin.post(MESSAGES).send(body).expect(400);
      expect(res.body.issues[0].path).toContain(path);
    }
    expect(await count()).toBe(before);
    await superAdmin.post(MESSAGES).send({ ...heatPumpGrant, slug: 'limits', key: 'k'.repeat(100), content: 'x'.repeat(2000) }).expect(201);
    const dup = await superAdmin.post(MESSAGES).send({ ...heatPumpGrant, slug: 'limits' }).expect(409);
    expect(dup.body.message).toContain('limits');
    expect(await count()).toBe(before + 1);
  });

  it('serves the flow by key and by activity, without a session', async () => {
    await superAdmin.post(MESSAGES).send({ ...heatPumpGrant, slug: 'served' }).expect(201);
    const byActivity = await request(app).get('/api/flow/messages?activity=heat_pump_airwater').expect(200);
    expect(byActivity.headers['cache-control']).toBe('public, no-cache');
    expect(byActivity.body.items.map((m: { slug: string }) => m.slug)).toEqual(expect.arrayContaining(['served']));
    const byKey = await request(app).get('/api/flow/messages?key=results.label').expect(200);
    expect(byKey.body.items.map((m: { slug: string }) => m.slug)).toEqual(['about-labels']);
    const both = await request(app).get('/api/flow/messages?key=results.label&activity=heat_pump_airwater').expect(200);
    expect(both.body.items).toEqual([]);
    await request(app).get('/api/flow/messages').expect(400);
    await request(app).get('/api/flow/messages?activity=nuclear_plant').expect(400);
  });
});
