// mfe-results' pages as its release carries them (shared/build/pages.cjs): its route table (src/app/routes.json, which
// ResultsRoutes reads too) and the dashboard's static frame, drawn from this remote's own texts and CSS. The frame
// mirrors ResultsDashboardPage while the results are computed (the title and the loading line), or, for a home this
// session has no answers for, its NoResults card: a change to the page's heading or layout is made in both, or the
// swap will jump.
const path = require('node:path');
const { escapeHtml: e, readLocale } = require('@home-energy/shared/build/pages');

module.exports = {
  routes: path.join(__dirname, 'src', 'app', 'routes.json'),
  css: [path.join(__dirname, 'src', 'styles', 'results.css')],
  frames(lng) {
    const results = readLocale(__dirname, 'results', lng);
    const { start } = results;
    const header =
      '<header class="rd-header">' +
      `<div><p class="rd-eyebrow" aria-hidden="true">&nbsp;</p><h1>${e(results.title)}</h1></div>` +
      '<div class="rd-actions"></div></header>\n';
    // NoResults (components/no-results.tsx) as the app draws it once the property's reads answer 404. The app takes
    // this frame's place only once it has settled (no aria-busy), not while it still shows its "calculating" line.
    const noResults = (heading, text, questions) => ({
      title: results.title,
      html:
        `<div class="rd-dashboard" data-reveal="settled">${header}` +
        `<section class="he-card rd-start"><h2>${e(heading)}</h2><p>${e(text)}</p>` +
        `<p class="rd-start__links"><a class="he-button" href="/">${e(start.link)}</a>` +
        (questions
          ? // questionsPath (shared/src/mfe/pages.ts), a published address of the flow's.
            `<a class="he-button he-button--secondary" href="/flow/property/{{param:id}}/questions">` +
            `${e(start.questions)}</a>`
          : '') +
        '</p></section></div>',
    });
    return {
      // The property's name, the actions and the results arrive with the app, below and beside the title.
      dashboard: {
        title: results.title,
        html:
          `<div class="rd-dashboard">${header}` +
          '<div class="he-loading"><span class="he-spinner" aria-hidden="true"></span>' +
          `<span>${e(results.loading)}</span></div></div>`,
        // A link to a home nobody in this session has answered for, or to no home at all (the BFF knows which:
        // bff/src/modules/building/profile-state.ts).
        states: {
          'no-profile': noResults(start.heading, start.text, true),
          'no-property': noResults(start.unknownHeading, start.unknownText, false),
        },
      },
    };
  },
};
