// Shared by the personal-number suites: a homeowner signing in through the BankID simulator, as the /sign page does.
import request from 'supertest';
import type { TestApp } from '../../test/test-world';
import type { RunningBankIdSimulator } from '../../src/bankid/simulator/app';

export type Agent = ReturnType<typeof request.agent>;

export interface TestPerson {
  personalNumber: string;
  name: string;
  givenName: string;
  surname: string;
}

// Unusual on purpose: no other test data or demo seed contains these digits.
export const PERSON: TestPerson = {
  personalNumber: '194211307364',
  name: 'Ottilia Brask',
  givenName: 'Ottilia',
  surname: 'Brask',
};

/** The BFF's clock for these suites: polls move it past BankID's 2 s collect interval (modules/homeowner/orders.ts). */
export class TestClock {
  offset = 0;
  readonly now = () => Date.now() + this.offset;
}

export async function csrf(agent: Agent): Promise<string> {
  return (await agent.get('/api/auth/csrf').expect(200)).body.csrfToken;
}

/** Starts an order on another device (QR), approves it in the simulator as `person` and collects until complete. */
async function completeOrder(
  agent: Agent,
  simulator: RunningBankIdSimulator,
  clock: TestClock,
  person: TestPerson,
  identificationMode: 'identify' | 'validate',
) {
  const csrfToken = await csrf(agent); // before the request is made: the agent attaches cookies at creation
  const started = await agent
    .post('/api/flow/user/sign')
    .send({ csrfToken, loginMethod: 'bankid.other_device', identificationMode });
  if (started.status !== 200) throw new Error(`BankID start: ${started.status} ${started.text}`);
  const token = (started.body.qrData as string).split('.')[1];
  const orders = (await request(simulator.url).get('/simulator/api/orders').expect(200)).body.orders as {
    orderRef: string;
    qrStartToken: string;
  }[];
  const orderRef = orders.find((o) => o.qrStartToken === token)?.orderRef;
  if (!orderRef) throw new Error('order not found in the simulator');
  await request(simulator.url).post('/simulator/api/scan').send({ qrData: started.body.qrData }).expect(200);
  await request(simulator.url).post(`/simulator/api/orders/${orderRef}/approve`).send(person).expect(200);
  clock.offset += 2100;
  const status = await agent.get('/api/flow/user/sign').expect(200);
  if (status.body.requestStatus !== 'complete')
    throw new Error(`BankID order not complete: ${JSON.stringify(status.body)}`);
}

/** Signs `person` in through BankID; returns the session user the BFF answered. */
export async function signInWithBankId(
  app: TestApp,
  simulator: RunningBankIdSimulator,
  clock: TestClock,
  person: TestPerson,
  agent: Agent = request.agent(app),
) {
  await completeOrder(agent, simulator, clock, person, 'identify');
  const csrfToken = await csrf(agent);
  const auth = await agent.post('/api/flow/user/auth').send({ csrfToken });
  if (auth.status !== 200) throw new Error(`BankID sign-in: ${auth.status} ${auth.text}`);
  return { agent, user: auth.body.user as { id: string; name: string; personalNumberMasked: string } };
}

/**
 * The signed-in homeowner confirms who they are (identificationMode 'validate': BankID is told their personal number).
 */
export async function confirmIdentity(
  agent: Agent,
  simulator: RunningBankIdSimulator,
  clock: TestClock,
  person: TestPerson,
) {
  await completeOrder(agent, simulator, clock, person, 'validate');
  const csrfToken = await csrf(agent);
  const auth = await agent.post('/api/flow/user/auth').send({ csrfToken });
  if (auth.status !== 200) throw new Error(`BankID validate: ${auth.status} ${auth.text}`);
  return auth.body as { validated?: boolean };
}

/** The forms a personal number takes in files: 12 digits, YYYYMMDD-NNNN, 10 digits, each as bytes and UTF-16LE. */
export function needles(personalNumber: string): { label: string; bytes: Buffer }[] {
  const forms = [personalNumber, `${personalNumber.slice(0, 8)}-${personalNumber.slice(8)}`, personalNumber.slice(2)];
  return forms.flatMap((form) => [
    { label: `"${form}" (utf8)`, bytes: Buffer.from(form, 'utf8') },
    { label: `"${form}" (utf16le)`, bytes: Buffer.from(form, 'utf16le') },
  ]);
}
