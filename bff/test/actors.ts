import request from 'supertest';
import type express from 'express';
import { signInAs } from './staff-session';

/**
 * The nine callers every route is judged against (bff/hardening/authorization-matrix.ts), each signed in on its own
 * supertest agent against one app. Needs the demo staff (seedDemoStaff) and the app built with FAKE_LOGIN on
 * (homeowners sign in through POST /api/flow/user/fake-login, a different person each).
 */
export const ACTORS = [
  'anonymous',
  'homeowner',
  'otherHomeowner',
  'orgStaff',
  'orgAdmin',
  'installerStaff',
  'otherOrgAdmin',
  'superAdmin',
  'impersonator',
] as const;
export type ActorName = (typeof ACTORS)[number];
export type Agent = ReturnType<typeof request.agent>;

/** The organisation the org actors belong to and the impersonator works in. */
export const ACTOR_ORGANISATION = 'demo-energi';

/** Which demo account each staff actor signs in as (the impersonator is a second session of the super admin). */
export const STAFF_ACCOUNTS = {
  orgStaff: 'staff@energi.demo.test',
  orgAdmin: 'admin@energi.demo.test',
  installerStaff: 'staff@installer.demo.test',
  otherOrgAdmin: 'admin@bank.demo.test',
  superAdmin: 'super@demo.test',
  impersonator: 'super@demo.test',
} as const satisfies Partial<Record<ActorName, string>>;

/** Two different people for the two homeowners (fake-login's demo homeowner, and another). */
export const HOMEOWNERS = {
  homeowner: { personalNumber: '199001011239', name: 'Anna Andersson' },
  otherHomeowner: { personalNumber: '198507099805', name: 'Karin Karlsson' },
} as const satisfies Partial<Record<ActorName, { personalNumber: string; name: string }>>;

export function isStaffActor(actor: ActorName): actor is keyof typeof STAFF_ACCOUNTS {
  return actor in STAFF_ACCOUNTS;
}

export function isHomeownerActor(actor: ActorName): actor is keyof typeof HOMEOWNERS {
  return actor in HOMEOWNERS;
}

/**
 * A new agent signed in as the actor (a new session each call: use it for requests that change the caller's session).
 */
export async function signInActor(app: express.Express, actor: ActorName): Promise<Agent> {
  const agent = request.agent(app);
  if (isHomeownerActor(actor)) {
    const res = await agent.post('/api/flow/user/fake-login').send(HOMEOWNERS[actor]);
    if (res.status !== 200) throw new Error(`fake-login as ${actor}: ${res.status} ${res.text} (is FAKE_LOGIN on?)`);
  } else if (isStaffActor(actor)) {
    await signInAs(agent, STAFF_ACCOUNTS[actor]).expect(200);
    if (actor === 'impersonator') {
      await expectStatus(
        agent.post('/api/admin/impersonation').send({ organisation: ACTOR_ORGANISATION }),
        200,
        'start impersonating',
      );
    }
  }
  return agent;
}

export interface SignedInActors {
  agents: Record<ActorName, Agent>;
}

/**
 * Signs in all nine actors. With `property`, the homeowner answers questions about it after signing in, so they own a
 * profile with answers there (and nobody else does).
 */
export async function signInActors(
  app: express.Express,
  options: { property?: { id: number; answers: Record<string, unknown> } } = {},
): Promise<SignedInActors> {
  const agents = {} as Record<ActorName, Agent>;
  for (const actor of ACTORS) agents[actor] = await signInActor(app, actor);
  if (options.property) {
    await expectStatus(
      agents.homeowner
        .post(`/api/flow/property/${options.property.id}/building`)
        .send({ answers: options.property.answers }),
      200,
      'homeowner answers',
    );
  }
  return { agents };
}

/** Whether the agent still is the actor (a password change or deactivation ends a user's other sessions). */
export async function isStill(agent: Agent, actor: ActorName): Promise<boolean> {
  if (actor === 'anonymous') return true;
  const user = (await agent.get('/api/auth/session')).body?.user;
  if (!user) return false;
  return actor !== 'impersonator' || user.impersonating?.slug === ACTOR_ORGANISATION;
}

async function expectStatus(
  pending: PromiseLike<{ status: number; text: string }>,
  status: number,
  what: string,
): Promise<void> {
  const res = await pending;
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text}`);
}
