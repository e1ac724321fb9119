import { mountStandalone } from '@home-energy/shared';
import App from './app/app';
import { ROUTE_TABLE } from './app/results-routes';

// Standalone run for this remote's team (`npm run dev -w mfe-results`); in the product the shell mounts ./App.
mountStandalone({ paths: ROUTE_TABLE.mount.map((mount) => `/${mount}`), app: <App /> });
