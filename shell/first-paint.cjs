// Pages as static HTML, the page's frame and heading (the address search page whole): the server sends one for its
// paths, so the first paint and the largest element come from the HTML alone instead of at the end of a six-request
// chain (shell → registry → manifest → remoteEntry → App chunk → page). The app, rendered hidden in #root, replaces it
// once the page's remote shows its heading (shell/src/remotes/first-paint.ts). Texts come from the same locale files
// the app shows, per language; only what is the same for every visitor is drawn here.
const fs = require('node:fs');
const path = require('node:path');

const LANGUAGES = ['en', 'sv'];
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The CSS the static page needs, from the same files the app loads later (identical rules: no shift on swap). */
function firstPaintCss(root, ...remoteCss) {
  const files = remoteCss.length ? remoteCss : ['mfe-flow/src/styles/flow.css'];
  const css = ['shared/src/ui/ui.css', ...files]
    .map((file) => path.join(root, file))
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, '\n');
  // While the static page is in the document the app renders out of sight; removing the static page reveals it.
  return `${css}\n#first-paint + #root { display: none; }`;
}

const LOGO =
  '<svg viewBox="0 0 32 32" aria-hidden="true"><path d="M4 15 16 4l12 11v13H4z" fill="var(--he-accent)"/>' +
  '<rect x="10" y="19" width="3" height="6" fill="#fff"/><rect x="15" y="16" width="3" height="9" fill="#fff"/>' +
  '<rect x="20" y="13" width="3" height="12" fill="#fff"/></svg>';

/**
 * ShellLayout's top bar as the server can draw it. `signIn`: the anonymous visitor's sign-in link (the address page);
 * elsewhere the session is not known yet, so neither a sign-in link nor a user is shown. `console`: the console's
 * product logo and badge, as staff see it.
 */
function topBarHtml(common, { signIn = false, console = false } = {}) {
  const e = escapeHtml;
  const languages = LANGUAGES.map((lng) => `<option>${e(common.language[lng])}</option>`).join('');
  const signInLink = signIn ? `<a href="/sign">${e(common.nav.signIn)}</a>` : '';
  return (
    '<header class="he-topbar"><div class="he-topbar__inner">\n' +
    `<a class="he-logo" href="${console ? '/console' : '/'}" aria-label="${e(common.product.home)}">` +
    `${LOGO}<span>${e(common.product.name)}</span></a>\n` +
    `${console ? `<span class="he-badge">${e(common.nav.console)}</span>` : ''}\n` +
    '<button type="button" class="he-button he-button--secondary he-topbar__menu" ' +
    `aria-expanded="false" tabindex="-1">${e(common.nav.menu)}</button>\n` +
    `<nav class="he-topbar__nav" aria-label="${e(common.nav.label)}">` +
    `<a href="/">${e(common.nav.findHome)}</a>${signInLink}` +
    `<label><span class="he-visually-hidden">${e(common.language.label)}</span>` +
    `<select class="he-select" tabindex="-1">${languages}</select></label></nav>\n` +
    '</div></header>'
  );
}

/** The page around a body: the static page's wrapper, ShellLayout's top bar, main and footer. */
function frameHtml(common, body, topBar = {}) {
  const e = escapeHtml;
  const theme = topBar.console ? ' data-theme="console"' : '';
  return `<div id="first-paint" aria-busy="true"${theme}><div class="he-page">
${topBarHtml(common, topBar)}
<main class="he-body">${body}</main>
<footer class="he-footer"><div class="he-footer__inner"><span>${e(common.footer.tagline)}</span></div></footer>
</div></div>`;
}

/** Static markup mirroring ShellLayout (anonymous visitor) around AddressSearchPage, element for element. */
function firstPaintHtml(common, flow) {
  const e = escapeHtml;
  const s = flow.search;
  return frameHtml(
    common,
    '<section class="flow-search">\n' +
      `<h1>${e(s.title)}</h1>\n` +
      `<p class="flow-lead">${e(s.intro)}</p>\n` +
      '<div class="he-card"><div class="flow-combobox">' +
      `<label class="flow-label" for="first-paint-address">${e(s.label)}</label>` +
      '<input id="first-paint-address" class="flow-input flow-input--large" type="text" ' +
      `placeholder="${e(s.placeholder)}" readonly tabindex="-1"></div></div>\n` +
      `<ul class="flow-benefits"><li>${e(s.benefits.label)}</li>` +
      `<li>${e(s.benefits.measures)}</li><li>${e(s.benefits.costs)}</li></ul>\n` +
      '</section>',
    { signIn: true },
  );
}

/**
 * The results dashboard's frame as ShellLayout and the dashboard show it while the results are computed: the top bar,
 * the page title and the loading line. The property's name, the actions and the results arrive with the app, below
 * and beside the title, as they do without this frame.
 */
function dashboardFrameHtml(common, results) {
  const e = escapeHtml;
  return frameHtml(
    common,
    '<div class="rd-dashboard"><header class="rd-header">' +
      `<div><p class="rd-eyebrow" aria-hidden="true">&nbsp;</p><h1>${e(results.title)}</h1></div>` +
      '<div class="rd-actions"></div></header>\n' +
      '<div class="he-loading"><span class="he-spinner" aria-hidden="true"></span>' +
      `<span>${e(results.loading)}</span></div></div>`,
  );
}

/** A flow page's heading and lead, as the add-property and contact pages open (section.flow-narrow). */
function flowPageHtml(common, title, lead) {
  const e = escapeHtml;
  return frameHtml(
    common,
    `<section class="flow-narrow"><h1>${e(title)}</h1><p class="flow-lead">${e(lead)}</p></section>`,
  );
}

/**
 * The questions page (mfe-flow's QuestionsPage) above its form: the property's name comes with the app (its line is
 * kept), then the heading and the lead.
 */
function questionsFrameHtml(common, flow) {
  const e = escapeHtml;
  return frameHtml(
    common,
    `<section class="flow-questions"><p class="flow-eyebrow">&nbsp;</p><h1>${e(flow.questions.title)}</h1>` +
      `<p class="flow-lead">${e(flow.questions.intro)}</p></section>`,
  );
}

/** My homes (mfe-flow's ProfilePage): the heading and lead; the homeowner's name and homes come with the app. */
function profileFrameHtml(common, flow) {
  const e = escapeHtml;
  return frameHtml(
    common,
    `<section class="flow-narrow flow-profile"><h1>${e(flow.profile.title)}</h1>` +
      `<p class="flow-lead">${e(flow.profile.intro)}</p><p class="flow-lead">&nbsp;</p></section>`,
  );
}

/** Where a homeowner lands once their account is deleted (mfe-flow's AccountDeletedPage): the same for everyone. */
function accountDeletedHtml(common, flow) {
  const e = escapeHtml;
  const d = flow.myData;
  return frameHtml(
    common,
    `<section class="he-card flow-narrow"><h1>${e(d.deletedTitle)}</h1><p>${e(d.deletedText)}</p>` +
      `<a class="he-button" href="/">${e(d.home)}</a></section>`,
  );
}

/** The BankID sign-in card's heading (mfe-flow's SignPage: the card's width and margin are its SIGN_CARD). */
function signFrameHtml(common, flow) {
  const e = escapeHtml;
  return frameHtml(
    common,
    `<section class="he-card" style="max-width:480px;margin:2rem auto"><h1>${e(flow.sign.title)}</h1></section>`,
  );
}

/** PageHead (shared/src/ui/page-head.tsx): the page's h1 and what the page is for. */
const pageHeadHtml = (title, intro) =>
  `<header class="he-page-head"><div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p></div></header>`;

/**
 * An organisation's console page (mfe-console's OrganisationLayout around the page): the console's bar with its menu
 * button (the groups depend on the user's roles, so they come with the app), the side navigation's column and the
 * page's heading.
 */
function consolePageHtml(common, consoleTexts, page, after = '') {
  const e = escapeHtml;
  // The console's home is titled with the organisation's name, which comes with the app; its welcome is static.
  const { title, intro } =
    page === 'home' ? { title: '\u00a0', intro: consoleTexts.home.welcome } : consoleTexts.pages[page];
  return frameHtml(
    common,
    '<div class="cn-topbar"><button type="button" ' +
      'class="he-button he-button--secondary he-button--small cn-menu-toggle" aria-expanded="false" tabindex="-1">' +
      `${e(consoleTexts.nav.menu)}</button><nav aria-label="${e(consoleTexts.nav.topBar)}"><ul></ul></nav></div>\n` +
      '<div class="he-sidebar-layout cn-layout">' +
      `<nav class="he-sidenav" aria-label="${e(consoleTexts.nav.label)}"></nav>` +
      `<div><div class="he-stack">${pageHeadHtml(title, intro)}${after}</div></div></div>`,
    { console: true },
  );
}

/** The configuration page's section links and its first section's heading and intro (ConfigurationPage). */
function configurationHtml(consoleTexts) {
  const e = escapeHtml;
  const c = consoleTexts.configuration;
  const links = ['questions', 'brand', 'prices']
    .map((section) => `<a href="#configuration-${section}">${e(c[section].title)}</a>`)
    .join('');
  return (
    `<nav class="cn-subnav" aria-label="${e(c.sections)}">${links}</nav>` +
    `<section class="he-section"><h2>${e(c.questions.title)}</h2>` +
    `<p class="he-section__intro">${e(c.questions.intro)}</p></section>`
  );
}

/** The organisation's user management: the add-user section above the list (shared's UserManagement). */
function userManagementHtml(users) {
  const e = escapeHtml;
  return (
    `<div class="he-stack"><section class="he-section"><h2>${e(users.add.title)}</h2>` +
    `<p class="he-section__intro">${e(users.add.intro)}</p></section></div>`
  );
}

/** The super admin's pages in mfe-admin's order (AdminRoutes' NAV): the side navigation is the same for every one. */
const ADMIN_NAV = [
  ['/console/admin', 'organisations'],
  ['/console/admin/user-management', 'user-management'],
  ['/console/admin/releases', 'releases'],
  ['/console/admin/speed', 'speed'],
  ['/console/admin/audit', 'audit'],
  ['/console/admin/outbox', 'outbox'],
];

/** A super admin page (mfe-admin's AdminRoutes): its side navigation and the page's heading. */
function adminPageHtml(common, admin, page, after = '') {
  const e = escapeHtml;
  const links = ADMIN_NAV.map(
    ([href, key]) => `<a href="${href}"${key === page ? ' aria-current="page"' : ''}>${e(admin.pages[key].title)}</a>`,
  ).join('');
  const { title, intro } = admin.pages[page];
  return frameHtml(
    common,
    `<div class="he-sidebar-layout"><nav class="he-sidenav" aria-label="${e(admin.nav.label)}">` +
      `<div><h2>${e(admin.nav.label)}</h2>${links}</div></nav>` +
      `<div><div class="he-stack">${pageHeadHtml(title, intro)}${after}</div></div></div>`,
    { console: true },
  );
}

/** The super admin's pages with a static first paint (the audit log and outbox have none: they are seldom opened). */
const ADMIN_PAGES = ['organisations', 'user-management', 'releases', 'speed'];

/** The console's organisation pages with a static first paint: their heading and intro are the same for everyone. */
const CONSOLE_PAGES = [
  'home',
  'properties',
  'activities',
  'users',
  'transition',
  'portfolio',
  'configuration',
  'validation',
  'messages',
  'user-management',
];

/**
 * One HtmlWebpackPlugin page per page and language: first-paint/<page>.<lng>.html. The list below is the one list
 * of pages with a static first paint: bff/src/web/static.ts serves whichever of them the build made, by the path.
 */
function firstPaintPages(root) {
  const css = {
    flow: firstPaintCss(root),
    results: firstPaintCss(root, 'mfe-results/src/styles/results.css'),
    console: firstPaintCss(root, 'shared/src/ui/user-management/admin-ui.css', 'mfe-console/src/app/console.css'),
    admin: firstPaintCss(root, 'shared/src/ui/user-management/admin-ui.css'),
  };
  return LANGUAGES.flatMap((lng) => {
    const read = (file) => readJson(path.join(root, file.replace('<lng>', lng)));
    const common = read('shared/locales/<lng>/common.json');
    const flow = read('mfe-flow/locales/<lng>/flow.json');
    const results = read('mfe-results/locales/<lng>/results.json');
    const consoleTexts = read('mfe-console/locales/<lng>/console.json');
    const admin = read('mfe-admin/locales/<lng>/admin.json');
    const users = read('shared/src/ui/user-management/locales/<lng>.json');
    const after = { configuration: configurationHtml(consoleTexts), 'user-management': userManagementHtml(users) };
    const pages = [
      ['search', flow.search.title, css.flow, firstPaintHtml(common, flow)],
      ['dashboard', results.title, css.results, dashboardFrameHtml(common, results)],
      [
        'flow-add-property',
        flow.addProperty.title,
        css.flow,
        flowPageHtml(common, flow.addProperty.title, flow.addProperty.intro),
      ],
      ['flow-contact', flow.contact.title, css.flow, flowPageHtml(common, flow.contact.title, flow.contact.intro)],
      ['sign', flow.sign.title, css.flow, signFrameHtml(common, flow)],
      ['questions', flow.questions.title, css.flow, questionsFrameHtml(common, flow)],
      ['flow-profile', flow.profile.title, css.flow, profileFrameHtml(common, flow)],
      ['flow-account-deleted', flow.myData.deletedTitle, css.flow, accountDeletedHtml(common, flow)],
      ...CONSOLE_PAGES.map((page) => [
        `console-${page}`,
        page === 'home' ? common.nav.console : consoleTexts.pages[page].title,
        css.console,
        consolePageHtml(common, consoleTexts, page, after[page] ?? ''),
      ]),
      ...ADMIN_PAGES.map((page) => [
        `admin-${page}`,
        admin.pages[page].title,
        css.admin,
        adminPageHtml(common, admin, page, page === 'user-management' ? userManagementHtml(users) : ''),
      ]),
    ];
    return pages.map(([page, pageTitle, pageCss, html]) => ({
      filename: `first-paint/${page}.${lng}.html`,
      lang: lng,
      pageTitle,
      firstPaint: { css: pageCss, html },
    }));
  });
}

module.exports = { firstPaintPages, firstPaintHtml, dashboardFrameHtml, LANGUAGES };
