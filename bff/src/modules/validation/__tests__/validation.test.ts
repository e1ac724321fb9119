import request from 'supertest';
import type { ValidationItem } from '@home-energy/shared/schemas/validation-queue';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { plausibilityIssues } from '../rules';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { insertStockholmHomes } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let staff: ReturnType<typeof request.agent>;
let homes: number[];
const QUEUE = '/api/console/org/demo-energi/validation';
const PDF = Buffer.from('%PDF-1.4\n% energideklaration\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function queue(): Promise<{ items: ValidationItem[]; open: number }> {
  return (await staff.get(QUEUE).expect(200)).body;
}

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent] });
  ({ database, app } = world);
  homes = await insertStockholmHomes(
    database.db,
    [1, 2, 3].map((n) => ({
      street: `Kontrollgatan ${n}`,
      building: {
        building_type: 'villa',
        construction_year: 1980,
        num_floors: 1,
        atemp: 130,
        primary_heating_systems: ['heat_pump_airwater'],
      },
    })),
  );
  staff = request.agent(app);
  await signInAs(staff, 'staff@energi.demo.test').expect(200);
});
afterAll(() => world.close());

describe('plausibility rules', () => {
  it('flag unlikely answers and nothing else', () => {
    const fine = {
      building_type: 'villa',
      construction_year: 1980,
      num_floors: 2,
      atemp: 160,
      primary_heating_systems: ['heat_pump_air'],
      heat_pump_installation_year: 2015,
      solar_panels_wp: 6000,
      occupants: 4,
    };
    expect(plausibilityIssues(fine)).toEqual([]);
    expect(plausibilityIssues({ ...fine, atemp: 2000 })).toEqual([
      { rule: 'atemp_per_floor', values: { atemp: 2000, num_floors: 2, per_floor: 1000 } },
    ]);
    expect(plausibilityIssues({ ...fine, num_floors: 10, atemp: 150 }).map((i) => i.rule)).toContain('atemp_per_floor');
    expect(plausibilityIssues({ ...fine, heat_pump_installation_year: 1975 })).toEqual([
      { rule: 'heat_pump_before_construction', values: { heat_pump_installation_year: 1975, construction_year: 1980 } },
    ]);
    expect(plausibilityIssues({ ...fine, primary_heating_systems: ['oil'] }).map((i) => i.rule)).toEqual([
      'heat_pump_year_without_heat_pump',
    ]);
    // 80 m² footprint × 1.5 / 5 m² per kWp = 24 kWp at most.
    expect(plausibilityIssues({ ...fine, solar_panels_wp: 24000 })).toEqual([]);
    expect(plausibilityIssues({ ...fine, solar_panels_wp: 30000 })).toEqual([
      { rule: 'solar_exceeds_roof', values: { solar_panels_wp: 30000, atemp: 160, max_wp: 24000 } },
    ]);
    expect(plausibilityIssues({ ...fine, occupants: 25 }).map((i) => i.rule)).toEqual(['occupants_per_area']);
    expect(plausibilityIssues({ building_type: 'flerbostadshus', num_floors: 4, atemp: 2400 })).toEqual([]);
  });
});

describe('the validation queue', () => {
  it('holds homes whose answers fail a rule; a review takes them out until the answers change', async () => {
    const visitor = request.agent(app);
    await visitor
      .post(`/api/flow/property/${homes[0]}/building?owner=demo-energi`)
      .send({ heat_pump_installation_year: 1975 })
      .expect(200);
    const fine = request.agent(app);
    await fine
      .post(`/api/flow/property/${homes[1]}/building?owner=demo-energi`)
      .send({ heat_pump_installation_year: 2012 })
      .expect(200);
    // Another organisation's implausible home is not in this queue.
    const bankVisitor = request.agent(app);
    await bankVisitor
      .post(`/api/flow/property/${homes[2]}/building?owner=demo-bank`)
      .send({ occupants: 40 })
      .expect(200);

    const first = await queue();
    expect(first.open).toBe(1);
    expect(first.items).toEqual([
      expect.objectContaining({
        property: { id: homes[0], name: 'Kontrollgatan 1, 111 22 Stockholm' },
        owner: 'visitor',
        issues: [
          {
            rule: 'heat_pump_before_construction',
            values: { heat_pump_installation_year: 1975, construction_year: 1980 },
          },
        ],
        documents: [],
      }),
    ]);
    const profileId = first.items[0]!.profile_id;
    await staff
      .post(`${QUEUE}/profiles/${profileId}/review`)
      .send({ outcome: 'accepted', note: 'Pump moved from the old house' })
      .expect(200);
    expect((await queue()).open).toBe(0);
    const audit = await database.pool.query(
      "select action, target, details from audit_log where action like 'answers.%'",
    );
    expect(audit.rows).toEqual([
      {
        action: 'answers.accept',
        target: `profile:${profileId}`,
        details: { issues: ['heat_pump_before_construction'], note: 'Pump moved from the old house' },
      },
    ]);

    // New answers, still implausible: back in the queue.
    await visitor
      .post(`/api/flow/property/${homes[0]}/building?owner=demo-energi`)
      .send({ heat_pump_installation_year: 1972 })
      .expect(200);
    expect((await queue()).items.map((i) => i.profile_id)).toEqual([profileId]);
    // Answers without a problem cannot be reviewed; another organisation's profile is not found.
    const fineProfile = (
      await database.pool.query('select id from building_profiles where property_id = $1', [homes[1]])
    ).rows[0].id;
    await staff.post(`${QUEUE}/profiles/${fineProfile}/review`).send({ outcome: 'rejected' }).expect(409);
    const bankProfile = (
      await database.pool.query('select id from building_profiles where property_id = $1', [homes[2]])
    ).rows[0].id;
    await staff.post(`${QUEUE}/profiles/${bankProfile}/review`).send({ outcome: 'rejected' }).expect(404);
  });

  it('holds uploaded certificates: download, approve (→ the issued label the homeowner sees), reject', async () => {
    const homeowner = request.agent(app);
    await homeowner
      .post(`/api/flow/property/${homes[1]}/building?owner=demo-energi`)
      .send({ occupants: 2 })
      .expect(200);
    const upload = await homeowner
      .post(`/api/flow/property/${homes[1]}/document?owner=demo-energi`)
      .field('energy_class', 'B')
      .field('ep', '72')
      .field('issued_at', '2024-03-01')
      .attach('file', PDF, { filename: 'energideklaration.pdf', contentType: 'application/pdf' })
      .expect(201);
    const documentId = upload.body.document.id;
    const item = (await queue()).items.find((i) => i.property.id === homes[1])!;
    expect(item.documents).toEqual([
      {
        id: documentId,
        file_name: `document-${documentId}.pdf`,
        content_type: 'application/pdf',
        size_bytes: PDF.length,
        energy_class: 'B',
        ep: 72,
        issued_at: '2024-03-01',
        status: 'pending',
        uploaded_at: expect.any(String),
      },
    ]);

    const file = await staff
      .get(`${QUEUE}/documents/${documentId}/file`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    // A download named by the server (quoted or as a plain token, as RFC 6266 allows).
    expect(file.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="?document-${documentId}\\.pdf"?$`),
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);

    // Another organisation's staff cannot see, approve or download it.
    const bank = request.agent(app);
    await signInAs(bank, 'admin@bank.demo.test').expect(200);
    await bank.get(`/api/console/org/demo-bank/validation/documents/${documentId}/file`).expect(403);
    const superAdmin = request.agent(app);
    await signInAs(superAdmin, 'super@demo.test').expect(200);
    await superAdmin
      .post(`/api/console/org/demo-installer/validation/documents/${documentId}/approve`)
      .send({})
      .expect(403);

    const approved = await staff.post(`${QUEUE}/documents/${documentId}/approve`).send({}).expect(200);
    expect(approved.body.issued_epc).toEqual({ class: 'B', issued_at: '2024-03-01', ep: 72, source: 'document' });
    await staff.post(`${QUEUE}/documents/${documentId}/approve`).send({}).expect(409);
    await staff.post(`${QUEUE}/documents/${documentId}/reject`).send({ reason: 'too late' }).expect(409);
    expect((await queue()).items.find((i) => i.property.id === homes[1])).toBeUndefined();

    // What the homeowner's results read now.
    const info = await homeowner.get(`/api/flow/property/${homes[1]}/building/primary/information`).expect(200);
    expect(info.body.information).toContainEqual({
      type: 'epc_label',
      value: { type: 'issued', energy_class: 'B', ep: 72, issued_at: '2024-03-01', source: 'document' },
    });
    const actions = (
      await database.pool.query('select action from audit_log where target = $1 order by id', [
        `epc_document:${documentId}`,
      ])
    ).rows.map((r) => r.action);
    expect(actions).toEqual(['epc_document.download', 'epc_document.approve']);
  });

  it('approval may correct the class from the certificate; rejection keeps the label, audited, reasoned', async () => {
    const homeowner = request.agent(app);
    await homeowner
      .post(`/api/flow/property/${homes[0]}/building?owner=demo-energi`)
      .send({ occupants: 2 })
      .expect(200);
    const upload = async (energyClass: string) =>
      (
        await homeowner
          .post(`/api/flow/property/${homes[0]}/document?owner=demo-energi`)
          .field('energy_class', energyClass)
          .attach('file', PDF, 'epc.pdf')
          .expect(201)
      ).body.document.id;
    const wrong = await upload('A');
    await staff.post(`${QUEUE}/documents/${wrong}/reject`).send({ reason: 'Not this address' }).expect(200);
    const issuedBefore = (await database.pool.query('select issued_epc from properties where id = $1', [homes[0]]))
      .rows[0].issued_epc;
    expect(issuedBefore).toBeNull();
    const reject = (await database.pool.query("select details from audit_log where action = 'epc_document.reject'"))
      .rows[0].details;
    expect(reject).toEqual({ propertyId: homes[0], reason: 'Not this address' });

    const right = await upload('C');
    await staff
      .post(`${QUEUE}/documents/${right}/approve`)
      .send({ energy_class: 'D', issued_at: null, ep: 151 })
      .expect(200);
    expect(
      (await database.pool.query('select issued_epc from properties where id = $1', [homes[0]])).rows[0].issued_epc,
    ).toEqual({ class: 'D', issued_at: null, ep: 151, source: 'document' });
    await staff.post(`${QUEUE}/documents/${right}/approve`).send({ energy_class: 'H' }).expect(400);
    await staff.get(`${QUEUE}/documents/00000000-0000-4000-8000-000000000000/file`).expect(404);
  });
});
