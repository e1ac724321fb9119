import request from 'supertest';
import { qrData } from '../../qr';
import { setup } from './helpers';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('approve page (the simulated BankID test app)', () => {
  it('renders pending orders with the scan, open app, approve, cancel and expire forms and no script', async () => {
    const sim = setup();
    const order = await sim.auth({ requirement: { personalNumber: '198507099805' } });
    await sim
      .rp('/sign', { endUserIp: '192.0.2.30', userVisibleData: b64('Godkänn <b>avtal</b> & villkor') })
      .expect(200);
    const res = await request(sim.app).get('/simulator/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const html = res.text;
    expect(html).toContain('<title>BankID test app (simulator)</title>');
    expect(html).toContain('<meta http-equiv="refresh" content="2">');
    expect(html).toMatch(/this is not BankID/i);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/ on[a-z]+=/i); // no inline event handlers
    expect(html).not.toContain(order.qrStartSecret);
    expect(html).toContain('Pending orders (2)');
    expect(html).toContain(order.orderRef);
    expect(html).toContain('action="/simulator/forms/scan"');
    expect(html).toContain('<textarea id="qrData" name="qrData"');
    for (const action of ['open-app', 'approve', 'user-cancel', 'expire']) {
      expect(html).toContain(`action="/simulator/forms/orders/${order.orderRef}/${action}"`);
    }
    for (const label of ['Scan QR', 'Open app (same device)', 'Approve', 'Cancel in app', 'Expire'])
      expect(html).toContain(`>${label}</button>`);
    // every input has a label
    for (const [, id] of html.matchAll(/<(?:input|textarea) id="([^"]+)"/g))
      expect(html).toContain(`<label for="${id}">`);
    // the approve form is prefilled: the required person, else the demo person
    expect(html).toContain('name="personalNumber" value="198507099805"');
    expect(html).toContain('name="personalNumber" value="199001011239"');
    // the text to sign is shown decoded and escaped
    expect(html).toContain('Godkänn &lt;b&gt;avtal&lt;/b&gt; &amp; villkor');
    expect(html).not.toContain('<b>avtal</b>');
  });

  it('serves its stylesheet and can pause the auto-refresh', async () => {
    const sim = setup();
    const css = await request(sim.app).get('/simulator/assets/simulator.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const paused = await request(sim.app).get('/simulator/?refresh=off');
    expect(paused.text).not.toContain('http-equiv="refresh"');
    expect(paused.text).toContain('Resume auto-refresh');
    expect(paused.text).toContain('No pending orders');
  });

  it('approves from the form and redirects back with 303', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    const res = await request(sim.app)
      .post(`/simulator/forms/orders/${orderRef}/approve`)
      .type('form')
      .send({ personalNumber: '198507099805', name: 'Karin Karlsson' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/simulator/');
    const collected = await sim.collect(orderRef);
    expect(collected.body.status).toBe('complete');
    expect(collected.body.completionData.user).toEqual({
      personalNumber: '198507099805',
      name: 'Karin Karlsson',
      givenName: 'Karin',
      surname: 'Karlsson',
    });
    const page = await request(sim.app).get('/simulator/');
    expect(page.text).toContain('Pending orders (0)');
    expect(page.text).toContain('Karin Karlsson (198507099805)');
  });

  it('scans, opens the app, cancels and expires from the forms, keeping a paused refresh', async () => {
    const sim = setup();
    const a = await sim.auth();
    const b = await sim.auth();
    const c = await sim.auth();
    const scan = await request(sim.app)
      .post('/simulator/forms/scan')
      .type('form')
      .send({ qrData: qrData(a.qrStartToken, a.qrStartSecret, 0), refresh: 'off' });
    expect(scan.status).toBe(303);
    expect(scan.headers.location).toBe('/simulator/?refresh=off');
    expect((await sim.collect(a.orderRef)).body.hintCode).toBe('userSign');

    await request(sim.app).post(`/simulator/forms/orders/${b.orderRef}/open-app`).type('form').send({}).expect(303);
    expect((await sim.collect(b.orderRef)).body.hintCode).toBe('started');
    await request(sim.app).post(`/simulator/forms/orders/${b.orderRef}/user-cancel`).type('form').send({}).expect(303);
    expect((await sim.collect(b.orderRef)).body).toMatchObject({ status: 'failed', hintCode: 'userCancel' });
    await request(sim.app).post(`/simulator/forms/orders/${c.orderRef}/expire`).type('form').send({}).expect(303);
    expect((await sim.collect(c.orderRef)).body).toMatchObject({ status: 'failed', hintCode: 'expiredTransaction' });
  });

  it('shows a failed form action as an alert on a page that does not reload', async () => {
    const sim = setup();
    const order = await sim.auth({ requirement: { personalNumber: '198507099805' } });
    const res = await request(sim.app)
      .post(`/simulator/forms/orders/${order.orderRef}/approve`)
      .type('form')
      .send({ personalNumber: '199001011239', name: 'Anna Andersson' });
    expect(res.status).toBe(409);
    expect(res.text).toContain('role="alert"');
    expect(res.text).toContain('can only be approved by personal number 198507099805');
    expect(res.text).not.toContain('http-equiv="refresh"');
    expect((await sim.collect(order.orderRef)).body.status).toBe('pending');
    sim.advance(10_000);
    const stale = await request(sim.app)
      .post('/simulator/forms/scan')
      .type('form')
      .send({ qrData: qrData(order.qrStartToken, order.qrStartSecret, 0) });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('stale');
    expect(
      (
        await request(sim.app)
          .post('/simulator/forms/orders/11111111-2222-4333-8444-555555555555/expire')
          .type('form')
          .send({})
      ).status,
    ).toBe(404);
  });

  it('refuses a cross-site form post', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    const res = await request(sim.app)
      .post(`/simulator/forms/orders/${orderRef}/approve`)
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({});
    expect(res.status).toBe(403);
    expect((await sim.collect(orderRef)).body.status).toBe('pending');
  });

  it('opens from a link on the sign-in page (another origin), each order at its own anchor; nothing else', async () => {
    const sim = setup();
    const { orderRef } = await sim.auth();
    const link = (req: request.Test) =>
      req.set('Sec-Fetch-Site', 'same-site').set('Sec-Fetch-Mode', 'navigate').set('Sec-Fetch-Dest', 'document');
    const page = await link(request(sim.app).get('/simulator/?refresh=off')).expect(200);
    expect(page.text).toContain(`<article class="order" id="order-${orderRef}"`);
    expect(page.text).not.toContain('http-equiv="refresh"');
    // A script's fetch, the control API and the forms stay same-origin only.
    await request(sim.app)
      .get('/simulator/')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Sec-Fetch-Mode', 'cors')
      .set('Sec-Fetch-Dest', 'empty')
      .expect(403);
    await link(request(sim.app).get('/simulator/api/orders')).expect(403);
    await link(request(sim.app).post(`/simulator/forms/orders/${orderRef}/approve`).type('form').send({})).expect(403);
    expect((await sim.collect(orderRef)).body.status).toBe('pending');
  });

  it('links back to the service only for an http(s) returnUrl', async () => {
    const sim = setup();
    const good = await sim.auth({ returnUrl: 'https://energy.example.test/sign#initiated=true' });
    const evil = await sim.auth({ returnUrl: 'javascript:alert(1)' });
    await sim.control(`/orders/${good.orderRef}/approve`).expect(200);
    await sim.control(`/orders/${evil.orderRef}/approve`).expect(200);
    const html = (await request(sim.app).get('/simulator/')).text;
    expect(html).toContain('<a href="https://energy.example.test/sign#initiated=true">Return to the service</a>');
    expect(html).not.toContain('href="javascript:');
  });

  it('redirects / to the page', async () => {
    const sim = setup();
    const res = await request(sim.app).get('/');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/simulator/');
  });
});
