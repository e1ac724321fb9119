// The session fast path (auth/session-fast-path.ts) re-does what express-session does for one request. This runs the
// same requests through express-session itself and through the fast path, over the same kind of store, and compares
// what a browser and the store see, so an express-session upgrade that changes any of it fails here.
import express, { type RequestHandler } from 'express';
import session from 'express-session';
import type passport from 'passport';
import request from 'supertest';
import { authCookies } from '../cookies';
import { sessionMiddleware, SESSION_MAX_AGE_MS } from '../session';
import { sessionFastPath } from '../session-fast-path';

const SECRET = 'contract-secret';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const USER = { kind: 'staff', id: '7' };

type Call = [method: 'get' | 'set' | 'touch' | 'destroy', sid: string, expires?: string];

/** express-session's own MemoryStore, recording the calls that reach it (other than the reads). */
function recordingStore() {
  const store = new session.MemoryStore();
  const calls: Call[] = [];
  const expiresOf = (sess: session.SessionData) => new Date(sess.cookie.expires as Date | string).toISOString();
  const { set, touch, destroy } = store;
  store.set = (sid, sess, callback) => (
    calls.push(['set', sid, expiresOf(sess)]),
    set.call(store, sid, sess, callback)
  );
  store.touch = (sid, sess, callback) => (
    calls.push(['touch', sid, expiresOf(sess)]),
    touch.call(store, sid, sess, callback)
  );
  store.destroy = (sid, callback) => (calls.push(['destroy', sid]), destroy.call(store, sid, callback));
  return { store, calls };
}

const users: Partial<passport.PassportStatic> = {
  deserializeUser: ((user: unknown, _req: unknown, done: (error: unknown, user?: unknown) => void) =>
    done(null, user)) as never,
};

/** One app: sign-in and sign-out through express-session, and the session answer with or without the fast path. */
function app(options: { fast: boolean; secure?: boolean; cookie?: { secure?: boolean } }) {
  const { store, calls } = recordingStore();
  const cookies = authCookies(false);
  const sessions = sessionMiddleware({
    store,
    secret: SECRET,
    cookies: { ...cookies, options: { ...cookies.options, ...options.cookie } },
  });
  const answer: RequestHandler = (req, res) => {
    const user = (req.session as { passport?: { user?: unknown } } | undefined)?.passport?.user ?? null;
    res.json({ user, expires: user ? req.session.cookie.expires : null });
  };
  const server = express();
  if (options.secure) server.set('trust proxy', true);
  if (options.fast) {
    const answers = {
      answerSession: (_req: express.Request, res: express.Response, found: { user: unknown; expires: Date }) =>
        res.json(found),
    };
    server.get(
      '/session',
      sessionFastPath({
        store,
        passport: users as passport.PassportStatic,
        secret: SECRET,
        cookies,
        answers: answers as never,
      }),
    );
  }
  server.use(sessions);
  server.get('/session', answer);
  server.post('/sign-in', (req, res, next) =>
    req.session.regenerate((error) => {
      if (error) return next(error);
      (req.session as { passport?: unknown }).passport = { user: USER };
      res.status(204).end();
    }),
  );
  server.post('/sign-out', (req, res, next) =>
    req.session.destroy((error) => (error ? next(error) : res.status(204).end())),
  );
  return { server, calls };
}

/** Signs in through express-session on a fresh app; returns the app and the `name=value` cookie it set. */
async function signedIn(options: Parameters<typeof app>[0]) {
  const made = app(options);
  const response = await request(made.server)
    .post('/sign-in')
    .set('X-Forwarded-Proto', options.secure ? 'https' : 'http');
  const setCookie = response.headers['set-cookie'] as unknown as string[];
  made.calls.length = 0;
  return { ...made, cookie: setCookie[0]!.split(';')[0]! };
}

/** What a browser and the store see of one GET /session. */
async function observe(made: { server: express.Express; calls: Call[] }, cookie: string | null, https = false) {
  made.calls.length = 0;
  const pending = request(made.server)
    .get('/session')
    .set('X-Forwarded-Proto', https ? 'https' : 'http');
  const response = await (cookie ? pending.set('Cookie', cookie) : pending);
  return {
    status: response.status,
    user: response.body.user,
    setCookie: response.headers['set-cookie'] ?? [],
    calls: [...made.calls],
  };
}

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('the fast path and express-session answer a signed-in session alike', () => {
  it('same rolled cookie (value, path, expiry, flags), same touch with the new expiry, no save', async () => {
    const plain = await signedIn({ fast: false });
    const fast = await signedIn({ fast: true });
    const expected = await observe(plain, plain.cookie);
    const actual = await observe(fast, fast.cookie);
    // Each app signed in its own session: compare with the ids and cookie values named alike.
    const named = (seen: typeof expected, cookie: string) => {
      const sid = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
      return JSON.parse(JSON.stringify(seen).split(cookie).join('COOKIE').split(sid).join('SID'));
    };
    expect(named(actual, fast.cookie)).toEqual(named(expected, plain.cookie));
    const sid = decodeURIComponent(plain.cookie.split('=')[1]!).slice(2).split('.')[0]!;
    expect(expected.user).toEqual(USER);
    expect(expected.calls).toEqual([['touch', sid, new Date(NOW + SESSION_MAX_AGE_MS).toISOString()]]);
    expect(expected.setCookie[0]).toContain(`Expires=${new Date(NOW + SESSION_MAX_AGE_MS).toUTCString()}`);
  });

  it('a later request rolls the expiry forward in both', async () => {
    const plain = await signedIn({ fast: false });
    const fast = await signedIn({ fast: true });
    jest.spyOn(Date, 'now').mockReturnValue(NOW + 60_000);
    const later = new Date(NOW + 60_000 + SESSION_MAX_AGE_MS).toUTCString();
    expect((await observe(plain, plain.cookie)).setCookie[0]).toContain(`Expires=${later}`);
    expect((await observe(fast, fast.cookie)).setCookie[0]).toContain(`Expires=${later}`);
  });
});

describe('where express-session finds no session, the fast path answers nothing itself', () => {
  const forged = (cookie: string) => cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  const cases: [string, (cookie: string) => string | null][] = [
    ['no cookie', () => null],
    ['a forged signature', forged],
    ['an unsigned id', (cookie) => cookie.replace(/=s%3A([^.]*)\..*$/, '=$1')],
  ];
  it.each(cases)(
    '%s: express-session sees no one and writes nothing; the fast path hands over',
    async (_name, make) => {
      const plain = await signedIn({ fast: false });
      const fast = await signedIn({ fast: true });
      const expected = await observe(plain, make(plain.cookie));
      expect(expected).toEqual({ status: 200, user: null, setCookie: [], calls: [] });
      expect(await observe(fast, make(fast.cookie))).toEqual(expected);
    },
  );

  it('after sign-out (the row destroyed) and after sign-in again (regenerated: the old id is gone)', async () => {
    for (const fastPath of [false, true]) {
      const made = await signedIn({ fast: fastPath });
      const response = await request(made.server).post('/sign-in').set('Cookie', made.cookie);
      const renewed = (response.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
      expect(renewed).not.toBe(made.cookie);
      expect(made.calls.map(([method]) => method)).toEqual(['destroy', 'set']);
      expect((await observe(made, made.cookie)).user).toBeNull();
      await request(made.server).post('/sign-out').set('Cookie', renewed);
      expect(await observe(made, renewed)).toEqual({ status: 200, user: null, setCookie: [], calls: [] });
    }
  });

  it('a Secure cookie over plain http: neither sends a cookie', async () => {
    const plain = await signedIn({ fast: false, secure: true, cookie: { secure: true } });
    const fast = await signedIn({ fast: true, secure: true, cookie: { secure: true } });
    const expected = await observe(plain, plain.cookie, false);
    expect(expected.setCookie).toEqual([]);
    expect((await observe(fast, fast.cookie, false)).setCookie).toEqual([]);
  });
});
