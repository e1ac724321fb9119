// mfe-results' pages as its release carries them (shared/build/pages.cjs): its route table (src/app/routes.json, which
// ResultsRoutes reads too) and the dashboard's static frame, drawn from this remote's own texts and CSS. The frame
// mirrors ResultsDashboardPage while the results are computed (the title and the loading line): a change to the page's
// heading or layout is made in both, or the swap will jump.
const path = require('node:path');
const { escapeHtml: e, readLocale } = require('@home-energy/shared/build/pages');

module.exports = {
  routes: path.join(__dirname, 'src', 'app', 'routes.json'),
  css: [path.join(__dirname, 'src', 'styles', 'results.css')],
  frames(lng) {
    const results = readLocale(__dirname, 'results', lng);
    return {
      // The property's name, the actions and the results arrive with the app, below and beside the title.
      dashboard: {
        title: results.title,
        html:
          '<div class="rd-dashboard"><header class="rd-header">' +
          `<div><p class="rd-eyebrow" aria-hidden="true">&nbsp;</p><h1>${e(results.title)}</h1></div>` +
          '<div class="rd-actions"></div></header>\n' +
          '<div class="he-loading"><span class="he-spinner" aria-hidden="true"></span>' +
          `<span>${e(results.loading)}</span></div></div>`,
      },
    };
  },
};
