import request from 'supertest';
import { setup, UUID } from './helpers';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('RP API v6.0: /auth and /sign', () => {
  it('starts an order with four distinct UUIDs and reports outstandingTransaction', async () => {
    const sim = setup();
    const res = await sim.rp('/auth', { endUserIp: '192.0.2.10' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(['autoStartToken', 'orderRef', 'qrStartSecret', 'qrStartToken']);
    for (const value of Object.values(res.body)) expect(value).toMatch(UUID);
    expect(new Set(Object.values(res.body)).size).toBe(4);
    expect((await sim.collect(res.body.orderRef)).body).toEqual({
      orderRef: res.body.orderRef,
      status: 'pending',
      hintCode: 'outstandingTransaction',
    });
  });

  it('accepts every documented field', async () => {
    const sim = setup();
    const res = await sim.rp('/auth', {
      endUserIp: '2001:db8::1',
      returnUrl: 'https://example.test/return#nonce=abc',
      returnRisk: true,
      requirement: {
        personalNumber: '199001011239',
        pinCode: true,
        mrtd: false,
        cardReader: 'class1',
        certificatePolicies: ['1.2.3.4.5', '1.2.3.4.25'],
        risk: 'low',
      },
      userVisibleData: b64('Log in to *Home energy*'),
      userVisibleDataFormat: 'simpleMarkdownV1',
      userNonVisibleData: b64('nonce'),
      web: { deviceIdentifier: 'a'.repeat(64), referringDomain: 'xn--energi-test.example', userAgent: 'Mozilla/5.0' },
    });
    expect(res.status).toBe(200);
  });

  it.each([
    [{}, 'endUserIp is required'],
    [{ endUserIp: 'localhost' }, 'endUserIp must be an IPv4 or IPv6 address'],
    [{ endUserIp: 1234 }, 'endUserIp'],
    [{ endUserIp: '192.0.2.1', requirement: { personalNumber: '19900101-1239' } }, 'requirement.personalNumber'],
    [{ endUserIp: '192.0.2.1', requirement: { personalNumber: '9001011239' } }, 'requirement.personalNumber'],
    [{ endUserIp: '192.0.2.1', requirement: { pinCode: 'yes' } }, 'requirement.pinCode'],
    [{ endUserIp: '192.0.2.1', requirement: { cardReader: 'class3' } }, 'requirement.cardReader'],
    [{ endUserIp: '192.0.2.1', requirement: { certificatePolicies: '1.2.3.4.5' } }, 'requirement.certificatePolicies'],
    [{ endUserIp: '192.0.2.1', requirement: { risk: 'high' } }, 'requirement.risk'],
    [{ endUserIp: '192.0.2.1', requirement: 'none' }, 'requirement must be an object'],
    [{ endUserIp: '192.0.2.1', userVisibleData: 'not base64!' }, 'userVisibleData must be base64'],
    [{ endUserIp: '192.0.2.1', userVisibleData: b64('x'), userVisibleDataFormat: 'html' }, 'userVisibleDataFormat'],
    [{ endUserIp: '192.0.2.1', returnUrl: '/relative' }, 'returnUrl'],
    [{ endUserIp: '192.0.2.1', returnRisk: 'true' }, 'returnRisk'],
    [{ endUserIp: '192.0.2.1', web: { referringDomain: 'Exämple.com' } }, 'web.referringDomain'],
    [{ endUserIp: '192.0.2.1', web: { userAgent: 'x'.repeat(257) } }, 'web.userAgent'],
    [{ endUserIp: '192.0.2.1', web: {}, app: {} }, 'web and app'],
  ])('refuses %j with invalidParameters', async (body, details) => {
    const sim = setup();
    const res = await sim.rp('/auth', body);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('invalidParameters');
    expect(res.body.details).toContain(details);
  });

  it('requires userVisibleData for /sign and keeps it for the signature', async () => {
    const sim = setup();
    const missing = await sim.rp('/sign', { endUserIp: '192.0.2.10' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ errorCode: 'invalidParameters', details: 'userVisibleData is required for /sign' });

    const ok = await sim.rp('/sign', { endUserIp: '192.0.2.10', userVisibleData: b64('Jag godkänner avtalet') });
    expect(ok.status).toBe(200);
    const listed = await request(sim.app).get('/simulator/api/orders');
    expect(listed.body.orders[0]).toMatchObject({ kind: 'sign', userVisibleData: 'Jag godkänner avtalet' });
    await sim.control(`/orders/${ok.body.orderRef}/approve`).expect(200);
    const done = await sim.collect(ok.body.orderRef);
    const xml = Buffer.from(done.body.completionData.signature, 'base64').toString('utf8');
    expect(xml).toContain(
      `<usrVisibleData charset="UTF-8" visible="wysiwys">${b64('Jag godkänner avtalet')}</usrVisibleData>`,
    );
    expect(xml).toContain('<funcId>Signing</funcId>');
  });

  it('refuses a second order for a personal number that has one pending (alreadyInProgress)', async () => {
    const sim = setup();
    const first = await sim.auth({ requirement: { personalNumber: '199001011239' } });
    const second = await sim.rp('/auth', { endUserIp: '192.0.2.10', requirement: { personalNumber: '199001011239' } });
    expect(second.status).toBe(400);
    expect(second.body.errorCode).toBe('alreadyInProgress');
    expect(second.body.details).toEqual(expect.any(String));
    // /sign counts too; other people and orders without a personal number are not affected
    expect(
      (
        await sim.rp('/sign', {
          endUserIp: '192.0.2.10',
          userVisibleData: b64('x'),
          requirement: { personalNumber: '199001011239' },
        })
      ).body.errorCode,
    ).toBe('alreadyInProgress');
    await sim.auth({ requirement: { personalNumber: '198507099805' } });
    await sim.auth();
    // once the first order is no longer pending, the person can start again
    await sim.rp('/cancel', { orderRef: first.orderRef }).expect(200);
    await sim.auth({ requirement: { personalNumber: '199001011239' } });
  });
});

describe('RP API v6.0: /collect and /cancel', () => {
  it('answers invalidParameters for an unknown or malformed orderRef', async () => {
    const sim = setup();
    const unknown = await sim.collect('11111111-2222-4333-8444-555555555555');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorCode).toBe('invalidParameters');
    for (const body of [{}, { orderRef: 42 }, { orderRef: 'abc' }]) {
      const res = await sim.rp('/collect', body);
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('invalidParameters');
    }
  });

  it('cancels a pending order once; the second cancel and later collects are invalidParameters', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    const first = await sim.rp('/cancel', { orderRef });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({});
    const second = await sim.rp('/cancel', { orderRef });
    expect(second.status).toBe(400);
    expect(second.body.errorCode).toBe('invalidParameters');
    expect((await sim.collect(orderRef)).body.errorCode).toBe('invalidParameters');
    expect((await sim.rp('/cancel', { orderRef: '11111111-2222-4333-8444-555555555555' })).body.errorCode).toBe(
      'invalidParameters',
    );
  });

  it('refuses to cancel a completed order', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    await sim.control(`/orders/${orderRef}/approve`).expect(200);
    const res = await sim.rp('/cancel', { orderRef });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('invalidParameters');
    expect((await sim.collect(orderRef)).body.status).toBe('complete');
  });

  it('lets a completed order be collected for 3 minutes, then answers invalidParameters', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    await sim.control(`/orders/${orderRef}/approve`).expect(200);
    sim.advance(3 * 60_000);
    expect((await sim.collect(orderRef)).body.status).toBe('complete');
    sim.advance(1);
    const late = await sim.collect(orderRef);
    expect(late.status).toBe(400);
    expect(late.body.errorCode).toBe('invalidParameters');
  });

  it('lets a failed order be collected for 5 minutes after it failed', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    await sim.control(`/orders/${orderRef}/user-cancel`).expect(200);
    sim.advance(5 * 60_000);
    expect((await sim.collect(orderRef)).body).toEqual({ orderRef, status: 'failed', hintCode: 'userCancel' });
    sim.advance(1);
    expect((await sim.collect(orderRef)).body.errorCode).toBe('invalidParameters');
  });

  it('expires an order that is not completed within its lifetime (expiredTransaction)', async () => {
    const sim = setup({ orderLifetimeMs: 60_000 });
    const { orderRef } = await sim.auth();
    await sim.control(`/orders/${orderRef}/open-app`).expect(200);
    sim.advance(59_999);
    expect((await sim.collect(orderRef)).body).toMatchObject({ status: 'pending', hintCode: 'started' });
    sim.advance(1);
    expect((await sim.collect(orderRef)).body).toEqual({ orderRef, status: 'failed', hintCode: 'expiredTransaction' });
    // the 5-minute failed retention counts from the expiry, not from the collect
    sim.advance(5 * 60_000 + 1);
    expect((await sim.collect(orderRef)).body.errorCode).toBe('invalidParameters');
  });

  it('uses a 180 s lifetime by default', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    const qr = await sim.control(`/orders/${orderRef}/user-sign`).expect(200);
    expect(qr.body.hintCode).toBe('userSign');
    sim.advance(179_999);
    expect((await sim.collect(orderRef)).body.hintCode).toBe('userSign');
    sim.advance(1);
    expect((await sim.collect(orderRef)).body.hintCode).toBe('expiredTransaction');
  });

  it('fails with startFailed when the app is neither opened nor the QR scanned within the start window', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    sim.advance(29_999);
    expect((await sim.collect(orderRef)).body.hintCode).toBe('outstandingTransaction');
    sim.advance(1);
    expect((await sim.collect(orderRef)).body).toEqual({ orderRef, status: 'failed', hintCode: 'startFailed' });
    // and the app can no longer pick it up
    const late = await sim.control(`/orders/${orderRef}/open-app`);
    expect(late.status).toBe(409);
  });

  it('applies a configured start window, also to noClient orders, but not once the app has started', async () => {
    const sim = setup({ startWindowMs: 5_000 });
    const a = await sim.auth();
    const b = await sim.auth();
    await sim.control(`/orders/${a.orderRef}/no-client`).expect(200);
    expect((await sim.collect(a.orderRef)).body.hintCode).toBe('noClient');
    await sim.control(`/orders/${b.orderRef}/open-app`).expect(200);
    sim.advance(5_000);
    expect((await sim.collect(a.orderRef)).body.hintCode).toBe('startFailed');
    expect((await sim.collect(b.orderRef)).body.hintCode).toBe('started');
  });
});

describe('RP API v6.0: HTTP errors', () => {
  it('answers 405 methodNotAllowed for another method (the health-check trick)', async () => {
    const sim = setup();
    const res = await request(sim.app).get('/rp/v6.0/auth');
    expect(res.status).toBe(405);
    expect(res.body.errorCode).toBe('methodNotAllowed');
    expect(res.headers.allow).toBe('POST');
    expect((await request(sim.app).put('/rp/v6.0/collect').send({})).status).toBe(405);
  });

  it('answers 415 unsupportedMediaType for a body that is not JSON', async () => {
    const sim = setup();
    const form = await request(sim.app).post('/rp/v6.0/auth').type('form').send('endUserIp=192.0.2.1');
    expect(form.status).toBe(415);
    expect(form.body.errorCode).toBe('unsupportedMediaType');
    const text = await request(sim.app)
      .post('/rp/v6.0/auth')
      .set('Content-Type', 'text/plain')
      .send('{"endUserIp":"192.0.2.1"}');
    expect(text.status).toBe(415);
    const none = await request(sim.app).post('/rp/v6.0/collect');
    expect(none.status).toBe(415);
    const withCharset = await request(sim.app)
      .post('/rp/v6.0/auth')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send('{"endUserIp":"192.0.2.1"}');
    expect(withCharset.status).toBe(200);
  });

  it('answers 400 invalidParameters for malformed JSON or a body that is not an object', async () => {
    const sim = setup();
    const bad = await request(sim.app)
      .post('/rp/v6.0/auth')
      .set('Content-Type', 'application/json')
      .send('{"endUserIp":');
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('invalidParameters');
    const array = await request(sim.app).post('/rp/v6.0/auth').set('Content-Type', 'application/json').send('[1]');
    expect(array.status).toBe(400);
    expect(array.body.errorCode).toBe('invalidParameters');
    const empty = await request(sim.app).post('/rp/v6.0/collect').set('Content-Type', 'application/json').send('');
    expect(empty.status).toBe(400);
    expect(empty.body.errorCode).toBe('invalidParameters');
  });

  it('answers 404 notFound for an unknown path or API version', async () => {
    const sim = setup();
    for (const path of ['/rp/v6.0/identify', '/rp/v5.1/auth', '/nothing']) {
      const res = await request(sim.app).post(path).send({ endUserIp: '192.0.2.1' });
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe('notFound');
    }
  });
});
