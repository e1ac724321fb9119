import { requestRegistryEarly } from './remotes/registry-request';

// The registry travels while the shared libraries download: the remote's manifest can be asked for at first render.
requestRegistryEarly();
// Async boundary: shared singletons (react, the shared package, ...) are negotiated before any of them runs.
import('./bootstrap');
