// mfe-admin's pages as its release carries them (shared/build/pages.cjs): its route table (src/app/routes.json, which
// AdminRoutes and its side navigation read too) and the static frame of the pages a super admin opens most, drawn
// from this remote's own texts and CSS. A frame mirrors AdminRoutes' layout (the side navigation) around the page's
// PageHead: a change to either is made in both, or the swap will jump. The audit log, the outbox and the data requests
// have none: they are seldom opened.
const fs = require('node:fs');
const path = require('node:path');
const { escapeHtml: e, pageHeadHtml, readLocale, userManagementHtml } = require('@home-energy/shared/build/pages');

const ROUTES = path.join(__dirname, 'src', 'app', 'routes.json');

/** AdminNav's links: the route table's pages at a path of their own (no parameter), in its order. */
function navLinks(table, admin, current) {
  const base = `/${table.mount[0].replace(/\/?\*$/, '')}`;
  return table.routes
    .filter((route) => route.page && (route.index || !/[:*]/.test(route.path)))
    .map((route) => {
      const href = route.index ? base : `${base}/${route.path}`;
      const here = route.page === current ? ' aria-current="page"' : '';
      return `<a href="${href}"${here}>${e(admin.pages[route.page].title)}</a>`;
    })
    .join('');
}

module.exports = {
  routes: ROUTES,
  css: [require.resolve('@home-energy/shared/ui/admin-ui.css')],
  frames(lng) {
    const admin = readLocale(__dirname, 'admin', lng);
    const table = JSON.parse(fs.readFileSync(ROUTES, 'utf8'));
    const page = (id, after = '') => ({
      title: admin.pages[id].title,
      html:
        `<div class="he-sidebar-layout"><nav class="he-sidenav" aria-label="${e(admin.nav.label)}">` +
        `<div><h2>${e(admin.nav.label)}</h2>${navLinks(table, admin, id)}</div></nav>` +
        `<div><div class="he-stack">${pageHeadHtml(admin.pages[id].title, admin.pages[id].intro)}${after}</div></div>` +
        '</div>',
    });
    return {
      organisations: page('organisations'),
      'user-management': page('user-management', userManagementHtml(lng)),
      releases: page('releases'),
      speed: page('speed'),
    };
  },
};
