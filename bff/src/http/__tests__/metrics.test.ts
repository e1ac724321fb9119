import request from 'supertest';
import { Metrics, serveMetrics } from '../metrics';
import { startTestWorld, type TestWorld } from '../../../test/test-world';
import { createTestApp } from '../../../test/test-app';
import { loadConfig, ConfigError } from '../../config';

const TOKEN = 'metrics-token-metrics-token-0123456789';

describe('/metrics', () => {
  let world: TestWorld;
  let metrics: Metrics;
  let server: Awaited<ReturnType<typeof serveMetrics>>;
  beforeAll(async () => {
    world = await startTestWorld();
    metrics = new Metrics({
      pool: world.database.pool,
      poolMax: 4,
      activeReleases: async () => [{ remote: 'mfe-results', version: '0.1.0-abc' }],
    });
    server = await serveMetrics(metrics, { port: 0, host: '127.0.0.1', token: TOKEN });
  });
  afterAll(async () => {
    await server.close();
    await world.close();
  });

  const scrape = async () => {
    const res = await fetch(server.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };

  it('counts requests under their route pattern and status class, never the raw URL', async () => {
    const app = createTestApp(world.database, world.fixtures, {}, { metrics });
    await request(app).get('/api/flow/property/123456/answers').expect(404);
    await request(app).get('/api/flow/property/654321/answers').expect(404);
    await request(app).get('/api/no-such-thing').expect(404);
    await request(app).get('/healthz').expect(200);
    const text = await scrape();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/flow/property/:id/answers",status_class="4xx"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/* (no route)",status_class="4xx"} 1',
    );
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/healthz",status_class="2xx"} 1');
    expect(text).not.toContain('123456');
  });

  it('reports the database pool, read caches, event loop and active releases', async () => {
    const text = await scrape();
    expect(text).toMatch(/^db_pool_connections\{state="max"\} 4$/m);
    expect(text).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
    expect(text).toMatch(/^read_cache_hit_ratio\{cache="session"\} [\d.]+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    expect(text).toContain('mfe_active_release{remote="mfe-results",version="0.1.0-abc"} 1');
  });

  it('answers only the bearer token, and only /metrics', async () => {
    expect((await fetch(server.url)).status).toBe(401);
    expect((await fetch(server.url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect(
      (await fetch(server.url.replace('/metrics', '/'), { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
    expect((await fetch(server.url, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      405,
    );
  });

  it('is never on the public port', async () => {
    const app = createTestApp(world.database, world.fixtures, {}, { metrics });
    expect((await request(app).get('/metrics')).text).not.toContain('http_request_duration_seconds');
  });

  it('refuses a start that would serve metrics beyond loopback without a token', () => {
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).METRICS_HOST).toBe(
      '0.0.0.0',
    );
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_HOST).toBe('127.0.0.1');
  });
});
