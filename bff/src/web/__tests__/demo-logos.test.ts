import request from 'supertest';
import { DEMO_INSTALLERS, seedDemoInstallers } from '../../seed/demo-installers';
import { seedDemoStaff } from '../../seed/demo-staff';
import { startTestWorld, type TestWorld } from '../../../test/test-world';

let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedDemoInstallers] });
});
afterAll(() => world.close());

describe("the demo installers' logos", () => {
  it('are files this server serves, so they show without the internet', async () => {
    const seeded = await world.database.pool.query('select distinct logo from organisation_installers');
    const logos = new Set([
      ...Object.values(DEMO_INSTALLERS)
        .flat()
        .map((i) => i.logo),
      ...seeded.rows.map((r: { logo: string }) => r.logo),
    ]);
    expect(logos.size).toBeGreaterThan(0);
    for (const logo of logos) {
      expect(logo).toMatch(/^\/demo-logos\/[a-z-]+\.svg$/);
      const res = await request(world.app).get(logo).expect(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    }
  });

  it('answer 404 for a logo that is not there, not the app page', async () => {
    const res = await request(world.app).get('/demo-logos/nobody.svg').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<html');
  });
});
