// Attack: someone who reads the BFF's logs (a log service, a support ticket's attachment) finds homeowners' personal
// numbers in them. docs/using-the-demo.md "Homeowner sign-in (BankID)". The files of the data directory:
// attack-personal-number-on-disk.test.ts.
import pino from 'pino';
import request from 'supertest';
import { createTestApp } from '../../test/test-app';
import { startBankIdTestWorld, type BankIdTestWorld } from '../../test/test-world';
import { confirmIdentity, needles, PERSON, signInWithBankId, TestClock } from './bankid-homeowner-support';

describe('attack: reading personal numbers from the log files', () => {
  const clock = new TestClock();
  let world: BankIdTestWorld;
  beforeAll(async () => {
    world = await startBankIdTestWorld({ now: clock.now });
  });
  afterAll(() => world.close());

  it("no log line carries a homeowner's personal number, even at trace level", async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const app = createTestApp(
      world.database,
      world.fixtures,
      { FAKE_LOGIN: true },
      { rp: world.rp, now: clock.now, logger },
    );
    const other = { ...PERSON, personalNumber: '194211307372' };

    const { agent } = await signInWithBankId(app, world.simulator, clock, PERSON);
    expect((await confirmIdentity(agent, world.simulator, clock, PERSON)).validated).toBe(true);
    await request(app)
      .post('/api/flow/user/fake-login')
      .send({ personalNumber: other.personalNumber, name: 'Ottilia Brask' })
      .expect(200);
    await request(app)
      .post('/api/flow/user/fake-login')
      .send({ name: 'x', personalNumber: other.personalNumber.slice(0, 11) })
      .expect(400);
    // A client that still puts the number in the query string: refused, and the log line does not keep it.
    await request(app).post(`/api/flow/user/fake-login?personalNumber=${other.personalNumber}`).send({}).expect(400);

    expect(lines.some((line) => line.includes('/api/flow/user/fake-login'))).toBe(true); // the request log ran
    const text = Buffer.from(lines.join(''));
    for (const needle of [
      ...needles(PERSON.personalNumber),
      ...needles(other.personalNumber),
      ...needles(other.personalNumber.slice(0, 11)),
    ]) {
      expect(`${needle.label}: ${text.includes(needle.bytes)}`).toBe(`${needle.label}: false`);
    }
  });
});
