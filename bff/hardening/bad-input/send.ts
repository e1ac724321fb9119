// Sends one generated request as its route's agent: raw bytes as they are, headers as given.
import type { Response } from 'supertest';
import type { BadRequest, RouteInput } from './types';
import type { World } from './world';

/** `deadline` (ms): give up on an answer that does not come (supertest's timeout; the request then rejects). */
export async function send(world: World, route: RouteInput, bad: BadRequest, deadline?: number): Promise<Response> {
  const agent = world.agents[route.agent];
  // router.all (NextAuth's catch-all) lists as _ALL: any method reaches it.
  const method = (bad.method === '_ALL' ? 'PUT' : bad.method).toLowerCase() as
    'get' | 'post' | 'put' | 'patch' | 'delete';
  let call = agent[method](bad.url);
  if (deadline !== undefined) call = call.timeout({ deadline });
  for (const [name, value] of Object.entries(bad.headers)) call = call.set(name, value);
  // Raw bytes as they are: no serialising by superagent, no parsing of the answer's body beyond JSON.
  return bad.body === undefined ? call : call.send(bad.body);
}
