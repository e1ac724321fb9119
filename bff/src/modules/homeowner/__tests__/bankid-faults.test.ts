import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { startBankIdTestWorld, type BankIdTestWorld, type TestApp } from '../../../../test/test-world';

// BankID slow or unreachable: the user gets a message, and no order is left 'pending' in bankid_orders where nobody
// will ever collect it.
const RP_TIMEOUT_MS = 400;

let world: BankIdTestWorld;
let database: DatabaseHandle;
let app: TestApp;
let simulator: BankIdTestWorld['simulator'];

beforeAll(async () => {
  world = await startBankIdTestWorld({ rpTimeoutMs: RP_TIMEOUT_MS });
  ({ database, app, simulator } = world);
});
afterAll(() => world.close());
afterEach(async () => {
  await faults({});
});

type Agent = ReturnType<typeof request.agent>;

function faults(body: { delayMs?: number; down?: boolean }) {
  return request(simulator.url).post('/simulator/api/faults').send(body).expect(200);
}

async function csrf(agent: Agent): Promise<string> {
  return (await agent.get('/api/auth/csrf').expect(200)).body.csrfToken;
}

async function start(agent: Agent) {
  const csrfToken = await csrf(agent);
  return agent
    .post('/api/flow/user/sign')
    .send({ csrfToken, loginMethod: 'bankid.other_device', identificationMode: 'identify' });
}

async function storedOrder(orderRef: string): Promise<{ status: string; hint_code: string | null }> {
  const rows = await database.pool.query('select status, hint_code from bankid_orders where order_ref = $1', [
    orderRef,
  ]);
  return rows.rows[0];
}

async function orderRefOf(started: { qrData: string }): Promise<string> {
  const qrStartToken = started.qrData.split('.')[1];
  const order = simulator.simulator.listOrders().find((o) => o.qrStartToken === qrStartToken);
  if (!order) throw new Error('order not found on the simulator');
  return order.orderRef;
}

async function pendingRows(): Promise<number> {
  return Number(
    (await database.pool.query("select count(*) as n from bankid_orders where status = 'pending'")).rows[0].n,
  );
}

describe('BankID slow or down', () => {
  it('a start that gets no answer in time says "try again" (RFA5) and stores no order', async () => {
    const agent = request.agent(app);
    const before = await pendingRows();
    await faults({ delayMs: RP_TIMEOUT_MS * 3 });
    const res = await start(agent);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      error: 'requestTimeout',
      issues: { rfa: 'RFA5', message: { en: 'Something went wrong. Please try again.' } },
    });
    await faults({});
    expect(await pendingRows()).toBe(before);
    expect((await start(agent)).status).toBe(200);
  });

  it('a start while BankID is down says "try again" (RFA5)', async () => {
    await faults({ down: true });
    const res = await start(request.agent(app));
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'bankid_unavailable', issues: { rfa: 'RFA5' } });
  });

  it('an order replaced by a new one is over, also when BankID could not be told', async () => {
    const agent = request.agent(app);
    const first = await start(agent);
    expect(first.status).toBe(200);
    const firstRef = await orderRefOf(first.body);

    // BankID goes down: "Try again" cannot cancel the first order there nor start a new one.
    await faults({ down: true });
    expect((await start(agent)).status).toBe(502);
    expect(await storedOrder(firstRef)).toEqual({ status: 'failed', hint_code: 'cancelled' });
    // Arriving on /sign again: nothing to resume.
    expect((await agent.get('/api/flow/user/sign').expect(200)).body.requestStatus).toBe('failed');

    await faults({});
    const second = await start(agent);
    expect(second.status).toBe(200);
    const secondRef = await orderRefOf(second.body);
    expect(await storedOrder(secondRef)).toEqual({ status: 'pending', hint_code: 'outstandingTransaction' });

    // Replaced while BankID answers: cancelled there too.
    const third = await start(agent);
    expect(third.status).toBe(200);
    expect(await storedOrder(secondRef)).toEqual({ status: 'failed', hint_code: 'cancelled' });
    expect(simulator.simulator.getOrder(secondRef)).toMatchObject({ status: 'failed', cancelledByRp: true });
  });

  it('Cancel while BankID is down still ends the order (no 500, nothing to resume)', async () => {
    const agent = request.agent(app);
    const started = await start(agent);
    expect(started.status).toBe(200);
    const orderRef = await orderRefOf(started.body);
    await faults({ down: true });
    const cancelled = await agent.delete('/api/flow/user/sign').send({ csrfToken: await csrf(agent) });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ requestStatus: 'failed', hintCode: 'userCancel' });
    expect(await storedOrder(orderRef)).toEqual({ status: 'failed', hint_code: 'userCancel' });
    expect((await agent.get('/api/flow/user/sign').expect(200)).body.requestStatus).toBe('failed');
  });
});
