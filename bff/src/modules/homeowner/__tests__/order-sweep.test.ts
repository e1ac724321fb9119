import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { startBankIdTestWorld, type BankIdTestWorld, type TestApp } from '../../../../test/test-world';
import { insertOrder } from '../repository';
import { PersonalNumberVault } from '../../../bankid/personal-number';
import { TEST_DATA_KEY } from '../../../../test/test-app';
import { ABANDONED_AFTER_MS, KEPT_FOR_MS, sweepBankIdOrders } from '../order-sweep';

// A browser that leaves mid sign-in never polls again, so its order would stay 'pending' (and completed orders would
// keep personal numbers) for ever without the sweep.
let world: BankIdTestWorld;
let database: DatabaseHandle;
let app: TestApp;

beforeAll(async () => {
  world = await startBankIdTestWorld();
  ({ database, app } = world);
});
afterAll(() => world.close());
beforeEach(async () => {
  await database.pool.query('delete from bankid_orders');
});

const vault = new PersonalNumberVault(TEST_DATA_KEY);
let refs = 0;
function order(startedAt: number, status: string, completedUser: object | null = null) {
  refs += 1;
  return insertOrder(database.db, {
    orderRef: `sweep-${refs}`,
    sessionId: `session-${refs}`,
    loginMethod: 'bankid.other_device',
    identificationMode: 'identify',
    autoStartToken: 'a',
    qrStartToken: 'q',
    qrStartSecret: 's',
    startedAt: new Date(startedAt),
    endUserIp: '127.0.0.1',
    status,
    hintCode: status === 'pending' ? 'outstandingTransaction' : null,
    completedUserEncrypted: completedUser && vault.encrypt(JSON.stringify(completedUser)),
  });
}

async function rows() {
  const result = await database.pool.query('select order_ref, status, hint_code from bankid_orders order by order_ref');
  return Object.fromEntries(result.rows.map((row) => [row.order_ref, `${row.status}/${row.hint_code}`]));
}

test('closes abandoned pending orders, deletes day-old ones with their personal data, leaves recent ones', async () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const recentPending = await order(now - 5 * 60_000, 'pending');
  const abandoned = await order(now - ABANDONED_AFTER_MS - 1000, 'pending');
  const recentComplete = await order(now - 2 * ABANDONED_AFTER_MS, 'complete', {
    personalNumber: '199001011234',
    name: 'A B',
  });
  await order(now - KEPT_FOR_MS - 1000, 'complete', { personalNumber: '199001011234', name: 'A B' });
  await order(now - KEPT_FOR_MS - 1000, 'pending');

  expect(await sweepBankIdOrders(database.db, now)).toEqual({ expired: 2, deleted: 2 });
  expect(await rows()).toEqual({
    [recentPending.orderRef]: 'pending/outstandingTransaction',
    [abandoned.orderRef]: 'failed/expiredTransaction',
    [recentComplete.orderRef]: 'complete/null',
  });
  // Nothing left to do: a second sweep changes nothing.
  expect(await sweepBankIdOrders(database.db, now)).toEqual({ expired: 0, deleted: 0 });
});

test('a browser coming back after its order was swept sees it expired, then gone, never an error', async () => {
  const agent = request.agent(app);
  const csrfToken = (await agent.get('/api/auth/csrf').expect(200)).body.csrfToken;
  await agent
    .post('/api/flow/user/sign')
    .send({ csrfToken, loginMethod: 'bankid.other_device', identificationMode: 'identify' })
    .expect(200);

  await sweepBankIdOrders(database.db, Date.now() + ABANDONED_AFTER_MS + 60_000);
  const expired = await agent.get('/api/flow/user/sign').expect(200);
  expect(expired.body).toMatchObject({ requestStatus: 'failed', hintCode: 'expiredTransaction', rfa: 'RFA8' });

  await sweepBankIdOrders(database.db, Date.now() + KEPT_FOR_MS + 60_000);
  const gone = await agent.get('/api/flow/user/sign').expect(404);
  expect(gone.body.error).toBe('not_found');
});
