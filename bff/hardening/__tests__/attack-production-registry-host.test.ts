import request from 'supertest';
import { publishRelease } from '../../src/modules/releases/service';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { startTestWorld, type TestWorld } from '../../test/test-world';

// An attacker's view of a production deployment (NODE_ENV=production, demo off): URLs built from the attacker's Host
// header. The production start's refusals: attack-production-demo-defaults.test.ts.

describe("the registry's remote URLs", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await startTestWorld({
      seed: [seedDemoStaff],
      config: { demo: false, PUBLIC_URL: 'https://energy.example.se' },
    });
    await publishRelease(
      world.database.db,
      { releasesDir: world.fixtures.releasesDir, SHELL_DIST: world.fixtures.shellDist },
      { remote: 'mfe-results', distDir: world.fixtures.writeRemote('one'), releasedBy: 'test', activate: 'always' },
    );
  });
  afterAll(() => world.close());

  it('cannot be pointed at an attacker host with the Host header in production', async () => {
    const res = await request(world.app)
      .get('/api/mfe/registry')
      .set('Host', 'evil.example')
      .set('X-Forwarded-Host', 'evil.example')
      .expect(200);
    expect(res.body.remotes).toHaveLength(1);
    for (const remote of res.body.remotes) expect(remote.entry).toMatch(/^https:\/\/energy\.example\.se\/mfe\//);
    expect(res.body.demo).toBeUndefined();
  });
});
