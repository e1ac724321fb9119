import { requestRegistryEarly } from './remotes/registry-request';
import { installLoadDeadline } from './remotes/load-deadline';
import { requestSessionEarly } from './boot/early-session';
import { yieldToMain } from './boot/yield';

// Our CSP has no 'unsafe-eval': zod probes `new Function` when it builds its first object schema, and the refused probe
// is reported as a CSP violation on every page. Jitless skips the probe. zod reads its settings from this global object
// (every copy of zod, the remotes' too), so setting it here spares the first paint zod's core (≈ 60 % of this chunk's
// start-up work); it must happen before any schema is built, hence here, before the bootstrap.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
// The registry travels while the shared libraries download: the remote's manifest can be asked for at first render.
// Its requests wait on a remote's files no longer than the load deadline, which must be in place before they start.
installLoadDeadline();
requestRegistryEarly();
// So does the session: the first render shows who is signed in (no top bar growing under the visitor's eyes).
requestSessionEarly();
// Async boundary: shared singletons (react, the shared package, ...) are negotiated before any of them runs. In a task
// of its own: the negotiation and the boot chunks' script elements (one per shared library) took as long again as
// evaluating this entry, and the two made one long task (200-280 ms on a throttled phone, the page's longest).
// React alone first: the share scope's set-up happens with the first shared module, apart from the bootstrap's own.
void yieldToMain()
  .then(() => import('react'))
  .then(yieldToMain)
  .then(() => import('./bootstrap'));
