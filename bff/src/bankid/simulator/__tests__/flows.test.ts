import request from 'supertest';
import { qrData } from '../../qr';
import { setup } from './helpers';

const ANNA = { personalNumber: '199001011239', name: 'Anna Andersson', givenName: 'Anna', surname: 'Andersson' };
const KARIN = { personalNumber: '198507099805', name: 'Karin Karlsson', givenName: 'Karin', surname: 'Karlsson' };

describe('identify on the same device (autostart)', () => {
  it('goes outstandingTransaction → started → complete with completionData', async () => {
    const sim = setup();
    const order = await sim.auth({ endUserIp: '192.0.2.10', returnRisk: true });
    expect((await sim.collect(order.orderRef)).body).toEqual({
      orderRef: order.orderRef,
      status: 'pending',
      hintCode: 'outstandingTransaction',
    });

    const opened = await sim.control(`/orders/${order.orderRef}/open-app`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      orderRef: order.orderRef,
      status: 'pending',
      hintCode: 'started',
      autoStartToken: order.autoStartToken,
    });
    expect(JSON.stringify(opened.body)).not.toContain(order.qrStartSecret);
    expect((await sim.collect(order.orderRef)).body).toEqual({
      orderRef: order.orderRef,
      status: 'pending',
      hintCode: 'started',
    });

    sim.advance(45_000); // past the start window: the app has started, so no startFailed
    const approved = await sim.control(`/orders/${order.orderRef}/approve`, KARIN);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'complete', hintCode: null, user: KARIN });

    const done = await sim.collect(order.orderRef);
    expect(done.status).toBe(200);
    expect(done.body.hintCode).toBeUndefined();
    const data = done.body.completionData;
    expect(done.body).toMatchObject({ orderRef: order.orderRef, status: 'complete' });
    expect(data.user).toEqual(KARIN);
    expect(data.device).toEqual({ ipAddress: '192.0.2.10', uhi: expect.stringMatching(/^[A-Za-z0-9+/]{10,}$/) });
    expect(data.bankIdIssueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.stepUp).toEqual({ mrtd: false });
    expect(data.risk).toBe('low');
    const xml = Buffer.from(data.signature, 'base64').toString('utf8');
    expect(xml).toMatch(/^<\?xml /);
    expect(xml).toContain('<funcId>Identification</funcId>');
    expect(xml).toContain('<personalNumber>198507099805</personalNumber>');
    expect(Buffer.from(data.ocspResponse, 'base64').length).toBeGreaterThan(0);
    // collecting again within 3 minutes gives the same answer
    expect((await sim.collect(order.orderRef)).body).toEqual(done.body);
  });

  it('approves as the demo person Anna Andersson when no one is given', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    await sim.control(`/orders/${orderRef}/open-app`).expect(200);
    await sim.control(`/orders/${orderRef}/approve`).expect(200);
    expect((await sim.collect(orderRef)).body.completionData.user).toEqual(ANNA);
  });

  it('can show userSign after started, and omits risk unless returnRisk was asked for', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    await sim.control(`/orders/${orderRef}/open-app`).expect(200);
    await sim.control(`/orders/${orderRef}/user-sign`).expect(200);
    expect((await sim.collect(orderRef)).body.hintCode).toBe('userSign');
    await sim
      .control(`/orders/${orderRef}/approve`, { personalNumber: '198507099805', name: 'Karin Karlsson' })
      .expect(200);
    const data = (await sim.collect(orderRef)).body.completionData;
    expect(data.user).toEqual(KARIN); // given name and surname split from name
    expect(data).not.toHaveProperty('risk');
  });
});

describe('identify on another device (animated QR)', () => {
  it('accepts a correct QR for the current second → userSign → complete', async () => {
    const sim = setup();
    const order = await sim.auth();
    sim.advance(3_400); // qrTime 3
    const scanned = await sim.control('/scan', { qrData: qrData(order.qrStartToken, order.qrStartSecret, 3) });
    expect(scanned.status).toBe(200);
    expect(scanned.body).toMatchObject({ orderRef: order.orderRef, hintCode: 'userSign' });
    expect((await sim.collect(order.orderRef)).body).toEqual({
      orderRef: order.orderRef,
      status: 'pending',
      hintCode: 'userSign',
    });
    await sim.control(`/orders/${order.orderRef}/approve`, KARIN).expect(200);
    expect((await sim.collect(order.orderRef)).body.completionData.user).toEqual(KARIN);
  });

  it('accepts a QR up to 2 s old and refuses a stale one with 409', async () => {
    const sim = setup();
    const order = await sim.auth();
    sim.advance(5_000);
    const stale = await sim.control('/scan', { qrData: qrData(order.qrStartToken, order.qrStartSecret, 2) });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: 'conflict', message: expect.stringContaining('stale') });
    expect((await sim.collect(order.orderRef)).body.hintCode).toBe('outstandingTransaction');
    const future = await sim.control('/scan', { qrData: qrData(order.qrStartToken, order.qrStartSecret, 9) });
    expect(future.status).toBe(409);
    await sim.control('/scan', { qrData: qrData(order.qrStartToken, order.qrStartSecret, 3) }).expect(200);
  });

  it('refuses a QR whose auth code does not match (wrong secret or tampered time)', async () => {
    const sim = setup();
    const order = await sim.auth();
    sim.advance(1_000);
    const wrongSecret = await sim.control('/scan', {
      qrData: qrData(order.qrStartToken, '00000000-0000-4000-8000-000000000000', 1),
    });
    expect(wrongSecret.status).toBe(409);
    expect(wrongSecret.body.message).toContain('auth code');
    const code0 = qrData(order.qrStartToken, order.qrStartSecret, 0).split('.')[3];
    const tampered = await sim.control('/scan', { qrData: `bankid.${order.qrStartToken}.1.${code0}` });
    expect(tampered.status).toBe(409);
    expect((await sim.collect(order.orderRef)).body.hintCode).toBe('outstandingTransaction');
  });

  it('answers 400 for a payload that is not a BankID QR and 404 for an unknown qrStartToken', async () => {
    const sim = setup();
    const order = await sim.auth();
    expect((await sim.control('/scan', { qrData: 'https://example.test' })).status).toBe(400);
    expect((await sim.control('/scan', {})).body).toEqual({ error: 'bad_request', message: expect.any(String) });
    const other = await sim.control('/scan', {
      qrData: qrData('11111111-2222-4333-8444-555555555555', order.qrStartSecret, 0),
    });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('not_found');
  });

  it('cannot scan an order twice or after the app was started on the same device', async () => {
    const sim = setup();
    const a = await sim.auth();
    await sim.control('/scan', { qrData: qrData(a.qrStartToken, a.qrStartSecret, 0) }).expect(200);
    expect((await sim.control('/scan', { qrData: qrData(a.qrStartToken, a.qrStartSecret, 0) })).status).toBe(409);
    const b = await sim.auth();
    await sim.control(`/orders/${b.orderRef}/open-app`).expect(200);
    expect((await sim.control('/scan', { qrData: qrData(b.qrStartToken, b.qrStartSecret, 0) })).status).toBe(409);
  });
});

describe('orders that do not complete', () => {
  it('reports a cancel in the app as failed userCancel', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    await sim.control(`/orders/${orderRef}/open-app`).expect(200);
    const cancelled = await sim.control(`/orders/${orderRef}/user-cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'failed', hintCode: 'userCancel' });
    expect((await sim.collect(orderRef)).body).toEqual({ orderRef, status: 'failed', hintCode: 'userCancel' });
    // a finished order cannot be approved or cancelled again
    expect((await sim.control(`/orders/${orderRef}/approve`)).status).toBe(409);
    expect((await sim.control(`/orders/${orderRef}/user-cancel`)).status).toBe(409);
  });

  it.each(['expiredTransaction', 'startFailed', 'certificateErr'])('can force failed %s', async (hintCode) => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    await sim.control(`/orders/${orderRef}/fail`, { hintCode }).expect(200);
    expect((await sim.collect(orderRef)).body).toEqual({ orderRef, status: 'failed', hintCode });
  });

  it('refuses to force an unsupported failure', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    for (const hintCode of ['userCancel', 'cancelled', 'anything', undefined]) {
      const res = await sim.control(`/orders/${orderRef}/fail`, { hintCode });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('bad_request');
    }
    expect((await sim.collect(orderRef)).body.status).toBe('pending');
  });

  it('when a person approves a newer order, their older pending order fails with cancelled', async () => {
    const sim = setup();
    const older = await sim.auth({ requirement: { personalNumber: KARIN.personalNumber } });
    const unrelated = await sim.auth({ requirement: { personalNumber: ANNA.personalNumber } });
    sim.advance(1_000);
    const newer = await sim.auth();
    await sim.control(`/orders/${newer.orderRef}/open-app`).expect(200);
    await sim.control(`/orders/${newer.orderRef}/approve`, KARIN).expect(200);
    expect((await sim.collect(older.orderRef)).body).toEqual({
      orderRef: older.orderRef,
      status: 'failed',
      hintCode: 'cancelled',
    });
    expect((await sim.collect(unrelated.orderRef)).body.status).toBe('pending');
    expect((await sim.collect(newer.orderRef)).body.status).toBe('complete');
  });

  it('an order with requirement.personalNumber can only be approved by that person (409, stays pending)', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth({ requirement: { personalNumber: KARIN.personalNumber } });
    const wrong = await sim.control(`/orders/${orderRef}/approve`, ANNA);
    expect(wrong.status).toBe(409);
    expect(wrong.body).toEqual({ error: 'conflict', message: expect.stringContaining(KARIN.personalNumber) });
    expect((await sim.collect(orderRef)).body).toEqual({
      orderRef,
      status: 'pending',
      hintCode: 'outstandingTransaction',
    });
    // without a personal number, the required person approves
    await sim.control(`/orders/${orderRef}/approve`, { name: 'Karin Karlsson' }).expect(200);
    expect((await sim.collect(orderRef)).body.completionData.user.personalNumber).toBe(KARIN.personalNumber);
  });
});

describe('control API', () => {
  it('lists pending and recent orders newest first, without the qrStartSecret', async () => {
    const sim = setup();
    const first = await sim.auth({ requirement: { personalNumber: KARIN.personalNumber } });
    sim.advance(1_000);
    const second = await sim.rp('/sign', {
      endUserIp: '192.0.2.20',
      userVisibleData: Buffer.from('Sign *this*').toString('base64'),
    });
    await sim.control(`/orders/${first.orderRef}/user-cancel`).expect(200);
    const res = await request(sim.app).get('/simulator/api/orders');
    expect(res.status).toBe(200);
    expect(res.body.orders).toHaveLength(2);
    expect(res.body.orders[0]).toMatchObject({
      orderRef: second.body.orderRef,
      kind: 'sign',
      status: 'pending',
      hintCode: 'outstandingTransaction',
      createdAt: '2025-03-01T10:00:01.000Z',
      personalNumber: null,
      userVisibleData: 'Sign *this*',
      endUserIp: '192.0.2.20',
    });
    expect(res.body.orders[1]).toMatchObject({
      orderRef: first.orderRef,
      kind: 'auth',
      status: 'failed',
      hintCode: 'userCancel',
      personalNumber: KARIN.personalNumber,
      userVisibleData: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(first.qrStartSecret);
    expect(JSON.stringify(res.body)).not.toContain(second.body.qrStartSecret);
    // orders past their collect retention are forgotten
    sim.advance(5 * 60_000 + 1_000);
    expect(
      (await request(sim.app).get('/simulator/api/orders')).body.orders.map((o: { orderRef: string }) => o.orderRef),
    ).toEqual([second.body.orderRef]);
  });

  it('answers 404 for an unknown order, 409 for the wrong state and 400 for bad input', async () => {
    const sim = setup();
    const unknown = await sim.control('/orders/11111111-2222-4333-8444-555555555555/approve');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'not_found', message: expect.any(String) });
    expect((await request(sim.app).get('/simulator/api/orders/11111111-2222-4333-8444-555555555555')).status).toBe(404);

    const { orderRef } = await sim.auth();
    await sim.control(`/orders/${orderRef}/open-app`).expect(200);
    const again = await sim.control(`/orders/${orderRef}/open-app`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('conflict');
    expect((await sim.control(`/orders/${orderRef}/no-client`)).status).toBe(409);

    for (const body of [{ personalNumber: '19900101-1239' }, { personalNumber: 199001011239 }, { name: 42 }]) {
      const res = await sim.control(`/orders/${orderRef}/approve`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('bad_request');
    }
    const malformed = await request(sim.app)
      .post(`/simulator/api/orders/${orderRef}/approve`)
      .set('Content-Type', 'application/json')
      .send('{"personalNumber"');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('bad_request');
    expect((await request(sim.app).get('/simulator/api/nothing')).status).toBe(404);
    expect((await sim.collect(orderRef)).body.hintCode).toBe('started');
  });

  it('marks an order noClient, after which the app can still start it', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    await sim.control(`/orders/${orderRef}/no-client`).expect(200);
    expect((await sim.collect(orderRef)).body).toEqual({ orderRef, status: 'pending', hintCode: 'noClient' });
    await sim.control(`/orders/${orderRef}/open-app`).expect(200);
    expect((await sim.collect(orderRef)).body.hintCode).toBe('started');
  });

  it('refuses requests from another site (a browser page elsewhere must not drive it)', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    const res = await request(sim.app)
      .post(`/simulator/api/orders/${orderRef}/approve`)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({});
    expect(res.status).toBe(403);
    expect((await sim.collect(orderRef)).body.status).toBe('pending');
    await request(sim.app)
      .post(`/simulator/api/orders/${orderRef}/approve`)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({})
      .expect(200);
  });
});
