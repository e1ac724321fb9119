import type { Agent, Response } from 'supertest';
import { DEMO_PASSWORD } from '../src/seed/demo-staff';

/**
 * Signs a supertest agent in the way next-auth/react does: csrf, then a form POST to /callback/credentials.
 * `.expect(status)` asserts the answer's status, like supertest's own.
 */
export function signInAs(agent: Agent, email: string, password = DEMO_PASSWORD, callbackUrl = '/console') {
  const pending = (async (): Promise<Response> => {
    const csrf = await agent.get('/api/auth/csrf');
    return agent
      .post('/api/auth/callback/credentials')
      .type('form')
      .send({ csrfToken: csrf.body.csrfToken, email, password, callbackUrl, json: 'true', redirect: 'false' });
  })();
  return {
    async expect(status: number): Promise<Response> {
      const res = await pending;
      if (res.status !== status)
        throw new Error(`sign-in as ${email}: expected ${status}, got ${res.status} ${res.text}`);
      return res;
    },
  };
}

export function cookieNames(setCookie: string[] | string | undefined): string[] {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split('=')[0]);
}
