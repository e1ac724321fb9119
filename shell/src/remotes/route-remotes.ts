// The route table lives in the shared package (deep import, bundled: no shared singleton), so that the BFF can
// preload the page's remote with the HTML (bff/src/web/page-hints.ts).
export { REMOTE_ROUTES, REDIRECTS, remoteForPath } from '@home-energy/shared/mfe/routes';
