import request from 'supertest';
import type { RemotePackage } from '@home-energy/shared/remotes';
import type { TestApp } from './test-world';
import { signInAs } from './staff-session';

/** A super admin's agent, signed in, and a release token it minted for `remote`, as a team's CI is given one. */
export async function releaseTokenOf(
  app: TestApp,
  remote: RemotePackage = 'mfe-results',
): Promise<{ superAdmin: ReturnType<typeof request.agent>; token: string }> {
  const superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
  const made = await superAdmin
    .post('/api/admin/release-tokens')
    .send({ remote, label: `${remote} CI` })
    .expect(201);
  return { superAdmin, token: made.body.token as string };
}
