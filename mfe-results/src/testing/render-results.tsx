import { Route, Routes } from '@home-energy/shared/router';
import { createTestI18n, currentLocation, remoteTexts, renderRemote } from '@home-energy/shared/testing/render-remote';
import resultsEn from '../../locales/en/results.json';
import resultsSv from '../../locales/sv/results.json';
import { ResultsRoutes } from '../app/results-routes';

export const texts = remoteTexts('results', resultsEn, resultsSv);

/** The results remote as the shell mounts it (under property/:id/building/:building/*), at `path`. */
export function renderResults(path: string, { lng = 'en' }: { lng?: 'en' | 'sv' } = {}) {
  return renderRemote(
    path,
    <Routes>
      <Route path="property/:id/building/:building/*" element={<ResultsRoutes />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    createTestI18n('results', texts, lng),
  );
}

export { currentLocation };
