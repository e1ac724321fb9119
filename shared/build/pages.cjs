// A remote's pages as its release carries them (docs/releases.md "A remote's pages"): where the shell mounts it, its
// route table, and per page the data the page waits for and, where it keeps one, a static frame per language with the
// CSS that frame needs. The facts stay in the remote: its `pages.cjs` (the frames, drawn from its own locale files and
// CSS) and its route table `src/app/routes.json` (which its own router reads too). This helper only writes them into
// `pages.json` beside `mf-manifest.json` in the build, where the release stores it and the BFF reads it per request
// (bff/src/web/release-pages.ts).
const fs = require('node:fs');
const path = require('node:path');

const PAGES_FILE = 'pages.json';
/** The languages a frame is drawn in (shared/src/i18n/languages.ts). */
const LANGUAGES = ['en', 'sv'];

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** A remote's texts in one language: `<pkgDir>/locales/<lng>/<namespace>.json`. */
const readLocale = (pkgDir, namespace, lng) =>
  JSON.parse(fs.readFileSync(path.join(pkgDir, 'locales', lng, `${namespace}.json`), 'utf8'));

/** The shared user-management UI's texts (shared/src/ui/user-management/locales). */
const userManagementTexts = (lng) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'src', 'ui', 'user-management', 'locales', `${lng}.json`)));

/** CSS files as one style sheet, comments and blank lines taken out (the same rules the app loads: no shift). */
function readCss(files) {
  return files
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** PageHead (shared/src/ui/page-head.tsx): the page's h1 and what the page is for. */
const pageHeadHtml = (title, intro) =>
  `<header class="he-page-head"><div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p></div></header>`;

/** The shared UserManagement's add-user section above its list (shared/src/ui/user-management). */
function userManagementHtml(lng) {
  const users = userManagementTexts(lng);
  return (
    `<div class="he-stack"><section class="he-section"><h2>${escapeHtml(users.add.title)}</h2>` +
    `<p class="he-section__intro">${escapeHtml(users.add.intro)}</p></section></div>`
  );
}

/**
 * A page whose code loads when it is opened is imported with the magic comment `webpackChunkName: "page-<id>"` in its
 * remote's routes: the build finds its files by that name. A lazily loaded part that a page's first view always draws
 * (the console's chart library on a page whose chart comes first) is named the same way and listed in the page's
 * `chunks` in routes.json: its files are preloaded with the page's own.
 */
const PAGE_CHUNK_PREFIX = 'page-';

/** Per named chunk (webpackChunkName), the JS and CSS files of its chunks (those not already loaded with the App). */
function namedChunkFiles(compilation) {
  const files = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    const own = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => /\.(js|css)$/.test(file)));
    files[name] = [...new Set(own)].sort();
  }
  return files;
}

/** Per page, the files of its own chunks (`page-<id>`), by page id, from the named chunks' files (namedChunkFiles). */
function pageChunkFiles(named) {
  return Object.fromEntries(
    Object.entries(named)
      .filter(([name]) => name.startsWith(PAGE_CHUNK_PREFIX))
      .map(([name, files]) => [name.slice(PAGE_CHUNK_PREFIX.length), files]),
  );
}

/**
 * A page's frame per language and, where it draws some states of the page differently (its `states`: { [state]:
 * { title, html } }), each state's frame per language; every one drawn in every language.
 */
function pageFrames(remote, id, framed) {
  const perLanguage = (pick, what) => {
    const frame = Object.fromEntries(LANGUAGES.flatMap((lng) => (pick(lng) ? [[lng, pick(lng)]] : [])));
    const drawn = Object.keys(frame).length;
    if (drawn > 0 && drawn !== LANGUAGES.length)
      throw new Error(`${remote}: the ${what} of page ${id} is not drawn in every language (${LANGUAGES.join(', ')})`);
    return drawn > 0 ? frame : undefined;
  };
  const own = (lng) => {
    if (!framed[lng][id]) return undefined;
    const { states: _states, ...frame } = framed[lng][id];
    return frame;
  };
  const states = [...new Set(LANGUAGES.flatMap((lng) => Object.keys(framed[lng][id]?.states ?? {})))];
  const stateFrames = Object.fromEntries(
    states.map((state) => [state, perLanguage((lng) => framed[lng][id]?.states?.[state], `frame "${state}"`)]),
  );
  return { frame: perLanguage(own, 'frame'), stateFrames: states.length > 0 ? stateFrames : undefined };
}

/**
 * The pages file of a remote: its route table (routes.json) with, per page, its frames in every language and the
 * files of its own chunks. `declared`: the remote's pages.cjs ({ routes: its routes.json file, css: files,
 * frames(lng) → { [page]: { title, html, states? } } }); `chunkFiles`: { [page]: files } (pageChunkFiles);
 * `named`: { [chunk name]: files } (namedChunkFiles), for the chunks a page lists in `chunks` (without it they add no
 * files).
 */
function pagesFile(remote, declared, chunkFiles = {}, named = undefined) {
  const { mount, redirects = [], routes, pages = {} } = JSON.parse(fs.readFileSync(declared.routes, 'utf8'));
  const framed = Object.fromEntries(LANGUAGES.map((lng) => [lng, declared.frames ? declared.frames(lng) : {}]));
  const ids = new Set([
    ...Object.keys(pages),
    ...LANGUAGES.flatMap((lng) => Object.keys(framed[lng])),
    ...Object.keys(chunkFiles),
  ]);
  const out = {};
  for (const id of ids) {
    const { frame, stateFrames } = pageFrames(remote, id, framed);
    const { chunks = [], ...page } = pages[id] ?? {};
    if (stateFrames && !page.state)
      throw new Error(`${remote}: page ${id} draws frames per state but names no state rule in routes.json`);
    const drawn = (named ? chunks : []).flatMap((name) => {
      if (!named[name]) throw new Error(`${remote}: page ${id} draws chunk ${name}, which the build does not name`);
      return named[name];
    });
    const files = [...new Set([...(chunkFiles[id] ?? []), ...drawn])];
    out[id] = {
      ...page,
      ...(frame ? { frame } : {}),
      ...(stateFrames ? { stateFrames } : {}),
      ...(files.length ? { files } : {}),
    };
  }
  const pageIds = new Set();
  const visit = (list) =>
    list.forEach((route) => {
      if (route.page) pageIds.add(route.page);
      if (route.children) visit(route.children);
    });
  visit(routes);
  for (const id of ids)
    if (!pageIds.has(id)) throw new Error(`${remote}: page ${id} is declared but no route of routes.json renders it`);
  return { remote, mount, redirects, routes, pages: out, css: declared.css ? readCss(declared.css) : '' };
}

/** Writes pages.json into the build, beside mf-manifest.json (a remote's build; shared/build/webpack.cjs). */
class RemotePagesPlugin {
  constructor({ remote, pagesModule }) {
    this.remote = remote;
    this.pagesModule = pagesModule;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('RemotePagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // Last: the chunks' file names are final only once their content hashes are (RealContentHashPlugin).
        { name: 'RemotePagesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          // Read anew on every build (a watching dev server sees a changed text or frame).
          delete require.cache[require.resolve(this.pagesModule)];
          const declared = require(this.pagesModule);
          for (const dep of [this.pagesModule, declared.routes, ...(declared.css ?? [])])
            compilation.fileDependencies.add(dep);
          const named = namedChunkFiles(compilation);
          const file = pagesFile(this.remote, declared, pageChunkFiles(named), named);
          compilation.emitAsset(PAGES_FILE, new RawSource(JSON.stringify(file)));
        },
      );
    });
  }
}

module.exports = {
  PAGES_FILE,
  LANGUAGES,
  escapeHtml,
  readLocale,
  readCss,
  pageHeadHtml,
  userManagementHtml,
  pagesFile,
  pageChunkFiles,
  PAGE_CHUNK_PREFIX,
  RemotePagesPlugin,
};
