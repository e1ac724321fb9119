import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { properties } from '../../../db/schema';
import { qrData } from '../../../bankid/qr';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { createTestApp } from '../../../../test/test-app';
import { startBankIdTestWorld, type BankIdTestWorld, type TestApp } from '../../../../test/test-world';
import { signInAs } from '../../../../test/staff-session';
import { HOME_RESTORE_MS } from '../removed-homes';

let world: BankIdTestWorld;
let database: DatabaseHandle;
let app: TestApp;
let fixtures: BankIdTestWorld['fixtures'];
let simulator: BankIdTestWorld['simulator'];
let rp: BankIdTestWorld['rp'];
// The BFF's clock runs ahead of real time when a test says so: it decides when to collect again and the QR second.
let offset = 0;
const now = () => Date.now() + offset;
const COLLECT_GAP = 2100;

beforeAll(async () => {
  world = await startBankIdTestWorld({ seed: [seedDemoStaff], now });
  ({ database, app, fixtures, simulator, rp } = world);
});
afterAll(() => world.close());
beforeEach(() => {
  offset = 0;
});

type Agent = ReturnType<typeof request.agent>;

async function csrf(agent: Agent): Promise<string> {
  return (await agent.get('/api/auth/csrf').expect(200)).body.csrfToken;
}

/** Starts an order like the /sign page does; `.expect(status)` asserts the answer. */
function start(agent: Agent, loginMethod: 'bankid.same_device' | 'bankid.other_device', extra: object = {}) {
  const pending = (async () => {
    const csrfToken = await csrf(agent); // before creating the request: the agent attaches cookies at creation
    return agent.post('/api/flow/user/sign').send({ csrfToken, loginMethod, identificationMode: 'identify', ...extra });
  })();
  return {
    async expect(status: number) {
      const res = await pending;
      if (res.status !== status)
        throw new Error(`start ${loginMethod}: expected ${status}, got ${res.status} ${res.text}`);
      return res;
    },
  };
}

/** The test BankID app's side: the simulator's control API. */
const control = {
  /** The order behind a start answer, found the way the app would: by its QR or autostart token. */
  async orderRefFor(started: { qrData: string | null; launchUrl: string | null }): Promise<string> {
    const res = await request(simulator.url).get('/simulator/api/orders').expect(200);
    const orders = res.body.orders as { orderRef: string; qrStartToken: string; autoStartToken: string }[];
    const qrToken = started.qrData?.split('.')[1];
    const autoStart = started.launchUrl
      ? new URL(started.launchUrl.replace('bankid:///', 'https://app/')).searchParams.get('autostarttoken')
      : null;
    const order = orders.find((o) => o.qrStartToken === qrToken || o.autoStartToken === autoStart);
    if (!order) throw new Error('order not found in the simulator');
    return order.orderRef;
  },
  scan: (qr: string) => request(simulator.url).post('/simulator/api/scan').send({ qrData: qr }),
  openApp: (orderRef: string) => request(simulator.url).post(`/simulator/api/orders/${orderRef}/open-app`).send({}),
  approve: (
    orderRef: string,
    person = { personalNumber: '198507099805', name: 'Karin Karlsson', givenName: 'Karin', surname: 'Karlsson' },
  ) => request(simulator.url).post(`/simulator/api/orders/${orderRef}/approve`).send(person),
  userCancel: (orderRef: string) =>
    request(simulator.url).post(`/simulator/api/orders/${orderRef}/user-cancel`).send({}),
  fail: (orderRef: string, hintCode: string) =>
    request(simulator.url).post(`/simulator/api/orders/${orderRef}/fail`).send({ hintCode }),
};

async function poll(agent: Agent) {
  offset += COLLECT_GAP;
  return agent.get('/api/flow/user/sign').expect(200);
}

describe('identify on another device (animated QR)', () => {
  it('shows a QR that changes every second, accepts the scan, signs the homeowner in with a new session', async () => {
    const agent = request.agent(app);
    const started = await start(agent, 'bankid.other_device').expect(200);
    expect(started.body).toMatchObject({
      requestStatus: 'pending',
      hintCode: 'outstandingTransaction',
      transactionStatus: 'outstandingTransaction',
      loginMethod: 'bankid.other_device',
      rfa: 'RFA1',
      launchUrl: null,
    });
    expect(started.body.message).toEqual({ en: 'Start your BankID app.', sv: 'Starta BankID-appen.' });
    const [, token, time, code] = started.body.qrData.split('.');
    expect(time).toBe('0');
    expect(code).toMatch(/^[0-9a-f]{64}$/);

    offset += 1000; // one second later, no new collect yet (2 s rule), but a new QR
    const second = await agent.get('/api/flow/user/sign').expect(200);
    expect(second.body.qrData).not.toBe(started.body.qrData);
    expect(second.body.qrData.split('.').slice(1, 3)).toEqual([token, '1']);

    const orderRef = await control.orderRefFor(started.body);
    await control.scan(started.body.qrData).expect(200);
    const signing = await poll(agent);
    expect(signing.body).toMatchObject({
      requestStatus: 'pending',
      transactionStatus: 'userSign',
      rfa: 'RFA9',
      qrData: null,
    });

    const before = (started.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('he.session='))
      ?.split(';')[0];
    expect(before).toBeDefined(); // the order is bound to this pre-login session
    await control.approve(orderRef).expect(200);
    const complete = await poll(agent);
    expect(complete.body.requestStatus).toBe('complete');

    const auth = await agent
      .post('/api/flow/user/auth')
      .send({ csrfToken: await csrf(agent) })
      .expect(200);
    expect(auth.body.user).toMatchObject({
      kind: 'homeowner',
      name: 'Karin Karlsson',
      personalNumberMasked: '19850709-****',
    });
    expect(JSON.stringify(auth.body)).not.toContain('198507099805');
    const sessionCookie = (auth.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('he.session='));
    expect(sessionCookie!.split(';')[0]).not.toBe(before); // regenerated at login: no fixation
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body.user).toMatchObject({ kind: 'homeowner', superAdmin: false, organisations: [] });
    expect((await agent.get('/api/flow/user/auth')).body.user.name).toBe('Karin Karlsson');

    // The completed order cannot sign in a second time (the new session has no order; a replay finds nothing).
    await agent
      .post('/api/flow/user/auth')
      .send({ csrfToken: await csrf(agent) })
      .expect(404);
  });

  it('keeps the personal number protected in the database', async () => {
    const rows = await database.pool.query(
      'select personal_number_hash, personal_number_encrypted, personal_number_masked from homeowners',
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) {
      expect(JSON.stringify(row)).not.toContain('198507099805');
      expect(row.personal_number_masked).toMatch(/^\d{8}-\*{4}$/);
    }
  });

  it('computes the QR per the BankID test vector', () => {
    const token = '67df3917-fa0d-44e5-b327-edcc928297f8';
    const secret = 'd28db9a7-4cde-429e-a983-359be676944c';
    expect(qrData(token, secret, 0)).toBe(
      `bankid.${token}.0.dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8`,
    );
    expect(qrData(token, secret, 1)).toBe(
      `bankid.${token}.1.949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2`,
    );
    expect(qrData(token, secret, 2)).toBe(
      `bankid.${token}.2.a9e5ec59cb4eee4ef4117150abc58fad7a85439a6a96ccbecc3668b41795b3f3`,
    );
  });
});

describe('identify on this device', () => {
  it('answers the app launch link, follows started → complete and signs in', async () => {
    const agent = request.agent(app);
    const started = await start(agent, 'bankid.same_device', {
      returnPath: '/property/1/building/primary/results-dashboard',
    }).expect(200);
    expect(started.body).toMatchObject({ rfa: 'RFA13', qrData: null });
    expect(started.body.launchUrl).toMatch(/^bankid:\/\/\/\?autostarttoken=[0-9a-f-]{36}&redirect=null$/);
    const mobile = await start(
      request.agent(app).set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile'),
      'bankid.same_device',
      { returnPath: '/sign' },
    ).expect(200);
    expect(mobile.body.launchUrl).toMatch(
      /^https:\/\/app\.bankid\.com\/\?autostarttoken=[0-9a-f-]{36}&redirect=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fsign$/,
    );

    const ref = await control.orderRefFor(started.body);
    await control.openApp(ref).expect(200);
    const opened = await poll(agent);
    expect(opened.body).toMatchObject({ transactionStatus: 'started', rfa: 'RFA15A' });
    await control.approve(ref).expect(200);
    expect((await poll(agent)).body.requestStatus).toBe('complete');
    await agent
      .post('/api/flow/user/auth')
      .send({ csrfToken: await csrf(agent) })
      .expect(200);
  });
});

describe('orders that do not complete', () => {
  it('reports a user cancel in the app with RFA6 and refuses to sign in', async () => {
    const agent = request.agent(app);
    const started = await start(agent, 'bankid.other_device').expect(200);
    await control.userCancel(await control.orderRefFor(started.body)).expect(200);
    const failed = await poll(agent);
    expect(failed.body).toMatchObject({ requestStatus: 'failed', hintCode: 'userCancel', rfa: 'RFA6', qrData: null });
    expect(failed.body.message.sv).toBe('Åtgärden avbröts.');
    await agent
      .post('/api/flow/user/auth')
      .send({ csrfToken: await csrf(agent) })
      .expect(409);
    expect((await agent.get('/api/auth/session')).body).toEqual({});
  });

  it('reports an expired order as expiredTransaction with RFA8', async () => {
    const agent = request.agent(app);
    const started = await start(agent, 'bankid.other_device').expect(200);
    await control.fail(await control.orderRefFor(started.body), 'expiredTransaction').expect(200);
    expect((await poll(agent)).body).toMatchObject({
      requestStatus: 'failed',
      transactionStatus: 'expiredTransaction',
      rfa: 'RFA8',
    });
  });

  it('cancels an order from the page', async () => {
    const agent = request.agent(app);
    const started = await start(agent, 'bankid.other_device').expect(200);
    const ref = await control.orderRefFor(started.body);
    const cancelled = await agent
      .delete('/api/flow/user/sign')
      .send({ csrfToken: await csrf(agent) })
      .expect(200);
    expect(cancelled.body).toMatchObject({ requestStatus: 'failed', hintCode: 'userCancel' });
    // BankID knows too: cancelling it again is refused there.
    expect((await request(simulator.url).post('/rp/v6.0/cancel').send({ orderRef: ref })).status).toBe(400);
  });

  it('answers 204 when the session has no order and 403 without the CSRF token', async () => {
    const agent = request.agent(app);
    await agent.get('/api/flow/user/sign').expect(204);
    const res = await agent
      .post('/api/flow/user/sign')
      .send({ csrfToken: 'nope', loginMethod: 'bankid.other_device' })
      .expect(403);
    expect(res.body.error).toBe('csrf');
    const bad = await agent
      .post('/api/flow/user/sign')
      .send({ csrfToken: await csrf(agent), loginMethod: 'bankid.by_pigeon' })
      .expect(400);
    expect(JSON.stringify(bad.body.issues)).toContain('loginMethod');
  });

  it('refuses a second order for the same personal number while one runs (RFA4)', async () => {
    // The same person signed in in two browsers; both ask to confirm their identity at the same time.
    const owner = await signedInHomeowner();
    const again = await signedInHomeowner();
    await owner
      .post('/api/flow/user/sign')
      .send({ csrfToken: await csrf(owner), loginMethod: 'bankid.other_device', identificationMode: 'validate' })
      .expect(200);
    const res = await again
      .post('/api/flow/user/sign')
      .send({ csrfToken: await csrf(again), loginMethod: 'bankid.other_device', identificationMode: 'validate' })
      .expect(409);
    expect(res.body.error).toBe('alreadyInProgress');
    expect(res.body.issues.rfa).toBe('RFA4');
  });
});

async function signInHomeowner(agent: Agent, personalNumber = '198507099805') {
  const started = await start(agent, 'bankid.other_device').expect(200);
  const ref = await control.orderRefFor(started.body);
  await control.scan(started.body.qrData).expect(200);
  await control
    .approve(ref, { personalNumber, name: 'Karin Karlsson', givenName: 'Karin', surname: 'Karlsson' })
    .expect(200);
  expect((await poll(agent)).body.requestStatus).toBe('complete');
  await agent
    .post('/api/flow/user/auth')
    .send({ csrfToken: await csrf(agent) })
    .expect(200);
  return agent;
}

async function signedInHomeowner(personalNumber = '198507099805') {
  return signInHomeowner(request.agent(app), personalNumber);
}

describe('profile', () => {
  let ids: number[] = [];
  beforeAll(async () => {
    const rows = await database.db
      .insert(properties)
      .values([
        {
          name: 'Storgatan 1, 111 22 Stockholm',
          street: 'Storgatan 1',
          postalCode: '11122',
          postalCity: 'Stockholm',
          demo: true,
        },
        {
          name: 'Lillgatan 2, 411 01 Göteborg',
          street: 'Lillgatan 2',
          postalCode: '41101',
          postalCity: 'Göteborg',
          demo: true,
        },
      ])
      .returning();
    ids = rows.map((r) => r.id);
  });

  it('needs a homeowner session: anonymous and staff get 401', async () => {
    await request(app).get('/api/flow/user/profile').expect(401);
    const staff = request.agent(app);
    await signInAs(staff, 'staff@energi.demo.test').expect(200);
    await staff.get('/api/flow/user/profile').expect(401);
  });

  it('adds, selects and removes properties; refuses a selection outside the profile and unknown ids', async () => {
    const owner = await signedInHomeowner('197001011234');
    const empty = await owner.get('/api/flow/user/profile').expect(200);
    expect(empty.body).toMatchObject({ properties: [], selectedPropertyId: null, contact: null });

    const patched = await owner
      .patch('/api/flow/user/profile')
      .send({ properties: ids, selectedPropertyId: ids[1] })
      .expect(200);
    expect(patched.body.properties.map((p: { id: number }) => p.id)).toEqual(ids);
    expect(patched.body.properties[0]).toMatchObject({
      name: 'Storgatan 1, 111 22 Stockholm',
      addresses: [{ street: 'Storgatan 1', postal_code: '11122', postal_city: 'Stockholm' }],
      relations: ['profile_added'],
    });
    expect(patched.body.selectedPropertyId).toBe(ids[1]);

    await owner.patch('/api/flow/user/profile').send({ selectedPropertyId: 999999 }).expect(400);
    await owner
      .patch('/api/flow/user/profile')
      .send({ properties: [999999] })
      .expect(400);
    await owner.patch('/api/flow/user/profile').send({ properties: 'all' }).expect(400);
    await owner.patch('/api/flow/user/profile').send({ extra: true }).expect(400);
    await owner.patch('/api/flow/user/profile').send({}).expect(400);
    expect((await owner.get('/api/flow/user/profile')).body.selectedPropertyId).toBe(ids[1]);

    const afterDelete = await owner.delete(`/api/flow/user/profile/property/${ids[1]}`).expect(200);
    expect(afterDelete.body.properties.map((p: { id: number }) => p.id)).toEqual([ids[0]]);
    expect(afterDelete.body.selectedPropertyId).toBeNull();
    await owner.delete(`/api/flow/user/profile/property/${ids[1]}`).expect(404);
    await owner.delete('/api/flow/user/profile/property/abc').expect(400);
  });

  it('validates contact details: email and a Swedish mobile, landlines refused', async () => {
    const owner = await signedInHomeowner('196512241111');
    const badEmail = await owner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'not-an-email', mobile: '0701234567' })
      .expect(400);
    expect(JSON.stringify(badEmail.body.issues)).toContain('Invalid email address');
    const landline = await owner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'karin@example.se', mobile: '08-123 456 78' })
      .expect(400);
    expect(JSON.stringify(landline.body.issues)).toContain('Invalid phone number');
    const foreign = await owner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'karin@example.se', mobile: '+47 412 34 567' })
      .expect(400);
    expect(JSON.stringify(foreign.body.issues)).toContain('Invalid phone number');
    expect((await owner.get('/api/flow/user/profile')).body.contact).toBeNull();
    const ok = await owner
      .post('/api/flow/user/profile/contact')
      .send({ email: ' Karin@Example.se ', mobile: '070-123 45 67' })
      .expect(200);
    // A new email is unconfirmed until the link mailed to it is followed (homeowner/email-verification.ts).
    expect(ok.body.contact).toEqual({
      name: null,
      email: 'karin@example.se',
      mobile: '+46701234567',
      email_verified: false,
    });
    expect((await owner.get('/api/flow/user/profile')).body.contact).toEqual({
      name: null,
      email: 'karin@example.se',
      mobile: '+46701234567',
      email_verified: false,
    });
  });

  it('keeps the name to be reached by with the contact details, and says what was wrong with a bad one', async () => {
    const owner = await signedInHomeowner('196512242222');
    const blank = await owner
      .post('/api/flow/user/profile/contact')
      .send({ name: '   ', email: 'karin@example.se', mobile: '070-123 45 67' })
      .expect(400);
    expect(blank.body.issues).toEqual([
      expect.objectContaining({ path: 'body.name', message: 'Enter your name (at most 100 characters)' }),
    ]);
    await owner
      .post('/api/flow/user/profile/contact')
      .send({ name: 'x'.repeat(101), email: 'karin@example.se', mobile: '070-123 45 67' })
      .expect(400);
    await owner
      .post('/api/flow/user/profile/contact')
      .send({ name: 42, email: 'karin@example.se', mobile: '070-123 45 67' })
      .expect(400);
    const saved = await owner
      .post('/api/flow/user/profile/contact')
      .send({ name: ' Karin K ', email: 'karin@example.se', mobile: '070-123 45 67' })
      .expect(200);
    expect(saved.body.contact).toEqual({
      name: 'Karin K',
      email: 'karin@example.se',
      mobile: '+46701234567',
      email_verified: false,
    });
    // The contact form of the flow sends no name: the one given before stays.
    await owner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'karin.k@example.se', mobile: '070-123 45 67' })
      .expect(200);
    expect((await owner.get('/api/flow/user/profile')).body.contact).toEqual({
      name: 'Karin K',
      email: 'karin.k@example.se',
      mobile: '+46701234567',
      email_verified: false,
    });
  });

  it('a removed home comes back with its answers and selection on Undo within the minute', async () => {
    const owner = await signedInHomeowner('197102021234');
    await owner.patch('/api/flow/user/profile').send({ properties: ids, selectedPropertyId: ids[0] }).expect(200);
    await owner.post(`/api/flow/property/${ids[0]}/answer`).send({ occupants: 3 }).expect(200);

    const removed = await owner.delete(`/api/flow/user/profile/property/${ids[0]}`).expect(200);
    expect(removed.body.properties.map((p: { id: number }) => p.id)).toEqual([ids[1]]);
    expect(removed.body.selectedPropertyId).toBeNull();
    expect(removed.body.removed.id).toBe(ids[0]);
    expect(Date.parse(removed.body.removed.restorableUntil)).toBeGreaterThan(now() + HOME_RESTORE_MS / 2);
    // Out of the list, and its answers out of reach, in the meantime.
    expect((await owner.get('/api/flow/user/profile')).body.properties.map((p: { id: number }) => p.id)).toEqual([
      ids[1],
    ]);
    expect((await owner.get(`/api/flow/property/${ids[0]}/answers`)).body.answers?.occupants).toBeUndefined();

    offset += HOME_RESTORE_MS / 2;
    const restored = await owner.post(`/api/flow/user/profile/property/${ids[0]}/restore`).send({}).expect(200);
    expect(restored.body.properties.map((p: { id: number }) => p.id)).toEqual(ids);
    expect(restored.body.selectedPropertyId).toBe(ids[0]);
    expect((await owner.get(`/api/flow/property/${ids[0]}/answers`).expect(200)).body.answers.occupants).toBe(3);
    // Nothing is removed any more: a second Undo finds nothing.
    const again = await owner.post(`/api/flow/user/profile/property/${ids[0]}/restore`).send({}).expect(404);
    expect(again.body.message).toMatch(/cannot be restored/);
  });

  it('after the minute the removed home and its answers are deleted, and Undo answers 404', async () => {
    const owner = await signedInHomeowner('197203031234');
    await owner.patch('/api/flow/user/profile').send({ properties: ids }).expect(200);
    await owner.post(`/api/flow/property/${ids[1]}/answer`).send({ occupants: 2 }).expect(200);
    await owner.delete(`/api/flow/user/profile/property/${ids[1]}`).expect(200);
    offset += HOME_RESTORE_MS + 1000;
    await owner.post(`/api/flow/user/profile/property/${ids[1]}/restore`).send({}).expect(404);
    expect((await owner.get('/api/flow/user/profile')).body.properties.map((p: { id: number }) => p.id)).toEqual([
      ids[0],
    ]);
    const left = await database.pool.query(
      `select (select count(*)::int from homeowner_properties hp join homeowners h on h.id = hp.homeowner_id
              where h.personal_number_masked = '19720303-****' and hp.property_id = $1) as listed,
              (select count(*)::int from building_profiles b join homeowners h on h.id = b.homeowner_id
              where h.personal_number_masked = '19720303-****' and b.property_id = $1) as answers`,
      [ids[1]],
    );
    expect(left.rows[0]).toEqual({ listed: 0, answers: 0 });
  });

  it("Undo takes only a home id and an empty body, and only the homeowner's own removals", async () => {
    const owner = await signedInHomeowner('197304041234');
    await owner.patch('/api/flow/user/profile').send({ properties: ids }).expect(200);
    await owner.delete(`/api/flow/user/profile/property/${ids[0]}`).expect(200);
    await owner.post('/api/flow/user/profile/property/abc/restore').send({}).expect(400);
    await owner.post(`/api/flow/user/profile/property/${ids[0]}/restore`).send({ when: 'now' }).expect(400);
    const stranger = await signedInHomeowner('197405051234');
    await stranger.post(`/api/flow/user/profile/property/${ids[0]}/restore`).send({}).expect(404);
    await request(app).post(`/api/flow/user/profile/property/${ids[0]}/restore`).send({}).expect(401);
    await owner.post(`/api/flow/user/profile/property/${ids[0]}/restore`).send({}).expect(200);
  });

  it('logs out with a new empty session', async () => {
    const owner = await signedInHomeowner('198001011111');
    await owner
      .post('/api/flow/user/logout')
      .send({ csrfToken: await csrf(owner) })
      .expect(200);
    expect((await owner.get('/api/auth/session')).body).toEqual({});
    await owner.get('/api/flow/user/profile').expect(401);
  });
});

describe('the demo test app', () => {
  it('links a QR order waiting for its scan to its place on the simulator page, and that page shows it', async () => {
    const testApp = `${simulator.url}/simulator/`;
    const agent = request.agent(createTestApp(database, fixtures, {}, { rp, now, bankIdTestAppUrl: testApp }));
    const started = await start(agent, 'bankid.other_device').expect(200);
    const orderRef = await control.orderRefFor(started.body);
    expect(started.body.testAppUrl).toBe(`${testApp}?refresh=off#order-${orderRef}`);
    expect((await agent.get('/api/flow/user/sign').expect(200)).body.testAppUrl).toBe(
      `${testApp}?refresh=off#order-${orderRef}`,
    );
    const page = await request(simulator.url).get('/simulator/').expect(200);
    expect(page.text).toContain(`id="order-${orderRef}"`);
    // Once scanned there is no QR, so no link either.
    await control.scan(started.body.qrData).expect(200);
    expect((await poll(agent)).body.testAppUrl).toBeUndefined();
  });

  it('is not offered with real BankID, nor on this device', async () => {
    const other = await start(request.agent(app), 'bankid.other_device').expect(200);
    expect(other.body.testAppUrl).toBeUndefined();
    const sameDevice = await start(
      request.agent(
        createTestApp(database, fixtures, {}, { rp, now, bankIdTestAppUrl: `${simulator.url}/simulator/` }),
      ),
      'bankid.same_device',
    ).expect(200);
    expect(sameDevice.body.testAppUrl).toBeUndefined();
  });
});

describe('fake login', () => {
  it('does not exist unless explicitly enabled', async () => {
    await request(app).post('/api/flow/user/fake-login').send({}).expect(404);
  });

  it('signs in a demo homeowner when enabled, never cached', async () => {
    const enabled = createTestApp(database, fixtures, { FAKE_LOGIN: true }, { rp, now });
    const agent = request.agent(enabled);
    const res = await agent.post('/api/flow/user/fake-login').send({}).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.user).toMatchObject({
      kind: 'homeowner',
      name: 'Anna Andersson',
      personalNumberMasked: '19900101-****',
    });
    expect((await agent.get('/api/flow/user/profile')).status).toBe(200);
  });

  it('signs in another homeowner when given a personal number and name, and checks them', async () => {
    const enabled = createTestApp(database, fixtures, { FAKE_LOGIN: true }, { rp, now });
    const other = request.agent(enabled);
    const res = await other
      .post('/api/flow/user/fake-login')
      .send({ personalNumber: '197002021234', name: 'Olle Olsson' })
      .expect(200);
    expect(res.body.user).toMatchObject({
      kind: 'homeowner',
      name: 'Olle Olsson',
      personalNumberMasked: '19700202-****',
    });
    const demo = (await request.agent(enabled).post('/api/flow/user/fake-login').send({}).expect(200)).body.user;
    expect(demo.id).not.toBe(res.body.user.id);
    const bad = await request(enabled).post('/api/flow/user/fake-login').send({ personalNumber: '1970' }).expect(400);
    expect(JSON.stringify(bad.body.issues)).toContain('body.personalNumber');
    await request(enabled).post('/api/flow/user/fake-login').send({ role: 'admin' }).expect(400);
  });

  it('is off outside demo mode even when the flag reaches the app', async () => {
    const production = createTestApp(
      database,
      fixtures,
      { FAKE_LOGIN: true, NODE_ENV: 'production', demo: false },
      { rp, now },
    );
    await request(production).post('/api/flow/user/fake-login').send({}).expect(404);
  });
});
