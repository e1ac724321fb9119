import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { DEMO_BRANDS, seedDemoBrands } from '../../../seed/demo-brands';
import { insertRegisterRows } from '../../property/repository';
import { startTestWorld, type TestWorld, type BuildFixtures, type TestApp } from '../../../../test/test-world';
import { localBrandConfigStore } from '../store';

let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: TestApp;
let bucket: string;
let store: ReturnType<typeof localBrandConfigStore>;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, fixtures, app } = world);
  await insertRegisterRows(database.db, [{ street: 'Brandgatan 1', streetKey: 'brandgatan 1', postalCode: '11122', postalCity: 'Stockholm' }], 'import');
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

  it('caches the config in an existing session until a request asks for no cache', async () => {
    const agent = request.agent(app);
    const { rows } = await database.pool.query(`select id from properties where street = 'Brandgatan 1'`);
    await agent.post(`/api/flow/property/${rows[0].id}/answer`).send({ occupants: 2 }).expect(200); // the visitor's session
    await agent.get('/api/flow/brand-config?owner=demo-installer').expect(200);
    await store.write('demo-installer', { ...DEMO_BRANDS['demo-installer'], accent: '#123456' });
    const cached = await agent.get('/api/flow/brand-config?owner=demo-installer').expect(200);
    expect(cached.body.config.accent).toBe(DEMO_BRANDS['demo-installer']!.accent);
    const fresh = await agent.get('/api/flow/brand-config?owner=demo-installer').set('Cache-Control', 'no-cache').expect(200);
    expect(fresh.body.config.accent).toBe('#123456');
  });

  it('needs a bucket name', () => {
    expect(() => localBrandConfigStore('/tmp', '')).toThrow('Missing environment variable: CONFIG_BUCKET_NAME');
    expect(() => localBrandConfigStore('/tmp', undefined)).toThrow('Missing environment variable: CONFIG_BUCKET_NAME');
  });

  it('refuses a config that breaks the schema when writing', async () => {
    await expect(store.write('demo-bank', { accent: 'red' } as never)).rejects.toThrow();
  });
});
