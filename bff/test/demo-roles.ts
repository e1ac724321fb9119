import request from 'supertest';
import type express from 'express';
import type pg from 'pg';
import { signInAs } from './staff-session';

/** The demo staff accounts (seedDemoStaff) by the role each plays in the console's rules, and a signed-out caller. */
export const DEMO_ROLES = {
  anonymous: null,
  superAdmin: 'super@demo.test',
  energiAdmin: 'admin@energi.demo.test',
  energiStaff: 'staff@energi.demo.test',
  bankAdmin: 'admin@bank.demo.test',
  installerStaff: 'staff@installer.demo.test',
  multiStaff: 'multi@demo.test',
} as const;
export type DemoRole = keyof typeof DEMO_ROLES;
export const DEMO_ROLE_NAMES = Object.keys(DEMO_ROLES) as DemoRole[];

/** One supertest agent per role, each signed in through the NextAuth credentials flow (anonymous: not signed in). */
export async function signInDemoRoles(
  app: express.Express,
): Promise<Record<DemoRole, ReturnType<typeof request.agent>>> {
  const agents = {} as Record<DemoRole, ReturnType<typeof request.agent>>;
  for (const role of DEMO_ROLE_NAMES) {
    agents[role] = request.agent(app);
    const email = DEMO_ROLES[role];
    if (email) await signInAs(agents[role], email).expect(200);
  }
  return agents;
}

/** Rows in a table: refused requests must leave it as it was. */
export async function rowCount(pool: pg.Pool, table: string): Promise<number> {
  const { rows } = await pool.query(`select count(*)::int as n from ${table}`);
  return rows[0].n;
}
