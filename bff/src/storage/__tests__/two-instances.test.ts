import request from 'supertest';
import { seedDemoStaff } from '../../seed/demo-staff';
import { seedPlatformContent } from '../../seed/platform-content';
import { listFiles } from '../../modules/releases/release-store';
import { makeBuildFixtures } from '../../../test/fixtures';
import { insertStockholmHomes } from '../../../test/register-homes';
import { startS3, type RunningS3 } from '../../../test/s3-server';
import { signInAs } from '../../../test/staff-session';
import {
  startInstances,
  startSharedPostgres,
  type BffInstance,
  type SharedPostgres,
} from '../../../test/two-instances';
import fs from 'node:fs';
import path from 'node:path';

// Two BFF instances (separate data dirs) on one PostgreSQL and one S3 bucket: whatever one writes, the other serves.
let postgres: SharedPostgres;
let s3: RunningS3;
let fixtures: ReturnType<typeof makeBuildFixtures>;
let stop: () => Promise<void>;
let a: BffInstance;
let b: BffInstance;
let superAdminA: ReturnType<typeof request.agent>;
let superAdminB: ReturnType<typeof request.agent>;

beforeAll(async () => {
  [postgres, s3] = await Promise.all([startSharedPostgres(), startS3()]);
  fixtures = makeBuildFixtures();
  const started = await startInstances(2, {
    databaseUrl: postgres.url,
    shellDist: fixtures.shellDist,
    s3: s3.settings,
    seed: [seedDemoStaff, seedPlatformContent],
  });
  [a, b] = started.instances as [BffInstance, BffInstance];
  stop = started.close;
  superAdminA = request.agent(a.app);
  superAdminB = request.agent(b.app);
  await signInAs(superAdminA, 'super@demo.test').expect(200);
  await signInAs(superAdminB, 'super@demo.test').expect(200);
});
afterAll(async () => {
  await stop?.();
  await s3?.close();
  await postgres?.close();
  fixtures?.cleanup();
});

async function releaseThrough(instance: BffInstance, token: string, label: string): Promise<string> {
  const dir = fixtures.writeRemote(label);
  let req = request(instance.app).post('/api/releases/mfe-results').set('Authorization', `Bearer ${token}`);
  for (const file of listFiles(dir)) req = req.attach(file, fs.readFileSync(path.join(dir, file)), path.basename(file));
  return (await req.expect(201)).body.version;
}

const activeOn = async (instance: BffInstance) =>
  (await request(instance.app).get('/api/mfe/registry').expect(200)).body.remotes.find(
    (r: { package: string }) => r.package === 'mfe-results',
  )?.version;

it('a release published through A is served by B, and a rollback on B is what A serves', async () => {
  const { token } = (
    await superAdminA.post('/api/admin/release-tokens').send({ remote: 'mfe-results', label: 'results CI' }).expect(201)
  ).body;
  const first = await releaseThrough(a, token, 'first');
  expect(await activeOn(b)).toBe(first);
  expect((await request(b.app).get(`/mfe/mfe-results/${first}/remoteEntry.js`).expect(200)).text).toBe(
    '/* first */ var mfe_results;',
  );
  expect(fs.existsSync(path.join(b.dataDir, 'releases'))).toBe(false);

  const second = await releaseThrough(a, token, 'second');
  expect(await activeOn(b)).toBe(second);
  await superAdminB.post(`/api/admin/releases/mfe-results/${first}/activate`).expect(200);
  expect(await activeOn(a)).toBe(first);
  expect((await request(a.app).get(`/mfe/mfe-results/${second}/remoteEntry.js`).expect(200)).text).toBe(
    '/* second */ var mfe_results;',
  );
});

it('a brand saved on A is what B answers with on its next read', async () => {
  const admin = request.agent(a.app);
  await signInAs(admin, 'admin@energi.demo.test').expect(200);
  const config = { name: 'Demo Energi AB', accent: '#225588' };
  await admin.put('/api/console/org/demo-energi/configuration/brand').send(config).expect(200);
  expect((await request(b.app).get('/api/flow/brand-config?owner=demo-energi').expect(200)).body.config).toEqual(
    config,
  );
  expect(fs.existsSync(path.join(a.dataDir, 'buckets'))).toBe(false);
});

it('an EPC uploaded on A is downloaded by staff through B', async () => {
  const [home] = await insertStockholmHomes(a.database.db, [
    {
      street: 'Instansgatan 1',
      building: { building_type: 'villa', construction_year: 1980, num_floors: 1, atemp: 130 },
    },
  ]);
  const pdf = Buffer.from('%PDF-1.4\n% two instances\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const homeowner = request.agent(a.app);
  await homeowner.post(`/api/flow/property/${home}/building?owner=demo-energi`).send({ occupants: 2 }).expect(200);
  const upload = await homeowner
    .post(`/api/flow/property/${home}/document?owner=demo-energi`)
    .field('energy_class', 'C')
    .attach('file', pdf, { filename: 'epc.pdf', contentType: 'application/pdf' })
    .expect(201);
  const id = upload.body.document.id as string;
  const { rows } = await a.database.pool.query('select content from epc_documents where id = $1', [id]);
  expect(rows[0].content).toBeNull();
  const staff = request.agent(b.app);
  await signInAs(staff, 'staff@energi.demo.test').expect(200);
  const file = await staff
    .get(`/api/console/org/demo-energi/validation/documents/${id}/file`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
});
