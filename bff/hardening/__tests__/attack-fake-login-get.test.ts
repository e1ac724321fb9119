// Attack: with FAKE_LOGIN on (test and demo machines), GET /api/flow/user/fake-login signed the browser in, so a link
// or an <img src> on any other site did it for every visitor (login CSRF: the victim then answers as "Anna").
// Fake-login is a POST with a JSON body behind the same-origin check; a GET answers 404 and signs nobody in.
import request from 'supertest';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';

const HOST = 'www.energy.test';
let world: TestWorld;
let app: TestApp;

beforeAll(async () => {
  world = await startTestWorld({ config: { FAKE_LOGIN: true } });
  ({ app } = world);
});
afterAll(() => world.close());

const homeowners = async () =>
  (await world.database.pool.query('select count(*)::int as n from homeowners')).rows[0].n as number;

describe('fake-login cannot be triggered by a GET (link/img)', () => {
  it.each([
    [
      'a link',
      '/api/flow/user/fake-login',
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' },
    ],
    [
      'an <img>',
      '/api/flow/user/fake-login',
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
    ],
    ['a same-site GET', '/api/flow/user/fake-login', { 'Sec-Fetch-Site': 'same-origin' }],
    [
      'a link naming the person',
      '/api/flow/user/fake-login?personalNumber=197002021234&name=Olle%20Olsson',
      { 'Sec-Fetch-Site': 'cross-site' },
    ],
  ] as const)('%s: refused, no session, nobody signed in', async (_what, url, headers) => {
    const before = await homeowners();
    const browser = request.agent(app).host(HOST);
    const res = await browser.get(url).set(headers);
    expect(res.status).toBe(url.includes('?') ? 400 : 404);
    expect((await browser.get('/api/flow/user/profile')).status).toBe(401);
    expect((await browser.get('/api/auth/session')).body).toEqual({});
    expect(await homeowners()).toBe(before);
  });

  it('a form or fetch from another site cannot POST it either (403, nobody signed in)', async () => {
    const before = await homeowners();
    const browser = request.agent(app).host(HOST);
    await browser
      .post('/api/flow/user/fake-login')
      .set({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
      .send({})
      .expect(403);
    await browser
      .post('/api/flow/user/fake-login')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send('personalNumber=197002021234')
      .expect(403);
    expect((await browser.get('/api/flow/user/profile')).status).toBe(401);
    expect(await homeowners()).toBe(before);
  });

  it('the own site’s POST with a JSON body signs in (the demo homeowner, or the one named)', async () => {
    const browser = request.agent(app).host(HOST);
    const res = await browser
      .post('/api/flow/user/fake-login')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ personalNumber: '197002021234', name: 'Olle Olsson' })
      .expect(200);
    expect(res.body.user).toMatchObject({ kind: 'homeowner', name: 'Olle Olsson' });
    expect((await browser.get('/api/flow/user/profile')).status).toBe(200);
    // A form post from the own site is not JSON: 415, not a sign-in.
    await request(app).post('/api/flow/user/fake-login').set('Host', HOST).type('form').send('name=Anna').expect(415);
  });
});
