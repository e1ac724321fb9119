import { startBankIdSimulator, type RunningBankIdSimulator } from '../app';
import { BankIdError, RpClient } from '../../rp-client';

// Real HTTP: "down" drops the connection and "slow" must trip the RP client's own timeout, neither of which an
// in-process request would show.
describe('BankID simulator faults (POST /simulator/api/faults)', () => {
  let running: RunningBankIdSimulator;
  const setFaults = (body: unknown) =>
    fetch(`${running.url}/simulator/api/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const client = (timeoutMs = 2000) => new RpClient({ baseUrl: running.rpApiUrl, timeoutMs });

  beforeEach(async () => {
    running = await startBankIdSimulator({ port: 0 });
  });
  afterEach(async () => {
    await running.close();
  });

  it('starts with no faults and answers the set in force', async () => {
    expect(await (await fetch(`${running.url}/simulator/api/faults`)).json()).toEqual({ delayMs: 0, down: false });
    const res = await setFaults({ delayMs: 1500 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ delayMs: 1500, down: false });
    expect(await (await fetch(`${running.url}/simulator/api/faults`)).json()).toEqual({ delayMs: 1500, down: false });
  });

  it('down: the RP API drops the connection, the control API still answers, {} brings it back', async () => {
    const rp = client();
    try {
      expect((await setFaults({ down: true })).status).toBe(200);
      const failure = await rp.auth({ endUserIp: '127.0.0.1' }).catch((error: unknown) => error);
      expect(failure).not.toBeInstanceOf(BankIdError); // no answer at all: a network error
      expect((failure as { errorCode?: string }).errorCode).toBe('network');
      expect((await fetch(`${running.url}/simulator/api/orders`)).status).toBe(200);
      expect(running.simulator.listOrders()).toEqual([]);

      await setFaults({});
      const started = await rp.auth({ endUserIp: '127.0.0.1' });
      expect((await rp.collect(started.orderRef)).status).toBe('pending');
    } finally {
      rp.close();
    }
  });

  it('delayMs: a delay beyond the RP client timeout ends in requestTimeout and leaves no order behind', async () => {
    const rp = client(300);
    try {
      await setFaults({ delayMs: 1000 });
      await expect(rp.auth({ endUserIp: '127.0.0.1' })).rejects.toMatchObject({
        errorCode: 'requestTimeout',
        status: 408,
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(running.simulator.listOrders()).toEqual([]);

      // A delay within the timeout only slows the answer down.
      await setFaults({ delayMs: 100 });
      const slow = Date.now();
      const order = await rp.auth({ endUserIp: '127.0.0.1' });
      expect(Date.now() - slow).toBeGreaterThanOrEqual(90);
      expect(running.simulator.getOrder(order.orderRef).status).toBe('pending');
    } finally {
      rp.close();
    }
  });

  it.each([
    [{ delayMs: -1 }, /delayMs/],
    [{ delayMs: 1.5 }, /delayMs/],
    [{ delayMs: 120_001 }, /delayMs/],
    [{ down: 'yes' }, /down/],
    [{ slow: true }, /unknown fault slow/],
    [[1], /JSON object/],
  ])('refuses %j with 400 and keeps the faults as they were', async (body, message) => {
    await setFaults({ delayMs: 10 });
    const res = await setFaults(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect(await (await fetch(`${running.url}/simulator/api/faults`)).json()).toEqual({ delayMs: 10, down: false });
  });
});
