// Attack: give a brand logo, a knowledge-base picture or an installer logo as `/\t/evil.example/x.png`. The "path on
// this site" rule (shared/src/schemas/url-checks.ts) only looked at the first two characters, but browsers drop tabs
// and newlines from URLs, so the page loaded `//evil.example/x.png` from another host. Expected: 400 naming the field
// on save, and the pages' own check (safeImageSrc) renders no picture for such a value, whatever the server sent.
import request from 'supertest';
import { isSitePath, safeImageSrc } from '@home-energy/shared/schemas/url-checks';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { seedPlatformContent } from '../../src/seed/platform-content';
import { startTestWorld, type TestWorld } from '../../test/test-world';
import { signInAs } from '../../test/staff-session';

/** Paths a browser would load from another host (or that are not a clean path at all). */
const OFF_SITE = [
  '/\t/evil.example/x.png',
  '/\n/evil.example/x.png',
  '/\r/evil.example/x.png',
  '/\t\\evil.example/x.png',
  '/im ages/\u0000x.png',
  '/\u007f/evil.example/x.png',
  '/a\u0085b.png',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
];

let world: TestWorld;
let admin: ReturnType<typeof request.agent>;
beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent] });
  admin = request.agent(world.app);
  await signInAs(admin, 'super@demo.test').expect(200);
});
afterAll(() => world.close());

describe('a "path on this site" with a tab, a newline or another control character', () => {
  it('is not a path on this site, and no page renders it as a picture', () => {
    for (const path of OFF_SITE) {
      expect([JSON.stringify(path), isSitePath(path), safeImageSrc(path)]).toEqual([
        JSON.stringify(path),
        false,
        undefined,
      ]);
    }
    for (const path of ['/images/logo.svg', '/demo-logos/demo-energi.svg?v=2', '/a/%09/b.png'])
      expect(isSitePath(path)).toBe(true);
  });

  it('is refused as a brand logo, a message picture and an installer logo, naming the field', async () => {
    for (const path of OFF_SITE) {
      const logo = await admin.put('/api/console/org/demo-energi/configuration/brand').send({ logo: path });
      expect([JSON.stringify(path), logo.status, logo.body.issues?.[0]?.path]).toEqual([
        JSON.stringify(path),
        400,
        'body.logo',
      ]);
      const message = await admin.post('/api/console/org/demo-energi/messages').send({
        slug: 'off-site-picture',
        type: 'article',
        title: 'Off-site picture',
        key: 'results',
        content: 'Text.',
        image: path,
      });
      expect([JSON.stringify(path), message.status, message.body.issues?.[0]?.path]).toEqual([
        JSON.stringify(path),
        400,
        'body.image',
      ]);
      const organisation = await admin.post('/api/admin/organisations').send({
        slug: 'off-site-logo',
        name: 'Off-site logo',
        brand: 'off-site-logo',
        installers: [{ name: 'I', identifier: 'i', logo: path, url: 'https://installer.example' }],
      });
      expect([JSON.stringify(path), organisation.status]).toEqual([JSON.stringify(path), 400]);
      expect(JSON.stringify(organisation.body.issues)).toContain('logo');
    }
  });
});
