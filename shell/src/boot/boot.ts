import { createElement, startTransition, StrictMode } from 'react';
import type { Session } from '@home-energy/shared';
import { revealAppAtTheLatest } from '../remotes/first-paint';
import { runInTasks, whenIdle, yieldToMain } from './yield';
import { takeEarlySession } from './early-session';

/**
 * How long the first render may wait for the early session request (index.ts) once everything else is ready. It has
 * almost always answered by then (it travels while the boot chunk downloads); a slower answer is not waited for: the
 * SessionProvider then asks itself, as before.
 */
export const SESSION_WAIT_MS = 1000;

/** Marks the start of each boot phase (e2e/tests/performance-budgets.spec.ts reads them). */
export const BOOT_PHASES = [
  'boot:react-dom',
  'boot:router',
  'boot:redux',
  'boot:i18n',
  'boot:shared-modules',
  'boot:shared',
  'boot:store',
  'boot:app',
  'boot:render',
] as const;

function mark(name: (typeof BOOT_PHASES)[number]): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name);
}

/**
 * The shell's boot, one phase per main-thread task (see yield.ts). The imports are `webpackMode: "eager"`: their
 * code travels in the bootstrap chunk (no extra round trip, and every shared singleton is negotiated before the
 * bootstrap runs, as before), but each module is evaluated only when its phase asks for it.
 */
export async function boot(): Promise<void> {
  // A static first paint (server HTML for `/`) stays until the page's remote has rendered (remote-slot.tsx).
  revealAppAtTheLatest();

  await yieldToMain();
  mark('boot:react-dom');
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');

  // The shared package imports all of these at once; evaluated beforehand, each in its own task, they are only
  // looked up when it runs (one module instance each: same share scope, same webpack module cache).
  await yieldToMain();
  mark('boot:router');
  await import(/* webpackMode: "eager" */ '@home-energy/shared/router');

  await yieldToMain();
  mark('boot:redux');
  await runInTasks([
    () => import(/* webpackMode: "eager" */ '@reduxjs/toolkit'),
    () => import(/* webpackMode: "eager" */ 'react-redux'),
    () => import(/* webpackMode: "eager" */ '@reduxjs/toolkit/query'),
    () => import(/* webpackMode: "eager" */ '@reduxjs/toolkit/query/react'),
  ]);

  await yieldToMain();
  mark('boot:i18n');
  await runInTasks([
    () => import(/* webpackMode: "eager" */ 'i18next'),
    () => import(/* webpackMode: "eager" */ 'react-i18next'),
  ]);

  // zod builds every schema, and RTK Query every endpoint, when their modules evaluate: the shared package's own list
  // of its costly modules, one per task, so that its entry (next phase) only looks them up.
  await yieldToMain();
  mark('boot:shared-modules');
  const { EVALUATION_ORDER } = await import(/* webpackMode: "eager" */ '@home-energy/shared/evaluation-order');
  await runInTasks(EVALUATION_ORDER);

  await yieldToMain();
  mark('boot:shared');
  const { createAppStore, initI18n, announceSession } = await import(/* webpackMode: "eager" */ '@home-energy/shared');

  await yieldToMain();
  mark('boot:store');
  // Neither the registry nor the texts may block the first paint: remotes mount when their slot renders.
  void initI18n();
  const store = createAppStore();
  const { installFederationPlugins } = await import(/* webpackMode: "eager" */ '../remotes/federation-plugins');
  const { ensureRemotesRegistered } = await import(/* webpackMode: "eager" */ '../remotes/registry');
  const { keepRegistryInStore } = await import(/* webpackMode: "eager" */ '../remotes/registry-store');
  keepRegistryInStore(store);
  const { preloadRemoteApp, preloadRemotesOnIntent } = await import(/* webpackMode: "eager" */ '../remotes/preload');
  const { remoteForPath, pageForPath } = await import(/* webpackMode: "eager" */ '../remotes/route-remotes');
  installFederationPlugins();
  // The page's speed, for the share of page loads the registry asks for (vitals/field-vitals.ts).
  const loadPath = window.location.pathname;
  void ensureRemotesRegistered()
    .then(async (registry) => {
      // This page's remote is already on its way (registry-request.ts); this only covers an early registry failure.
      const firstRemote = remoteForPath(registry, loadPath);
      if (firstRemote) void preloadRemoteApp(firstRemote);
      if (!registry.vitalsSample) return;
      const [{ startFieldVitals }, { mountedVersion }] = await Promise.all([
        import(/* webpackMode: "eager" */ '../vitals/field-vitals'),
        import(/* webpackMode: "eager" */ '../remotes/remote-slot'),
      ]);
      const pageOf = (path: string) => pageForPath(registry, path);
      startFieldVitals(registry.vitalsSample, { versionOf: mountedVersion, pageOf }, loadPath);
    })
    .catch(() => undefined);

  await yieldToMain();
  mark('boot:app');
  const { App } = await import(/* webpackMode: "eager" */ '../app/app');

  // Who is signed in, known before the first render: the top bar is drawn once, at its final size.
  const earlySession = await takeEarlySession(SESSION_WAIT_MS);
  // Fetched without the auth client: tell other tabs, as its getSession would have (a sign-in finished by a redirect).
  if (earlySession !== undefined) announceSession();

  await yieldToMain();
  mark('boot:render');
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing in index.html');
  const session = earlySession as Session | null | undefined;
  // A transition: React renders the first tree in slices of a few milliseconds instead of one long task.
  startTransition(() => {
    createRoot(root).render(createElement(StrictMode, null, createElement(App, { store, session })));
  });

  // The other remotes load on intent (hovering or focusing a link to them): nobody hovers before the page is idle.
  whenIdle(() => preloadRemotesOnIntent());
}
