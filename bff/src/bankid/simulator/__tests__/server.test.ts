import { startBankIdSimulator } from '../app';
import { qrData, qrTimeAt } from '../../qr';

describe('startBankIdSimulator', () => {
  it('listens on an ephemeral loopback port and speaks the RP API over real HTTP', async () => {
    const running = await startBankIdSimulator({ port: 0 });
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(running.port).toBeGreaterThan(0);
      expect(running.rpApiUrl).toBe(`${running.url}/rp/v6.0`);
      const post = (path: string, body: unknown) =>
        fetch(`${running.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });

      const health = await fetch(`${running.rpApiUrl}/auth`);
      expect(health.status).toBe(405);

      const startedAt = Date.now();
      const started = await post('/rp/v6.0/auth', { endUserIp: '127.0.0.1' });
      expect(started.status).toBe(200);
      const order = (await started.json()) as { orderRef: string; qrStartToken: string; qrStartSecret: string };
      const scan = await post('/simulator/api/scan', {
        qrData: qrData(order.qrStartToken, order.qrStartSecret, qrTimeAt(startedAt, Date.now())),
      });
      expect(scan.status).toBe(200);
      expect((await post(`/simulator/api/orders/${order.orderRef}/approve`, {})).status).toBe(200);
      const collected = (await (await post('/rp/v6.0/collect', { orderRef: order.orderRef })).json()) as {
        status: string;
        completionData: { user: { name: string } };
      };
      expect(collected.status).toBe('complete');
      expect(collected.completionData.user.name).toBe('Anna Andersson');

      const page = await fetch(`${running.url}/simulator/`);
      expect(await page.text()).toContain('BankID test app (simulator)');
    } finally {
      await running.close();
    }
    await expect(fetch(`${running.url}/simulator/`)).rejects.toThrow();
    await running.close(); // idempotent
  });

  it('fails to start on a port that is taken', async () => {
    const first = await startBankIdSimulator({ port: 0 });
    try {
      await expect(startBankIdSimulator({ port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
