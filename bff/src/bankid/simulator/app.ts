import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderApprovePage, STYLESHEET } from './page';
import { BankIdSimulator, ControlError, RpApiError, type BankIdSimulatorOptions } from './simulator';
import { NO_FAULTS, parseFaults, rpFaults, type RpFaults } from './faults';

/**
 * HTTP face of the BankID RP API v6.0 simulator:
 * - `/rp/v6.0/{auth,sign,collect,cancel}`: the RP API our BFF's client calls (JSON, POST only);
 * - `/simulator/api/...`: the control API (the "user" and their app), JSON, for tests and the demo;
 * - `/simulator/`: the approve page, plain HTML forms under `/simulator/forms/...`.
 * Plain HTTP: bind it to loopback only.
 */

export const RP_API_PATH = '/rp/v6.0';
export const SIMULATOR_PATH = '/simulator';

export interface BankIdSimulatorAppOptions extends BankIdSimulatorOptions {
  /** Use an existing store (e.g. shared with a test) instead of creating one from the options. */
  simulator?: BankIdSimulator;
}

export type BankIdSimulatorApp = Express & { readonly simulator: BankIdSimulator };

export function createBankIdSimulatorApp(options: BankIdSimulatorAppOptions = {}): BankIdSimulatorApp {
  const simulator = options.simulator ?? new BankIdSimulator(options);
  const now = options.now ?? Date.now;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((_req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff');
    res.set('Cache-Control', 'no-store');
    next();
  });

  const faults: FaultSwitch = { current: NO_FAULTS };
  app.use(
    RP_API_PATH,
    rpFaults(() => faults.current),
    rpApi(simulator),
  );
  app.use(SIMULATOR_PATH, simulatorUi(simulator, now, faults));
  app.get('/', (_req, res) => res.redirect(302, `${SIMULATOR_PATH}/`));
  app.use((req, res) => rpError(res, 404, 'notFound', `No such resource: ${req.method} ${req.path}`));
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    void _next;
    rpError(res, 500, 'internalError', error instanceof Error ? error.message : 'Internal error');
  });
  return Object.assign(app, { simulator });
}

// ---- RP API ---------------------------------------------------------------------------------------------

function rpError(res: Response, status: number, errorCode: string, details: string): void {
  res.status(status).json({ errorCode, details });
}

function isJsonContentType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

function rpApi(simulator: BankIdSimulator): express.Router {
  const endpoints: Record<string, (body: unknown) => object> = {
    '/auth': (body) => simulator.start('auth', body),
    '/sign': (body) => simulator.start('sign', body),
    '/collect': (body) => simulator.collect(body),
    '/cancel': (body) => simulator.cancel(body),
  };
  const router = express.Router();
  router.use((req, res, next) => {
    if (!Object.hasOwn(endpoints, req.path)) return rpError(res, 404, 'notFound', `No such endpoint: ${req.path}`);
    if (req.method !== 'POST') {
      res.set('Allow', 'POST');
      return rpError(res, 405, 'methodNotAllowed', `${req.method} is not allowed; use POST`);
    }
    if (!isJsonContentType(req.headers['content-type'])) {
      return rpError(res, 415, 'unsupportedMediaType', 'Content-Type must be application/json');
    }
    next();
  });
  router.use(express.json({ limit: '512kb', strict: true }));
  router.use((req, res) => {
    try {
      res.status(200).json(endpoints[req.path]!(req.body));
    } catch (error) {
      if (error instanceof RpApiError) return rpError(res, error.status, error.errorCode, error.details);
      throw error;
    }
  });
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'entity.parse.failed')
      return rpError(res, 400, 'invalidParameters', 'The request body is not valid JSON');
    if (type === 'entity.too.large') return rpError(res, 400, 'invalidParameters', 'The request body is too large');
    if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
      return rpError(res, 415, 'unsupportedMediaType', 'Unsupported charset or encoding');
    }
    next(error);
  });
  return router;
}

// ---- control API, approve page and forms ----------------------------------------------------------------

/**
 * Refuse browser requests from other sites (a page elsewhere must not drive the simulator). Following a link to the
 * test-app page itself is let through (the sign-in page's "Open in the test app"): a top-level GET changes nothing
 * and shows the linking site nothing.
 */
function sameOriginOnly(req: Request, res: Response, next: NextFunction): void {
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return next();
  const linkToPage =
    req.method === 'GET' &&
    req.path === '/' &&
    req.headers['sec-fetch-mode'] === 'navigate' &&
    req.headers['sec-fetch-dest'] === 'document';
  if (linkToPage) return next();
  res.status(403).json({ error: 'forbidden', message: 'Cross-site requests to the simulator are refused' });
}

/** The RP API faults in force, switched by the control API. */
interface FaultSwitch {
  current: RpFaults;
}

function controlApi(simulator: BankIdSimulator, faults: FaultSwitch): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: '64kb' }));
  const body = (req: Request): Record<string, unknown> =>
    typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body)
      ? (req.body as Record<string, unknown>)
      : {};

  router.get('/orders', (_req, res) => {
    res.json({ orders: simulator.listOrders() });
  });
  router.get('/orders/:orderRef', (req, res) => {
    res.json(simulator.getOrder(req.params.orderRef));
  });
  router.post('/scan', (req, res) => {
    res.json(simulator.scan(body(req).qrData));
  });
  router.post('/orders/:orderRef/open-app', (req, res) => {
    res.json(simulator.openApp(req.params.orderRef));
  });
  router.post('/orders/:orderRef/user-sign', (req, res) => {
    res.json(simulator.userSign(req.params.orderRef));
  });
  router.post('/orders/:orderRef/approve', (req, res) => {
    res.json(simulator.approve(req.params.orderRef, body(req)));
  });
  router.post('/orders/:orderRef/user-cancel', (req, res) => {
    res.json(simulator.userCancel(req.params.orderRef));
  });
  router.post('/orders/:orderRef/fail', (req, res) => {
    res.json(simulator.fail(req.params.orderRef, body(req).hintCode));
  });
  router.post('/orders/:orderRef/no-client', (req, res) => {
    res.json(simulator.noClient(req.params.orderRef));
  });
  router.get('/faults', (_req, res) => {
    res.json(faults.current);
  });
  router.post('/faults', (req, res) => {
    faults.current = parseFaults(req.body ?? {});
    res.json(faults.current);
  });
  router.use((req, res) => {
    res.status(404).json({ error: 'not_found', message: `No such control endpoint: ${req.method} ${req.path}` });
  });
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (error instanceof ControlError)
      return void res.status(error.status).json({ error: error.error, message: error.message });
    const type = (error as { type?: unknown } | null)?.type;
    if (typeof type === 'string' && type.startsWith('entity.')) {
      return void res.status(400).json({ error: 'bad_request', message: 'The request body is not valid JSON' });
    }
    next(error);
  });
  return router;
}

function simulatorUi(simulator: BankIdSimulator, now: () => number, faults: FaultSwitch): express.Router {
  const router = express.Router();
  router.use(sameOriginOnly);
  router.use('/api', controlApi(simulator, faults));

  const pageHeaders = (res: Response) => {
    res.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    res.set('Referrer-Policy', 'no-referrer');
    res.type('html');
  };
  const autoRefresh = (value: unknown) => value !== 'off';
  const render = (res: Response, base: string, status: number, refresh: boolean, error?: string) => {
    pageHeaders(res);
    res
      .status(status)
      .send(renderApprovePage({ orders: simulator.listOrders(), base, now: now(), autoRefresh: refresh, error }));
  };

  router.get('/', (req, res) => render(res, req.baseUrl, 200, autoRefresh(req.query.refresh)));
  router.get('/assets/simulator.css', (_req, res) => {
    res.type('css').send(STYLESHEET);
  });

  const forms = express.Router({ mergeParams: true });
  forms.use(express.urlencoded({ extended: false, limit: '64kb' }));
  const field = (req: Request, name: string): unknown => (req.body as Record<string, unknown> | undefined)?.[name];
  const form =
    (action: (req: Request) => unknown) =>
    (req: Request, res: Response): void => {
      const base = req.baseUrl.replace(/\/forms$/, '');
      const refresh = autoRefresh(field(req, 'refresh'));
      try {
        action(req);
      } catch (error) {
        if (!(error instanceof ControlError)) throw error;
        // Show the error on a page that does not reload, so it can be read.
        return render(res, base, error.status, false, error.message);
      }
      res.redirect(303, `${base}/${refresh ? '' : '?refresh=off'}`);
    };
  forms.post(
    '/scan',
    form((req) => simulator.scan(field(req, 'qrData'))),
  );
  forms.post(
    '/orders/:orderRef/open-app',
    form((req) => simulator.openApp(String(req.params.orderRef))),
  );
  forms.post(
    '/orders/:orderRef/approve',
    form((req) =>
      simulator.approve(String(req.params.orderRef), {
        personalNumber: field(req, 'personalNumber'),
        name: field(req, 'name'),
      }),
    ),
  );
  forms.post(
    '/orders/:orderRef/user-cancel',
    form((req) => simulator.userCancel(String(req.params.orderRef))),
  );
  forms.post(
    '/orders/:orderRef/expire',
    form((req) => simulator.fail(String(req.params.orderRef), 'expiredTransaction')),
  );
  forms.post(
    '/orders/:orderRef/no-client',
    form((req) => simulator.noClient(String(req.params.orderRef))),
  );
  router.use('/forms', forms);

  router.use((req, res) => {
    res.status(404).type('text').send(`Not found: ${req.method} ${req.baseUrl}${req.path}`);
  });
  return router;
}

// ---- standalone server ----------------------------------------------------------------------------------

export interface StartBankIdSimulatorOptions extends BankIdSimulatorAppOptions {
  /** 0 picks a free port. */
  port: number;
  /** Loopback by default; the simulator speaks plain HTTP. */
  host?: string;
}

export interface RunningBankIdSimulator {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The RP API base URL to give the BFF's BankID client: `${url}/rp/v6.0`. */
  rpApiUrl: string;
  port: number;
  simulator: BankIdSimulator;
  close(): Promise<void>;
}

export async function startBankIdSimulator(options: StartBankIdSimulatorOptions): Promise<RunningBankIdSimulator> {
  const { port, host = '127.0.0.1', ...appOptions } = options;
  const app = createBankIdSimulatorApp(appOptions);
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const url = `http://${hostPart}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    rpApiUrl: `${url}${RP_API_PATH}`,
    port: address.port,
    simulator: app.simulator,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
