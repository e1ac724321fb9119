// Async boundary: shared singletons (react, the shared package, ...) are negotiated before any of them runs.
import('./bootstrap');
