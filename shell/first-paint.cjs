// The address search page as static HTML: the server sends it for `/` and `/flow`, so the first paint and
// the largest element come from the HTML alone instead of at the end of a six-request chain (shell → registry →
// manifest → remoteEntry → App chunk → page). The app, rendered hidden in #root, replaces it once the page's remote
// has rendered (shell/src/remotes/first-paint.ts). Texts come from the same locale files the app shows, per language.
const fs = require('node:fs');
const path = require('node:path');

const LANGUAGES = ['en', 'sv'];
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The CSS the static page needs, from the same files the app loads later (identical rules: no shift on swap). */
function firstPaintCss(root, remoteCss = 'mfe-flow/src/styles/flow.css') {
  const css = [path.join(root, 'shared/src/ui/ui.css'), path.join(root, remoteCss)]
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, '\n');
  // While the static page is in the document the app renders out of sight; removing the static page reveals it.
  return `${css}\n#first-paint + #root { display: none; }`;
}

/** Static markup mirroring ShellLayout (anonymous visitor) around AddressSearchPage, element for element. */
function firstPaintHtml(common, flow) {
  const e = escapeHtml;
  const s = flow.search;
  return `<div id="first-paint" aria-busy="true"><div class="he-page">
<header class="he-topbar"><div class="he-topbar__inner">
<a class="he-logo" href="/" aria-label="${e(common.product.home)}"><svg viewBox="0 0 32 32" aria-hidden="true"><path d="M4 15 16 4l12 11v13H4z" fill="var(--he-accent)"/><rect x="10" y="19" width="3" height="6" fill="#fff"/><rect x="15" y="16" width="3" height="9" fill="#fff"/><rect x="20" y="13" width="3" height="12" fill="#fff"/></svg><span>${e(common.product.name)}</span></a>
<button type="button" class="he-button he-button--secondary he-topbar__menu" aria-expanded="false" tabindex="-1">${e(common.nav.menu)}</button>
<nav class="he-topbar__nav" aria-label="${e(common.nav.label)}"><a href="/">${e(common.nav.findHome)}</a><a href="/sign">${e(common.nav.signIn)}</a><label><span class="he-visually-hidden">${e(common.language.label)}</span><select class="he-select" tabindex="-1">${LANGUAGES.map((lng) => `<option>${e(common.language[lng])}</option>`).join('')}</select></label></nav>
</div></header>
<main class="he-body"><section class="flow-search">
<h1>${e(s.title)}</h1>
<p class="flow-lead">${e(s.intro)}</p>
<div class="he-card"><div class="flow-combobox"><label class="flow-label" for="first-paint-address">${e(s.label)}</label><input id="first-paint-address" class="flow-input flow-input--large" type="text" placeholder="${e(s.placeholder)}" readonly tabindex="-1"></div></div>
<ul class="flow-benefits"><li>${e(s.benefits.label)}</li><li>${e(s.benefits.measures)}</li><li>${e(s.benefits.costs)}</li></ul>
</section></main>
<footer class="he-footer"><div class="he-footer__inner"><span>${e(common.footer.tagline)}</span></div></footer>
</div></div>`;
}

/**
 * The results dashboard's frame as ShellLayout and the dashboard show it while the results are computed: the top bar
 * (the session is not known yet, so no sign-in link or user), the page title and the loading line. The property's
 * name, the actions and the results arrive with the app, below and beside the title, as they do without this frame.
 */
function dashboardFrameHtml(common, results) {
  const e = escapeHtml;
  return `<div id="first-paint" aria-busy="true"><div class="he-page">
<header class="he-topbar"><div class="he-topbar__inner">
<a class="he-logo" href="/" aria-label="${e(common.product.home)}"><svg viewBox="0 0 32 32" aria-hidden="true"><path d="M4 15 16 4l12 11v13H4z" fill="var(--he-accent)"/><rect x="10" y="19" width="3" height="6" fill="#fff"/><rect x="15" y="16" width="3" height="9" fill="#fff"/><rect x="20" y="13" width="3" height="12" fill="#fff"/></svg><span>${e(common.product.name)}</span></a>
<button type="button" class="he-button he-button--secondary he-topbar__menu" aria-expanded="false" tabindex="-1">${e(common.nav.menu)}</button>
<nav class="he-topbar__nav" aria-label="${e(common.nav.label)}"><a href="/">${e(common.nav.findHome)}</a><label><span class="he-visually-hidden">${e(common.language.label)}</span><select class="he-select" tabindex="-1">${LANGUAGES.map((lng) => `<option>${e(common.language[lng])}</option>`).join('')}</select></label></nav>
</div></header>
<main class="he-body"><div class="rd-dashboard"><header class="rd-header"><div><p class="rd-eyebrow" aria-hidden="true">&nbsp;</p><h1>${e(results.title)}</h1></div><div class="rd-actions"></div></header>
<div class="he-loading"><span class="he-spinner" aria-hidden="true"></span><span>${e(results.loading)}</span></div></div></main>
<footer class="he-footer"><div class="he-footer__inner"><span>${e(common.footer.tagline)}</span></div></footer>
</div></div>`;
}

/**
 * One HtmlWebpackPlugin page per page and language: first-paint/<page>.<lng>.html (bff/src/web/static.ts picks one):
 * the address search page and the results dashboard's frame.
 */
function firstPaintPages(root) {
  const searchCss = firstPaintCss(root);
  const dashboardCss = firstPaintCss(root, 'mfe-results/src/styles/results.css');
  return LANGUAGES.flatMap((lng) => {
    const common = readJson(path.join(root, 'shared/locales', lng, 'common.json'));
    const flow = readJson(path.join(root, 'mfe-flow/locales', lng, 'flow.json'));
    const results = readJson(path.join(root, 'mfe-results/locales', lng, 'results.json'));
    return [
      {
        filename: `first-paint/search.${lng}.html`,
        lang: lng,
        pageTitle: flow.search.title,
        firstPaint: { css: searchCss, html: firstPaintHtml(common, flow) },
      },
      {
        filename: `first-paint/dashboard.${lng}.html`,
        lang: lng,
        pageTitle: results.title,
        firstPaint: { css: dashboardCss, html: dashboardFrameHtml(common, results) },
      },
    ];
  });
}

module.exports = { firstPaintPages, firstPaintHtml, dashboardFrameHtml, LANGUAGES };
