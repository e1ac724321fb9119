import { mountStandalone } from '@home-energy/shared';
import App from './app/app';
import { RESULTS_MOUNT } from '@home-energy/shared/mfe/pages';

// Standalone run for this remote's team (`npm run dev -w mfe-results`); in the product the shell mounts ./App.
mountStandalone({ paths: [`/${RESULTS_MOUNT}/*`], app: <App /> });
