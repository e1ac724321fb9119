import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { DEMO_BRANDS, seedDemoBrands } from '../../../seed/demo-brands';
import { insertRegisterRows } from '../../property/repository';
import { startTestWorld, type TestWorld, type BuildFixtures, type TestApp } from '../../../../test/test-world';
import { localBrandConfigStore } from '../store';
import { signInAs } from '../../../../test/staff-session';

let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: TestApp;
let bucket: string;
let store: ReturnType<typeof localBrandConfigStore>;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff], config: { FAKE_LOGIN: true } });
  ({ database, fixtures, app } = world);
  await insertRegisterRows(
    database.db,
    [{ street: 'Brandgatan 1', streetKey: 'brandgatan 1', postalCode: '11122', postalCity: 'Stockholm' }],
    'import',
  );
  const bucketsDir = path.join(path.dirname(fixtures.releasesDir), 'buckets');
  bucket = path.join(bucketsDir, 'brand-config');
  store = localBrandConfigStore(bucketsDir, 'brand-config');
});
afterAll(() => world.close());

describe('GET /api/flow/brand-config', () => {
  it('answers an empty config when no brand has one (and a warning is logged, not an error)', async () => {
    const res = await request(app).get('/api/flow/brand-config').expect(200);
    expect(res.body).toEqual({ brand: 'demo-energi', config: {} });
  });

  it('serves the brand of the query owner and keeps it in a cookie for later requests', async () => {
    expect(await seedDemoBrands(store)).toBe(3);
    expect(await seedDemoBrands(store)).toBe(0);
    const agent = request.agent(app);
    const first = await agent.get('/api/flow/brand-config?owner=demo-bank').expect(200);
    expect(first.body).toEqual({ brand: 'demo-bank', config: DEMO_BRANDS['demo-bank'] });
    expect(String(first.headers['set-cookie'])).toMatch(/owner=demo-bank/);
    const later = await agent.get('/api/flow/brand-config').expect(200);
    expect(later.body.brand).toBe('demo-bank');
  });

  it('falls back to the default brand for a brand without a config, and for an unreadable file', async () => {
    const unknown = await request(app).get('/api/flow/brand-config?owner=no-such-brand').expect(200);
    expect(unknown.body).toEqual({ brand: 'no-such-brand', config: DEMO_BRANDS['demo-energi'] });
    fs.mkdirSync(path.join(bucket, 'brand', 'broken'), { recursive: true });
    fs.writeFileSync(path.join(bucket, 'brand', 'broken', 'config.json'), '{"accent": "green"');
    const broken = await request(app).get('/api/flow/brand-config?owner=broken').expect(200);
    expect(broken.body.config).toEqual(DEMO_BRANDS['demo-energi']);
  });

  it('caches the config in a session while the brand is unchanged; a no-cache request reads it again', async () => {
    const agent = request.agent(app);
    const { rows } = await database.pool.query(`select id from properties where street = 'Brandgatan 1'`);
    // the visitor's session
    await agent.post(`/api/flow/property/${rows[0].id}/answer`).send({ occupants: 2 }).expect(200);
    await agent.get('/api/flow/brand-config?owner=demo-installer').expect(200);
    // Changed behind the store's back (same file, same size, same time): the session's copy is what is served.
    const file = path.join(bucket, 'brand', 'demo-installer', 'config.json');
    // Seconds as a number keep the sub-millisecond part (a Date would round it).
    const { mtimeMs } = fs.statSync(file);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(DEMO_BRANDS['demo-installer']!.accent!, '#123456'));
    fs.utimesSync(file, mtimeMs / 1000, mtimeMs / 1000);
    const cached = await agent.get('/api/flow/brand-config?owner=demo-installer').expect(200);
    expect(cached.body.config.accent).toBe(DEMO_BRANDS['demo-installer']!.accent);
    const fresh = await agent
      .get('/api/flow/brand-config?owner=demo-installer')
      .set('Cache-Control', 'no-cache')
      .expect(200);
    expect(fresh.body.config.accent).toBe('#123456');
    await store.write('demo-installer', DEMO_BRANDS['demo-installer']!);
  });

  it('a brand saved in the console reaches a signed-in homeowner on their next request, no cache-busting', async () => {
    const homeowner = request.agent(app);
    await homeowner.get('/api/flow/brand-config?owner=demo-bank').expect(200);
    await homeowner
      .post('/api/flow/user/fake-login')
      .send({ personalNumber: '197001011230', name: 'Bo Banksson' })
      .expect(200);
    expect((await homeowner.get('/api/flow/brand-config').expect(200)).body.config.accent).toBe(
      DEMO_BRANDS['demo-bank']!.accent,
    );

    const admin = request.agent(app);
    await signInAs(admin, 'admin@bank.demo.test').expect(200);
    await admin
      .put('/api/console/org/demo-bank/configuration/brand')
      .send({ ...DEMO_BRANDS['demo-bank'], name: 'Banken', accent: '#7a1f5c' })
      .expect(200);

    const after = await homeowner.get('/api/flow/brand-config').expect(200);
    expect(after.body).toMatchObject({ brand: 'demo-bank', config: { name: 'Banken', accent: '#7a1f5c' } });
    await store.write('demo-bank', DEMO_BRANDS['demo-bank']!);
  });

  it('a homeowner keeps the brand they came through: a later sign-in without it gives that brand again', async () => {
    const person = { personalNumber: '198002021235', name: 'Cecilia Carlsson' };
    const first = request.agent(app);
    await first.get('/api/flow/brand-config?owner=demo-installer').expect(200);
    await first.post('/api/flow/user/fake-login').send(person).expect(200);
    const kept = await database.pool.query(
      `select o.slug from homeowners h join organisations o on o.id = h.organisation_id where h.name = $1`,
      [person.name],
    );
    expect(kept.rows).toEqual([{ slug: 'demo-installer' }]);

    // Another browser, arriving without a brand (the default brand's page), then signing in.
    const later = request.agent(app);
    expect((await later.get('/api/flow/brand-config').expect(200)).body.brand).toBe('demo-energi');
    await later.post('/api/flow/user/fake-login').send(person).expect(200);
    const signedIn = await later.get('/api/flow/brand-config').expect(200);
    expect(signedIn.body).toEqual({ brand: 'demo-installer', config: DEMO_BRANDS['demo-installer'] });
    expect((await later.get('/api/flow/questions').expect(200)).body.organisation.slug).toBe('demo-installer');
  });

  it('needs a bucket name', () => {
    expect(() => localBrandConfigStore('/tmp', '')).toThrow('Missing environment variable: CONFIG_BUCKET_NAME');
    expect(() => localBrandConfigStore('/tmp', undefined)).toThrow('Missing environment variable: CONFIG_BUCKET_NAME');
  });

  it('refuses accents below AA contrast, naming colour and ratio; unset soft, dark accents mix from it', async () => {
    const admin = request.agent(app);
    await signInAs(admin, 'admin@bank.demo.test').expect(200);
    const pale = await admin
      .put('/api/console/org/demo-bank/configuration/brand')
      .send({ name: 'Demo Bank', accent: '#7fb3ff' })
      .expect(400);
    expect(pale.body.issues).toEqual([
      expect.objectContaining({
        path: 'body.accent',
        message: expect.stringMatching(/contrast with white is 2\.\d+:1; text needs at least 4\.5:1/),
      }),
    ]);
    const badDark = await admin
      .put('/api/console/org/demo-bank/configuration/brand')
      .send({ name: 'Demo Bank', accent: '#1d4f91', accentSoft: '#e6eef8', accentDark: '#9fb8d8' })
      .expect(400);
    expect(badDark.body.issues.map((i: { path: string }) => i.path)).toEqual(['body.accentDark']);
    expect((await store.read('demo-bank'))?.accent).toBe(DEMO_BRANDS['demo-bank']!.accent);
    await admin
      .put('/api/console/org/demo-bank/configuration/brand')
      .send({ name: 'Demo Bank', accent: '#1d4f91' })
      .expect(200);
    await store.write('demo-bank', DEMO_BRANDS['demo-bank']!);
  });

  it('refuses a config that breaks the schema when writing', async () => {
    await expect(store.write('demo-bank', { accent: 'red' } as never)).rejects.toThrow();
  });
});
