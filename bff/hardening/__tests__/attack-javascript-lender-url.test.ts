// Attack: an organisation admin (or whoever can write a brand file) saves a lender whose URL is `javascript:…`;
// GET /api/flow/brand-config serves it to every visitor of the brand. Every URL field of the shared schemas takes
// http(s) only (shared/src/schemas/url.ts), and what is served is checked again, so a bad stored URL is never sent.
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { brandConfigSchema } from '@home-energy/shared/schemas/brand';
import { installerSchema } from '@home-energy/shared/schemas/admin';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { seedDemoInstallers } from '../../src/seed/demo-installers';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../test/register-homes';
import { signInAs } from '../../test/staff-session';

const BAD_URLS = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'https:evil.example',
  '//evil.example/loan',
];
const CONFIGURATION = '/api/console/org/demo-energi/configuration';
const lender = (url: string) => ({ id: 'evil-bank', name: 'Evil Bank', url });

let world: TestWorld;
let app: TestApp;
let home: number;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedDemoInstallers] });
  ({ app } = world);
  [home] = await insertStockholmHomes(world.database.db, [{ street: 'Länkgatan 1', building: VILLA_1970 }]);
});
afterAll(() => world.close());

/** Where the app's local bucket keeps a brand's config (test/test-app.ts: buckets beside the releases). */
const brandFile = (brand: string) =>
  path.join(path.dirname(world.fixtures.releasesDir), 'buckets', 'brand-config', 'brand', brand, 'config.json');

describe('a javascript: lender URL is refused and never served', () => {
  it.each(BAD_URLS)('the shared schemas refuse %j for lenders and installers, and take http(s)', (url) => {
    expect(brandConfigSchema.safeParse({ financial_providers: [lender(url)] }).success).toBe(false);
    const installer = { name: 'Evil AB', identifier: 'evil', logo: 'https://evil.example/logo.png', url };
    expect(installerSchema.safeParse(installer).success).toBe(false);
    expect(installerSchema.safeParse({ ...installer, url: 'https://evil.example', logo: url }).success).toBe(false);
    expect(
      brandConfigSchema.safeParse({ financial_providers: [lender('https://bank.example/green-loan')] }).success,
    ).toBe(true);
    expect(brandConfigSchema.safeParse({ financial_providers: [lender('http://bank.example')] }).success).toBe(true);
  });

  it('the console refuses to save it (400 naming the field) and the brand file keeps its lenders', async () => {
    const admin = request.agent(app);
    await signInAs(admin, 'admin@energi.demo.test').expect(200);
    await admin
      .put(`${CONFIGURATION}/brand`)
      .send({ name: 'Demo Energi', financial_providers: [lender('https://bank.example')] })
      .expect(200);
    for (const url of BAD_URLS) {
      const res = await admin
        .put(`${CONFIGURATION}/brand`)
        .send({ name: 'Demo Energi', financial_providers: [lender(url)] });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(JSON.stringify(res.body.issues)).toContain('body.financial_providers.0.url');
    }
    expect(JSON.parse(fs.readFileSync(brandFile('demo-energi'), 'utf8')).financial_providers).toEqual([
      lender('https://bank.example'),
    ]);
  });

  it('a brand file holding one (written around the API) is not served by GET /api/flow/brand-config', async () => {
    for (const url of BAD_URLS.slice(0, 3)) {
      fs.mkdirSync(path.dirname(brandFile('demo-bank')), { recursive: true });
      fs.writeFileSync(
        brandFile('demo-bank'),
        JSON.stringify({ name: 'Demo Bank', accent: '#123456', financial_providers: [lender(url)] }),
      );
      const visitor = request.agent(app);
      // a session, so answers are cached in it
      await visitor.post(`/api/flow/property/${home}/building?owner=demo-bank`).send({}).expect(200);
      for (let i = 0; i < 2; i++) {
        const res = await visitor.get('/api/flow/brand-config?owner=demo-bank').expect(200);
        expect(res.body.brand).toBe('demo-bank');
        expect(res.text.toLowerCase()).not.toContain('script:');
        // The refused file is not served: the default brand's config stands in, its lenders all http(s).
        expect(res.body.config.accent).not.toBe('#123456');
        for (const provider of res.body.config.financial_providers ?? [])
          expect(provider.url ?? 'https://x').toMatch(/^https?:\/\//);
      }
    }
  });

  it('an installer stored with one (before the rule) is not offered to homeowners; the others are', async () => {
    const { rows } = await world.database.pool.query(`select id from organisations where slug = 'demo-energi'`);
    await world.database.pool.query(
      `insert into organisation_installers (organisation_id, position, name, identifier, logo, url) values ` +
        `($1, 99, 'Evil AB', 'evil', 'https://evil.example/l.png', 'javascript:alert(1)'), ($1, 100, ` +
        `'Evil Logo AB', 'evil-logo', 'javascript:alert(1)', 'https://evil.example')`,
      [rows[0].id],
    );
    const visitor = request.agent(app);
    await visitor.post(`/api/flow/property/${home}/building?owner=demo-energi`).send({}).expect(200);
    const res = await visitor.get(`/api/flow/property/${home}/installers?owner=demo-energi`).expect(200);
    expect(res.body.installers.length).toBeGreaterThan(0);
    expect(res.body.installers.map((i: { identifier: string }) => i.identifier)).not.toEqual(
      expect.arrayContaining(['evil']),
    );
    expect(res.text).not.toContain('javascript:');
  });
});
