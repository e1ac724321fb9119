// Prometheus metrics of one BFF instance (docs/operations.md "Running several instances"): requests per route pattern,
// latency, status classes, the database pool, read-cache hits, the event loop and the active release of every remote.
// They are served on their own port (METRICS_PORT), never on the public one: loopback by default, and a bearer token
// (METRICS_TOKEN) is required before any other address is allowed (config.ts).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { readCacheLookups } from '../db/read-cache';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

interface LayerLike {
  rawPath?: string | string[] | RegExp;
  route?: { path: string | string[] };
  handle?: { stack?: LayerLike[] };
}

/** Every route object of the app with its full pattern (mount paths joined), e.g. "/api/console/org/:org/users/:id". */
function routePatterns(app: express.Express): WeakMap<object, string> {
  const patterns = new WeakMap<object, string>();
  const walk = (stack: LayerLike[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = Array.isArray(layer.route.path) ? layer.route.path.join('|') : layer.route.path;
        if (!patterns.has(layer.route)) patterns.set(layer.route, `${prefix}${path}`);
      } else if (layer.handle?.stack) {
        const mounts = layer.rawPath === undefined || layer.rawPath instanceof RegExp ? [''] : [layer.rawPath].flat();
        for (const mount of mounts) walk(layer.handle.stack, `${prefix}${mount === '/' ? '' : mount}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: LayerLike[] } }).router.stack, '');
  return patterns;
}

/** The route label: a pattern of the app's routes, or one of three fixed names, so the label set stays bounded. */
function routeOf(req: express.Request, patterns: () => WeakMap<object, string>): string {
  if (req.route) return patterns().get(req.route as object) ?? 'unknown route';
  const url = req.originalUrl;
  if (url.startsWith('/mfe/')) return '/mfe/*';
  if (url.startsWith('/api/') || url === '/api') return '/api/* (no route)';
  return 'shell files';
}

export interface MetricsSources {
  pool: pg.Pool;
  poolMax: number;
  /** The active release of every remote (the release registry). */
  activeReleases: () => Promise<{ remote: string; version: string }[]>;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly duration: Histogram<'method' | 'route' | 'status_class'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    // Process, heap, GC and event-loop delay (nodejs_eventloop_lag_*), from prom-client.
    collectDefaultMetrics({ register: this.registry });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status class (its _count is the request count)',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers,
    });
    const { pool } = sources;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (idle, in_use, waiting requests) and the pool maximum',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, sources.poolMax);
      },
    });
    const counted = new Map<string, number>();
    new Counter({
      name: 'read_cache_lookups_total',
      help: 'Read-cache lookups by cache (session, user, building) and result (hit, miss)',
      labelNames: ['cache', 'result'],
      registers,
      collect() {
        for (const [cache, lookups] of readCacheLookups) {
          for (const result of ['hit', 'miss'] as const) {
            const total = result === 'hit' ? lookups.hits : lookups.misses;
            const key = `${cache}:${result}`;
            this.inc({ cache, result }, total - (counted.get(key) ?? 0));
            counted.set(key, total);
          }
        }
      },
    });
    new Gauge({
      name: 'read_cache_hit_ratio',
      help: 'Share of read-cache lookups answered from memory since start, by cache',
      labelNames: ['cache'],
      registers,
      collect() {
        for (const [cache, { hits, misses }] of readCacheLookups)
          this.set({ cache }, hits + misses === 0 ? 0 : hits / (hits + misses));
      },
    });
    new Gauge({
      name: 'mfe_active_release',
      help: 'The active release of each remote (value 1, the version as a label)',
      labelNames: ['remote', 'version'],
      registers,
      async collect() {
        this.reset();
        // With the database away the other metrics are still served; the releases are simply missing.
        const releases = await sources.activeReleases().catch(() => []);
        for (const { remote, version } of releases) this.set({ remote, version }, 1);
      },
    });
  }

  /** The first middleware of the app: times every request and counts it under its route pattern once answered. */
  requests(app: express.Express): express.RequestHandler {
    let patterns: WeakMap<object, string> | null = null;
    // Walked on the first answer, when every route has been added.
    const patternsOnce = () => (patterns ??= routePatterns(app));
    return (req, res, next) => {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const method = METHODS.has(req.method) ? req.method : 'other';
        this.duration.observe(
          { method, route: routeOf(req, patternsOnce), status_class: `${Math.floor(res.statusCode / 100)}xx` },
          seconds,
        );
      });
      next();
    };
  }
}

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** GET /metrics on its own HTTP server; with `token`, only for `Authorization: Bearer <token>`. */
export async function serveMetrics(
  metrics: Metrics,
  options: { port: number; host: string; token?: string },
): Promise<{ url: string; close: () => Promise<void> }> {
  const expected = options.token === undefined ? null : digest(`Bearer ${options.token}`);
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: the metrics are at /metrics.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('Only GET is allowed.\n');
      return;
    }
    if (expected && !crypto.timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      res
        .writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain' })
        .end('Send Authorization: Bearer <METRICS_TOKEN>.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) =>
        res
          .writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('The metrics could not be collected.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/metrics`,
    // A scraper's keep-alive connection must not hold up a shutdown.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
