import request from 'supertest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { seedDemoStaff } from '../../seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../../test/test-world';
import { signInAs } from '../../../test/staff-session';
import { SESSION_MAX_AGE_MS } from '../session';

// Sliding sessions without a database write per request: the cookie rolls on every answer, the session row's expiry
// is written when the session is saved and then at most once per SESSION_TOUCH_INTERVAL_MS (auth/session.ts).

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, app } = world);
});
afterAll(() => world.close());

async function sessionRows(): Promise<{ sid: string; expire: Date }[]> {
  const result = await database.db.execute(sql`select sid, expire from session where sess->'passport' is not null`);
  return result.rows.map((row) => ({ sid: String(row.sid), expire: new Date(row.expire as string) }));
}

describe('a signed-in session', () => {
  it('keeps rolling its cookie on every request without writing the session row each time', async () => {
    const agent = request.agent(app);
    await signInAs(agent, 'staff@energi.demo.test').expect(200);
    const [row] = await sessionRows();
    expect(row).toBeDefined();
    // Pretend the row was written a day ago: a write per request would move it back to 30 days from now.
    const backdated = new Date(row!.expire.getTime() - 24 * 3600 * 1000);
    await database.db.execute(
      sql`update session set expire = ${backdated.toISOString()}::timestamptz where sid = ${row!.sid}`,
    );

    for (let i = 0; i < 3; i++) {
      const res = await agent.get('/api/auth/session').expect(200);
      expect(res.body.user.email).toBe('staff@energi.demo.test');
      const cookie = (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) =>
        c.startsWith('he.session='),
      );
      expect(cookie).toBeDefined();
      const expires = new Date(/Expires=([^;]+)/.exec(cookie!)![1]!).getTime();
      expect(expires).toBeGreaterThan(Date.now() + SESSION_MAX_AGE_MS - 60_000);
    }
    const [after] = await sessionRows();
    expect(after!.sid).toBe(row!.sid);
    expect(after!.expire.getTime()).toBe(backdated.getTime());
  });

  it('still ends at sign-out: the row is gone and the cookie no longer signs anyone in', async () => {
    await database.db.execute(sql`delete from session`);
    const agent = request.agent(app);
    await signInAs(agent, 'staff@energi.demo.test').expect(200);
    await agent.get('/api/auth/session').expect(200);
    const csrf = await agent.get('/api/auth/csrf');
    await agent
      .post('/api/auth/signout')
      .type('form')
      .send({ csrfToken: csrf.body.csrfToken, json: 'true' })
      .expect(200);
    expect(await sessionRows()).toEqual([]);
    const res = await agent.get('/api/auth/session').expect(200);
    expect(res.body).toEqual({});
  });
});
