import { mountStandalone } from '@home-energy/shared';
import App from './app/app';

// Standalone run for this remote's team (`npm run dev -w mfe-flow`); in the product the shell mounts ./App.
mountStandalone({ paths: ['/*'], app: <App /> });
