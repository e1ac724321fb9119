import { createElement, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

// As the product's shell: the remote's URL is known at run time only, from a registry answer.
registerRemotes([{ name: 'reference_remote', entry: `${location.origin}/remote/mf-manifest.json` }]);
const App = lazy(() => loadRemote('reference_remote/App'));
createRoot(document.getElementById('root')).render(createElement(Suspense, { fallback: null }, createElement(App)));
