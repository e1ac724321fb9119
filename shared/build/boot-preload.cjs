// The shell's index.html names the files its boot needs right away: without hints the browser
// learns of the bootstrap chunk and the shared libraries (React DOM, the router, the shared package, ...) only after
// main.js has downloaded and run, one round trip and one long task later. `<link rel="preload">` for exactly the
// chunks behind `import('./bootstrap')` (and the shared singletons it consumes) lets them travel with main.js.
// Nothing of a remote is named here: remote URLs exist only at run time (the BFF adds those,
// bff/src/web/page-hints.ts).
const HtmlWebpackPlugin = require('html-webpack-plugin');

const isConsumeShared = (module) =>
  module.type === 'consume-shared-module' || module.constructor.name === 'ConsumeSharedModule';
const isProvideShared = (module) =>
  module.type === 'provide-module' || module.constructor.name === 'ProvideSharedModule';

/**
 * The chunk groups a boot needs: the async boundary's, and (transitively) every shared module it consumes. A
 * consumed singleton is loaded from what the host provides to the share scope (its provide chunk), not from the
 * consume fallback, which holds the same code under another chunk id.
 */
function bootChunkGroups(compilation, entryName, bootstrapRequest) {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get(entryName);
  const provided = new Map();
  for (const module of compilation.modules) {
    if (isProvideShared(module)) provided.set(`${module._shareScope}:${module._name}`, module);
  }
  const groups = new Set();
  const visit = (group) => {
    if (!group || groups.has(group)) return;
    groups.add(group);
    for (const chunk of group.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (!isConsumeShared(module)) continue;
        const { shareScope, shareKey } = module.options;
        const provider =
          provided.get(`${Array.isArray(shareScope) ? shareScope[0] : shareScope}:${shareKey}`) ?? module;
        for (const block of provider.blocks) visit(chunkGraph.getBlockChunkGroup(block));
      }
    }
  };
  for (const chunk of entry.chunks) {
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      for (const block of module.blocks) {
        if (block.dependencies.some((dep) => dep.request === bootstrapRequest))
          visit(chunkGraph.getBlockChunkGroup(block));
      }
    }
  }
  return groups;
}

class BootPreloadPlugin {
  constructor({ entryName = 'main', bootstrapRequest = './bootstrap' } = {}) {
    this.entryName = entryName;
    this.bootstrapRequest = bootstrapRequest;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('BootPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootPreloadPlugin', (data) => {
        const groups = bootChunkGroups(compilation, this.entryName, this.bootstrapRequest);
        if (groups.size === 0)
          throw new Error(`BootPreloadPlugin: no import('${this.bootstrapRequest}') in entry ${this.entryName}`);
        const publicPath = data.publicPath ?? '/';
        const files = new Set();
        for (const group of groups) for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
        const tags = [...files]
          .filter((file) => /\.(js|css)$/.test(file))
          .sort((a, b) => Number(a.endsWith('.js')) - Number(b.endsWith('.js')) || a.localeCompare(b))
          .map((file) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: 'BootPreloadPlugin' },
            // Low, like the requests webpack makes for these chunks (async scripts): main.js, which comes first in the
            // document (a deferred script, or a preload on first-paint pages), keeps its place ahead of them, and none
            // of them competes with rendering.
            attributes: {
              rel: 'preload',
              as: file.endsWith('.css') ? 'style' : 'script',
              href: `${publicPath}${file}`,
              fetchpriority: 'low',
            },
          }));
        data.headTags.push(...tags);
        return data;
      });
    });
  }
}

module.exports = { BootPreloadPlugin, bootChunkGroups };
