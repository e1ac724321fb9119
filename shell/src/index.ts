import { config as zodConfig } from 'zod';
import { requestRegistryEarly } from './remotes/registry-request';

// Our CSP has no 'unsafe-eval': zod probes `new Function` when it builds its first object schema, and the refused probe
// is reported as a CSP violation on every page. Jitless skips the probe; zod keeps this setting on globalThis, so the
// remotes' own copies of zod follow it. It must run before any schema is built, hence here, before the bootstrap.
zodConfig({ jitless: true });
// The registry travels while the shared libraries download: the remote's manifest can be asked for at first render.
requestRegistryEarly();
// Async boundary: shared singletons (react, the shared package, ...) are negotiated before any of them runs.
import('./bootstrap');
