import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppStore, initI18n } from '@home-energy/shared';
import { installFederationPlugins } from './remotes/federation-plugins';
import { ensureRemotesRegistered } from './remotes/registry';
import { App } from './app/app';

installFederationPlugins();
// Neither the registry nor the texts may block the first paint: remotes mount when their slot renders.
void ensureRemotesRegistered().catch(() => undefined);
void initI18n();

const store = createAppStore();
const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
createRoot(root).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
