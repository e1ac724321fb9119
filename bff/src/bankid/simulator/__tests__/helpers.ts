import request from 'supertest';
import { createBankIdSimulatorApp, type BankIdSimulatorAppOptions } from '../app';

/** A simulator app on a fake clock that the test moves by hand. */
export function setup(options: BankIdSimulatorAppOptions = {}) {
  const clock = { t: Date.parse('2025-03-01T10:00:00.000Z') };
  const app = createBankIdSimulatorApp({ now: () => clock.t, ...options });
  const rp = (path: string, body: unknown) =>
    request(app)
      .post(`/rp/v6.0${path}`)
      .send(body as object);
  const control = (path: string, body: object = {}) => request(app).post(`/simulator/api${path}`).send(body);
  return {
    app,
    clock,
    advance(ms: number) {
      clock.t += ms;
    },
    rp,
    control,
    async auth(body: object = {}) {
      const res = await rp('/auth', { endUserIp: '192.0.2.10', ...body });
      expect(res.status).toBe(200);
      return res.body as { orderRef: string; autoStartToken: string; qrStartToken: string; qrStartSecret: string };
    },
    async collect(orderRef: string) {
      return rp('/collect', { orderRef });
    },
  };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
