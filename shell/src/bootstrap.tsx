import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppStore, initI18n } from '@home-energy/shared';
import { installFederationPlugins } from './remotes/federation-plugins';
import { ensureRemotesRegistered } from './remotes/registry';
import { preloadRemoteApp, preloadRemotesOnIntent } from './remotes/preload';
import { remoteForPath } from './remotes/route-remotes';
import { App } from './app/app';
import { revealAppAtTheLatest } from './remotes/first-paint';

installFederationPlugins();
// Neither the registry nor the texts may block the first paint: remotes mount when their slot renders.
void ensureRemotesRegistered().catch(() => undefined);
// This page's remote is already on its way (registry-request.ts); this only covers an early registry failure.
const firstRemote = remoteForPath(window.location.pathname);
if (firstRemote) void preloadRemoteApp(firstRemote);
// The other remotes load on intent: hovering or focusing a link to them.
preloadRemotesOnIntent();
void initI18n();

// A static first paint (server HTML for `/`) stays until the page's remote has rendered (remote-slot.tsx).
revealAppAtTheLatest();

const store = createAppStore();
const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
createRoot(root).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
