import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { createTestApp } from '../../../../test/test-app';
import { signInAs } from '../../../../test/staff-session';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
let fakeLoginApp: TestApp;
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
  fakeLoginApp = createTestApp(database, world.fixtures, { FAKE_LOGIN: true });
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
});
afterAll(() => world.close());

describe('the knowledge base', () => {
  it('a super admin creates, lists, reads, edits and deletes a message; each write is audited', async () => {
    const created = await superAdmin.post(MESSAGES).send(heatPumpGrant).expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      ...heatPumpGrant,
      valid_until: null,
      language: null,
      organisation: { slug: 'demo-energi', name: 'Demo Energi AB' },
      updated_at: expect.any(String),
    });
    const id = created.body.id;
    await superAdmin
      .post(MESSAGES)
      .send({
        slug: 'about-labels',
        type: 'info',
        title: 'About labels',
        key: 'results.label',
        content: 'Labels go from A to G.',
      })
      .expect(201);

    const list = await superAdmin.get(MESSAGES).expect(200);
    expect(list.body.items.map((m: { slug: string }) => m.slug)).toEqual(['about-labels', 'heat-pump-grant-2026']);
    expect((await superAdmin.get(`${MESSAGES}?q=grant`).expect(200)).body.items).toHaveLength(1);
    // LIKE's wildcards and escape character typed into the search match themselves, not every message.
    for (const q of ['%', '_', '\\']) {
      expect([q, (await superAdmin.get(MESSAGES).query({ q }).expect(200)).body.items]).toEqual([q, []]);
    }
    expect(
      (await superAdmin.get(`${MESSAGES}?type=info`).expect(200)).body.items.map((m: { slug: string }) => m.slug),
    ).toEqual(['about-labels']);
    expect((await superAdmin.get(`${MESSAGES}/${id}`).expect(200)).body.title).toBe('Grant for heat pumps');

    const edited = await superAdmin
      .put(`${MESSAGES}/${id}`)
      .send({ ...heatPumpGrant, title: 'Heat pump grant', date: null, image: null })
      .expect(200);
    expect(edited.body).toMatchObject({
      title: 'Heat pump grant',
      date: null,
      image: null,
      activity: 'heat_pump_airwater',
    });
    await superAdmin.delete(`${MESSAGES}/${id}`).expect(204);
    await superAdmin.get(`${MESSAGES}/${id}`).expect(404);
    await superAdmin.delete(`${MESSAGES}/${id}`).expect(404);
    const audit = await database.pool.query(
      "select action, details from audit_log where action like 'message.%' order by id",
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'message.create',
      'message.create',
      'message.update',
      'message.delete',
    ]);
    expect(audit.rows[2].details.changed).toEqual(['title', 'date', 'image']);
  });

  it('checks limits (key, title 1–100, content 1–2000), activity, unique slug; a refusal writes nothing', async () => {
    const before = await count();
    const bad: [Record<string, unknown>, string][] = [
      [{ ...heatPumpGrant, slug: 'limits', key: 'k'.repeat(101) }, 'body.key'],
      [{ ...heatPumpGrant, slug: 'limits', title: '' }, 'body.title'],
      [{ ...heatPumpGrant, slug: 'limits', content: 'x'.repeat(2001) }, 'body.content'],
      [{ ...heatPumpGrant, slug: 'limits', activity: 'nuclear_plant' }, 'body.activity'],
      [{ ...heatPumpGrant, slug: 'limits', image: 'javascript:alert(1)' }, 'body.image'],
      [{ ...heatPumpGrant, slug: 'limits', date: '2026-02-30' }, 'body.date'],
      [{ ...heatPumpGrant, slug: 'limits', extra: true }, 'body'],
      [{ ...heatPumpGrant, slug: 'limits', language: 'de' }, 'body.language'],
      [{ ...heatPumpGrant, slug: 'limits', valid_until: '2025-12-31' }, 'body.valid_until'],
    ];
    for (const [body, path] of bad) {
      const res = await superAdmin.post(MESSAGES).send(body).expect(400);
      expect(res.body.issues[0].path).toContain(path);
    }
    expect(await count()).toBe(before);
    await superAdmin
      .post(MESSAGES)
      .send({ ...heatPumpGrant, slug: 'limits', key: 'k'.repeat(100), content: 'x'.repeat(2000) })
      .expect(201);
    const dup = await superAdmin
      .post(MESSAGES)
      .send({ ...heatPumpGrant, slug: 'limits' })
      .expect(409);
    expect(dup.body.message).toContain('limits');
    expect(dup.body.issues).toEqual([{ path: 'body.slug', code: 'taken', message: dup.body.message }]);
    expect(await count()).toBe(before + 1);
  });

  it('serves the flow by key or by activity, without a session', async () => {
    await superAdmin
      .post(MESSAGES)
      .send({ ...heatPumpGrant, slug: 'served' })
      .expect(201);
    const byActivity = await request(app).get('/api/flow/messages?activity=heat_pump_airwater').expect(200);
    expect(byActivity.headers['cache-control']).toBe('private, no-cache');
    expect(byActivity.body.items.map((m: { slug: string }) => m.slug)).toEqual(expect.arrayContaining(['served']));
    const byKey = await request(app).get('/api/flow/messages?key=results.label').expect(200);
    expect(byKey.body.items.map((m: { slug: string }) => m.slug)).toEqual(['about-labels']);
    const either = await request(app)
      .get('/api/flow/messages?key=results.label&activity=heat_pump_airwater')
      .expect(200);
    expect(either.body.items.map((m: { slug: string }) => m.slug)).toEqual(
      expect.arrayContaining(['about-labels', 'served']),
    );
    await request(app).get('/api/flow/messages').expect(400);
    await request(app).get('/api/flow/messages?activity=nuclear_plant').expect(400);
    const mixed = await request(app).get('/api/flow/messages?group=questions&key=results.label').expect(400);
    expect(mixed.body.issues[0].path).toBe('query.group');
    await request(app).get('/api/flow/messages?group=everything').expect(400);
    const badLanguage = await request(app).get('/api/flow/messages?key=results.label&lng=de').expect(400);
    expect(badLanguage.body.issues[0].path).toBe('query.lng');
  });

  it('serves every question’s or every recommendation’s messages in one answer (a group)', async () => {
    const place = { type: 'info', title: 'Group', content: 'One of many.' };
    const written = [
      { slug: 'group-atemp', key: 'question.atemp', activity: null },
      { slug: 'group-floors', key: 'question.num_floors', activity: null },
      { slug: 'group-solar', key: 'results.tips', activity: 'solar_panel_installation' },
      { slug: 'group-question-and-card', key: 'question.atemp', activity: 'heat_pump_airwater' },
      // Neither a question's key (no "question." prefix) nor an activity.
      { slug: 'group-neither', key: 'questionXatemp', activity: null },
    ];
    for (const message of written)
      await superAdmin
        .post(MESSAGES)
        .send({ ...place, ...message })
        .expect(201);
    const slugs = (res: request.Response) => res.body.items.map((m: { slug: string }) => m.slug);
    const questions = slugs(await request(app).get('/api/flow/messages?group=questions&lng=en').expect(200));
    expect(questions).toEqual(expect.arrayContaining(['group-atemp', 'group-floors', 'group-question-and-card']));
    expect(questions).not.toEqual(expect.arrayContaining(['group-solar']));
    expect(questions).not.toEqual(expect.arrayContaining(['group-neither']));
    const cards = slugs(await request(app).get('/api/flow/messages?group=recommendations&lng=en').expect(200));
    expect(cards).toEqual(expect.arrayContaining(['group-solar', 'group-question-and-card']));
    expect(cards).not.toEqual(expect.arrayContaining(['group-atemp']));
    expect(cards).not.toEqual(expect.arrayContaining(['group-neither']));
    // What a group holds for one place is what that place's own request answers.
    const atemp = slugs(await request(app).get('/api/flow/messages?key=question.atemp&lng=en').expect(200));
    const inGroup = (await request(app).get('/api/flow/messages?group=questions&lng=en').expect(200)).body.items
      .filter((m: { key: string }) => m.key === 'question.atemp')
      .map((m: { slug: string }) => m.slug);
    expect(inGroup).toEqual(atemp);
  });

  describe('what a homeowner is shown', () => {
    const message = {
      type: 'info',
      title: 'Solar',
      content: 'About solar panels.',
      activity: 'solar_panel_installation',
    };
    const slugs = (res: request.Response) => res.body.items.map((m: { slug: string }) => m.slug);
    it('only messages valid today (Swedish calendar day): from their date to their last day, inclusive', async () => {
      // 2026-03-01 00:30 in Stockholm is still 28 February in UTC.
      const dated = [
        { slug: 'solar-ended', date: '2026-01-01', valid_until: '2026-02-27' },
        { slug: 'solar-ends-today', date: '2026-01-01', valid_until: '2026-03-01' },
        { slug: 'solar-starts-today', date: '2026-03-01', valid_until: null },
        { slug: 'solar-starts-tomorrow', date: '2026-03-02', valid_until: null },
        { slug: 'solar-undated', date: null, valid_until: null },
      ];
      for (const d of dated)
        await superAdmin
          .post(MESSAGES)
          .send({ ...message, ...d, key: 'dates.solar', all_brands: true })
          .expect(201);
      const dayApp = createTestApp(database, world.fixtures, {}, { now: () => Date.parse('2026-02-28T23:30:00Z') });
      const res = await request(dayApp).get('/api/flow/messages?key=dates.solar').expect(200);
      expect(slugs(res).sort()).toEqual(['solar-ends-today', 'solar-starts-today', 'solar-undated']);
    });

    it("only its brand's messages and those for all; a signed-in homeowner gets their organisation’s", async () => {
      await superAdmin
        .post(MESSAGES)
        .send({ ...message, slug: 'energi-only', key: 'brands.solar' })
        .expect(201);
      await superAdmin
        .post('/api/console/org/demo-bank/messages')
        .send({ ...message, slug: 'bank-only', key: 'brands.solar' })
        .expect(201);
      await superAdmin
        .post(MESSAGES)
        .send({ ...message, slug: 'every-brand', key: 'brands.solar', all_brands: true })
        .expect(201);
      expect(slugs(await request(app).get('/api/flow/messages?key=brands.solar').expect(200)).sort()).toEqual([
        'energi-only',
        'every-brand',
      ]);
      expect(
        slugs(await request(app).get('/api/flow/messages?key=brands.solar&owner=demo-bank').expect(200)).sort(),
      ).toEqual(['bank-only', 'every-brand']);
      expect(
        slugs(await request(app).get('/api/flow/messages?key=brands.solar&owner=demo-installer').expect(200)),
      ).toEqual(['every-brand']);

      const homeowner = request.agent(fakeLoginApp);
      await homeowner.get('/api/flow/brand-config?owner=demo-bank').expect(200);
      await homeowner
        .post('/api/flow/user/fake-login')
        .send({ personalNumber: '197503031238', name: 'Dag Dahl' })
        .expect(200);
      const elsewhere = request.agent(fakeLoginApp);
      await elsewhere
        .post('/api/flow/user/fake-login')
        .send({ personalNumber: '197503031238', name: 'Dag Dahl' })
        .expect(200);
      expect(slugs(await elsewhere.get('/api/flow/messages?key=brands.solar').expect(200)).sort()).toEqual([
        'bank-only',
        'every-brand',
      ]);
    });

    it('in the reader’s language or none; where a key has none such, the messages in the other language', async () => {
      const texts = [
        { slug: 'lang-sv', language: 'sv', key: 'lang.a' },
        { slug: 'lang-en', language: 'en', key: 'lang.a' },
        { slug: 'lang-any', language: null, key: 'lang.a' },
        { slug: 'lang-only-sv', language: 'sv', key: 'lang.b' },
      ];
      for (const t of texts)
        await superAdmin
          .post(MESSAGES)
          .send({ ...message, activity: null, ...t })
          .expect(201);
      expect(slugs(await request(app).get('/api/flow/messages?key=lang.a&lng=en').expect(200)).sort()).toEqual([
        'lang-any',
        'lang-en',
      ]);
      expect(slugs(await request(app).get('/api/flow/messages?key=lang.a&lng=sv').expect(200)).sort()).toEqual([
        'lang-any',
        'lang-sv',
      ]);
      expect(slugs(await request(app).get('/api/flow/messages?key=lang.a').expect(200)).sort()).toEqual([
        'lang-any',
        'lang-en',
        'lang-sv',
      ]);
      const fallback = await request(app).get('/api/flow/messages?key=lang.b&lng=en').expect(200);
      expect(fallback.body.items).toEqual([expect.objectContaining({ slug: 'lang-only-sv', language: 'sv' })]);
      expect(fallback.body.items[0]).not.toHaveProperty('organisation');
    });

    it('a message kept for one organisation stays that organisation’s when edited from another’s console', async () => {
      const created = await superAdmin
        .post('/api/console/org/demo-bank/messages')
        .send({ ...message, slug: 'bank-edited', key: 'edit.a' })
        .expect(201);
      const edited = await superAdmin
        .put(`${MESSAGES}/${created.body.id}`)
        .send({ ...message, slug: 'bank-edited', key: 'edit.a', title: 'Solar!' })
        .expect(200);
      expect(edited.body.organisation).toEqual({ slug: 'demo-bank', name: 'Demo Bank' });
      const everyone = await superAdmin
        .put(`${MESSAGES}/${created.body.id}`)
        .send({ ...message, slug: 'bank-edited', key: 'edit.a', all_brands: true })
        .expect(200);
      expect(everyone.body.organisation).toBeNull();
    });
  });
});
