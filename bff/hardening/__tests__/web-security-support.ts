// Helpers of the web-security suites (bff/hardening/__tests__/*.test.ts): a BankID RP that answers at once, the state
// of the database as a fingerprint, and concrete URLs for the app's route patterns.
import crypto from 'node:crypto';
import request, { type Agent, type Response, type Test } from 'supertest';
import type { Express } from 'express';
import type { DatabaseHandle } from '../../src/db/client';
import { RpClient, type CollectResponse, type StartRequest, type StartResponse } from '../../src/bankid/rp-client';

/** BankID without a simulator: every order starts, and is complete on the first collect, for one test person. */
export class InstantRp extends RpClient {
  readonly started: StartRequest[] = [];

  constructor(
    private readonly person = {
      personalNumber: '198507099805',
      name: 'Karl Karlsson',
      givenName: 'Karl',
      surname: 'Karlsson',
    },
  ) {
    super({ baseUrl: 'http://127.0.0.1:9/rp/v6.0', timeoutMs: 1000 });
  }

  override async auth(body: StartRequest): Promise<StartResponse> {
    this.started.push(body);
    return {
      orderRef: crypto.randomUUID(),
      autoStartToken: crypto.randomUUID(),
      qrStartToken: crypto.randomUUID(),
      qrStartSecret: crypto.randomUUID(),
    };
  }

  override async sign(body: StartRequest & { userVisibleData: string }): Promise<StartResponse> {
    return this.auth(body);
  }

  override async collect(orderRef: string): Promise<CollectResponse> {
    return { orderRef, status: 'complete', completionData: { user: this.person } };
  }

  override async cancel(): Promise<void> {}
}

/**
 * Every public table except the session store and the rate-limit counters (refused requests count:
 * http/rate-limit-store.ts), each as its row count and an md5 of its rows: a changed fingerprint means something was
 * inserted, updated or deleted.
 */
export async function databaseFingerprint(database: DatabaseHandle): Promise<Record<string, string>> {
  const tables = await database.pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = ` +
      `'BASE TABLE' and table_name not in ('session', 'rate_limit_hits') order by 1`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await database.pool.query<{ n: string; digest: string | null }>(
      `select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`,
    );
    fingerprint[name] = `${row.rows[0]!.n} ${row.rows[0]!.digest ?? '-'}`;
  }
  return fingerprint;
}

/** Values for route parameters that name nothing real, so a request that got through would change nothing. */
const PARAMS: Record<string, string> = {
  org: 'demo-energi',
  slug: 'no-such-organisation',
  id: '999999',
  remote: 'no_such_remote',
  version: '9.9.9',
  lender: 'no-such-lender',
  provider: 'credentials',
};

/** A concrete URL for an Express route pattern: `:name` from PARAMS, `{*rest}` as one segment. */
export function concretePath(pattern: string): string {
  return pattern.replace(/\{\*\w+\}/g, 'anything').replace(/:(\w+)/g, (_m, name: string) => {
    const value = PARAMS[name];
    if (!value) throw new Error(`no test value for route parameter :${name} in ${pattern}; add one to PARAMS`);
    return value;
  });
}

/** supertest's methods by HTTP verb; Express lists router.all() as `_ALL`, sent here as a POST. */
export function send(agent: Agent, method: string, path: string) {
  switch (method) {
    case 'POST':
    case '_ALL':
      return agent.post(path);
    case 'PUT':
      return agent.put(path);
    case 'PATCH':
      return agent.patch(path);
    case 'DELETE':
      return agent.delete(path);
    default:
      throw new Error(`not a state-changing method: ${method}`);
  }
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE', '_ALL']);

export function setCookies(res: Response): string[] {
  const raw = res.headers['set-cookie'] as unknown as string[] | string | undefined;
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

/** The `name=value` of a Set-Cookie for `name`, or undefined. */
export function cookiePair(res: Response, name: string): string | undefined {
  return setCookies(res)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
}

/**
 * A browser's cookie jar for supertest, kept by hand: supertest's own agent never sends Secure cookies over plain
 * http, and an app behind a TLS proxy (X-Forwarded-Proto: https) is reached over plain http in the tests.
 */
export class CookieBrowser {
  private readonly jar = new Map<string, string>();
  /** Every Set-Cookie header seen, in order. */
  readonly seen: string[] = [];

  constructor(
    private readonly app: Express,
    private readonly headers: Record<string, string>,
  ) {}

  private remember(res: Response): Response {
    for (const header of setCookies(res)) {
      this.seen.push(header);
      const [pair, ...attributes] = header.split(';').map((p) => p.trim());
      const name = pair!.slice(0, pair!.indexOf('='));
      const expired = attributes.some(
        (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
      );
      if (expired) this.jar.delete(name);
      else this.jar.set(name, pair!);
    }
    return res;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(pair: string): void {
    this.jar.set(pair.slice(0, pair.indexOf('=')), pair);
  }

  private prepare(test: Test) {
    test.set(this.headers);
    if (this.jar.size) test.set('Cookie', [...this.jar.values()].join('; '));
    return test;
  }

  async get(path: string): Promise<Response> {
    return this.remember(await this.prepare(request(this.app).get(path)));
  }

  async post(path: string, body: object, form = false): Promise<Response> {
    const test = this.prepare(request(this.app).post(path));
    return this.remember(await (form ? test.type('form') : test).send(body));
  }

  async delete(path: string, body: object): Promise<Response> {
    return this.remember(await this.prepare(request(this.app).delete(path)).send(body));
  }
}
