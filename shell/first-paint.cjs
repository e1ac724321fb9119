// The shell's part of a static first paint: the page around a remote's page (ShellLayout's top bar, main and footer)
// as the server can draw it, per language, from the shell's own texts (shared/locales) and the shared UI's CSS. The
// page inside it is the remote's: its release carries that page's frame and CSS (pages.json, shared/build/pages.cjs),
// and the BFF writes them into the slots below per request (bff/src/web/release-pages.ts), so a remote's release
// changes its first paint without this build. The app, rendered hidden in #root, replaces it once the page's remote
// shows its heading (shell/src/remotes/first-paint.ts). Only what is the same for every visitor is drawn here.
const fs = require('node:fs');
const path = require('node:path');
const { readCss, escapeHtml: e, LANGUAGES } = require('@home-energy/shared/build/pages');

/** Where the BFF writes the remote page's title, CSS and markup (bff/src/web/release-pages.ts FRAME_SLOTS). */
const SLOTS = {
  title: '{{first-paint:title}}',
  css: '/*first-paint:css*/',
  page: '{{first-paint:page}}',
  signIn: '{{first-paint:sign-in}}',
};

const sharedDir = path.dirname(require.resolve('@home-energy/shared/package.json'));

const LOGO =
  '<svg viewBox="0 0 32 32" aria-hidden="true"><path d="M4 15 16 4l12 11v13H4z" fill="var(--he-accent)"/>' +
  '<rect x="10" y="19" width="3" height="6" fill="#fff"/><rect x="15" y="16" width="3" height="9" fill="#fff"/>' +
  '<rect x="20" y="13" width="3" height="12" fill="#fff"/></svg>';

/**
 * The top bars a first paint may open with (bff/src/web/static.ts picks one): `anonymous`, a homeowner's page for a
 * visitor with no session at all (the sign-in link shows); `homeowner`, one for a visitor who may be signed in (the
 * session is not known yet, so neither a sign-in link nor a user is shown); `console`, the console's product logo
 * and badge, as staff see it.
 */
const TOP_BARS = {
  anonymous: { signIn: true, console: false },
  homeowner: { signIn: false, console: false },
  console: { signIn: false, console: true },
};

/** ShellLayout's top bar as the server can draw it. */
function topBarHtml(common, { signIn, console }, pageLanguage) {
  // The page's language chosen, as LanguageSwitch shows it once the app is in.
  const languages = LANGUAGES.map(
    (lng) => `<option value="${lng}"${lng === pageLanguage ? ' selected' : ''}>${e(common.language[lng])}</option>`,
  ).join('');
  // The link back to this page after signing in, as the app's own (the server fills it in per path).
  const signInLink = signIn ? `<a href="${SLOTS.signIn}">${e(common.nav.signIn)}</a>` : '';
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
    `<select class="he-select" tabindex="-1" disabled>${languages}</select></label></nav>\n` +
    '</div></header>'
  );
}

/** The page around the remote's page: the static page's wrapper, ShellLayout's top bar, main and footer. */
function frameHtml(common, topBar, lng) {
  const theme = topBar.console ? ' data-theme="console"' : '';
  return `<div id="first-paint" aria-busy="true"${theme}><div class="he-page">
${topBarHtml(common, topBar, lng)}
<main class="he-body">${SLOTS.page}</main>
<footer class="he-footer"><div class="he-footer__inner"><span>${e(common.footer.tagline)}</span></div></footer>
</div></div>`;
}

/**
 * One HtmlWebpackPlugin page per top bar and language: first-paint/<top bar>.<lng>.html. The CSS is the shared UI's,
 * the remote page's after it; while the static page is in the document the app renders out of sight, and removing
 * the static page reveals it.
 */
function firstPaintPages() {
  const ui = readCss([path.join(sharedDir, 'src', 'ui', 'ui.css')]);
  // The static language switch cannot switch (no script yet): disabled, so no choice is lost, but drawn as the app's.
  const css =
    `${ui}\n${SLOTS.css}\n#first-paint + #root { display: none; }\n` +
    '#first-paint .he-select:disabled { color: FieldText; opacity: 1; }';
  return LANGUAGES.flatMap((lng) => {
    const common = JSON.parse(fs.readFileSync(path.join(sharedDir, 'locales', lng, 'common.json'), 'utf8'));
    return Object.entries(TOP_BARS).map(([name, topBar]) => ({
      filename: `first-paint/${name}.${lng}.html`,
      lang: lng,
      pageTitle: SLOTS.title,
      firstPaint: { css, html: frameHtml(common, topBar, lng) },
    }));
  });
}

module.exports = { firstPaintPages, SLOTS };
