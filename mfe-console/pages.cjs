// mfe-console's pages as its release carries them (shared/build/pages.cjs): its route table (src/app/routes.json,
// which ConsoleRoutes reads too) and the static frame of an organisation's pages, drawn from this remote's own texts
// and CSS. A frame mirrors OrganisationLayout around the page's PageHead (the console's bar with its menu button, the
// side navigation's column; the menu's groups depend on the user's roles, so they come with the app): a change to the
// layout or a page's heading and intro is made in both, or the swap will jump.
const path = require('node:path');
const { escapeHtml: e, pageHeadHtml, readLocale, userManagementHtml } = require('@home-energy/shared/build/pages');

/** The organisation's pages with a static frame: their heading and intro are the same for everyone. */
const FRAMED = ['properties', 'activities', 'users', 'transition', 'portfolio', 'validation', 'messages'];

/** ConfigurationPage's section links and its first section's heading and intro. */
function configurationHtml(texts) {
  const c = texts.configuration;
  const links = ['questions', 'brand', 'prices']
    .map((section) => `<a href="#configuration-${section}">${e(c[section].title)}</a>`)
    .join('');
  return (
    `<nav class="cn-subnav" aria-label="${e(c.sections)}">${links}</nav>` +
    `<section class="he-section"><h2>${e(c.questions.title)}</h2>` +
    `<p class="he-section__intro">${e(c.questions.intro)}</p></section>`
  );
}

/** OrganisationLayout around one page's head (and what follows it on that page). */
function organisationPageHtml(texts, title, intro, after = '') {
  return (
    '<div class="cn-topbar"><button type="button" ' +
    'class="he-button he-button--secondary he-button--small cn-menu-toggle" aria-expanded="false" tabindex="-1">' +
    `${e(texts.nav.menu)}</button><nav aria-label="${e(texts.nav.topBar)}"><ul></ul></nav></div>\n` +
    '<div class="he-sidebar-layout cn-layout">' +
    `<nav class="he-sidenav" aria-label="${e(texts.nav.label)}"></nav>` +
    `<div><div class="he-stack">${pageHeadHtml(title, intro)}${after}</div></div></div>`
  );
}

module.exports = {
  routes: path.join(__dirname, 'src', 'app', 'routes.json'),
  css: [require.resolve('@home-energy/shared/ui/admin-ui.css'), path.join(__dirname, 'src', 'app', 'console.css')],
  frames(lng) {
    const texts = readLocale(__dirname, 'console', lng);
    const page = (id, after) => ({
      title: texts.pages[id].title,
      html: organisationPageHtml(texts, texts.pages[id].title, texts.pages[id].intro, after),
    });
    return {
      // The home is titled with the organisation's name, which comes with the app; its welcome is static.
      home: { title: texts.nav.label, html: organisationPageHtml(texts, '\u00a0', texts.home.welcome) },
      ...Object.fromEntries(FRAMED.map((id) => [id, page(id)])),
      configuration: page('configuration', configurationHtml(texts)),
      'user-management': page('user-management', userManagementHtml(lng)),
    };
  },
};
