import { boot } from './boot/boot';

// Behind the async boundary (index.ts): the shared singletons are negotiated; boot() runs them phase by phase.
void boot();
