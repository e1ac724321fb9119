// Attack: fill the database (and the brand's validation queue) with EPC uploads — anyone could POST …/document to any
// property, as often and as much as they liked. Expected: only the property's owner uploads (404 for anyone else, as
// every other non-owner read answers), a quota per property and per owner per day (413), a rate per IP (429).
import request from 'supertest';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { seedPlatformContent } from '../../src/seed/platform-content';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../test/register-homes';
import { rowCount } from '../../test/demo-roles';

// The production defaults of the quota (config.ts), a small upload rate and daily volume so the test stays small.
const LIMITS = { DOCUMENTS_PER_PROPERTY: 5, DOCUMENT_MB_PER_DAY: 1, DOCUMENT_RATE_LIMIT: 8, FAKE_LOGIN: true };
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1000, 32), Buffer.from('\n%%EOF\n')]);
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes, 32)]);

let world: TestWorld;
let app: TestApp;
let homes: number[];
let ipCounter = 0;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent], config: LIMITS });
  ({ app } = world);
  homes = await insertStockholmHomes(
    world.database.db,
    ['Flodgatan 1', 'Flodgatan 2', 'Flodgatan 3', 'Flodgatan 4', 'Flodgatan 5'].map((street) => ({
      street,
      building: VILLA_1970,
    })),
  );
});
afterAll(() => world.close());

/** A browser of its own at an address of its own (as the trusted loopback proxy reports it). */
const browser = (ip = `198.51.100.${++ipCounter}`) => request.agent(app).set('X-Forwarded-For', ip);
const upload = (agent: ReturnType<typeof browser>, property: number, file = PDF) =>
  agent.post(`/api/flow/property/${property}/document`).field('energy_class', 'C').attach('file', file, 'epc.pdf');
const documents = () => rowCount(world.database.pool, 'epc_documents');

it("a stranger cannot upload a document to someone else's property", async () => {
  const owner = browser();
  await owner.post(`/api/flow/property/${homes[0]}/answer`).send({ occupants: 3 }).expect(200);
  const before = await documents();

  // A fresh session, one that only read the property, one that answered for another property, and a signed-in
  // homeowner without the property: none of them is its owner.
  const stranger = browser();
  const reader = browser();
  await reader.get(`/api/flow/property/${homes[0]}/answers`).expect(200);
  const elsewhere = browser();
  await elsewhere.post(`/api/flow/property/${homes[1]}/answer`).send({ occupants: 2 }).expect(200);
  const homeowner = browser();
  await homeowner.post('/api/flow/user/fake-login').send({}).expect(200);
  for (const agent of [stranger, reader, elsewhere, homeowner]) {
    const res = await upload(agent, homes[0]!).expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: expect.stringMatching(/profile/) });
  }
  expect(await documents()).toBe(before);

  // The owner uploads.
  await upload(owner, homes[0]!).expect(201);
  expect(await documents()).toBe(before + 1);
});

it('uploads beyond the quota answer 413', async () => {
  // Per property: DOCUMENTS_PER_PROPERTY pending documents, then 413 until staff have looked at them.
  const owner = browser();
  await owner.post(`/api/flow/property/${homes[2]}/answer`).send({ occupants: 3 }).expect(200);
  for (let i = 0; i < LIMITS.DOCUMENTS_PER_PROPERTY; i++) await upload(owner, homes[2]!).expect(201);
  const before = await documents();
  const full = await upload(owner, homes[2]!).expect(413);
  expect(full.body).toEqual({ error: 'quota_exceeded', message: expect.stringMatching(/waiting for validation/) });
  expect(await documents()).toBe(before);

  // Per owner and day: DOCUMENT_MB_PER_DAY over all their properties (counted in the database).
  const heavy = browser();
  await heavy.post(`/api/flow/property/${homes[3]}/answer`).send({ occupants: 1 }).expect(200);
  await heavy.post(`/api/flow/property/${homes[4]}/answer`).send({ occupants: 1 }).expect(200);
  await upload(heavy, homes[3]!, pdfOf(600 * 1024)).expect(201);
  const over = await upload(heavy, homes[4]!, pdfOf(600 * 1024)).expect(413);
  expect(over.body).toEqual({ error: 'quota_exceeded', message: expect.stringMatching(/MB of documents per day/) });
  expect(await documents()).toBe(before + 1);
});

it('a burst of uploads answers 429', async () => {
  // One address: DOCUMENT_RATE_LIMIT attempts an hour, whoever they are for; then 429 with Retry-After, nothing stored.
  const ip = '198.51.100.200';
  const owner = browser(ip);
  await owner.post(`/api/flow/property/${homes[1]}/answer`).send({ occupants: 3 }).expect(200);
  const spammers = Array.from({ length: 3 }, () => browser(ip));
  const statuses: number[] = [];
  for (let i = 0; i < LIMITS.DOCUMENT_RATE_LIMIT; i++)
    statuses.push((await upload(spammers[i % 3]!, homes[1]!)).status);
  expect(statuses.every((s) => s === 404)).toBe(true);
  const before = await documents();
  const res = await upload(owner, homes[1]!).expect(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.body).toEqual({ error: 'too_many_requests', message: expect.any(String) });
  expect(await documents()).toBe(before);
  // Another address is not affected.
  const other = browser();
  await other.post(`/api/flow/property/${homes[1]}/answer`).send({ occupants: 2 }).expect(200);
  await upload(other, homes[1]!).expect(201);
});
