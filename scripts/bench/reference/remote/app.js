import { createElement, useEffect } from 'react';

/** One heading, marked usable once rendered, as a product page marks itself (shared/src/mfe/usable.ts). */
export default function App() {
  useEffect(() => performance.mark('he:usable', { detail: { path: location.pathname } }), []);
  return createElement('main', null, createElement('h1', null, 'Reference page'));
}
