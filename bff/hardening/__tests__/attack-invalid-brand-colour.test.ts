// Attack: save a brand whose `accent`, `accentSoft` or `accentDark` is not a colour (`#zzzzzz`): the schema flagged the
// field, but its contrast check still ran on it and the colour library threw, so the console answered 500. Expected:
// 400 naming the field, the stored brand unchanged.
import request from 'supertest';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { seedPlatformContent } from '../../src/seed/platform-content';
import { startTestWorld, type TestWorld } from '../../test/test-world';
import { signInAs } from '../../test/staff-session';

const BRAND = '/api/console/org/demo-energi/configuration/brand';
const NOT_COLOURS = ['#zzzzzz', '#12345g', 'red', '#fff', '#0f6e4f ', 123456, true, ['#0f6e4f'], { r: 1 }];

let world: TestWorld;
let admin: ReturnType<typeof request.agent>;
beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent] });
  admin = request.agent(world.app);
  await signInAs(admin, 'super@demo.test').expect(200);
});
afterAll(() => world.close());

describe('a brand colour that is not a colour', () => {
  it.each(['accent', 'accentSoft', 'accentDark'])('in %s is a 400 naming it, and nothing is saved', async (field) => {
    const before = (await admin.get('/api/console/org/demo-energi/configuration').expect(200)).body.brandConfig;
    for (const value of NOT_COLOURS) {
      // The other accents valid, so only this field is wrong (an accent on its own when the field is the accent).
      const body = field === 'accent' ? { accent: value } : { accent: '#0f6e4f', [field]: value };
      const res = await admin.put(BRAND).send(body);
      expect([JSON.stringify(value), res.status]).toEqual([JSON.stringify(value), 400]);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(`body.${field}`);
    }
    expect((await admin.get('/api/console/org/demo-energi/configuration').expect(200)).body.brandConfig).toEqual(
      before,
    );
  });

  it('still saves real colours and checks their contrast', async () => {
    await admin
      .put(BRAND)
      .send({ name: 'Demo Energi', accent: '#0f6e4f', accentSoft: '#e3f1eb', accentDark: '#0a4a35' })
      .expect(200);
    const low = await admin.put(BRAND).send({ name: 'Demo Energi', accent: '#777777' }).expect(400);
    expect(low.body.issues[0].path).toBe('body.accent');
  });
});
