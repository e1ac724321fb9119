import { Route, Routes } from '@home-energy/shared/router';
import { createTestI18n, currentLocation, remoteTexts, renderRemote } from '@home-energy/shared/testing/render-remote';
import flowEn from '../../locales/en/flow.json';
import flowSv from '../../locales/sv/flow.json';
import { FlowRoutes } from '../app/flow-routes';

export const texts = remoteTexts('flow', flowEn, flowSv);

export function createI18n(lng: 'en' | 'sv' = 'en') {
  return createTestI18n('flow', texts, lng);
}

/** The flow as the shell mounts it (at the root, beside other remotes' routes), at `path`. */
export function renderFlow(path: string, { lng = 'en' }: { lng?: 'en' | 'sv' } = {}) {
  return renderRemote(
    path,
    <Routes>
      <Route path="*" element={<FlowRoutes />} />
    </Routes>,
    createI18n(lng),
  );
}

export { currentLocation };
