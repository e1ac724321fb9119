import { mountStandalone } from '@home-energy/shared';
import App from './app/app';

// Standalone run for this remote's team (`npm run dev -w mfe-results`); in the product the shell mounts ./App.
mountStandalone({ paths: ["/property/:id/building/:building/*"], app: <App /> });
